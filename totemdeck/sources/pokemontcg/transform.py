"""Pure normalisation of pokemon-tcg-data payloads into catalogue records.

Only this module knows the upstream field names (``convertedRetreatCost``, ``ptcgoCode``,
``regulationMark`` …). No I/O here.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from totemdeck.catalogue.model import COLORLESS, ENERGY_TYPES, STAGES
from totemdeck.catalogue.names import letter_name
from totemdeck.sources.pokemontcg import SOURCE_NAME

SOURCE = SOURCE_NAME


class RawSet(TypedDict):
    id: str
    name: str
    series: str
    printedTotal: int
    total: int
    releaseDate: str  # "2023/08/11"
    updatedAt: str
    ptcgoCode: NotRequired[str]


class RawAttack(TypedDict):
    name: str
    cost: NotRequired[list[str]]
    damage: NotRequired[str]
    text: NotRequired[str]


class RawCard(TypedDict):
    id: str
    name: str
    supertype: str
    number: str
    subtypes: NotRequired[list[str]]
    hp: NotRequired[str]
    types: NotRequired[list[str]]
    evolvesFrom: NotRequired[str]
    rules: NotRequired[list[str]]
    abilities: NotRequired[list[dict[str, str]]]
    attacks: NotRequired[list[RawAttack]]
    retreatCost: NotRequired[list[str]]
    convertedRetreatCost: NotRequired[int]
    nationalPokedexNumbers: NotRequired[list[int]]
    regulationMark: NotRequired[str]
    rarity: NotRequired[str]
    images: NotRequired[dict[str, str]]
    legalities: NotRequired[dict[str, str]]
    weaknesses: NotRequired[list[dict[str, str]]]
    resistances: NotRequired[list[dict[str, str]]]
    artist: NotRequired[str]


_STAGE_OF_SUBTYPE = {s: s for s in STAGES}
_SUPERTYPES = {"Pokémon": "Pokémon", "Pokemon": "Pokémon", "Trainer": "Trainer", "Energy": "Energy"}


def _typed(raw: RawSet, key: str, kinds: tuple[type, ...], default: Any = ...) -> Any:
    """``raw[key]`` when it is of one of ``kinds`` (``null`` for a name is no set name)."""
    value = raw[key] if default is ... else raw.get(key, default)  # type: ignore[literal-required]
    if not isinstance(value, kinds) or isinstance(value, bool):
        shown = "null" if value is None else type(value).__name__
        raise TypeError(f"{key} is {shown}, not {' or '.join(k.__name__ for k in kinds)}")
    return value


def set_record(raw: RawSet) -> dict[str, Any]:
    """The catalogue's set record for one entry of ``sets/en.json``.

    Raises ``TypeError`` naming the field when an entry has one of the wrong JSON type (a
    ``name`` of null reached the merge as an AttributeError): the set is skipped.
    """
    return {
        "id": _typed(raw, "id", (str,)),
        "name": _typed(raw, "name", (str,)),
        "series": _typed(raw, "series", (str,), ""),
        "ptcgl_code": _typed(raw, "ptcgoCode", (str, type(None)), None) or None,
        "release_date": _typed(raw, "releaseDate", (str,)).replace("/", "-"),
        "printed_total": _typed(raw, "printedTotal", (int, type(None)), None),
        "total": _typed(raw, "total", (int, type(None)), None),
    }


def set_updated_at(raw: RawSet) -> str | None:
    """When pokemon-tcg-data last changed the set: an unchanged one is not downloaded again."""
    return raw.get("updatedAt")


def printed_stage(supertype: str, subtypes: list[str]) -> str | None:
    """The printed stage from pokemontcg's subtypes (first one that is a stage)."""
    if supertype != "Pokémon":
        return None
    for subtype in subtypes:
        stage = _STAGE_OF_SUBTYPE.get(subtype)
        if stage is not None:
            return stage
    return None


def _hp(value: str | None) -> int | None:
    if value is None:
        return None
    digits = "".join(ch for ch in value if ch.isdigit())
    return int(digits) if digits else None


def _retreat(raw: RawCard) -> int | None:
    """The retreat cost the record states: its symbols, else ``convertedRetreatCost``."""
    symbols = raw.get("retreatCost")
    if symbols:
        return len(symbols)
    converted = raw.get("convertedRetreatCost")
    return converted if isinstance(converted, int) else None


def card_record(raw: RawCard, card_set: dict[str, Any]) -> dict[str, Any]:
    """The catalogue record of one pokemontcg card; ``card_set`` is its ``set_record``."""
    supertype = _SUPERTYPES.get(raw["supertype"], raw["supertype"])
    subtypes = list(dict.fromkeys(raw.get("subtypes") or []))
    is_pokemon = supertype == "Pokémon"
    if is_pokemon and printed_stage(supertype, subtypes) is None and "Baby" in subtypes:
        subtypes.insert(0, "Basic")  # a Baby Pokémon is a Basic Pokémon (FORMAT.md)
    record: dict[str, Any] = {
        "id": raw["id"],
        "name": letter_name(raw["name"].strip(), raw["number"]),
        "supertype": supertype,
        "subtypes": subtypes,
        "stage": printed_stage(supertype, subtypes),
        "types": list(dict.fromkeys(raw.get("types") or [])),
        "hp": _hp(raw.get("hp")),
        "attacks": [
            {
                "name": a.get("name", ""),
                "cost": list(a.get("cost") or []),
                "damage": str(a.get("damage") or ""),
                "text": str(a.get("text") or ""),
            }
            for a in raw.get("attacks") or []
        ],
        "abilities": [a.get("name", "") for a in raw.get("abilities") or []],
        "ability_texts": [str(a.get("text") or "") for a in raw.get("abilities") or []],
        "rules": list(raw.get("rules") or []),
        # None: the record leaves the cost out (the importer fills it, FORMAT.md "Missing
        # data is not zero"; ``SOURCE.retreat_when_silent`` says what this source means by it).
        "retreat_cost": _retreat(raw) if is_pokemon else None,
        "evolves_from": raw.get("evolvesFrom") or None,
        "dex": list(raw.get("nationalPokedexNumbers") or []),
        "regulation_mark": raw.get("regulationMark") or None,
        "set": card_set,
        "number": raw["number"],
        "rarity": raw.get("rarity") or None,
        "images": dict(raw.get("images") or {}),
        "source": SOURCE,
        "legalities": dict(raw.get("legalities") or {}),
        "aliases": {},
        "weaknesses": _types_of(raw.get("weaknesses")),
        "resistances": _types_of(raw.get("resistances")),
        "artist": raw.get("artist") or None,
    }
    return record


def _types_of(entries: list[dict[str, str]] | None) -> list[str]:
    """``[{"type": "Grass", "value": "×2"}]`` → ``["Grass"]`` (weaknesses, resistances)."""
    found = (e.get("type") for e in entries or [])
    return list(dict.fromkeys(t for t in found if t in (*ENERGY_TYPES, COLORLESS)))
