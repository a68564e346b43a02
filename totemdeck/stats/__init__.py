"""Deck statistics players can act on: composition, and exact odds of kept hands — a named
card, several (any of / all of), a role, "at least k of", the Invocation turn — with a seeded
goldfish that plays the same model out (``odds`` and ``invocation`` hold the maths)."""

from totemdeck.stats.deck import DeckStats, deck_stats
from totemdeck.stats.names import UnknownCard, check_card_name, closest_names, is_card_name
from totemdeck.stats.odds import HAND, Deal, hypergeometric_tail, mulligan_chances, p_at_least
from totemdeck.stats.opening import SampleOpening, sample_opening
from totemdeck.stats.target import KINDS, Ask

__all__ = [
    "HAND",
    "KINDS",
    "Ask",
    "Deal",
    "DeckStats",
    "SampleOpening",
    "UnknownCard",
    "check_card_name",
    "closest_names",
    "deck_stats",
    "hypergeometric_tail",
    "is_card_name",
    "mulligan_chances",
    "p_at_least",
    "sample_opening",
]
