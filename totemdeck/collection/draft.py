"""A first draft deck from a collection, for one Totem: legal whenever the collection allows.

The default is what a deck builder would start from: a core of Basic Pokémon with the
evolutions whose previous Stage is in the deck, Supporters and Items that draw or search
before the rest, the other Trainers and the Special Energy that fit, and basic Energy of the
Totem's types to fill — about a fifth of the deck, more when cards run out. Every pick is
checked by the rules' own room for cards (``rules.fit``: identity, banlist, the Colorless
restriction, singleton, the ACE SPEC / Radiant / ★ limits); the result is then judged by the
engine like any list.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from totemdeck.base.records import frozen
from totemdeck.catalogue.model import Card
from totemdeck.catalogue.names import name_key
from totemdeck.collection.model import Collection, Holding
from totemdeck.decklist.model import Decklist, print_line
from totemdeck.rules.deck import Deck, Entry
from totemdeck.rules.engine import Checker, Report
from totemdeck.rules.fit import Fit
from totemdeck.rules.traits import (
    is_basic_pokemon,
    played_as_basic_pokemon,
)

__all__ = ["Draft", "draft_deck"]

ENERGY_SHARE = 0.2  # of the main deck, when the collection has enough other cards
POKEMON_SHARE = 0.4  # of the cards that are not basic Energy
# Text that makes a Trainer an engine card (draw or search), English card text.
_ENGINE_TEXT = re.compile(r"\bdraw\b|\bsearch your deck\b|\blook at the top\b", re.IGNORECASE)


@frozen
class Draft:
    """The drafted list, the engine's verdict on it, and what the collection lacks."""

    decklist: Decklist
    report: Report
    shortfall: int  # main-deck cards the collection could not give (0 when full)
    available: int  # distinct legal main-deck cards of the collection that fit
    basic_energy: int  # owned basic Energy of the Totem's types

    def text(self) -> str:
        """The list as totemdeck writes lists: a Totem section, then the main deck."""
        totem = [line for line in self.decklist.lines if line.is_totem]
        main = [line for line in self.decklist.lines if not line.is_totem]
        return "\n".join(
            ["Totem:", *(t.render() for t in totem), "", "Main deck:"] + [m.render() for m in main]
        )


def _owned_print(holding: Holding) -> Card:
    return holding.candidates[0]  # the resolver's first: the newest print of the line


class _Picker:
    """Legal picks under one Totem, one per name, within the format's ACE SPEC / Radiant / ★
    limits: the rules' own room for cards (``rules.fit``), as Build's "Add these N" asks."""

    def __init__(self, totem: list[Card], checker: Checker) -> None:
        self.ctx = checker.ctx
        self.checker = checker
        entries = tuple(Entry(i + 1, 1, t, "totem") for i, t in enumerate(totem))
        deck = Deck(totem=entries, main=(), written_totem=len(entries), written_main=0)
        self.room = Fit(deck, checker.ctx)

    def fits(self, card: Card) -> bool:
        """Whether any copy may go in: playable, not banned, in identity, not Colorless
        beside a Totem that forbids it."""
        if self.checker.resolver.unplayable_reason(card):
            return False
        return self.room.misfit(card) is None

    def take(self, card: Card) -> bool:
        """Whether the card may join (and then it has): singleton and the kind limits."""
        if self.room.reason(card) is not None:
            return False
        self.room.take(card)
        return True


def _pokemon_order(cards: list[Card]) -> list[Card]:
    """Basics (and Trainers played as Basics) first, then each evolution whose previous
    Stage is already ahead of it, then the rest."""
    basics = [c for c in cards if is_basic_pokemon(c)]
    ordered = list(basics)
    have = {name_key(c.name, c.supertype) for c in basics}
    rest = [c for c in cards if not is_basic_pokemon(c)]
    grew = True
    while grew:
        grew = False
        for card in list(rest):
            if card.evolves_from and name_key(card.evolves_from, "Pokémon") in have:
                ordered.append(card)
                have.add(name_key(card.name, card.supertype))
                rest.remove(card)
                grew = True
    return ordered + rest


def _trainer_order(cards: list[Card]) -> list[Card]:
    def rank(card: Card) -> tuple[int, int, str]:
        text = " ".join(card.rules)
        kind = 0 if "Supporter" in card.subtypes else 1 if "Item" in card.subtypes else 2
        return (0 if _ENGINE_TEXT.search(text) else 1, kind, card.name)

    return sorted(cards, key=rank)


@dataclass
class _Pool:
    """The collection's cards that fit, by the part of the deck they would fill."""

    pokemon: list[Card]
    trainers: list[Card]
    special: list[Card]
    energy: dict[str, tuple[Card, int]]  # basic Energy by type: a print and the copies owned

    @property
    def energy_copies(self) -> int:
        return sum(n for _card, n in self.energy.values())


def _pool(holdings: Iterable[Holding], picker: _Picker) -> _Pool:
    pool = _Pool([], [], [], {})
    seen: set[str] = set()
    for holding in holdings:
        card = _owned_print(holding)
        kind = holding.energy_type
        if kind is not None:
            if kind in picker.room.allowed:
                prior = pool.energy.get(kind, (card, 0))
                pool.energy[kind] = (prior[0], prior[1] + holding.count)
            continue
        key = name_key(card.name, card.supertype)
        if key in seen or not picker.fits(card):
            continue
        seen.add(key)
        if card.is_pokemon or played_as_basic_pokemon(card, picker.ctx.fmt):
            pool.pokemon.append(card)
        elif card.is_trainer:
            pool.trainers.append(card)
        else:
            pool.special.append(card)
    pool.pokemon = _pokemon_order(pool.pokemon)
    pool.trainers = _trainer_order(pool.trainers)
    return pool


def _fill(chosen: list[Card], cards: Iterable[Card], picker: _Picker, up_to: int) -> None:
    for card in cards:
        if len(chosen) >= up_to:
            return
        if card not in chosen and picker.take(card):
            chosen.append(card)


def _energy_lines(pool: _Pool, wanted: int) -> list[tuple[Card, int]]:
    """``wanted`` basic Energy shared among the Totem's types as the copies owned allow."""
    lines: dict[str, int] = dict.fromkeys(pool.energy, 0)
    left = wanted
    while left > 0:
        open_kinds = [k for k in lines if lines[k] < pool.energy[k][1]]
        if not open_kinds:
            break
        for kind in open_kinds:
            if left == 0:
                break
            lines[kind] += 1
            left -= 1
    return [(pool.energy[k][0], n) for k, n in lines.items() if n]


def _decklist(totem: list[Card], main: list[Card], energy: list[tuple[Card, int]]) -> Decklist:
    rows = [(c, 1, "totem") for c in totem] + [(c, 1, "main") for c in main]
    rows += [(card, count, "main") for card, count in energy]
    lines = [
        print_line(number, section, count, card.name, card.set.id, card.number)
        for number, (card, count, section) in enumerate(rows, start=1)
    ]
    return Decklist(tuple(lines), source="<draft>")


def draft_deck(checker: Checker, collection: Collection, totem: list[Card]) -> Draft:
    """A legal draft under ``totem`` (its pieces, for a LEGEND or V-UNION) when the
    collection allows one; otherwise the fullest draft it allows, and the shortfall."""
    picker = _Picker(totem, checker)
    pool = _pool(collection.holdings, picker)
    main_size = 100 - len(totem)
    others = len(pool.pokemon) + len(pool.trainers) + len(pool.special)
    energy = min(pool.energy_copies, max(round(main_size * ENERGY_SHARE), main_size - others))
    slots = main_size - energy
    chosen: list[Card] = []
    _fill(chosen, pool.pokemon, picker, round(slots * POKEMON_SHARE))
    _fill(chosen, [*pool.trainers, *pool.special, *pool.pokemon], picker, slots)
    energy = min(pool.energy_copies, main_size - len(chosen))
    decklist = _decklist(totem, chosen, _energy_lines(pool, energy))
    return Draft(
        decklist,
        checker.check(decklist),
        shortfall=main_size - len(chosen) - energy,
        available=others,
        basic_energy=pool.energy_copies,
    )
