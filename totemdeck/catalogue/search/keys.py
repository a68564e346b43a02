"""The search key table: one ``Key`` entry each (name, aliases, operators, SQL builder, words).

Adding a key is one entry in ``KEYS`` (and, if it reads a new fact, one column in
``index.py`` filled by the importer). The builders live beside the facts they read:
``builders.py`` (shapes several keys share), ``card_keys.py`` (printed facts),
``rule_keys.py`` (what the rules decide). docs/search.md's syntax table and ``--explain``
read the same entries; ``add_aliases`` lets another language add its own key names.
"""

from __future__ import annotations

from totemdeck.catalogue.search import card_keys as card
from totemdeck.catalogue.search import rule_keys as rule
from totemdeck.catalogue.search.builders import (
    COMPARE,
    EQUAL,
    MATCH,
    contains,
    exact_name_condition,
    name_condition,
    number,
    regex_condition,
    types,
)
from totemdeck.catalogue.search.builders import (
    normal as normalised,
)
from totemdeck.catalogue.search.context import Key, SearchContext, Sql, TotemFacts
from totemdeck.catalogue.search.index import COLUMN_NUMBERS
from totemdeck.catalogue.search.parse import Term
from totemdeck.catalogue.search.spanish_keys import with_spanish
from totemdeck.catalogue.search.values import BadValue, whole_number
from totemdeck.i18n import N_, _

__all__ = ["BY_NAME", "KEYS", "Key", "SearchContext", "Sql", "TotemFacts", "add_aliases"]


def _name(term: Term, ctx: SearchContext) -> Sql:
    if term.regex:
        return regex_condition("names", term)
    return exact_name_condition(term.value) if term.op == "=" else name_condition(term.value)


def _describe_name(term: Term) -> str:
    if term.regex:
        return _("the name matches /{text}/").format(text=term.value)
    if term.op == "=":
        return _("the name is “{name}”").format(name=term.value)
    return _("the name contains “{text}”").format(text=term.value)


def _column_number(value: str, label: str) -> int:
    words = {"basic": 0, "stage1": 1, "stage2": 2, "stage3": 3}
    normal = normalised(value)
    if normal in words:
        return words[normal]
    found = whole_number(value, label)
    if found > max(COLUMN_NUMBERS.values()):
        raise BadValue(
            _("{what} is basic, 1, 2 or 3, not {value!r}").format(what=_(label), value=value)
        )
    return found


_hp = number("hp", N_("HP"))
_retreat = number("retreat", N_("the Retreat Cost"))
_prizes = number("prizes", N_("the Prize cards it gives"))
_column = number("cost_column", N_("the Totem cost column"), _column_number)
_invocation = number("invocation", N_("the Invocation Cost"))
_damage = number("damage", N_("the highest attack damage"))
_energy = number("energy", N_("the cheapest attack's Energy cost"))
_attacks = number("attacks", N_("the number of attacks"))
_year = number("year", N_("the release year"))
_attack_name = contains("attack_names", N_("an attack name"), items=True)
_ability_name = contains("ability_names", N_("an ability name"), items=True)
_rarity = contains("rarity", N_("the rarity"))
_artist = contains("artist", N_("the artist"))
_type = types("types", N_("its printed types"))
_weak = types("weak", N_("its weaknesses"))
_resist = types("resist", N_("its resistances"))

KEYS: tuple[Key, ...] = (
    Key("name", ("n",), MATCH, _name, _describe_name,
        "the name contains (`:`), matches (`:/regex/`) or is (`=`, as FORMAT.md compares "
        "names); Spanish names too", "name:pika", regex=True),
    Key("t", ("type_line", "typeline", "supertype"), MATCH, card.type_line,
        card.describe_type_line,
        "supertype or subtype (`t:` also part of a word: `t:sup`; `t=` whole): pokemon, "
        "trainer, energy, supporter, item, tool, stadium, special, basic", "t:supporter"),
    Key("stage", ("st",), EQUAL, card.stage, card.describe_stage,
        "printed stage: basic, 1, 2, baby, break, levelx, vmax, vstar, mega, legend, vunion, "
        "restored", "stage:2"),
    Key("is", (), MATCH, card.is_, card.describe_is,
        "ex, EX, GX, V, VMAX, VSTAR, V-UNION, LEGEND, BREAK, radiant, ace, star, prism, tagteam, "
        "tera, ancient, future, delta, baby, shining, rulebox, single-strike, rapid-strike, "
        "fusion-strike, promo, levelx, mega, first, reprint, banned", "is:ex"),
    Key("type", ("c", "color", "colour", "ty"), EQUAL, _type[0], _type[1],
        "a Pokémon's printed type (letters G R W L P F D M Y N C, or names; none)", "type:fire"),
    Key("id", ("identity",), COMPARE, rule.identity, rule.describe_identity,
        "FORMAT.md identity: printed types plus attack-cost types (`id:` is `id<=`)", "id<=RD"),
    Key("hp", (), COMPARE, _hp[0], _hp[1], "HP", "hp>=200"),
    Key("retreat", ("rc", "rt"), COMPARE, _retreat[0], _retreat[1],
        "printed Retreat Cost (a BREAK prints none)", "retreat=0"),
    Key("prizes", ("pz", "prize"), COMPARE, _prizes[0], _prizes[1],
        "Prize cards its Rule Box gives (else 1)", "prizes>=2"),
    Key("column", ("col",), COMPARE, _column[0], _column[1],
        "Totem cost-table column: basic (0), 1, 2, 3", "column=2"),
    Key("invocation", ("ic", "invoke"), COMPARE, _invocation[0], _invocation[1],
        "Invocation Cost as a Totem", "ic<=3"),
    Key("damage", ("dmg",), COMPARE, _damage[0], _damage[1],
        "highest printed attack damage (0: its attacks print none)", "dmg>=200"),
    Key("energy", ("en",), COMPARE, _energy[0], _energy[1],
        "total Energy cost of its cheapest attack", "energy<=1"),
    Key("attacks", ("atks",), COMPARE, _attacks[0], _attacks[1], "number of attacks",
        "attacks=1"),
    Key("released", ("date", "rel"), COMPARE, card.released, card.describe_released,
        "release date: YYYY, YYYY-MM or YYYY-MM-DD", "released>=2023-03"),
    Key("year", ("yr",), COMPARE, _year[0], _year[1], "release year", "year=1999"),
    Key("o", ("text", "oracle"), MATCH, card.text, card.describe_text,
        "abilities, attacks and rules text: words by stem, \"a phrase\" (within a sentence), "
        "prefix*, /regex/", 'o:"draw 3 cards"', regex=True),
    Key("atk", ("attack",), MATCH, _attack_name[0], _attack_name[1],
        "an attack name contains (`:`) or is (`=`)", "atk:surf", regex=True),
    Key("ab", ("ability",), MATCH, _ability_name[0], _ability_name[1],
        "an ability name contains (`:`) or is (`=`)", 'ab:"infernal reign"', regex=True),
    Key("has", (), MATCH, card.has, card.describe_has, "ability, attack, weakness, resistance",
        "has:ability"),
    Key("weak", ("weakness",), EQUAL, _weak[0], _weak[1], "weakness types (none: it has none)",
        "weak:G"),
    Key("resist", ("resistance", "res"), EQUAL, _resist[0], _resist[1],
        "resistance types (none: it has none)", "resist:fighting"),
    Key("from", ("evolves", "evolvesfrom"), MATCH, card.evolves_from, card.describe_from,
        "evolves from a name containing (`:`) or named (`=`)", "from:charmeleon"),
    Key("into", ("evolvesinto",), MATCH, card.evolves_into, card.describe_into,
        "a name containing (`:`) or named (`=`) evolves from it", "into:charizard"),
    Key("cost", (), MATCH, card.cost, card.describe_cost,
        "an attack's exact Energy cost, letters in any order (0: free)", "cost:RRC"),
    Key("set", ("s", "e", "edition"), EQUAL, card.set_, card.describe_set,
        "PTCG Live code, pokemontcg or TCGdex set id", "set:OBF"),
    Key("number", ("no", "num", "cn"), COMPARE, card.card_number, card.describe_number,
        "collector number (`:` exact, `<`/`>` by its digits)", "number:125"),
    Key("rarity", ("r",), MATCH, _rarity[0], _rarity[1], "rarity contains", "r:\"ultra rare\""),
    Key("artist", ("a", "illustrator"), MATCH, _artist[0], _artist[1], "artist contains",
        "a:arita"),
    Key("reg", ("regulation", "mark"), COMPARE, rule.reg, rule.describe_reg, "regulation mark",
        "reg>=G"),
    Key("lang", ("language",), MATCH, card.lang, card.describe_lang,
        "has a name in that language", "lang:es"),
    Key("dex", ("pokedex",), MATCH, card.dex, card.describe_dex, "National Pokédex number",
        "dex:6"),
    Key("series", ("era",), MATCH, card.series, card.describe_series,
        "series contains (`:`) or is (`=`): Scarlet & Violet, Sword & Shield, XY, Base …",
        'series:"sword & shield"'),
    Key("legal", ("format",), MATCH, rule.legal, rule.describe_legal,
        "official legality: standard, expanded, unlimited", "legal:standard"),
    Key("role", ("function", "otag"), MATCH, rule.role, rule.describe_role,
        "what it does (docs/search.md: Roles): draw, search, gust, switch, recovery, accel …",
        "role:gust"),
    Key("totem", (), MATCH, rule.totem, rule.describe_totem,
        "cards a deck with this Totem (id, name or 'NAME SET NUMBER') may hold", "totem:sv3-125"),
    Key("can", (), MATCH, rule.can, rule.describe_can,
        "totem: Pokémon that can be a Totem (the banlist in force leaves out banned prints)",
        "can:totem"),
    Key("own", ("owned",), COMPARE, rule.own, rule.describe_own,
        "copies in your collection (--collection, or the Collection page on the web), as "
        "check counts them (prints that judge alike, basic Energy by type); 0 for a print you "
        "lack: own: for any, own=0 for none, own>=4", "own:"),
)  # fmt: skip

KEYS = with_spanish(KEYS)  # Spanish aliases, values and words (spanish_keys.py)
BY_NAME: dict[str, Key] = {alias: key for key in KEYS for alias in (key.name, *key.aliases)}


def add_aliases(extra: dict[str, str]) -> None:
    """More names for existing keys (``{"tipo": "type"}``), e.g. another language's."""
    for alias, name in extra.items():
        BY_NAME.setdefault(alias.casefold(), BY_NAME[name])
