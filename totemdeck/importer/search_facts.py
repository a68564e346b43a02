"""The search index's facts about each print, computed with the rules' own functions.

The catalogue package stores search rows but may not import the rules; the importer may.
So identity, Prize cards, the cost-table column, Colorless-restriction markers and the
``is:`` flags come from ``totemdeck.rules`` here, once per import, and the catalogue's
searches compare plain columns.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterator

from totemdeck.catalogue.model import LETTER_OF_TYPE, TYPE_LETTERS, Card
from totemdeck.catalogue.names import fold, name_key
from totemdeck.catalogue.read import Catalogue
from totemdeck.catalogue.schema import number_key
from totemdeck.catalogue.search.index import (
    COLUMN_NUMBERS,
    FLAG_BITS,
    SearchRow,
    type_bits,
)
from totemdeck.catalogue.write import CatalogueWriter
from totemdeck.rules.format import FormatRules, load_format
from totemdeck.rules.stages import CatalogueStages
from totemdeck.rules.totem import NormalStage, cost_column, why_not_totem
from totemdeck.rules.traits import (
    RULE_BOX_SUBTYPES,
    identity,
    is_ace_spec,
    is_colorless_pokemon,
    is_legend,
    is_radiant,
    is_star,
    is_v_union,
    prize_cards,
    provides_colorless,
)

_SYMBOL = re.compile(r"[\[{]([GRWLPFDMYNC])[\]}]")
_DIGITS = re.compile(r"\d+")

# Each ``is:`` flag (index.FLAGS) decided from the card and the rules' traits.
FLAG_TESTS: dict[str, Callable[[Card], bool]] = {
    "ex": lambda c: "ex" in c.subtypes,
    "EX": lambda c: "EX" in c.subtypes,
    "GX": lambda c: "GX" in c.subtypes,
    "V": lambda c: "V" in c.subtypes,
    "VMAX": lambda c: c.stage == "VMAX" or "VMAX" in c.subtypes,
    "VSTAR": lambda c: c.stage == "VSTAR" or "VSTAR" in c.subtypes,
    "V-UNION": is_v_union,
    "LEGEND": is_legend,
    "BREAK": lambda c: c.stage == "BREAK" or "BREAK" in c.subtypes,
    "radiant": is_radiant,
    "ace": is_ace_spec,
    "star": is_star,
    "prism": lambda c: "Prism Star" in c.subtypes or "◇" in c.name,
    "tagteam": lambda c: "TAG TEAM" in c.subtypes,
    "tera": lambda c: "Tera" in c.subtypes,
    "ancient": lambda c: "Ancient" in c.subtypes,
    "future": lambda c: "Future" in c.subtypes,
    "delta": lambda c: "δ" in c.name,
    "baby": lambda c: "Baby" in c.subtypes,
    "shining": lambda c: c.is_pokemon and c.name.startswith("Shining "),
    "rulebox": lambda c: bool(RULE_BOX_SUBTYPES.intersection(c.subtypes)),
    "single-strike": lambda c: "Single Strike" in c.subtypes,
    "rapid-strike": lambda c: "Rapid Strike" in c.subtypes,
    "fusion-strike": lambda c: "Fusion Strike" in c.subtypes,
    "promo": lambda c: "promo" in fold(c.set.name) or fold(c.rarity or "") == "promo",
    "levelx": lambda c: c.stage == "Level-Up",
    "mega": lambda c: c.stage == "MEGA" or (c.is_pokemon and c.name.startswith("Mega ")),
}
assert set(FLAG_TESTS) == set(FLAG_BITS), "every is: flag needs its test"


def flags_of(card: Card) -> int:
    bits = 0
    for flag, test in FLAG_TESTS.items():
        if test(card):
            bits |= FLAG_BITS[flag]
    return bits


def with_type_names(text: str) -> str:
    """``{R}`` / ``[R]`` → ``Fire``, so both sources' texts read alike."""
    return _SYMBOL.sub(lambda m: TYPE_LETTERS[m.group(1)], text)


def highest_damage(card: Card) -> int | None:
    found = [int(m.group()) for a in card.attacks for m in _DIGITS.finditer(a.damage)]
    return max(found) if found else None


def attack_costs(card: Card) -> str:
    """`` CRR CC ``: each attack's cost as sorted letters ("0" for a free attack)."""
    costs = [
        "".join(sorted(LETTER_OF_TYPE[s] for s in a.cost if s in LETTER_OF_TYPE)) or "0"
        for a in card.attacks
    ]
    return f" {' '.join(costs)} " if costs else ""


def _items(names: tuple[str, ...] | list[str]) -> str:
    """``|a|b|``: folded items a ``LIKE '%|a|%'`` finds whole and ``'%a%'`` finds inside."""
    return "|" + "|".join(dict.fromkeys(fold(n) for n in names)) + "|" if names else ""


def search_row(card: Card, fmt: FormatRules, normal_stage: NormalStage) -> SearchRow:
    """Everything a search reads about ``card``."""
    column = cost_column(card, fmt, normal_stage) if card.is_pokemon else None
    digits = _DIGITS.search(card.number)
    text = " ".join(
        [
            *(f"{n}. {t}" for n, t in zip(card.abilities, card.ability_texts, strict=False)),
            *(f"{a.name}. {a.text}" for a in card.attacks),
            *card.rules,
        ]
    )
    return SearchRow(
        card_id=card.id,
        name_key=name_key(card.name, card.supertype),
        names=_items(
            [name_key(card.name, card.supertype)]
            + [name_key(v) for k, v in sorted(card.aliases.items()) if len(k) == 2]
        ),
        supertype=fold(card.supertype),
        type_line=_items([card.supertype, *card.subtypes]),
        stage=fold(card.stage) if card.stage else None,
        types=type_bits(card.types),
        identity=type_bits(identity(card, fmt)),
        weak=type_bits(card.weaknesses),
        resist=type_bits(card.resistances),
        hp=card.hp,
        retreat=card.retreat_cost,
        prizes=prize_cards(card) if card.is_pokemon else None,
        cost_column=COLUMN_NUMBERS.get(column) if column else None,
        invocation=fmt.invocation_cost.get(column) if column else None,
        damage=highest_damage(card),
        attacks=len(card.attacks),
        abilities=len(card.abilities),
        costs=attack_costs(card),
        attack_names=_items([a.name for a in card.attacks]),
        ability_names=_items(card.abilities),
        evolves_from=name_key(card.evolves_from) if card.evolves_from else None,
        flags=flags_of(card),
        can_totem=int(why_not_totem(card) is None),
        colorless_pokemon=int(is_colorless_pokemon(card)),
        provides_colorless=int(provides_colorless(card, fmt)),
        set_id=card.set.id,
        number_key=number_key(card.number),
        number_sort=int(digits.group()) if digits else None,
        rarity=fold(card.rarity) if card.rarity else None,
        artist=fold(card.artist) if card.artist else None,
        reg=card.regulation_mark,
        released=card.set.release_date,
        year=int(card.set.release_date[:4]),
        text=with_type_names(text),
    )


def search_rows(catalogue: Catalogue, fmt: FormatRules) -> Iterator[SearchRow]:
    stages = CatalogueStages(catalogue)
    for card in catalogue.iter_cards():
        yield search_row(card, fmt, stages)


def refresh_search_index(writer: CatalogueWriter, cards_changed: bool) -> int | None:
    """Rebuild the search index when the cards, the code computing it or the format file
    changed. Returns how many rows were written, or None when the stored index was current.
    """
    from importlib import resources
    from pathlib import Path

    from totemdeck.catalogue.search import index
    from totemdeck.rules import traits

    digest = hashlib.sha256()
    for module in (__file__, index.__file__, traits.__file__):
        digest.update(Path(module).read_bytes())
    digest.update(resources.files("totemdeck.data").joinpath("format.yaml").read_bytes())
    # The merge's key changes whenever the merged cards can (its code, data or counts).
    inputs = json.dumps([digest.hexdigest()[:16], writer.meta("merged_inputs")])
    if not cards_changed and writer.search_index_inputs() == inputs:
        return None
    return writer.put_search_index(search_rows(writer.reader(), load_format()), inputs)
