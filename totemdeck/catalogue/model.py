"""The one normalised card record every source is turned into, and its set.

Records travel as plain JSON dicts (validated by ``schemas/card.schema.json``);
``Card`` is the frozen, typed view the rest of the program reads.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import field
from typing import Any

from totemdeck.base.records import frozen
from totemdeck.catalogue.names import fold

# Energy types that can form an identity; "Colorless" is generic and never does.
ENERGY_TYPES: tuple[str, ...] = (
    "Grass",
    "Fire",
    "Water",
    "Lightning",
    "Psychic",
    "Fighting",
    "Darkness",
    "Metal",
    "Fairy",
    "Dragon",
)
COLORLESS = "Colorless"
# The letters PTCG Live writes for the types ({R} Fire, {Y} Fairy, {N} Dragon, {C} Colorless).
TYPE_LETTERS: dict[str, str] = {
    "G": "Grass", "R": "Fire", "W": "Water", "L": "Lightning", "P": "Psychic", "F": "Fighting",
    "D": "Darkness", "M": "Metal", "Y": "Fairy", "N": "Dragon", "C": COLORLESS,
}  # fmt: skip
LETTER_OF_TYPE: dict[str, str] = {name: letter for letter, name in TYPE_LETTERS.items()}


def in_type_order(types: Iterable[str]) -> tuple[str, ...]:
    """The identity types among ``types`` in FORMAT.md's order (Grass first, Dragon last),
    the one order every report, export and page shows an identity in."""
    present = set(types)
    return tuple(t for t in ENERGY_TYPES if t in present)


# Printed stages a Pokémon card can carry (pokemontcg.io spelling).
STAGES: tuple[str, ...] = (
    "Basic",
    "Stage 1",
    "Stage 2",
    "BREAK",
    "Level-Up",
    "MEGA",
    "VMAX",
    "VSTAR",
    "LEGEND",
    "V-UNION",
    "Restored",
)


@frozen
class Attack:
    """An attack: its name and its Energy cost symbols, in print order; damage and text."""

    name: str
    cost: tuple[str, ...]
    damage: str = ""  # as printed: "180+", "30×", "" (searches read the number)
    text: str = ""


@frozen
class CardSet:
    """The set a print belongs to."""

    id: str
    name: str
    series: str
    ptcgl_code: str | None
    release_date: str  # ISO YYYY-MM-DD
    printed_total: int | None = None
    total: int | None = None

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> CardSet:
        """A set from its JSON record (``schemas/card.schema.json``'s ``set``)."""
        return cls(
            id=record["id"],
            name=record["name"],
            series=record["series"],
            ptcgl_code=record["ptcgl_code"],
            release_date=record["release_date"],
            printed_total=record.get("printed_total"),
            total=record.get("total"),
        )


@frozen
class Card:
    """One printed card, as the rules read it."""

    id: str
    name: str
    supertype: str  # "Pokémon" | "Trainer" | "Energy"
    subtypes: tuple[str, ...]
    stage: str | None
    types: tuple[str, ...]
    hp: int | None
    attacks: tuple[Attack, ...]
    abilities: tuple[str, ...]
    rules: tuple[str, ...]
    retreat_cost: int | None
    evolves_from: str | None
    dex: tuple[int, ...]
    regulation_mark: str | None
    set: CardSet
    number: str
    rarity: str | None
    images: dict[str, str] = field(default_factory=dict, compare=False, hash=False)
    source: str = "pokemontcg"
    legalities: dict[str, str] = field(default_factory=dict, compare=False, hash=False)
    aliases: dict[str, str] = field(default_factory=dict, compare=False, hash=False)
    # What searches read besides the rules' fields (card text, weakness, credits).
    ability_texts: tuple[str, ...] = field(default=(), compare=False)
    weaknesses: tuple[str, ...] = field(default=(), compare=False)
    resistances: tuple[str, ...] = field(default=(), compare=False)
    artist: str | None = field(default=None, compare=False)
    # Numbers the print's own record leaves out, and where the merge took them from
    # (``{"retreat_cost": "source:tcgdex"}``, ``"print:xy1-5"``): importer/numbers.py.
    filled: dict[str, str] = field(default_factory=dict, compare=False, hash=False)
    # The print's text records in other languages, as stored JSON by language (read them
    # with ``totemdeck.catalogue.localized``); not part of the record.
    texts: dict[str, str] = field(default_factory=dict, compare=False, hash=False, repr=False)

    @property
    def is_pokemon(self) -> bool:
        return self.supertype == "Pokémon"

    @property
    def is_trainer(self) -> bool:
        return self.supertype == "Trainer"

    @property
    def is_energy(self) -> bool:
        return self.supertype == "Energy"

    @property
    def is_basic_energy(self) -> bool:
        return self.is_energy and "Basic" in self.subtypes

    @property
    def is_special_energy(self) -> bool:
        return self.is_energy and "Basic" not in self.subtypes

    @property
    def label(self) -> str:
        """How a player names this print: ``Charizard ex OBF 125``."""
        code = self.set.ptcgl_code or self.set.id
        return f"{self.name} {code} {self.number}"

    def to_record(self) -> dict[str, Any]:
        """The JSON record of ``schemas/card.schema.json``."""
        return {
            "id": self.id,
            "name": self.name,
            "supertype": self.supertype,
            "subtypes": list(self.subtypes),
            "stage": self.stage,
            "types": list(self.types),
            "hp": self.hp,
            "attacks": [
                {"name": a.name, "cost": list(a.cost), "damage": a.damage, "text": a.text}
                for a in self.attacks
            ],
            "abilities": list(self.abilities),
            "rules": list(self.rules),
            "retreat_cost": self.retreat_cost,
            "evolves_from": self.evolves_from,
            "dex": list(self.dex),
            "regulation_mark": self.regulation_mark,
            "set": {
                "id": self.set.id,
                "name": self.set.name,
                "series": self.set.series,
                "ptcgl_code": self.set.ptcgl_code,
                "release_date": self.set.release_date,
                "printed_total": self.set.printed_total,
                "total": self.set.total,
            },
            "number": self.number,
            "rarity": self.rarity,
            "images": dict(self.images),
            "source": self.source,
            "legalities": dict(self.legalities),
            "aliases": dict(self.aliases),
            "ability_texts": list(self.ability_texts),
            "weaknesses": list(self.weaknesses),
            "resistances": list(self.resistances),
            "artist": self.artist,
            **({"filled": dict(self.filled)} if self.filled else {}),
        }

    @classmethod
    def from_record(cls, record: dict[str, Any], card_set: CardSet | None = None) -> Card:
        """Build the typed view of a (schema-valid) record; ``card_set``: its set, already
        built (a bulk load builds each set once)."""
        return cls(
            id=record["id"],
            name=record["name"],
            supertype=record["supertype"],
            subtypes=tuple(record["subtypes"]),
            stage=record["stage"],
            types=tuple(record["types"]),
            hp=record["hp"],
            attacks=tuple(
                Attack(a["name"], tuple(a["cost"]), a.get("damage", ""), a.get("text", ""))
                for a in record["attacks"]
            ),
            abilities=tuple(record["abilities"]),
            rules=tuple(record["rules"]),
            retreat_cost=record["retreat_cost"],
            evolves_from=record["evolves_from"],
            dex=tuple(record["dex"]),
            regulation_mark=record["regulation_mark"],
            set=card_set or CardSet.from_record(record["set"]),
            number=record["number"],
            rarity=record["rarity"],
            images=dict(record.get("images", {})),
            source=record.get("source", "pokemontcg"),
            legalities=dict(record.get("legalities", {})),
            aliases=dict(record.get("aliases", {})),
            ability_texts=tuple(record.get("ability_texts", ())),
            weaknesses=tuple(record.get("weaknesses", ())),
            resistances=tuple(record.get("resistances", ())),
            artist=record.get("artist"),
            filled=dict(record.get("filled") or {}),
            texts=dict(record.get("texts") or {}),
        )


def display_name(card: Card, lang: str = "en") -> str:
    """The card's name in ``lang`` where the catalogue knows it (its text in ``lang``, else
    its other-language name), else its English one."""
    if lang == "en":
        return card.name
    from totemdeck.catalogue.localized import shown_name  # it reads this module

    return shown_name(card, lang)


def basic_energy_type(card: Card) -> str | None:
    """The type a basic Energy card gives ("Fire Energy", "Basic Darkness Energy")."""
    if card.types:
        named = [t for t in card.types if t != COLORLESS]
        if named:
            return named[0]
    folded = fold(card.name)
    for energy_type in ENERGY_TYPES:
        if energy_type.casefold() in folded:
            return energy_type
    if "dark " in folded:
        return "Darkness"
    return None
