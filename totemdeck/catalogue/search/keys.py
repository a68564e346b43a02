"""The search keys: one ``Key`` entry each (name, aliases, operators, SQL builder, words).

Adding a key is one entry in ``KEYS`` (and, if it reads a new fact, one column in
``index.py`` filled by the importer). Builders return SQL text with ``?`` placeholders and
the values to bind — a value never becomes SQL text. The README's syntax table and
``--explain`` read the same entries.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from totemdeck.catalogue.names import fold, name_key
from totemdeck.catalogue.schema import number_key
from totemdeck.catalogue.search.index import ALL_NAMED_TYPES, COLUMN_NUMBERS, FLAG_BITS
from totemdeck.catalogue.search.parse import Term
from totemdeck.catalogue.search.spanish_keys import with_spanish
from totemdeck.catalogue.search.values import (
    SQL_OPS,
    BadValue,
    bits_of,
    compared,
    date_range,
    fts_query,
    like_pattern,
    type_names,
    whole_number,
)
from totemdeck.i18n import N_, _
from totemdeck.i18n.terms import terms

COMPARE = frozenset(SQL_OPS)
MATCH = frozenset({":", "="})
EQUAL = frozenset({":", "=", "!="})


@dataclass(frozen=True, slots=True)
class Sql:
    """A condition over the ``search`` row ``s``, with the values its ``?`` marks bind."""

    text: str
    params: tuple[object, ...] = ()


@dataclass(frozen=True, slots=True)
class TotemFacts:
    """What ``totem:`` needs about a Totem, computed by the rules (never here)."""

    label: str  # "Charizard ex OBF 125"
    identity: int  # type bits of its identity
    identity_names: tuple[str, ...]
    forbid_colorless: bool  # Retreat Cost 0 and the format's colorless restriction is on


class SearchContext(Protocol):
    """What some keys need from outside the catalogue: the banlist and the rules."""

    def totem(self, value: str) -> TotemFacts:
        """The Totem ``value`` names (id, name, "NAME SET NUMBER"); ``BadValue`` if none."""
        ...

    def banned_ids(self) -> Sequence[str]:
        """Every print the banlist bans (name-wide entries and pinned prints)."""
        ...


Build = Callable[[Term, SearchContext], Sql]
Describe = Callable[[Term], str]


@dataclass(frozen=True, slots=True)
class Key:
    name: str
    aliases: tuple[str, ...]
    ops: frozenset[str]
    build: Build
    describe: Describe
    help: str  # what the key reads, for the syntax table
    example: str


# -- builders shared by several keys ---------------------------------------------------------


def _number(column: str, label: str, read: Callable[[str, str], int] = whole_number) -> tuple[
    Build, Describe
]:  # fmt: skip
    def build(term: Term, ctx: SearchContext) -> Sql:
        return Sql(f"s.{column} {SQL_OPS[term.op]} ?", (read(term.value, label),))

    def describe(term: Term) -> str:
        return compared(_(label), term.op, term.value)

    return build, describe


def _contains(column: str, label: str, items: bool = False) -> tuple[Build, Describe]:
    """``:`` contains (folded); ``=`` is exactly the value, or one of the ``|a|b|`` items."""

    def build(term: Term, ctx: SearchContext) -> Sql:
        value = fold(term.value)
        if term.op == "=" and items:
            return Sql(f"s.{column} LIKE ? ESCAPE '\\'", (like_pattern(f"|{value}|"),))
        if term.op == "=":
            return Sql(f"s.{column} = ?", (value,))
        return Sql(f"s.{column} LIKE ? ESCAPE '\\'", (like_pattern(value),))

    def describe(term: Term) -> str:
        how = _("{what} is “{value}”") if term.op == "=" else _("{what} contains “{value}”")
        return how.format(what=_(label), value=term.value)

    return build, describe


def _types(column: str, label: str) -> tuple[Build, Describe]:
    """``:`` has all these types, ``=`` exactly these, ``!=`` not exactly these."""

    def build(term: Term, ctx: SearchContext) -> Sql:
        bits = bits_of(type_names(term.value))
        if term.op == "=":
            return Sql(f"s.{column} = ?", (bits,))
        if term.op == "!=":
            return Sql(f"s.{column} != ?", (bits,))
        return Sql(f"(s.{column} & ?) = ?", (bits, bits))

    def describe(term: Term) -> str:
        how = {
            ":": _("{what} include {types}"),
            "=": _("{what} are exactly {types}"),
            "!=": _("{what} are not exactly {types}"),
        }[term.op]
        return how.format(what=_(label), types=terms(type_names(term.value), "/"))

    return build, describe


# -- keys with their own logic ---------------------------------------------------------------


def name_condition(text: str) -> Sql:
    """The name (or a Spanish / other name) contains ``text``, ignoring case and accents."""
    return Sql("s.names LIKE ? ESCAPE '\\'", (like_pattern(fold(text)),))


def exact_name_condition(name: str) -> Sql:
    """The name is ``name`` as FORMAT.md compares names (any language the catalogue has).

    Both sides are indexed (``search.name_key``, ``aliases.alias_key``): no scan."""
    keys = tuple(sorted({name_key(name), name_key(name, "Pokémon")}))
    marks = ",".join("?" * len(keys))
    return Sql(
        f"(s.name_key IN ({marks}) OR s.card_id IN (SELECT card_id FROM aliases "
        f"WHERE alias_key IN ({marks}) AND kind = 'name'))",
        keys + keys,
    )


def _name(term: Term, ctx: SearchContext) -> Sql:
    return exact_name_condition(term.value) if term.op == "=" else name_condition(term.value)


def _describe_name(term: Term) -> str:
    if term.op == "=":
        return _("the name is “{name}”").format(name=term.value)
    return _("the name contains “{text}”").format(text=term.value)


_TYPE_LINE_WORDS = {
    "tool": "pokemon tool",
    "pokemontool": "pokemon tool",
    "tm": "technical machine",
}


def _type_line(term: Term, ctx: SearchContext) -> Sql:
    word = fold(term.value).replace("é", "e")
    word = _TYPE_LINE_WORDS.get(word.replace(" ", ""), word)
    if not word:
        raise BadValue(_("t: needs a word: pokemon, trainer, energy, supporter, item, tool …"))
    if word == "pokemon tool":  # also "Pokémon Tool F"
        return Sql("s.type_line LIKE ? ESCAPE '\\'", (like_pattern(f"|{word}"),))
    return Sql("s.type_line LIKE ? ESCAPE '\\'", (like_pattern(f"|{word}|"),))


def _describe_type_line(term: Term) -> str:
    return _("the type line has “{word}”").format(word=term.value)


_STAGES = {
    "basic": "basic", "1": "stage 1", "stage1": "stage 1", "2": "stage 2", "stage2": "stage 2",
    "break": "break", "levelx": "level-up", "lvx": "level-up", "levelup": "level-up",
    "vmax": "vmax", "vstar": "vstar", "mega": "mega", "legend": "legend", "vunion": "v-union",
    "restored": "restored",
}  # fmt: skip


def _normal(text: str) -> str:
    return "".join(ch for ch in fold(text) if ch.isalnum())


def _stage(term: Term, ctx: SearchContext) -> Sql:
    stage = _STAGES.get(_normal(term.value))
    if stage is None:
        raise BadValue(
            _("stage is one of {choices}, not {value!r}").format(
                choices=", ".join(sorted(set(_STAGES))), value=term.value
            )
        )
    return Sql("s.stage = ?" if term.op != "!=" else "s.stage != ?", (stage,))


def _describe_stage(term: Term) -> str:
    return compared(_("the printed stage"), term.op, term.value)


_FLAG_WORDS = {_normal(flag): flag for flag in FLAG_BITS if flag != "EX"} | {
    "acespec": "ace", "prismstar": "prism", "tag": "tagteam", "lvx": "levelx",
    "levelup": "levelx", "rule": "rulebox", "single": "single-strike",
    "rapid": "rapid-strike", "fusion": "fusion-strike",
}  # fmt: skip


def flag_of(value: str) -> str | None:
    """The ``is:`` flag a value names; ``ex`` and ``EX`` are different cards."""
    if value == "EX":
        return "EX"
    return _FLAG_WORDS.get(_normal(value))


def _is(term: Term, ctx: SearchContext) -> Sql:
    if _normal(term.value) == "banned":
        ids = tuple(ctx.banned_ids())
        if not ids:
            return Sql("0")
        return Sql(f"s.card_id IN ({','.join('?' * len(ids))})", ids)
    flag = flag_of(term.value)
    if flag is None:
        names = ", ".join(sorted({*FLAG_BITS, "banned"}, key=str.casefold))
        raise BadValue(
            _("is: takes one of {choices}; not {value!r}").format(choices=names, value=term.value)
        )
    bit = FLAG_BITS[flag]
    return Sql("(s.flags & ?) != 0", (bit,))


def _describe_is(term: Term) -> str:
    word = "banned" if _normal(term.value) == "banned" else flag_of(term.value) or term.value
    return _("it is {flag}").format(flag=word)


_IDENTITY_OPS = {":": "<=", "=": "=", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}


def _identity(term: Term, ctx: SearchContext) -> Sql:
    names = type_names(term.value)
    bits = bits_of(names) & ALL_NAMED_TYPES  # Colorless is no identity: id=C is "none"
    op = _IDENTITY_OPS[term.op]
    outside = ALL_NAMED_TYPES & ~bits
    if op == "<=":
        return Sql("(s.identity & ?) = 0", (outside,))
    if op == "<":
        return Sql("(s.identity & ?) = 0 AND s.identity != ?", (outside, bits))
    if op == ">=":
        return Sql("(s.identity & ?) = ?", (bits, bits))
    if op == ">":
        return Sql("(s.identity & ?) = ? AND s.identity != ?", (bits, bits, bits))
    return Sql(f"s.identity {SQL_OPS[op]} ?", (bits,))


_IDENTITY_WORDS = {
    ":": N_("its identity is within {types}"),
    "<=": N_("its identity is within {types}"),
    "<": N_("its identity is strictly within {types}"),
    "=": N_("its identity is exactly {types}"),
    "!=": N_("its identity is not exactly {types}"),
    ">=": N_("its identity includes {types}"),
    ">": N_("its identity includes {types} and more"),
}


def _describe_identity(term: Term) -> str:
    named = [t for t in type_names(term.value) if t != "Colorless"]
    types = terms(named, "/") if named else _("no type")
    return _(_IDENTITY_WORDS[term.op]).format(types=types)


def _released(term: Term, ctx: SearchContext) -> Sql:
    start, end = date_range(term.value)
    op = term.op
    if op in MATCH:
        return Sql("(s.released >= ? AND s.released < ?)", (start, end))
    if op == "!=":
        return Sql("(s.released < ? OR s.released >= ?)", (start, end))
    if op == "<":
        return Sql("s.released < ?", (start,))
    if op == "<=":
        return Sql("s.released < ?", (end,))
    if op == ">":
        return Sql("s.released >= ?", (end,))
    return Sql("s.released >= ?", (start,))


_RELEASED_WORDS = {
    ":": N_("released in {date}"),
    "=": N_("released in {date}"),
    "!=": N_("not released in {date}"),
    "<": N_("released before {date}"),
    "<=": N_("released in or before {date}"),
    ">": N_("released after {date}"),
    ">=": N_("released in or after {date}"),
}


def _describe_released(term: Term) -> str:
    return _(_RELEASED_WORDS[term.op]).format(date=term.value)


def _column_number(value: str, label: str) -> int:
    words = {"basic": 0, "stage1": 1, "stage2": 2, "stage3": 3}
    normal = _normal(value)
    if normal in words:
        return words[normal]
    number = whole_number(value, label)
    if number > max(COLUMN_NUMBERS.values()):
        raise BadValue(
            _("{what} is basic, 1, 2 or 3, not {value!r}").format(what=_(label), value=value)
        )
    return number


def _text(term: Term, ctx: SearchContext) -> Sql:
    return Sql(
        "s.rowid IN (SELECT rowid FROM search_text WHERE search_text MATCH ?)",
        (fts_query(term.value, term.quoted),),
    )


def _describe_text(term: Term) -> str:
    if term.quoted:
        return _("its text has the phrase “{text}”").format(text=term.value)
    return _("its text has the words “{text}”").format(text=term.value)


def _has(term: Term, ctx: SearchContext) -> Sql:
    what = _normal(term.value)
    conditions = {
        "ability": "s.abilities > 0", "abilities": "s.abilities > 0",
        "attack": "s.attacks > 0", "attacks": "s.attacks > 0",
        "weakness": "s.weak != 0", "resistance": "s.resist != 0",
    }  # fmt: skip
    if what not in conditions:
        raise BadValue(
            _("has: takes ability, attack, weakness or resistance; not {value!r}").format(
                value=term.value
            )
        )
    return Sql(conditions[what])


_HAS_WORDS = {
    "ability": N_("it has an ability"),
    "abilities": N_("it has an ability"),
    "attack": N_("it has an attack"),
    "attacks": N_("it has an attack"),
    "weakness": N_("it has a weakness"),
    "resistance": N_("it has a resistance"),
}


def _describe_has(term: Term) -> str:
    return _(_HAS_WORDS.get(_normal(term.value), N_("it has an ability")))


def _evolves_from(term: Term, ctx: SearchContext) -> Sql:
    if term.op == "=":
        return Sql("s.evolves_from = ?", (name_key(term.value),))
    return Sql("s.evolves_from LIKE ? ESCAPE '\\'", (like_pattern(fold(term.value)),))


def _describe_from(term: Term) -> str:
    if term.op == "=":
        return _("it evolves from “{name}”").format(name=term.value)
    return _("it evolves from a name containing “{name}”").format(name=term.value)


def _cost(term: Term, ctx: SearchContext) -> Sql:
    text = term.value.strip().upper()
    if text in ("0", "FREE"):
        letters = "0"
    elif text and all(ch in "GRWLPFDMYNC" for ch in text):
        letters = "".join(sorted(text))
    else:
        raise BadValue(
            _("cost: takes Energy letters (RRC, WC) or 0, not {value!r}").format(value=term.value)
        )
    return Sql("s.costs LIKE ? ESCAPE '\\'", (like_pattern(f" {letters} "),))


def _describe_cost(term: Term) -> str:
    return _("an attack costs exactly {cost}").format(cost=term.value.upper())


def _set(term: Term, ctx: SearchContext) -> Sql:
    code = term.value.strip()
    condition = (
        "s.set_id IN (SELECT id FROM sets WHERE id = ? COLLATE NOCASE "
        "OR ptcgl_code = ? COLLATE NOCASE UNION SELECT set_id FROM set_aliases WHERE code = ?)"
    )
    if term.op == "!=":
        condition = "NOT " + condition
    return Sql(condition, (code, code, code.casefold()))


def _describe_set(term: Term) -> str:
    return compared(_("the set"), term.op, term.value)


def _card_number(term: Term, ctx: SearchContext) -> Sql:
    if term.op in EQUAL:
        return Sql(f"s.number_key {SQL_OPS[term.op]} ?", (number_key(term.value),))
    value = whole_number(term.value, N_("the card number"))
    return Sql(f"s.number_sort {SQL_OPS[term.op]} ?", (value,))


def _reg(term: Term, ctx: SearchContext) -> Sql:
    mark = term.value.strip().upper()
    if len(mark) != 1 or not mark.isalpha():
        raise BadValue(
            _("reg: takes one regulation-mark letter (D … I), not {value!r}").format(
                value=term.value
            )
        )
    return Sql(f"s.reg {SQL_OPS[term.op]} ?", (mark,))


def _lang(term: Term, ctx: SearchContext) -> Sql:
    lang = term.value.strip().casefold()
    if lang == "en":
        return Sql("1")
    if not lang.isalpha() or len(lang) != 2:
        raise BadValue(
            _("lang: takes a two-letter language code such as es, not {value!r}").format(
                value=term.value
            )
        )
    return Sql(
        "s.card_id IN (SELECT card_id FROM aliases WHERE kind = 'name' AND lang = ?)", (lang,)
    )


def _describe_lang(term: Term) -> str:
    return _("it has a name in “{lang}”").format(lang=term.value)


def _totem(term: Term, ctx: SearchContext) -> Sql:
    facts = ctx.totem(term.value)
    outside = ALL_NAMED_TYPES & ~facts.identity
    parts = ["(s.identity & ?) = 0"]
    params: list[object] = [outside]
    banned = tuple(ctx.banned_ids())
    if banned:
        parts.append(f"s.card_id NOT IN ({','.join('?' * len(banned))})")
        params += banned
    if facts.forbid_colorless:
        parts.append("s.colorless_pokemon = 0 AND s.provides_colorless = 0")
    return Sql("(" + " AND ".join(parts) + ")", tuple(params))


def _describe_totem(term: Term) -> str:
    return _(
        "a deck with the Totem “{totem}” may hold it (identity within the Totem's, not "
        "banned, no Colorless Pokémon or Energy that provides Colorless beside a Retreat "
        "Cost 0 Totem)"
    ).format(totem=term.value)


def _can(term: Term, ctx: SearchContext) -> Sql:
    if _normal(term.value) != "totem":
        raise BadValue(_("can: takes totem, not {value!r}").format(value=term.value))
    return Sql("s.can_totem = 1")


def _describe_can(term: Term) -> str:
    return _("it can be a Totem")


_hp = _number("hp", N_("HP"))
_retreat = _number("retreat", N_("the Retreat Cost"))
_prizes = _number("prizes", N_("the Prize cards it gives"))
_column = _number("cost_column", N_("the Totem cost column"), _column_number)
_invocation = _number("invocation", N_("the Invocation Cost"))
_damage = _number("damage", N_("the highest attack damage"))
_attacks = _number("attacks", N_("the number of attacks"))
_year = _number("year", N_("the release year"))
_attack_name = _contains("attack_names", N_("an attack name"), items=True)
_ability_name = _contains("ability_names", N_("an ability name"), items=True)
_rarity = _contains("rarity", N_("the rarity"))
_artist = _contains("artist", N_("the artist"))
_type = _types("types", N_("its printed types"))
_weak = _types("weak", N_("its weaknesses"))
_resist = _types("resist", N_("its resistances"))


def _describe_number(term: Term) -> str:
    return compared(_("the card number"), term.op, term.value)


def _describe_reg(term: Term) -> str:
    return compared(_("the regulation mark"), term.op, term.value.upper())


KEYS: tuple[Key, ...] = (
    Key("name", ("n",), MATCH, _name, _describe_name,
        "the name contains (`:`) or is (`=`); Spanish names too", "name:pika"),
    Key("t", ("type_line", "typeline", "supertype"), MATCH, _type_line, _describe_type_line,
        "supertype or subtype: pokemon, trainer, energy, supporter, item, tool, stadium, "
        "special, basic", "t:supporter"),
    Key("stage", ("st",), EQUAL, _stage, _describe_stage,
        "printed stage: basic, 1, 2, break, levelx, vmax, vstar, mega, legend, vunion, "
        "restored", "stage:2"),
    Key("is", (), MATCH, _is, _describe_is,
        "ex, EX, GX, V, VMAX, VSTAR, V-UNION, LEGEND, BREAK, radiant, ace, star, prism, tagteam, "
        "tera, ancient, future, delta, baby, shining, rulebox, single-strike, rapid-strike, "
        "fusion-strike, promo, levelx, mega, banned", "is:ex"),
    Key("type", ("c", "color", "colour", "ty"), EQUAL, _type[0], _type[1],
        "printed type (letters G R W L P F D M Y N C, or names)", "type:fire"),
    Key("id", ("identity",), COMPARE, _identity, _describe_identity,
        "FORMAT.md identity: printed types plus attack-cost types (`id:` is `id<=`)", "id<=RD"),
    Key("hp", (), COMPARE, _hp[0], _hp[1], "HP", "hp>=200"),
    Key("retreat", ("rc", "rt"), COMPARE, _retreat[0], _retreat[1], "Retreat Cost", "retreat=0"),
    Key("prizes", ("pz", "prize"), COMPARE, _prizes[0], _prizes[1],
        "Prize cards its Rule Box gives (else 1)", "prizes>=2"),
    Key("column", ("col",), COMPARE, _column[0], _column[1],
        "Totem cost-table column: basic (0), 1, 2, 3", "column=2"),
    Key("invocation", ("ic", "invoke"), COMPARE, _invocation[0], _invocation[1],
        "Invocation Cost as a Totem", "ic<=3"),
    Key("damage", ("dmg",), COMPARE, _damage[0], _damage[1],
        "highest printed attack damage", "dmg>=200"),
    Key("attacks", ("atks",), COMPARE, _attacks[0], _attacks[1], "number of attacks",
        "attacks=1"),
    Key("released", ("date", "rel"), COMPARE, _released, _describe_released,
        "release date: YYYY, YYYY-MM or YYYY-MM-DD", "released>=2023-03"),
    Key("year", ("yr",), COMPARE, _year[0], _year[1], "release year", "year=1999"),
    Key("o", ("text", "oracle"), MATCH, _text, _describe_text,
        "abilities, attacks and rules text: words by stem, \"a phrase\", prefix*",
        'o:"draw 3 cards"'),
    Key("atk", ("attack",), MATCH, _attack_name[0], _attack_name[1],
        "an attack name contains (`:`) or is (`=`)", "atk:surf"),
    Key("ab", ("ability",), MATCH, _ability_name[0], _ability_name[1],
        "an ability name contains (`:`) or is (`=`)", 'ab:"infernal reign"'),
    Key("has", (), MATCH, _has, _describe_has, "ability, attack, weakness, resistance",
        "has:ability"),
    Key("weak", ("weakness",), EQUAL, _weak[0], _weak[1], "weakness types", "weak:G"),
    Key("resist", ("resistance", "res"), EQUAL, _resist[0], _resist[1], "resistance types",
        "resist:fighting"),
    Key("from", ("evolves", "evolvesfrom"), MATCH, _evolves_from, _describe_from,
        "evolves from a name containing (`:`) or named (`=`)", "from:charmeleon"),
    Key("cost", (), MATCH, _cost, _describe_cost,
        "an attack's exact Energy cost, letters in any order (0: free)", "cost:RRC"),
    Key("set", ("s", "e", "edition"), EQUAL, _set, _describe_set,
        "PTCG Live code, pokemontcg or TCGdex set id", "set:OBF"),
    Key("number", ("no", "num", "cn"), COMPARE, _card_number, _describe_number,
        "collector number (`:` exact, `<`/`>` by its digits)", "number:125"),
    Key("rarity", ("r",), MATCH, _rarity[0], _rarity[1], "rarity contains", "r:\"ultra rare\""),
    Key("artist", ("a", "illustrator"), MATCH, _artist[0], _artist[1], "artist contains",
        "a:arita"),
    Key("reg", ("regulation", "mark"), COMPARE, _reg, _describe_reg, "regulation mark",
        "reg>=G"),
    Key("lang", ("language",), MATCH, _lang, _describe_lang,
        "has a name in that language", "lang:es"),
    Key("totem", (), MATCH, _totem, _describe_totem,
        "cards a deck with this Totem (id, name or 'NAME SET NUMBER') may hold", "totem:sv3-125"),
    Key("can", (), MATCH, _can, _describe_can, "totem: Pokémon that can be a Totem",
        "can:totem"),
)  # fmt: skip

KEYS = with_spanish(KEYS)  # Spanish aliases, values and words (spanish_keys.py)
BY_NAME: dict[str, Key] = {alias: key for key in KEYS for alias in (key.name, *key.aliases)}
