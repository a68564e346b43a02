"""A sample opening hand for the Stats page: every hand drawn, mulligans shown, the kept one
last — one game's start, to look at (the odds are ``odds``; the goldfish deals thousands)."""

from __future__ import annotations

import random

from totemdeck.base.records import frozen
from totemdeck.catalogue.model import Card
from totemdeck.rules.deck import Entry
from totemdeck.rules.format import FormatRules
from totemdeck.rules.traits import is_basic_pokemon
from totemdeck.stats.odds import HAND
from totemdeck.stats.target import keeps_a_hand


@frozen
class SampleOpening:
    """A sample game start: every hand drawn, the last one kept (or none could be)."""

    hands: tuple[tuple[Card, ...], ...]  # each 7 cards; all but the last were mulligans
    kept: bool  # False when the deck has no Basic Pokémon: no hand can ever be kept

    @property
    def mulligans(self) -> int:
        return len(self.hands) - 1 if self.kept else len(self.hands)


MAX_SAMPLE_MULLIGANS = 30


def sample_opening(
    entries: tuple[Entry, ...], rng: random.Random, fmt: FormatRules | None = None
) -> SampleOpening:
    """Draw 7 from the main deck; with no Basic Pokémon, reveal, shuffle back and draw 7
    again (the Pokémon TCG's mulligan, which the Totem Format keeps), until one is kept.
    With ``fmt``, a Trainer played as a Basic keeps a hand too and the hand is its size."""

    def keeps(card: Card) -> bool:
        return keeps_a_hand(card, fmt) if fmt is not None else is_basic_pokemon(card)

    size = fmt.opening_hand if fmt is not None else HAND
    library = [entry.card for entry in entries for _ in range(entry.count)]
    if not any(keeps(card) for card in library):
        return SampleOpening((tuple(rng.sample(library, min(size, len(library)))),), False)
    hands: list[tuple[Card, ...]] = []
    for _attempt in range(MAX_SAMPLE_MULLIGANS + 1):
        hand = tuple(rng.sample(library, min(size, len(library))))
        hands.append(hand)
        if any(keeps(card) for card in hand):
            return SampleOpening(tuple(hands), True)
    return SampleOpening(tuple(hands), False)
