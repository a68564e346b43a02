"""Small synthetic cards and decks for unit tests of pure rule functions."""

from __future__ import annotations

from typing import Any

from totemdeck.catalogue.model import Attack, Card, CardSet
from totemdeck.rules.deck import Deck, Entry

TEST_SET = CardSet("tst", "Test Set", "Test", "TST", "2020-01-01", 100, 100)
_serial = iter(range(1, 100_000))


def card(name: str = "Testmon", supertype: str = "Pokémon", **fields: Any) -> Card:
    """A print with sensible defaults: a Basic Fire Pokémon with a {R} attack."""
    number = str(next(_serial))
    defaults: dict[str, Any] = {
        "id": f"tst-{number}",
        "name": name,
        "supertype": supertype,
        "subtypes": ("Basic",) if supertype == "Pokémon" else (),
        "stage": "Basic" if supertype == "Pokémon" else None,
        "types": ("Fire",) if supertype == "Pokémon" else (),
        "hp": 70 if supertype == "Pokémon" else None,
        "attacks": (Attack("Ember", ("Fire",)),) if supertype == "Pokémon" else (),
        "abilities": (),
        "rules": (),
        "retreat_cost": 1 if supertype == "Pokémon" else None,
        "evolves_from": None,
        "dex": (),
        "regulation_mark": None,
        "set": TEST_SET,
        "number": number,
        "rarity": "Common",
    }
    defaults.update(fields)
    return Card(**defaults)


def trainer(name: str, kind: str = "Item", **fields: Any) -> Card:
    return card(name, "Trainer", subtypes=(kind, *fields.pop("extra_subtypes", ())), **fields)


def basic_energy(kind: str = "Fire") -> Card:
    return card(f"Basic {kind} Energy", "Energy", subtypes=("Basic",), types=(kind,))


def special_energy(name: str, text: str) -> Card:
    return card(name, "Energy", subtypes=("Special",), rules=(text,))


def deck(totem: list[Card], main: list[tuple[int, Card]] | list[Card]) -> Deck:
    """A deck from a Totem and (count, card) pairs (or cards, 1 each), lines numbered."""
    pairs = [(1, c) if isinstance(c, Card) else c for c in main]
    totem_entries = tuple(Entry(i + 1, 1, c, "totem") for i, c in enumerate(totem))
    start = len(totem) + 1
    main_entries = tuple(Entry(start + i, n, c, None) for i, (n, c) in enumerate(pairs))
    return Deck(
        totem=totem_entries,
        main=main_entries,
        written_totem=len(totem),
        written_main=sum(n for n, _c in pairs),
    )
