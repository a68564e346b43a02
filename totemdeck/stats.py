"""Deck statistics players can act on, computed exactly (no simulation).

Composition (supertypes, Pokémon by cost-table column and type, Trainers by kind, Energy by
type), evolution lines, identity coverage, and hypergeometric odds for the main deck: a
Basic Pokémon in the 7-card opening hand (and so the expected number of mulligans), a
Supporter in it, and a named card drawn by your turn N; cards by role tag (draw, search,
gust …). The Totem waits in the Totem Zone,
so it is not in the deck the odds are drawn from.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from math import comb
from typing import Any

from totemdeck.catalogue.model import ENERGY_TYPES, Card, basic_energy_type
from totemdeck.catalogue.names import name_key
from totemdeck.catalogue.read import Catalogue
from totemdeck.catalogue.suggest import Suggester
from totemdeck.errors import TotemdeckError
from totemdeck.records import frozen
from totemdeck.rules.deck import Entry, RuleContext
from totemdeck.rules.engine import CheckedDeck
from totemdeck.rules.format import COLUMNS
from totemdeck.rules.roles import roles_of
from totemdeck.rules.totem import cost_column
from totemdeck.rules.traits import identity, is_basic_pokemon

HAND = 7


class UnknownCard(TotemdeckError):
    """``--card`` names no card at all: its odds would be a silent 0 (exit 2)."""


def closest_names(catalogue: Catalogue, name: str) -> list[str]:
    """The card names closest to a misspelt ``name`` (English and Spanish), best first."""
    return list(Suggester(catalogue.names(), catalogue.alias_names()).closest(name))


def is_card_name(catalogue: Catalogue, name: str) -> bool:
    return bool(catalogue.by_name(name))


def check_card_name(catalogue: Catalogue, name: str) -> None:
    """Raise ``UnknownCard`` with the closest names when no card is called ``name``.

    A real card that is not in the deck is fine: its odds are 0, and that is the answer.
    """
    if catalogue.by_name(name):
        return
    close = closest_names(catalogue, name)
    if close:
        raise UnknownCard(
            "--card {name!r}: no card has that name; did you mean {close}?".format(
                name=name, close=", ".join(repr(n) for n in close)
            )
        )
    raise UnknownCard(f"--card {name!r}: no card has that name")


def p_at_least_one(deck_size: int, successes: int, drawn: int) -> float:
    """Hypergeometric: the chance that ``drawn`` cards hold at least one of ``successes``."""
    if successes <= 0 or drawn <= 0:
        return 0.0
    drawn = min(drawn, deck_size)
    return 1.0 - comb(deck_size - successes, drawn) / comb(deck_size, drawn)


def cards_seen_by_turn(turn: int, going_first: bool = False) -> int:
    """The opening hand plus one draw a turn (the first player skips turn 1's draw)."""
    return HAND + turn - (1 if going_first and turn >= 1 else 0)


@dataclass(slots=True)
class DeckStats:
    """A deck's numbers for the Stats page and ``totemdeck stats``: its make-up and its draws."""

    deck_size: int
    supertypes: dict[str, int]
    pokemon_by_column: dict[str, int]
    pokemon_by_type: dict[str, int]
    trainers_by_kind: dict[str, int]
    energy_by_type: dict[str, int]
    energy_basic: int
    energy_special: int
    evolution_lines: dict[str, list[str]]  # "complete"/"broken" → Pokémon names
    identity_coverage: dict[str, int]
    basics: int
    supporters: int
    p_basic_in_opening: float
    expected_mulligans: float | None
    p_supporter_in_opening: float
    card_odds: dict[str, Any] = field(default_factory=dict)
    roles: dict[str, int] = field(default_factory=dict)  # role tag → cards, most first

    def as_dict(self) -> dict[str, Any]:
        return {
            "deck_size": self.deck_size,
            "supertypes": self.supertypes,
            "pokemon_by_column": self.pokemon_by_column,
            "pokemon_by_type": self.pokemon_by_type,
            "trainers_by_kind": self.trainers_by_kind,
            "energy": {
                "by_type": self.energy_by_type,
                "basic": self.energy_basic,
                "special": self.energy_special,
            },
            "evolution_lines": self.evolution_lines,
            "identity_coverage": self.identity_coverage,
            "roles": self.roles,
            "odds": {
                "basic_pokemon": self.basics,
                "p_basic_in_opening_hand": round(self.p_basic_in_opening, 6),
                "expected_mulligans": (
                    None if self.expected_mulligans is None else round(self.expected_mulligans, 6)
                ),
                "supporters": self.supporters,
                "p_supporter_in_opening_hand": round(self.p_supporter_in_opening, 6),
                **({"card": self.card_odds} if self.card_odds else {}),
            },
        }


def _trainer_kind(card: Card) -> str:
    for kind in ("Supporter", "Item", "Pokémon Tool", "Stadium"):
        if kind in card.subtypes:
            return kind
    return card.subtypes[0] if card.subtypes else "Other"


def _evolution_lines(main: tuple[Entry, ...]) -> dict[str, list[str]]:
    names = {name_key(e.card.name, e.card.supertype) for e in main}
    lines: dict[str, list[str]] = {"complete": [], "broken": []}
    for entry in main:
        card = entry.card
        if card.is_pokemon and card.evolves_from:
            state = "complete" if name_key(card.evolves_from, "Pokémon") in names else "broken"
            lines[state].append(f"{card.evolves_from} → {card.name}")
    return lines


@dataclass
class _Tally:
    """The counts ``deck_stats`` reads off the main deck, one pass over its lines."""

    supertypes: Counter[str] = field(default_factory=Counter)
    by_column: Counter[str] = field(default_factory=Counter)
    by_type: Counter[str] = field(default_factory=Counter)
    kinds: Counter[str] = field(default_factory=Counter)
    energy: Counter[str] = field(default_factory=Counter)
    coverage: Counter[str] = field(default_factory=Counter)
    roles: Counter[str] = field(default_factory=Counter)
    basic_energy: int = 0
    special_energy: int = 0
    basics: int = 0
    supporters: int = 0

    def add(self, card: Card, n: int, ctx: RuleContext) -> None:
        self.supertypes[card.supertype] += n
        for role in roles_of(card):
            self.roles[role] += n
        for colour in identity(card, ctx.fmt):
            self.coverage[colour] += n
        if card.is_pokemon:
            self.by_column[cost_column(card, ctx.fmt, ctx.normal_stage)] += n
            for kind in card.types or ("Colorless",):
                self.by_type[kind] += n
            self.basics += n if is_basic_pokemon(card) else 0
        elif card.is_trainer:
            self.kinds[_trainer_kind(card)] += n
            self.supporters += n if "Supporter" in card.subtypes else 0
        elif card.is_basic_energy:
            self.basic_energy += n
            self.energy[basic_energy_type(card) or "?"] += n
        else:
            self.special_energy += n
            self.energy["Special"] += n


def _card_odds(
    main: tuple[Entry, ...], size: int, card_name: str, turn: int, going_first: bool
) -> dict[str, Any]:
    """How likely ``card_name`` (any of its names) is drawn by ``turn``, and the curve."""
    key = name_key(card_name)
    copies = sum(
        e.count
        for e in main
        if key in (name_key(e.card.name), *(name_key(a) for a in e.card.aliases.values()))
    )
    seen = cards_seen_by_turn(turn, going_first)
    return {
        "name": card_name,
        "copies": copies,
        "turn": turn,
        "going_first": going_first,
        "cards_seen": seen,
        "p_drawn": round(p_at_least_one(size, copies, seen), 6),
        "curve": [
            round(p_at_least_one(size, copies, cards_seen_by_turn(t, going_first)), 6)
            for t in range(0, 16)
        ],
    }


def deck_stats(
    checked: CheckedDeck,
    *,
    card_name: str | None = None,
    turn: int = 1,
    going_first: bool = False,
) -> DeckStats:
    """Everything ``totemdeck stats`` shows, from a checked deck (by the context it was
    judged with)."""
    ctx = checked.ctx
    main = checked.deck.main
    size = sum(e.count for e in main)
    t = _Tally()
    for entry in main:
        t.add(entry.card, entry.count, ctx)
    p_basic = p_at_least_one(size, t.basics, HAND)
    stats = DeckStats(
        deck_size=size,
        supertypes=dict(t.supertypes),
        pokemon_by_column={c: t.by_column[c] for c in COLUMNS if t.by_column[c]},
        pokemon_by_type=dict(t.by_type.most_common()),
        trainers_by_kind=dict(t.kinds.most_common()),
        energy_by_type={k: t.energy[k] for k in (*ENERGY_TYPES, "Special", "?") if t.energy[k]},
        energy_basic=t.basic_energy,
        energy_special=t.special_energy,
        evolution_lines=_evolution_lines(main),
        identity_coverage={k: t.coverage[k] for k in ENERGY_TYPES if t.coverage[k]},
        basics=t.basics,
        supporters=t.supporters,
        p_basic_in_opening=p_basic,
        # Each mulligan is a fresh 7: the number of mulligans is geometric.
        expected_mulligans=(1 - p_basic) / p_basic if p_basic > 0 else None,
        p_supporter_in_opening=p_at_least_one(size, t.supporters, HAND),
        roles=dict(t.roles.most_common()),
    )
    if card_name:
        stats.card_odds = _card_odds(main, size, card_name, turn, going_first)
    return stats


@frozen
class SampleOpening:
    """A sample game start: every hand drawn, the last one kept (or none could be)."""

    hands: tuple[tuple[Card, ...], ...]  # each 7 cards; all but the last were mulligans
    kept: bool  # False when the deck has no Basic Pokémon: no hand can ever be kept

    @property
    def mulligans(self) -> int:
        return len(self.hands) - 1 if self.kept else len(self.hands)


MAX_SAMPLE_MULLIGANS = 30


def sample_opening(entries: tuple[Entry, ...], rng: random.Random) -> SampleOpening:
    """Draw 7 from the main deck; with no Basic Pokémon, reveal, shuffle back and draw 7
    again (the Pokémon TCG's mulligan, which the Totem Format keeps), until one is kept."""
    library = [entry.card for entry in entries for _ in range(entry.count)]
    if not any(is_basic_pokemon(card) for card in library):
        return SampleOpening((tuple(rng.sample(library, min(HAND, len(library)))),), False)
    hands: list[tuple[Card, ...]] = []
    for _attempt in range(MAX_SAMPLE_MULLIGANS + 1):
        hand = tuple(rng.sample(library, min(HAND, len(library))))
        hands.append(hand)
        if any(is_basic_pokemon(card) for card in hand):
            return SampleOpening(tuple(hands), True)
    return SampleOpening(tuple(hands), False)
