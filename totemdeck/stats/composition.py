"""What the main deck is made of, counted in one pass over its lines: supertypes, Pokémon by
cost-table column and type, Trainers by kind, Energy by type, roles, identity coverage, and
the evolution lines complete or broken."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from totemdeck.catalogue.model import Card, basic_energy_type
from totemdeck.catalogue.names import name_key
from totemdeck.rules.deck import Entry, RuleContext
from totemdeck.rules.roles import roles_of
from totemdeck.rules.totem import cost_column
from totemdeck.rules.traits import identity, is_basic_pokemon
from totemdeck.stats.target import keeps_a_hand


def trainer_kind(card: Card) -> str:
    for kind in ("Supporter", "Item", "Pokémon Tool", "Stadium"):
        if kind in card.subtypes:
            return kind
    return card.subtypes[0] if card.subtypes else "Other"


def evolution_lines(main: tuple[Entry, ...]) -> dict[str, list[str]]:
    names = {name_key(e.card.name, e.card.supertype) for e in main}
    lines: dict[str, list[str]] = {"complete": [], "broken": []}
    for entry in main:
        card = entry.card
        if card.is_pokemon and card.evolves_from:
            state = "complete" if name_key(card.evolves_from, "Pokémon") in names else "broken"
            lines[state].append(f"{card.evolves_from} → {card.name}")
    return lines


@dataclass
class Tally:
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
    keepers: int = 0  # cards that let a hand be kept: Basics and Trainers played as Basics
    supporters: int = 0

    def add(self, card: Card, n: int, ctx: RuleContext) -> None:
        self.supertypes[card.supertype] += n
        for role in roles_of(card):
            self.roles[role] += n
        for colour in identity(card, ctx.fmt):
            self.coverage[colour] += n
        self.keepers += n if keeps_a_hand(card, ctx.fmt) else 0
        if card.is_pokemon:
            self.by_column[cost_column(card, ctx.fmt, ctx.normal_stage)] += n
            for kind in card.types or ("Colorless",):
                self.by_type[kind] += n
            self.basics += n if is_basic_pokemon(card) else 0
        elif card.is_trainer:
            self.kinds[trainer_kind(card)] += n
            self.supporters += n if "Supporter" in card.subtypes else 0
        elif card.is_basic_energy:
            self.basic_energy += n
            self.energy[basic_energy_type(card) or "?"] += n
        else:
            self.special_energy += n
            self.energy["Special"] += n
