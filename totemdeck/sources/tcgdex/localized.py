"""A TCGdex card in another language (Spanish) → the catalogue's text record of that print.

The English record carries the rules' facts; a Spanish player needs the same card's words:
its name, attack and ability names and effects, Trainer and Energy text, rule-box lines, set
name, rarity and the category, stage and type words TCGdex prints in Spanish. This module
keeps exactly those (``schemas/card_text.schema.json``), nothing a rule reads. Pure: the
provider (``texts.py``) fetches, the catalogue stores.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

import yaml


@cache
def rule_boxes(lang: str) -> dict[str, str]:
    """The rule-box lines printed in ``lang`` (``data/rule_box.yaml``), by suffix or stage."""
    text = resources.files("totemdeck.data").joinpath("rule_box.yaml").read_text("utf-8")
    data: dict[str, dict[str, str]] = yaml.safe_load(text)
    return dict(data.get(lang) or {})


def _text(value: Any) -> str:
    """A text field with its runs of spaces and line breaks made single spaces."""
    if not value:
        return ""
    text = value if isinstance(value, str) else str(value)
    return " ".join(text.split()) if "  " in text or "\n" in text else text.strip()


def _words(values: Any) -> list[str]:
    return [str(v) for v in values or [] if isinstance(v, str)]


def _kinds(entries: Any) -> list[str]:
    """``[{"type": "Planta", "value": "×2"}]`` → ``["Planta"]`` (weaknesses, resistances)."""
    found = (e.get("type") for e in entries or [] if isinstance(e, dict))
    return list(dict.fromkeys(str(t) for t in found if t))


def _rules(raw: dict[str, Any], lang: str) -> list[str]:
    """Rule-box lines in ``lang`` (as the English transform derives them), then the effect."""
    boxes = rule_boxes(lang)
    suffix, stage, name = raw.get("suffix"), raw.get("stage"), str(raw.get("name") or "")
    lines: list[str] = []
    if suffix == "ex" and name.startswith("Mega "):
        lines.append(boxes["mega_ex"])
    elif stage in ("VMAX", "V-ASTRO", "V-UNIÓN"):
        lines.append(boxes[str(stage)])
    elif suffix == "Legend":
        lines.append(boxes["Legend"])
        if "&" in name:
            lines.append(boxes["dual_legend"])
    elif suffix in boxes:
        lines.append(boxes[str(suffix)])
    effect = _text(raw.get("effect"))
    if effect:
        lines.append(effect)
    return lines


def text_record(raw: dict[str, Any], lang: str) -> dict[str, Any]:
    """The text record of one TCGdex card document in ``lang`` (``KeyError`` if no id)."""
    found = raw.get("set")
    card_set: dict[str, Any] = found if isinstance(found, dict) else {}
    rarity = raw.get("rarity")
    return {
        "id": str(raw["id"]),
        "lang": lang,
        "name": _text(raw.get("name")),
        "category": _text(raw.get("category")) or None,
        "stage": _text(raw.get("stage")) or None,
        "trainer_type": _text(raw.get("trainerType")) or None,
        "energy_type": _text(raw.get("energyType")) or None,
        "types": _words(raw.get("types")),
        "evolves_from": _text(raw.get("evolveFrom")) or None,
        "attacks": [
            {
                "name": _text(a.get("name")),
                "cost": _words(a.get("cost")),
                "damage": _text(a.get("damage")),
                "text": _text(a.get("effect")),
            }
            for a in raw.get("attacks") or []
            if isinstance(a, dict)
        ],
        "abilities": [
            {
                "kind": _text(a.get("type")),
                "name": _text(a.get("name")),
                "text": _text(a.get("effect")),
            }
            for a in raw.get("abilities") or []
            if isinstance(a, dict)
        ],
        "rules": _rules(raw, lang),
        "rarity": _text(rarity) if rarity not in (None, "None") else None,
        "set_name": _text(card_set.get("name")) or None,
        "weaknesses": _kinds(raw.get("weaknesses")),
        "resistances": _kinds(raw.get("resistances")),
    }
