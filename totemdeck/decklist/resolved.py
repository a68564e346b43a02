"""What resolution makes of a deck: each line with every print it can mean."""

from __future__ import annotations

from totemdeck.base.records import frozen
from totemdeck.catalogue.model import Card
from totemdeck.decklist.model import DeckLine, Decklist
from totemdeck.findings import Finding


@frozen
class ResolvedLine:
    """A deck line and every print it can mean (empty when ``finding`` says why)."""

    line: DeckLine
    candidates: tuple[Card, ...]
    via: str  # how it was matched: "set+number", "id", "name in set", "name", "basic energy",
    # "ex and EX" (an upper-case EX without a hyphen: both cards' prints)
    finding: Finding | None = None
    note: str | None = None

    @property
    def resolved(self) -> bool:
        return bool(self.candidates) and self.finding is None


@frozen
class ResolvedDeck:
    """A decklist with each line resolved, and what resolving found wrong."""

    decklist: Decklist
    lines: tuple[ResolvedLine, ...]
    findings: tuple[Finding, ...]  # malformed-line, unknown-card, not-legal-print
    # The deck's name: a "Deckname:" header, else a title on line 1 that names no card.
    name: str | None = None

    @property
    def totem(self) -> tuple[ResolvedLine, ...]:
        return tuple(r for r in self.lines if r.line.is_totem)

    @property
    def main(self) -> tuple[ResolvedLine, ...]:
        return tuple(r for r in self.lines if not r.line.is_totem)
