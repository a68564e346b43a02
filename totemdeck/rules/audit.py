"""The Totem numbers of every Pokémon print of the catalogue (``totemdeck totem --all``).

Class-wide mistakes (a whole era's Prize cards read from a wrong data field) hide between
hand-picked tests; this table lets a person, or a test, look at every print at once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

from totemdeck.base.records import frozen
from totemdeck.catalogue.model import Card
from totemdeck.i18n import _
from totemdeck.rules.engine import Checker
from totemdeck.rules.totem import TotemNumbers


@frozen
class TotemRow:
    """One Pokémon print as a Totem: its numbers, and why it may not be one (or None)."""

    card: Card
    numbers: TotemNumbers
    why_not: str | None

    def as_dict(self) -> dict[str, Any]:
        """One item of ``schemas/totems.schema.json``."""
        return {
            "id": self.card.id,
            "name": self.card.name,
            "printed_stage": self.card.stage,
            "cost_column": self.numbers.cost_column,
            "invocation_cost": self.numbers.invocation_cost,
            "prizes": self.numbers.prizes,
            "identity": list(self.numbers.identity),
            "retreat_cost": self.numbers.retreat_cost,
            "why_not": self.why_not,
            **({"retreat_unknown": True} if self.numbers.retreat_unknown else {}),
        }


def why_not(card: Card, checker: Checker) -> str | None:
    """Why this print cannot stand as a Totem in a legal deck: not a playable card, or banned."""
    unplayable = checker.resolver.unplayable_reason(card)
    if unplayable:
        return _("{card} is {reason}").format(card=card.label, reason=unplayable)
    ban = checker.ctx.banlist.match(card)
    if ban:
        return _("{card} is banned (since {since}: {reason})").format(
            card=card.label, since=ban.since, reason=ban.reason_in()
        )
    return None


def _order(card: Card) -> tuple[str, str, int, str]:
    return (card.set.release_date, card.set.id, len(card.number), card.number)


def totem_rows(checker: Checker, cards: Iterable[Card] | None = None) -> Iterator[TotemRow]:
    """Each Pokémon print (of ``cards``, default the whole catalogue) with its Totem numbers;
    a LEGEND half or V-UNION piece is judged as the whole Totem it belongs to."""
    chosen = checker.catalogue.iter_cards() if cards is None else cards
    for card in sorted((c for c in chosen if c.is_pokemon), key=_order):
        numbers = checker.totem_numbers_of(card)
        yield TotemRow(card, numbers, why_not(card, checker))


def tally(rows: Iterable[TotemRow]) -> dict[str, dict[str, int]]:
    """How many prints fall in each cost column and give each number of Prize cards."""
    columns: Counter[str] = Counter()
    prizes: Counter[str] = Counter()
    for row in rows:
        columns[row.numbers.cost_column] += 1
        prizes[str(row.numbers.prizes)] += 1
    return {"cost_column": dict(sorted(columns.items())), "prizes": dict(sorted(prizes.items()))}
