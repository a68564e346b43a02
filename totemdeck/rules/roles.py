"""Role tags: what a card does for a deck (draws, searches, gusts …), from its English text.

The patterns live in ``totemdeck/data/roles.yaml`` (a data file, with texts each role must and
must not tag), so a new role or a better pattern is a data edit. Pure: a card in, its tags out.
The importer stores them for ``role:`` searches; card pages and ``stats`` show them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from totemdeck.catalogue.model import TYPE_LETTERS, Card

_SYMBOL = re.compile(r"[\[{]([GRWLPFDMYNC])[\]}]")
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")


@dataclass(frozen=True, slots=True)
class Role:
    name: str
    description: str
    patterns: tuple[re.Pattern[str], ...]
    tags: tuple[str, ...]
    not_tags: tuple[str, ...]

    def matches(self, sentence: str) -> bool:
        return any(p.search(sentence) for p in self.patterns)


@cache
def roles() -> tuple[Role, ...]:
    """The roles of the packaged ``roles.yaml``, in file order (read once)."""
    from totemdeck.safeyaml import parse_yaml
    from totemdeck.schemas import first_error, is_valid_fast

    text = resources.files("totemdeck.data").joinpath("roles.yaml").read_text("utf-8")
    _node, data = parse_yaml(text, "roles.yaml")
    if not is_valid_fast("roles", data):
        raise ValueError(f"roles.yaml: {first_error('roles', data)}")
    return tuple(
        Role(
            name,
            entry["description"],
            tuple(re.compile(p, re.IGNORECASE) for p in entry["patterns"]),
            tuple(entry["tags"]),
            tuple(entry["not"]),
        )
        for name, entry in data["roles"].items()
    )


def role_names() -> tuple[str, ...]:
    return tuple(r.name for r in roles())


def sentences(card: Card) -> list[str]:
    """The sentences a role is read from: abilities, attacks and a Trainer's or Energy's
    rules (a Pokémon's rules are its Rule Box: "prevent all damage … on your Bench" is Tera's
    rule, not a role)."""
    rules = () if card.is_pokemon else card.rules
    paragraphs = [*card.ability_texts, *(a.text for a in card.attacks), *rules]
    text = [_SYMBOL.sub(lambda m: TYPE_LETTERS[m.group(1)], p) for p in paragraphs]
    return [s for p in text for s in _SENTENCE.split(p) if s.strip() and " rule:" not in s.lower()]


def text_roles(text: str) -> tuple[str, ...]:
    """The roles a piece of card text has (the data file's examples are read this way)."""
    parts = [s for s in _SENTENCE.split(text) if s.strip()]
    return tuple(r.name for r in roles() if any(r.matches(s) for s in parts))


def roles_of(card: Card) -> tuple[str, ...]:
    """The role tags of ``card``, in the data file's order."""
    parts = sentences(card)
    return tuple(r.name for r in roles() if any(r.matches(s) for s in parts))
