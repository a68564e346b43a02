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
    LEGAL_BITS,
    SENTENCE_BREAK,
    SearchRow,
    type_bits,
)
from totemdeck.catalogue.writes import CatalogueWrites
from totemdeck.rules.format import FormatRules, load_format
from totemdeck.rules.roles import roles_of
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
    printed_retreat_cost,
    prize_cards,
    provides_colorless,
)

_SYMBOL = re.compile(r"[\[{]([GRWLPFDMYNC])[\]}]")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)|\s*\n\s*")
_LOOSE = str.maketrans({"'": ""})
_DIGITS = re.compile(r"\d+")
_LOWER_EX = re.compile(r"(?:^|[\s-])ex(?:$|[\s)])")

# Each ``is:`` flag (index.FLAGS) decided from the card and the rules' traits.
FLAG_TESTS: dict[str, Callable[[Card], bool]] = {
    "ex": lambda c: "ex" in c.subtypes or ("EX" in c.subtypes and _lower_ex(c.name)),
    "EX": lambda c: "EX" in c.subtypes and not _lower_ex(c.name),
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
    # XY's "M … EX" and the Mega Evolution era's "Mega … ex"; not a TAG TEAM whose first
    # partner's name starts with "Mega" ("Mega Sableye & Tyranitar-GX" is a Basic Pokémon).
    "mega": lambda c: (
        c.is_pokemon
        and "TAG TEAM" not in c.subtypes
        and (c.stage == "MEGA" or c.name.startswith(("Mega ", "M ")))
    ),
    "first": lambda c: False,  # set by ``search_rows``, which sees every print of a name
    "reprint": lambda c: False,
}
assert set(FLAG_TESTS) == set(FLAG_BITS), "every is: flag needs its test"


def _lower_ex(name: str) -> bool:
    """The name prints the lower-case suffix ex (2003–2007, 2023–), whatever a source's
    subtype says (pokemon-tcg-data files the 2003 "Kyogre ex" promos of ``np`` as "EX")."""
    return bool(_LOWER_EX.search(name))


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
    """The highest damage its attacks print; 0 when none prints a number; None: no attack."""
    found = [int(m.group()) for a in card.attacks for m in _DIGITS.finditer(a.damage)]
    return max(found, default=0) if card.attacks else None


def cheapest_energy(card: Card) -> int | None:
    """The total Energy cost of its cheapest attack (``energy<=2``): Energy symbols only, so
    an attack whose data gives its cost as ``["Free"]`` costs 0."""
    return min((sum(s in LETTER_OF_TYPE for s in a.cost) for a in card.attacks), default=None)


def loose_name(name: str) -> str:
    """What a name search compares: the folded name without apostrophes ("farfetchd")."""
    return " ".join(fold(name).translate(_LOOSE).split())


def sentences(text: str) -> str:
    """Card text with ``SENTENCE_BREAK`` between sentences: phrases stay inside one."""
    return SENTENCE_BREAK.join(p for p in _SENTENCE_END.split(text) if p.strip())


def legal_bits(card: Card) -> int:
    return sum(bit for fmt, bit in LEGAL_BITS.items() if card.legalities.get(fmt) == "Legal")


def attack_costs(card: Card) -> str:
    """`` CRR CC ``: each attack's cost as sorted letters ("0" for a free attack)."""
    costs = [
        "".join(sorted(LETTER_OF_TYPE[s] for s in a.cost if s in LETTER_OF_TYPE)) or "0"
        for a in card.attacks
    ]
    return f" {' '.join(costs)} " if costs else ""


def _items(names: tuple[str, ...] | list[str] | set[str]) -> str:
    """``|a|b|``: folded items a ``LIKE '%|a|%'`` finds whole and ``'%a%'`` finds inside."""
    return "|" + "|".join(dict.fromkeys(fold(n) for n in names)) + "|" if names else ""


def _stage(card: Card) -> str | None:
    if card.stage:
        return fold(card.stage)
    return "baby" if "Baby" in card.subtypes else None


def format_facts(card: Card, fmt: FormatRules, normal_stage: NormalStage) -> tuple[object, ...]:
    """``index.FORMAT_COLUMNS`` of ``card`` under ``fmt``: what a format file changes."""
    column = cost_column(card, fmt, normal_stage) if card.is_pokemon else None
    return (
        type_bits(identity(card, fmt)),
        COLUMN_NUMBERS.get(column) if column else None,
        fmt.invocation_cost.get(column) if column else None,
        int(provides_colorless(card, fmt)),
    )


def search_row(
    card: Card, fmt: FormatRules, normal_stage: NormalStage, into: str = "", first: bool = True
) -> SearchRow:
    """Everything a search reads about ``card`` (``into``: the names evolving from it;
    ``first``: it is among the first prints of its name)."""
    ident, column, invocation, colorless = format_facts(card, fmt, normal_stage)
    digits = _DIGITS.search(card.number)
    paragraphs = [
        # a name is a sentence of its own: ``o:/^infernal reign$/`` ends where the name does
        *(p for n, t in zip(card.abilities, card.ability_texts, strict=False) for p in (n, t)),
        *(p for a in card.attacks for p in (a.name, a.text)),
        *card.rules,
    ]
    names = [card.name] + [v for k, v in sorted(card.aliases.items()) if len(k) == 2]
    flags = flags_of(card) | FLAG_BITS["first" if first else "reprint"]
    return SearchRow(
        card_id=card.id,
        name_key=name_key(card.name, card.supertype),
        # as FORMAT.md keys it ("unown g", δ dropped) and as printed ("unown [g]", "pikachu δ")
        names=_items([loose_name(x) for n in names for x in (name_key(n, card.supertype), n)]),
        supertype=fold(card.supertype),
        type_line=_items([card.supertype, *card.subtypes]),
        stage=_stage(card),
        types=type_bits(card.types) if card.is_pokemon else 0,
        identity=ident,  # type: ignore[arg-type]
        weak=type_bits(card.weaknesses),
        resist=type_bits(card.resistances),
        hp=card.hp,
        retreat=printed_retreat_cost(card),
        prizes=prize_cards(card) if card.is_pokemon else None,
        cost_column=column,  # type: ignore[arg-type]
        invocation=invocation,  # type: ignore[arg-type]
        damage=highest_damage(card),
        energy=cheapest_energy(card),
        attacks=len(card.attacks),
        abilities=len(card.abilities),
        costs=attack_costs(card),
        attack_names=_items([a.name for a in card.attacks]),
        ability_names=_items(card.abilities),
        evolves_from=name_key(card.evolves_from) if card.evolves_from else None,
        evolves_into=into,
        dex=_items([str(n) for n in card.dex]),
        series=fold(card.set.series),
        legal=legal_bits(card),
        roles=_items(list(roles_of(card))),
        flags=flags,
        can_totem=int(why_not_totem(card) is None),
        colorless_pokemon=int(is_colorless_pokemon(card)),
        provides_colorless=colorless,  # type: ignore[arg-type]
        set_id=card.set.id,
        number_key=number_key(card.number),
        number_sort=int(digits.group()) if digits else None,
        rarity=fold(card.rarity) if card.rarity else None,
        artist=fold(card.artist) if card.artist else None,
        reg=card.regulation_mark,
        released=card.set.release_date,
        year=int(card.set.release_date[:4]),
        text=with_type_names(SENTENCE_BREAK.join(sentences(p) for p in paragraphs if p)),
    )


def search_rows(catalogue: Catalogue, fmt: FormatRules) -> Iterator[SearchRow]:
    """Every print's row; evolutions and first prints need every card, so they are read
    once first."""
    stages = CatalogueStages(catalogue)
    cards = list(catalogue.iter_cards())
    into: dict[str, set[str]] = {}
    first_date: dict[str, str] = {}
    for card in cards:
        key = name_key(card.name, card.supertype)
        if card.evolves_from:
            into.setdefault(name_key(card.evolves_from), set()).add(key)
        first_date[key] = min(first_date.get(key, card.set.release_date), card.set.release_date)
    for card in cards:
        key = name_key(card.name, card.supertype)
        yield search_row(
            card,
            fmt,
            stages,
            _items(sorted(into.get(key, ()))),
            card.set.release_date == first_date[key],
        )


def format_rows(catalogue: Catalogue, fmt: FormatRules) -> Iterator[tuple[object, ...]]:
    """``(card_id, *FORMAT_COLUMNS)`` of every print under ``fmt`` (``index.use_format``)."""
    stages = CatalogueStages(catalogue)
    for card in catalogue.iter_cards():
        yield (card.id, *format_facts(card, fmt, stages))


def refresh_search_index(writer: CatalogueWrites, cards_changed: bool) -> int | None:
    """Rebuild the search index when the cards, the code computing it or the format file
    changed. Returns how many rows were written, or None when the stored index was current.
    """
    from importlib import resources
    from pathlib import Path

    from totemdeck.catalogue.search import index
    from totemdeck.rules import roles, traits

    digest = hashlib.sha256()
    for module in (__file__, index.__file__, traits.__file__, roles.__file__):
        digest.update(Path(module).read_bytes())
    digest.update(resources.files("totemdeck.data").joinpath("roles.yaml").read_bytes())
    digest.update(resources.files("totemdeck.data").joinpath("format.yaml").read_bytes())
    # The merge's key changes whenever the merged cards can (its code, data or counts).
    inputs = json.dumps([digest.hexdigest()[:16], writer.meta("merged_inputs")])
    if not cards_changed and writer.search_index_inputs() == inputs:
        return None
    return writer.put_search_index(search_rows(writer.reader(), load_format()), inputs)
