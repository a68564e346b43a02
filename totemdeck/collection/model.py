"""What a player owns: each line of their collection file with the prints it can be."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from totemdeck.base.errors import UsageError
from totemdeck.base.records import frozen
from totemdeck.catalogue.model import Card, basic_energy_type
from totemdeck.findings import Finding

__all__ = ["Collection", "CollectionError", "Holding", "Summary"]


class CollectionError(UsageError):
    """A collection file that cannot be read at all (no table of cards in it): exit 2."""


@frozen
class Holding:
    """One line of a collection: so many copies of one of these prints (several when the
    line names a card without its set, as "4 Ultra Ball" does)."""

    line: int
    count: int
    candidates: tuple[Card, ...]

    @property
    def energy_type(self) -> str | None:
        """The type of a basic Energy line (any print of it is the same card), else None."""
        first = self.candidates[0]
        if all(c.is_basic_energy for c in self.candidates):
            return basic_energy_type(first)
        return None


@frozen
class Summary:
    """How a collection file was read: rows read, matched to a card, unreadable (each a
    finding with its place), guessed (matched in a way the row did not say exactly, each a
    reading); rows of other games skipped; whether the table had no count column (one copy
    a row); and the columns read for each role."""

    kind: str  # "csv", "tsv", "xlsx", "ods", "json", "text", "stored"
    title: str  # the app ("Collectr"), or how the file was read
    rows: int
    matched: int
    unreadable: int
    guessed: int
    skipped: int = 0
    one_copy: bool = False
    columns: tuple[tuple[str, tuple[str, ...]], ...] = ()
    note: str = ""


@frozen
class Collection:
    """A player's cards: what each readable line holds, and every line that matched no card
    (reported like a decklist's, never dropped)."""

    source: str
    format: str  # "decklist", "collectr", "tcgplayer", …
    holdings: tuple[Holding, ...]
    findings: tuple[Finding, ...] = ()
    readings: tuple[tuple[int, str], ...] = ()
    summary: Summary | None = None
    # a stored collection read for one deck: no holdings yet, and what fetches those of
    # the names (``owned.holding_name``) a deck asks for
    loader: Callable[[Iterable[str]], Collection] | None = None

    @property
    def copies(self) -> int:
        return sum(h.count for h in self.holdings)

    def owned_ids(self) -> dict[str, int]:
        """Copies per print id, for lines that name one print (a name-only line owns no
        particular print)."""
        owned: dict[str, int] = {}
        for holding in self.holdings:
            if len(holding.candidates) == 1:
                card_id = holding.candidates[0].id
                owned[card_id] = owned.get(card_id, 0) + holding.count
        return owned
