"""Which half of a Pokémon LEGEND or piece of a V-UNION a print is: a position, not a print.

FORMAT.md (`totem-incomplete`): a V-UNION's pieces are its four positions (top left, top
right, bottom left, bottom right). A reprint of piece 1 (the SWSH287–290 promos reprint the
Morpeko V-UNION of SWSH215–218) is piece 1 again. The records do not say which position a
print is (every piece carries the whole card's text), but the pieces of one printing are
numbered consecutively in position order, so a print's position is its place in its run of
consecutive numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from totemdeck.base.lazy import LazyPattern
from totemdeck.catalogue.model import Card
from totemdeck.catalogue.names import name_key
from totemdeck.catalogue.read import Catalogue
from totemdeck.rules.format import FormatRules
from totemdeck.rules.traits import is_multipart, parts_needed

# A print's position (1-based) among the halves/pieces of its multipart card; 1 otherwise.
PiecePosition = Callable[[Card], int]

_DIGITS = LazyPattern(r"(\d+)\D*$")


def _number(card: Card) -> int | None:
    found = _DIGITS.search(card.number)
    return int(found.group(1)) if found else None


def position_by_number(card: Card, size: int) -> int:
    """A print's position from its own number alone (any ``size`` consecutive numbers get
    distinct positions); the fallback when the other prints are not known."""
    number = _number(card)
    return 1 if number is None or size <= 1 else (number - 1) % size + 1


def piece_positions(prints: Sequence[Card], size: int) -> dict[str, int]:
    """Positions of all prints of one multipart name: in each set, prints in number order are
    split into runs of consecutive numbers; a print's position is its place in its run."""
    positions: dict[str, int] = {}
    by_set: dict[str, list[Card]] = {}
    for card in prints:
        by_set.setdefault(card.set.id, []).append(card)
    for cards in by_set.values():
        numbered = sorted(cards, key=lambda c: (_number(c) is None, _number(c) or 0, c.id))
        run_start, previous = 0, None
        for index, card in enumerate(numbered):
            number = _number(card)
            if number is None or previous is None or number != previous + 1:
                run_start = index
            previous = number
            positions[card.id] = (index - run_start) % size + 1
    return positions


def default_position(fmt: FormatRules) -> PiecePosition:
    """Positions without a catalogue (synthetic decks in tests): from each print's number."""

    def position(card: Card) -> int:
        return position_by_number(card, parts_needed(card, fmt)) if is_multipart(card) else 1

    return position


class CataloguePieces:
    """``position(card)``: its place among the halves/pieces of its name, from the catalogue."""

    def __init__(self, catalogue: Catalogue, fmt: FormatRules) -> None:
        self._catalogue = catalogue
        self._fmt = fmt
        self._cache: dict[str, dict[str, int]] = {}

    def prints(self, card: Card) -> list[Card]:
        """Every print of the card's multipart name (oldest first)."""
        return [c for c in self._catalogue.by_name(card.name) if is_multipart(c)]

    def __call__(self, card: Card) -> int:
        if not is_multipart(card):
            return 1
        key = name_key(card.name, card.supertype)
        if key not in self._cache:
            self._cache[key] = piece_positions(self.prints(card), parts_needed(card, self._fmt))
        found = self._cache[key].get(card.id)
        return (
            found if found is not None else position_by_number(card, parts_needed(card, self._fmt))
        )

    def pieces(self, card: Card) -> list[Card]:
        """A whole Totem from one of its prints: one print per position, the given print and
        others of its set first (``totemdeck totem`` of one half or piece)."""
        if not is_multipart(card):
            return [card]
        chosen: dict[int, Card] = {self(card): card}
        ordered = sorted(self.prints(card), key=lambda c: (c.set.id != card.set.id, c.id))
        for other in ordered:
            chosen.setdefault(self(other), other)
        return [chosen[p] for p in sorted(chosen)][: parts_needed(card, self._fmt)]
