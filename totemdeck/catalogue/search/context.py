"""What a search key is and what it may ask of the world outside the catalogue.

``Key`` is one entry of the key table (``keys.KEYS``): its name, aliases, operators, the
builder that turns a term into SQL and the words ``--explain`` says. ``SearchContext`` is
what some keys need from the rules (the banlist and the Totem rules in force): the catalogue
package may not import the rules, so the library verb (``totemdeck.api.search``) supplies it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Protocol

from totemdeck.base.records import frozen
from totemdeck.catalogue.search.parse import Term


@frozen
class Sql:
    """A condition over the ``search`` row ``s``, with the values its ``?`` marks bind."""

    text: str
    params: tuple[object, ...] = ()


@frozen
class TotemFacts:
    """What ``totem:`` needs about a Totem, computed by the rules (never here)."""

    label: str  # "Charizard ex OBF 125"
    identity: int  # type bits of its identity
    identity_names: tuple[str, ...]
    forbid_colorless: bool  # Retreat Cost 0 and the format's colorless restriction is on


class SearchContext(Protocol):
    """What some keys need from outside the catalogue: the banlist and the rules."""

    def totem(self, value: str) -> TotemFacts:
        """The Totem ``value`` names (id, name, "NAME SET NUMBER"); ``BadValue`` if none."""
        ...

    def banned_ids(self) -> Sequence[str]:
        """Every print the banlist bans (name-wide entries and pinned prints)."""
        ...

    def owned(self) -> Mapping[str, int]:
        """Copies of each print the player's collection holds, counting prints that judge
        alike; ``BadValue`` saying how to give a collection when none was given."""
        ...

    def format_in_force(self) -> tuple[str, FormatRows | None]:
        """A key naming the format in force, and (unless it is the packaged one, which the
        stored index was built with) its facts for every print (``index.use_format``)."""
        ...


FormatRows = Callable[[], Iterable[tuple[object, ...]]]
Build = Callable[[Term, SearchContext], Sql]
Describe = Callable[[Term], str]


@frozen
class Key:
    """One search key. ``!=`` is always "not ``=``" (``hp!=100`` keeps cards without HP)."""

    name: str
    aliases: tuple[str, ...]
    ops: frozenset[str]
    build: Build
    describe: Describe
    help: str  # what the key reads, for the syntax table
    example: str
    regex: bool = False  # takes ``/regular expression/`` values
