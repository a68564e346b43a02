"""Search keys that read a printed fact of the card: its type line, stage, flags, text,
evolutions, costs, set, number, regulation mark, languages, Pokédex number and series."""

from __future__ import annotations

from totemdeck.catalogue.names import fold, name_key
from totemdeck.catalogue.schema import number_key
from totemdeck.catalogue.search.builders import EQUAL, MATCH, normal, regex_condition
from totemdeck.catalogue.search.context import SearchContext, Sql
from totemdeck.catalogue.search.index import FLAG_BITS
from totemdeck.catalogue.search.parse import Term
from totemdeck.catalogue.search.values import (
    SQL_OPS,
    BadValue,
    compared,
    date_range,
    fts_query,
    like_pattern,
    whole_number,
)
from totemdeck.i18n import N_, _

_TYPE_LINE_WORDS = {
    "tool": "pokemon tool",
    "pokemontool": "pokemon tool",
    "tm": "technical machine",
}
# Whole type-line items: ``t:pokemon`` is the supertype, not also "Pokémon Tool".
_WHOLE_ITEMS = frozenset(
    {"pokemon", "trainer", "energy", "supporter", "item", "stadium", "special", "basic"}
)


def type_line(term: Term, ctx: SearchContext) -> Sql:
    """``t=word``: a whole supertype/subtype; ``t:`` also part of one (``t:sup``)."""
    word = fold(term.value).replace("é", "e")
    word = _TYPE_LINE_WORDS.get(word.replace(" ", ""), word)
    if not word:
        raise BadValue(_("t: needs a word: pokemon, trainer, energy, supporter, item, tool …"))
    if word == "pokemon tool":  # also "Pokémon Tool F"
        return Sql("s.type_line LIKE ? ESCAPE '\\'", (like_pattern(f"|{word}"),))
    if term.op == "=" or word in _WHOLE_ITEMS:
        return Sql("s.type_line LIKE ? ESCAPE '\\'", (like_pattern(f"|{word}|"),))
    return Sql("s.type_line LIKE ? ESCAPE '\\'", (like_pattern(word),))


def describe_type_line(term: Term) -> str:
    return _("the type line has “{word}”").format(word=term.value)


_STAGES = {
    "basic": "basic", "1": "stage 1", "stage1": "stage 1", "2": "stage 2", "stage2": "stage 2",
    "break": "break", "levelx": "level-up", "lvx": "level-up", "levelup": "level-up",
    "vmax": "vmax", "vstar": "vstar", "mega": "mega", "legend": "legend", "vunion": "v-union",
    "restored": "restored", "baby": "baby",
}  # fmt: skip


def stage(term: Term, ctx: SearchContext) -> Sql:
    found = _STAGES.get(normal(term.value))
    if found is None:
        raise BadValue(
            _("stage is one of {choices}, not {value!r}").format(
                choices=", ".join(sorted(set(_STAGES))), value=term.value
            )
        )
    if found == "baby":  # a Baby's printed stage is Basic (FORMAT.md): it is a subtype
        return Sql("s.type_line LIKE ? ESCAPE '\\'", (like_pattern("|baby|"),))
    return Sql("s.stage = ?", (found,))


def describe_stage(term: Term) -> str:
    return compared(_("the printed stage"), term.op, term.value)


_FLAG_WORDS = {normal(flag): flag for flag in FLAG_BITS if flag != "EX"} | {
    "acespec": "ace", "prismstar": "prism", "tag": "tagteam", "lvx": "levelx",
    "levelup": "levelx", "rule": "rulebox", "single": "single-strike",
    "rapid": "rapid-strike", "fusion": "fusion-strike",
}  # fmt: skip


def flag_of(value: str) -> str | None:
    """The ``is:`` flag a value names; ``ex`` and ``EX`` are different cards."""
    if value == "EX":
        return "EX"
    return _FLAG_WORDS.get(normal(value))


def is_(term: Term, ctx: SearchContext) -> Sql:
    if normal(term.value) == "banned":
        ids = tuple(ctx.banned_ids())
        if not ids:
            return Sql("0")
        return Sql(f"s.card_id IN ({','.join('?' * len(ids))})", ids)
    flag = flag_of(term.value)
    if flag is None:
        # casefold alone ties "ex" with "EX", and a set's order would then pick one by hash
        names = ", ".join(sorted({*FLAG_BITS, "banned"}, key=lambda w: (w.casefold(), w)))
        raise BadValue(
            _("is: takes one of {choices}; not {value!r}").format(choices=names, value=term.value)
        )
    return Sql("(s.flags & ?) != 0", (FLAG_BITS[flag],))


def describe_is(term: Term) -> str:
    word = "banned" if normal(term.value) == "banned" else flag_of(term.value) or term.value
    return _("it is {flag}").format(flag=word)


def released(term: Term, ctx: SearchContext) -> Sql:
    start, end = date_range(term.value)
    op = term.op
    if op in MATCH:
        return Sql("(s.released >= ? AND s.released < ?)", (start, end))
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
    "<": N_("released before {date}"),
    "<=": N_("released in or before {date}"),
    ">": N_("released after {date}"),
    ">=": N_("released in or after {date}"),
}


def describe_released(term: Term) -> str:
    return _(_RELEASED_WORDS[term.op]).format(date=term.value)


def text(term: Term, ctx: SearchContext) -> Sql:
    if term.regex:
        return regex_condition("text", term)
    return Sql(
        "s.rowid IN (SELECT rowid FROM search_text WHERE search_text MATCH ?)",
        (fts_query(term.value, term.quoted),),
    )


def describe_text(term: Term) -> str:
    if term.regex:
        return _("its text matches /{text}/").format(text=term.value)
    if term.quoted:
        return _("its text has the phrase “{text}”").format(text=term.value)
    return _("its text has the words “{text}”").format(text=term.value)


_HAS = {
    "ability": "s.abilities > 0", "abilities": "s.abilities > 0",
    "attack": "s.attacks > 0", "attacks": "s.attacks > 0",
    "weakness": "s.weak != 0", "resistance": "s.resist != 0",
}  # fmt: skip
_HAS_WORDS = {
    "ability": N_("it has an ability"),
    "abilities": N_("it has an ability"),
    "attack": N_("it has an attack"),
    "attacks": N_("it has an attack"),
    "weakness": N_("it has a weakness"),
    "resistance": N_("it has a resistance"),
}


def has(term: Term, ctx: SearchContext) -> Sql:
    what = normal(term.value)
    if what not in _HAS:
        raise BadValue(
            _("has: takes ability, attack, weakness or resistance; not {value!r}").format(
                value=term.value
            )
        )
    return Sql(_HAS[what])


def describe_has(term: Term) -> str:
    return _(_HAS_WORDS.get(normal(term.value), N_("it has an ability")))


def evolves_from(term: Term, ctx: SearchContext) -> Sql:
    if term.op == "=":
        return Sql("s.evolves_from = ?", (name_key(term.value),))
    return Sql("s.evolves_from LIKE ? ESCAPE '\\'", (like_pattern(fold(term.value)),))


def describe_from(term: Term) -> str:
    if term.op == "=":
        return _("it evolves from “{name}”").format(name=term.value)
    return _("it evolves from a name containing “{name}”").format(name=term.value)


def evolves_into(term: Term, ctx: SearchContext) -> Sql:
    """``into:charizard``: a card of this name evolves from it (``=``: that very name)."""
    value = name_key(term.value) if term.op == "=" else fold(term.value)
    shape = f"|{value}|" if term.op == "=" else value
    return Sql("s.evolves_into LIKE ? ESCAPE '\\'", (like_pattern(shape),))


def describe_into(term: Term) -> str:
    if term.op == "=":
        return _("it evolves into “{name}”").format(name=term.value)
    return _("it evolves into a name containing “{name}”").format(name=term.value)


def cost(term: Term, ctx: SearchContext) -> Sql:
    value = term.value.strip().upper()
    if value in ("0", "FREE"):
        letters = "0"
    elif value and all(ch in "GRWLPFDMYNC" for ch in value):
        letters = "".join(sorted(value))
    else:
        raise BadValue(
            _("cost: takes Energy letters (RRC, WC) or 0, not {value!r}").format(value=term.value)
        )
    return Sql("s.costs LIKE ? ESCAPE '\\'", (like_pattern(f" {letters} "),))


def describe_cost(term: Term) -> str:
    return _("an attack costs exactly {cost}").format(cost=term.value.upper())


def set_(term: Term, ctx: SearchContext) -> Sql:
    code = term.value.strip()
    # A set's own id wins over another set's printed code: set:g1 is Generations, not also
    # Gym Heroes (which prints G1).
    return Sql(
        "s.set_id IN (SELECT id FROM sets WHERE id = ? COLLATE NOCASE OR (ptcgl_code = ? "
        "COLLATE NOCASE AND NOT EXISTS (SELECT 1 FROM sets WHERE id = ? COLLATE NOCASE)) "
        "UNION SELECT set_id FROM set_aliases WHERE code = ?)",
        (code, code, code, code.casefold()),
    )


def describe_set(term: Term) -> str:
    return compared(_("the set"), term.op, term.value)


def card_number(term: Term, ctx: SearchContext) -> Sql:
    if term.op in EQUAL:
        return Sql("s.number_key = ?", (number_key(term.value),))
    value = whole_number(term.value, N_("the card number"))
    return Sql(f"s.number_sort {SQL_OPS[term.op]} ?", (value,))


def describe_number(term: Term) -> str:
    return compared(_("the card number"), term.op, term.value)


def lang(term: Term, ctx: SearchContext) -> Sql:
    code = term.value.strip().casefold()
    if code == "en":
        return Sql("1")
    if not code.isalpha() or len(code) != 2:
        raise BadValue(
            _("lang: takes a two-letter language code such as es, not {value!r}").format(
                value=term.value
            )
        )
    return Sql(
        "s.card_id IN (SELECT card_id FROM aliases WHERE kind = 'name' AND lang = ?)", (code,)
    )


def describe_lang(term: Term) -> str:
    return _("it has a name in “{lang}”").format(lang=term.value)


def dex(term: Term, ctx: SearchContext) -> Sql:
    value = whole_number(term.value, N_("the National Pokédex number"))
    return Sql("s.dex LIKE ? ESCAPE '\\'", (like_pattern(f"|{value}|"),))


def describe_dex(term: Term) -> str:
    return _("its National Pokédex number is {number}").format(number=term.value)


def series(term: Term, ctx: SearchContext) -> Sql:
    value = fold(term.value)
    if term.op == "=":
        return Sql("s.series = ?", (value,))
    return Sql("s.series LIKE ? ESCAPE '\\'", (like_pattern(value),))


def describe_series(term: Term) -> str:
    return _("its series is “{series}”").format(series=term.value)
