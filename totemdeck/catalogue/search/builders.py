"""Builders several search keys share: numbers, "contains / is" text, type sets, names.

Each returns a ``(build, describe)`` pair, or builds a ``Sql`` condition with ``?`` marks and
the values to bind — a value never becomes SQL text.
"""

from __future__ import annotations

from collections.abc import Callable

from totemdeck.catalogue.names import fold, name_key
from totemdeck.catalogue.search.context import Build, Describe, SearchContext, Sql
from totemdeck.catalogue.search.parse import Term
from totemdeck.catalogue.search.regex import (
    SPANISH_ITEMS,
    SPANISH_TEXT,
    TEXT,
    compiled,
    per_row,
    without_accents,
)
from totemdeck.catalogue.search.values import (
    SQL_OPS,
    bits_of,
    compared,
    like_pattern,
    type_names,
    whole_number,
)
from totemdeck.i18n import _
from totemdeck.i18n.terms import terms

COMPARE = frozenset(SQL_OPS)
MATCH = frozenset({":", "="})
EQUAL = frozenset({":", "=", "!="})


def normal(text: str) -> str:
    """Folded letters and digits only: ``Stage 1`` → ``stage1``."""
    return "".join(ch for ch in fold(text) if ch.isalnum())


def regex_condition(column: str, term: Term) -> Sql:
    """The row's ``column`` (``|a|b|`` items of ``search``, or ``text``: its card text) has a
    value ``term``'s regular expression matches: one scan of the column's distinct values
    (``regex.Corpus``), or, for a pattern that must, a call per row."""
    pattern = without_accents(term.value)  # the values are read without accents too
    if column == "names":  # names are kept without apostrophes ("bosss orders"): so is this
        pattern = pattern.replace("\\'", "").replace("'", "")
    compiled(pattern)  # a bad pattern is a BadValue now, not an SQLite error later
    if not per_row(pattern):
        return Sql("s.rowid IN (SELECT value FROM json_each(re_rows(?, ?)))", (pattern, column))
    if column == TEXT:
        return Sql("s.rowid IN (SELECT rowid FROM search_text WHERE re_text(?, body))", (pattern,))
    if column == SPANISH_TEXT:
        return Sql(
            "s.card_id IN (SELECT card_id FROM search_es WHERE re_text(?, sentences))", (pattern,)
        )
    if column in SPANISH_ITEMS:
        return Sql(
            f"s.card_id IN (SELECT card_id FROM search_es WHERE re_items(?, {column[3:]}))",
            (pattern,),
        )
    return Sql(f"re_items(?, s.{column})", (pattern,))


def number(
    column: str, label: str, read: Callable[[str, str], int] = whole_number
) -> tuple[Build, Describe]:
    def build(term: Term, ctx: SearchContext) -> Sql:
        return Sql(f"s.{column} {SQL_OPS[term.op]} ?", (read(term.value, label),))

    def describe(term: Term) -> str:
        return compared(_(label), term.op, term.value)

    return build, describe


def contains(column: str, label: str, items: bool = False) -> tuple[Build, Describe]:
    """``:`` contains (folded); ``=`` is exactly the value, or one of the ``|a|b|`` items."""

    def build(term: Term, ctx: SearchContext) -> Sql:
        if term.regex:
            return regex_condition(column, term)
        value = fold(term.value)
        if term.op == "=" and items:
            return Sql(f"s.{column} LIKE ? ESCAPE '\\'", (like_pattern(f"|{value}|"),))
        if term.op == "=":
            return Sql(f"s.{column} = ?", (value,))
        return Sql(f"s.{column} LIKE ? ESCAPE '\\'", (like_pattern(value),))

    def describe(term: Term) -> str:
        if term.regex:
            return _("{what} matches /{value}/").format(what=_(label), value=term.value)
        how = _("{what} is “{value}”") if term.op == "=" else _("{what} contains “{value}”")
        return how.format(what=_(label), value=term.value)

    return build, describe


def _has_none(value: str) -> bool:
    return fold(value).strip() == "none"


def types(column: str, label: str) -> tuple[Build, Describe]:
    """``:`` has all these types, ``=`` exactly these; ``none``: it has none."""

    def build(term: Term, ctx: SearchContext) -> Sql:
        if _has_none(term.value):
            return Sql(f"s.{column} = 0")
        bits = bits_of(type_names(term.value))
        if term.op == "=":
            return Sql(f"s.{column} = ?", (bits,))
        return Sql(f"(s.{column} & ?) = ?", (bits, bits))

    def describe(term: Term) -> str:
        if _has_none(term.value):
            return _("{what}: none").format(what=_(label))
        how = {
            ":": _("{what} include {types}"),
            "=": _("{what} are exactly {types}"),
        }[term.op]
        return how.format(what=_(label), types=terms(type_names(term.value), "/"))

    return build, describe


def without_apostrophes(text: str) -> str:
    """A name search ignores apostrophes on both sides ("farfetchd", "bosss")."""
    return " ".join(fold(text).replace("'", "").split())


def name_condition(text: str) -> Sql:
    """The name (or a Spanish / other name) contains ``text``, ignoring case, accents and
    apostrophes; as FORMAT.md keys names ("unown g") or as printed ("unown [g]")."""
    return Sql("s.names LIKE ? ESCAPE '\\'", (like_pattern(without_apostrophes(text)),))


def exact_name_condition(name: str) -> Sql:
    """The name is ``name`` as FORMAT.md compares names (any language the catalogue has).

    δ is dropped from a Pokémon's name only (``!"δ Rainbow Energy"`` is not Rainbow Energy),
    so each kind of card compares its own key. Both sides are indexed: no scan."""
    pokemon, trainer, energy = (name_key(name, kind) for kind in ("Pokémon", "Trainer", "Energy"))
    keys = tuple(sorted({pokemon, trainer, energy}))
    marks = ",".join("?" * len(keys))
    return Sql(
        "((s.name_key = ? AND s.supertype = 'pokemon') OR (s.name_key = ? AND s.supertype = "
        "'trainer') OR (s.name_key = ? AND s.supertype = 'energy') OR s.card_id IN (SELECT "
        f"card_id FROM aliases WHERE alias_key IN ({marks}) AND kind = 'name'))",
        (pokemon, trainer, energy, *keys),
    )
