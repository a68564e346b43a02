"""The deck the rules read: each line with one chosen print, plus what the list declared."""

from __future__ import annotations

from typing import TYPE_CHECKING

from totemdeck.base.records import frozen
from totemdeck.catalogue.model import Card, display_name
from totemdeck.rules.banlist import Banlist
from totemdeck.rules.format import FormatRules
from totemdeck.rules.pieces import PiecePosition, default_position
from totemdeck.rules.totem import NormalStage

if TYPE_CHECKING:  # a name in an annotation: the search's totem: key needs no decklist parser
    from totemdeck.decklist.model import Header


@frozen
class Entry:
    """One deck line with the print the rules evaluate."""

    line: int
    count: int
    card: Card
    section: str | None  # as written; "totem" marks the Totem

    def holding(self, card: Card) -> Entry:
        """This line with another print (weighing an ambiguous line builds thousands: a
        constructor costs a fifth of ``dataclasses.replace``)."""
        return Entry(self.line, self.count, card, self.section)


@frozen
class Deck:
    """The Totem and the main deck, as chosen prints, with the list's written counts."""

    totem: tuple[Entry, ...]
    main: tuple[Entry, ...]
    headers: tuple[Header, ...] = ()
    # Counts as written, including lines that did not resolve, for deck-size and headers.
    written_totem: int = 0
    written_main: int = 0
    lines_by_section: tuple[tuple[str | None, int, int], ...] = ()  # (section, lines, cards)
    unresolved_totem: bool = False

    @property
    def entries(self) -> tuple[Entry, ...]:
        return self.totem + self.main

    def with_entries(self, totem: tuple[Entry, ...], main: tuple[Entry, ...]) -> Deck:
        """These entries with this deck's declared counts and headers (as ``holding``)."""
        return Deck(
            totem,
            main,
            self.headers,
            self.written_totem,
            self.written_main,
            self.lines_by_section,
            self.unresolved_totem,
        )


@frozen
class RuleContext:
    """What rules need besides the deck: the format, the banlist, species' normal Stage,
    the language card names are shown in (``es``: Spanish where the catalogue knows), and
    which half/piece of a LEGEND/V-UNION a print is (from the catalogue; without one, from
    the print's number). ``keys_only``: the findings' ``(code, line)`` is all that is read
    (the engine weighing an ambiguous line's prints), so the rules whose sentences cost most
    to build leave them empty."""

    fmt: FormatRules
    banlist: Banlist
    normal_stage: NormalStage
    lang: str = "en"
    piece_of: PiecePosition | None = None
    keys_only: bool = False

    def position(self, card: Card) -> int:
        """The half/piece a print is (1-based); 1 for any other card."""
        return (self.piece_of or default_position(self.fmt))(card)

    def name_of(self, card: Card) -> str:
        return display_name(card, self.lang)

    def label_of(self, card: Card) -> str:
        """``Charizard ex OBF 125`` (in the context's language)."""
        return f"{self.name_of(card)} {card.set.ptcgl_code or card.set.id} {card.number}"
