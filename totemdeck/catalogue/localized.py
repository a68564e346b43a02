"""A print as a reader of another language sees it: the rules' card with its words swapped.

The rules read the English record (``Card``); every face that shows a card shows
``localize(card, lang)`` instead: the same print with its name, attacks, abilities, rule
text, set name, rarity and "evolves from" in ``lang`` where the catalogue has them (its
TCGdex twin's text, ``catalogue/texts.py``). Where it has none the English words stay and
``is_fallback`` says so, for the one quiet marker the faces add (``FALLBACK_MARK``).
Stage, type and category words are the program's terms (``i18n/terms.py``), already in the
reader's language.
"""

from __future__ import annotations

import dataclasses
import json
from functools import lru_cache
from typing import Any

from totemdeck.catalogue.model import COLORLESS, Attack, Card

# The marker a face puts once beside a card shown in English for want of its text in the
# reader's language ("EN": the text is the English one).
FALLBACK_MARK = "ᴱᴺ"

# TCGdex's Spanish type words (costs, weaknesses) → the catalogue's type names.
SPANISH_TYPES: dict[str, str] = {
    "Planta": "Grass", "Fuego": "Fire", "Agua": "Water", "Rayo": "Lightning",
    "Psíquico": "Psychic", "Lucha": "Fighting", "Oscura": "Darkness", "Metálica": "Metal",
    "Hada": "Fairy", "Dragón": "Dragon", "Incolora": COLORLESS,
}  # fmt: skip


@lru_cache(maxsize=8192)
def _parsed(data: str) -> dict[str, Any]:
    parsed: dict[str, Any] = json.loads(data)
    return parsed


def text_record(card: Card, lang: str) -> dict[str, Any] | None:
    """The stored text record of ``card`` in ``lang`` (``schemas/card_text.schema.json``)."""
    data = card.texts.get(lang)
    return None if data is None else _parsed(data)


def is_complete(card: Card, text: dict[str, Any]) -> bool:
    """Whether ``text`` has every piece the English record shows: each attack and ability
    named (and its effect where the English one has an effect), the card's own text."""
    attacks, abilities = text["attacks"], text["abilities"]
    if len(attacks) != len(card.attacks) or len(abilities) != len(card.abilities):
        return False
    if not all(
        t["name"] and (t["text"] or not a.text) for a, t in zip(card.attacks, attacks, strict=True)
    ):
        return False
    if not all(t["name"] for t in abilities):
        return False
    return bool(text["rules"]) or not card.rules


def is_fallback(card: Card, lang: str) -> bool:
    """Whether some of ``card`` is shown in English for want of its words in ``lang``
    (no text at all, or a text that lacks an attack, an ability or the card's own text)."""
    if lang == "en":
        return False
    text = text_record(card, lang)
    return text is None or not is_complete(card, text)


def text_lang(card: Card, lang: str) -> str:
    """Whose words a reader of ``lang`` sees: ``lang``, ``en``, or ``lang,en`` (partly)."""
    if lang == "en" or text_record(card, lang) is None:
        return "en"
    return f"{lang},en" if is_fallback(card, lang) else lang


def _attacks(card: Card, text: dict[str, Any]) -> tuple[Attack, ...]:
    """Spanish names and effects; cost and damage from the English record when the two
    list the same attacks, else the Spanish ones (type words read back to type names)."""
    local = text["attacks"]
    if len(local) == len(card.attacks):
        return tuple(
            Attack(t["name"] or a.name, a.cost, a.damage, t["text"] if t["name"] else a.text)
            for a, t in zip(card.attacks, local, strict=True)
        )
    return tuple(
        Attack(t["name"], tuple(SPANISH_TYPES.get(c, c) for c in t["cost"]), t["damage"], t["text"])
        for t in local
    )


def _name(card: Card, text: dict[str, Any]) -> str:
    name = str(text["name"]) or card.name
    if card.name.endswith(" LV.X") and "LV.X" not in name:
        name += " LV.X"  # the English transform writes LV.X into the name; so do we
    return name


def localize(card: Card, lang: str) -> Card:
    """``card`` with its words in ``lang`` where the catalogue has them (else ``card``)."""
    text = text_record(card, lang) if lang != "en" else None
    if text is None:
        return card
    abilities = text["abilities"]
    return dataclasses.replace(
        card,
        name=_name(card, text),
        attacks=_attacks(card, text),
        abilities=tuple(a["name"] for a in abilities) if abilities else card.abilities,
        ability_texts=tuple(a["text"] for a in abilities) if abilities else card.ability_texts,
        rules=tuple(text["rules"]) if text["rules"] or not card.rules else card.rules,
        set=dataclasses.replace(card.set, name=text["set_name"] or card.set.name),
        rarity=text["rarity"] or card.rarity,
        evolves_from=text["evolves_from"] or card.evolves_from,
    )


def shown_name(card: Card, lang: str) -> str:
    """The name a reader of ``lang`` sees: the print's text, its other-language name, or the
    English name."""
    if lang == "en":
        return card.name
    text = text_record(card, lang)
    if text is not None:
        return _name(card, text)
    return card.aliases.get(lang, card.name)


def shown_set_name(card: Card, lang: str) -> str:
    text = text_record(card, lang) if lang != "en" else None
    return str(text["set_name"]) if text and text["set_name"] else card.set.name


def shown_label(card: Card, lang: str) -> str:
    """``Charizard ex OBF 125`` with the name in ``lang`` (``Card.label`` in English)."""
    return f"{shown_name(card, lang)} {card.set.ptcgl_code or card.set.id} {card.number}"
