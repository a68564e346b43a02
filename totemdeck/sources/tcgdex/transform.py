"""Pure normalisation of TCGdex payloads into catalogue records.

Only this module knows TCGdex's field names (``evolveFrom``, ``suffix``, ``trainerType``,
``energyType``, ``localId``…). TCGdex is thinner than pokemon-tcg-data for some mechanics,
so what FORMAT.md needs is derived here from name, suffix, stage and rarity, with
``totemdeck/data/tcgdex.yaml`` for what cannot be derived.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from typing import Any
from urllib.parse import unquote

import yaml

from totemdeck.catalogue.model import COLORLESS, ENERGY_TYPES
from totemdeck.catalogue.names import letter_name
from totemdeck.sources.tcgdex import SOURCE_NAME

SOURCE = SOURCE_NAME
_SUPERTYPES = {"Pokemon": "Pokémon", "Pokémon": "Pokémon", "Trainer": "Trainer", "Energy": "Energy"}
_LV_X = re.compile(r"\bLV\.?\s*X\b", re.IGNORECASE)
# Trainer-kit Energy often has no energyType: a plain "Water Energy" is the basic one.
_BASIC_ENERGY = re.compile(
    r"(?:Basic )?(?:Grass|Fire|Water|Lightning|Psychic|Fighting|Darkness|Metal|Fairy) Energy"
)


@cache
def tcgdex_data() -> dict[str, Any]:
    text = resources.files("totemdeck.data").joinpath("tcgdex.yaml").read_text("utf-8")
    data: dict[str, Any] = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    return data


def ptcgl_code(raw_set: dict[str, Any]) -> str | None:
    """``ASR:TG`` (a subset) → ``ASR``; TCGdex's ``tcgOnline`` code when no abbreviation."""
    official = (raw_set.get("abbreviation") or {}).get("official") or raw_set.get("tcgOnline")
    if not official:
        return None
    code = str(official).split(":")[0].strip().upper()
    return code if re.fullmatch(r"[A-Z0-9-]{1,12}", code) else None


def set_record(raw_set: dict[str, Any]) -> dict[str, Any]:
    counts = raw_set.get("cardCount") or {}
    return {
        "id": raw_set["id"],
        "name": raw_set["name"],
        "series": (raw_set.get("serie") or {}).get("name", ""),
        "ptcgl_code": ptcgl_code(raw_set),
        "release_date": raw_set["releaseDate"],
        "printed_total": counts.get("official"),
        "total": counts.get("total"),
    }


def _stage(raw: dict[str, Any], name: str) -> str | None:
    stages: dict[str, str] = tcgdex_data()["stages"]
    stage = stages.get(raw.get("stage") or "")
    if stage:
        if raw.get("suffix") == "Legend":
            return "LEGEND"
        return stage
    # Hundreds of Pokémon lack a stage: derive it from the suffix, name and rarity.
    suffix = raw.get("suffix")
    if suffix == "Legend" or name.endswith(" LEGEND"):
        return "LEGEND"
    if _LV_X.search(name) or "LV.X" in (raw.get("rarity") or ""):
        return "Level-Up"
    for word in ("VMAX", "VSTAR", "V-UNION", "BREAK"):
        if name.endswith(word):
            return word
    if name.startswith(("M ", "Primal ")) and rule_suffix(raw, name) == "EX":
        return "MEGA"
    if not raw.get("evolveFrom"):
        return "Basic"  # nothing to evolve from (TAG TEAM, V, most old Basics)
    return None  # decided from other prints of the name once merged (see merge.py)


def _subtypes(raw: dict[str, Any], name: str, supertype: str, stage: str | None) -> list[str]:
    data = tcgdex_data()
    out: list[str] = []
    if supertype == "Pokémon":
        if stage:
            out.append(stage)
        if raw.get("stage") == "Baby":
            out.append("Baby")
        suffix = rule_suffix(raw, name)
        if suffix == "TAG TEAM-GX":
            out += ["TAG TEAM", "GX"]
        elif suffix == "Legend":
            pass  # the stage says LEGEND
        elif suffix:
            out.append(suffix)
        if name.startswith("Radiant "):
            out.append("Radiant")
        if "★" in name:
            out.append("Star")
        if "◇" in name:
            out.append("Prism Star")
    elif supertype == "Trainer":
        kind = data["trainer_types"].get(raw.get("trainerType") or "")
        if kind:
            out.append(kind)
    elif supertype == "Energy":
        out.append("Basic" if is_basic_energy(raw, name) else "Special")
    rarity = (raw.get("rarity") or "").casefold()
    if rarity.startswith("ace spec") or name in data["ace_spec_names"]:
        out.append("ACE SPEC")
    return list(dict.fromkeys(out))


_EX_NAME = re.compile(r"\sex(?: δ)?$")  # "Charizard ex", "Latios ex δ": case matters
_EX_ERA_NAME = re.compile(r"[\s-]EX$")  # "M Manectric-EX", "Mewtwo EX"


def rule_suffix(raw: dict[str, Any], name: str) -> str | None:
    """TCGdex's ``suffix``, but "ex" / "EX" where the printed name says so: the field says
    "EX" or nothing on some Mega ex ("Mega Greninja ex" ME04 22), nothing on some reprints
    (M Manectric-EX XYA 24a), and "ex" on some of one card's prints but not on the others."""
    suffix = raw.get("suffix")
    if _EX_NAME.search(name):
        return "ex"
    if _EX_ERA_NAME.search(name):
        return "EX"
    return suffix


def is_basic_energy(raw: dict[str, Any], name: str) -> bool:
    """FORMAT.md's basic Energy: one basic type and no text of its own. An Energy with rules
    or effect text is Special whatever ``energyType`` says (TCGdex marks Prism Energy ASC 216,
    Ignition Energy PFL 124 and the 2025–26 typed Special Energy ``"Normal"``)."""
    if str(raw.get("effect") or "").strip():
        return False
    kind = raw.get("energyType")
    return kind == "Normal" or (kind is None and bool(_BASIC_ENERGY.fullmatch(name)))


def _rules(raw: dict[str, Any], name: str, stage: str | None) -> list[str]:
    """Rule-box lines (which say the Prize cards), then the card's own text."""
    boxes: dict[str, str] = tcgdex_data()["rule_box"]
    suffix = rule_suffix(raw, name)
    lines: list[str] = []
    if suffix == "ex" and name.startswith("Mega "):
        lines.append(boxes["mega_ex"])
    elif stage in ("VMAX", "VSTAR", "V-UNION"):
        lines.append(boxes[stage])
    elif suffix == "Legend" or stage == "LEGEND":
        lines.append(boxes["Legend"])
        if "&" in name:
            lines.append(boxes["dual_legend"])
    elif suffix in boxes:
        lines.append(boxes[suffix])
    if raw.get("effect"):
        lines.append(str(raw["effect"]))
    return lines


def printed_number(local_id: object) -> str:
    """``061`` → ``61``, ``%3F`` → ``?``: a number as players and pokemon-tcg-data write it
    (TCGdex pads the digits of modern sets); letters stay (``TG05``, ``SWSH001``)."""
    text = unquote(str(local_id)).strip()  # Unown "?" is "%3F" in TCGdex's data
    return (text.lstrip("0") or "0") if text.isdigit() else text


def _regulation_mark(value: object) -> str | None:
    """A single letter; TCGdex sometimes writes "None" or a lower-case letter."""
    text = str(value or "").strip().upper()
    return text if len(text) == 1 and text.isalpha() else None


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 5


def card_record(raw: dict[str, Any], card_set: dict[str, Any]) -> dict[str, Any]:
    """The catalogue record of one English TCGdex card; ``card_set`` is its ``set_record``."""
    supertype = _SUPERTYPES.get(raw["category"], raw["category"])
    name = letter_name(str(raw["name"]).strip(), printed_number(raw["localId"]))
    stage = _stage(raw, name) if supertype == "Pokémon" else None
    if stage == "Level-Up" and not _LV_X.search(name):
        name = f"{name} LV.X"  # "LV.X" is part of the name (FORMAT.md); TCGdex often omits it
    is_pokemon = supertype == "Pokémon"
    image = raw.get("image")
    return {
        "id": raw["id"],
        "name": name,
        "supertype": supertype,
        "subtypes": _subtypes(raw, name, supertype, stage),
        "stage": stage,
        "types": list(dict.fromkeys(raw.get("types") or [])),
        "hp": raw.get("hp") if isinstance(raw.get("hp"), int) else None,
        "attacks": [
            {
                "name": a.get("name", ""),
                "cost": list(a.get("cost") or []),
                "damage": str(a.get("damage") or ""),
                "text": str(a.get("effect") or ""),
            }
            for a in raw.get("attacks") or []
        ],
        "abilities": [a.get("name", "") for a in raw.get("abilities") or []],
        "ability_texts": [str(a.get("effect") or "") for a in raw.get("abilities") or []],
        "rules": _rules(raw, name, stage),
        # None: TCGdex leaves it out (it writes Retreat 0 as 0); the importer fills it.
        "retreat_cost": raw["retreat"] if is_pokemon and _is_count(raw.get("retreat")) else None,
        "evolves_from": raw.get("evolveFrom") or None,
        "dex": list(raw.get("dexId") or []),
        "regulation_mark": _regulation_mark(raw.get("regulationMark")),
        "set": card_set,
        "number": printed_number(raw["localId"]),
        "rarity": raw.get("rarity") if raw.get("rarity") not in (None, "None") else None,
        "images": {"small": f"{image}/low.png", "large": f"{image}/high.png"} if image else {},
        "source": SOURCE,
        "legalities": {
            fmt: "Legal" for fmt, legal in (raw.get("legal") or {}).items() if legal is True
        },
        "aliases": {},
        "weaknesses": _types_of(raw.get("weaknesses")),
        "resistances": _types_of(raw.get("resistances")),
        "artist": raw.get("illustrator") or None,
    }


def staged_set(raw_set: dict[str, Any]) -> dict[str, Any]:
    """What is kept of a TCGdex set until the merge: our set record, whether TCGdex marks it
    a subset (``ASR:TG``), and its card list (so an unchanged set needs no new listing)."""
    official = str((raw_set.get("abbreviation") or {}).get("official") or "")
    return {
        "record": set_record(raw_set),
        "subset": ":" in official,
        "cards": listed_card_ids(raw_set),
    }


def listed_card_ids(raw_set: dict[str, Any]) -> list[str]:
    """The ids of the cards a set's document lists."""
    return [str(c["id"]) for c in raw_set.get("cards") or [] if isinstance(c, dict) and c.get("id")]


def listed_names(raw_set: dict[str, Any], lang: str) -> list[tuple[str, str, str]]:
    """``(card id, lang, name)`` of each card a set's document in ``lang`` lists."""
    return [
        (str(card["id"]), lang, str(card["name"]).strip())
        for card in raw_set.get("cards") or []
        if isinstance(card, dict) and card.get("id") and card.get("name")
    ]


def card_updated(raw: dict[str, Any]) -> str | None:
    """When TCGdex last changed the card, as it says."""
    updated = raw.get("updated")
    return None if updated is None else str(updated)


def _types_of(entries: Any) -> list[str]:
    """``[{"type": "Grass", "value": "×2"}]`` → ``["Grass"]`` (weaknesses, resistances)."""
    found = (e.get("type") for e in entries or [] if isinstance(e, dict))
    return list(dict.fromkeys(t for t in found if t in (*ENERGY_TYPES, COLORLESS)))
