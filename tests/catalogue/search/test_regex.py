"""``/regex/`` values are run by RE2: hostile patterns cost what plain ones cost, patterns RE2
refuses are one located error, and every regex key agrees with its plain reading."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers.regex import seen_by_re
from totemdeck.api.search import QuerySyntaxError, search_cards
from totemdeck.catalogue.read import Catalogue
from totemdeck.catalogue.search import regex
from totemdeck.catalogue.search.compile import check_keys
from totemdeck.catalogue.search.parse import parse
from totemdeck.catalogue.search.values import BadValue

BOMBS = [
    "(a+)+$",
    "(a|a)*b",
    "(a*)*$",
    "((a+)+)+x",
    "(.*a){12}",
    "(x+x+)+y",
    "([a-z]+)*[0-9]",
    "(\\w+\\s?)*$",
]


@pytest.mark.parametrize("bomb", BOMBS)
@pytest.mark.parametrize("key", ["name", "o"])
def test_regex_bombs_answer_quickly(catalogue: Catalogue, key: str, bomb: str) -> None:
    """ "Quickly" as a state: the bomb runs on RE2, linear in the text whatever the pattern,
    and never reaches Python's backtracking ``re`` (which takes minutes on these). Its time
    is `make bench search`'s (regexes among its queries), never a test's."""
    with seen_by_re(bomb) as seen:
        found = search_cards(catalogue, f"{key}:/{bomb}/", limit=5)
    assert found.total >= 0
    assert type(regex.compiled(bomb)).__module__.startswith("re2"), type(regex.compiled(bomb))
    assert seen == []


@pytest.mark.parametrize(
    ("query", "reason"),
    [
        ("name:/(?<=a)b/", "RE2"),
        ("name:/(a)\\1/", "RE2"),
        ("name:/[/", "RE2"),
        ("hp:/1/", "no regular expression"),
        ("name:/abc", "never closed"),
        ("name:/" + "a" * 300 + "/", "at most"),
    ],
)
def test_refused_patterns_are_one_located_line(
    catalogue: Catalogue, query: str, reason: str
) -> None:
    with pytest.raises(QuerySyntaxError, match=reason) as caught:
        search_cards(catalogue, query)
    assert "\n" not in str(caught.value)


def test_a_regex_may_hold_parentheses_and_spaces_escaped(catalogue: Catalogue) -> None:
    assert search_cards(catalogue, r"name:/^(pika|rai)chu$/").total >= 2
    assert search_cards(catalogue, r"o:/draw\s3\scards/ t:supporter").total > 0


@given(st.text(alphabet=st.sampled_from(list("a+*?()|[]{}^$.\\/1,bc")), min_size=1, max_size=30))
@settings(max_examples=150, deadline=None)
def test_any_pattern_parses_or_is_an_error(pattern: str) -> None:
    query = f"name:/{pattern}/"
    try:
        check_keys(parse(query), query)
    except QuerySyntaxError as exc:
        assert "\n" not in str(exc)


# A pattern runs in one scan of a column's distinct values (regex.Corpus); that scan must find
# exactly the rows a match of each row's values alone finds.
SCANNED = [
    "^(pika|rai)chu$",
    "a$",
    "^$",
    "x*",
    "^",
    "draw [4-6] cards",
    "search your deck for .* energy",
    "\\bex\\b",
    "é",
    "[^a-z ]",
    "BOSS",
    "energy\\.$",
    "^your",
    "(a+)+$",
    "(?s).",
]


def _per_row(catalogue: Catalogue, pattern: str, column: str) -> list[int]:
    db = catalogue._db
    if column == regex.TEXT:
        sql = "SELECT rowid FROM search_text WHERE re_text(?, body) ORDER BY rowid"
    else:
        sql = f"SELECT rowid FROM search WHERE re_items(?, {column}) ORDER BY rowid"
    return [row[0] for row in db.execute(sql, (pattern,))]


def _scanned(catalogue: Catalogue, pattern: str, column: str) -> list[int]:
    row = catalogue._db.execute("SELECT re_rows(?, ?)", (pattern, column)).fetchone()
    found: list[int] = json.loads(row[0])
    return found


@pytest.mark.parametrize("column", ["names", "attack_names", "ability_names", regex.TEXT])
@pytest.mark.parametrize("pattern", SCANNED)
def test_one_scan_finds_the_rows_a_match_per_row_finds(
    catalogue: Catalogue, pattern: str, column: str
) -> None:
    regex.register(catalogue._db)
    assert _scanned(catalogue, pattern, column) == _per_row(catalogue, pattern, column)


@given(st.text(alphabet=st.sampled_from(list("ae+*?()|[]^$.\\ -zr")), min_size=1, max_size=12))
@settings(max_examples=60, deadline=None)
def test_one_scan_agrees_with_per_row_on_any_pattern(catalogue: Catalogue, pattern: str) -> None:
    regex.register(catalogue._db)
    try:
        regex.compiled(pattern)
    except BadValue:
        return
    if regex.per_row(pattern):
        return
    assert _scanned(catalogue, pattern, "names") == _per_row(catalogue, pattern, "names")


@pytest.mark.parametrize(
    ("pattern", "per_row"), [("\\Apika", False), ("chu\\z", False), ("(?-m)^pika", True)]
)
def test_patterns_naming_a_texts_own_ends_find_what_each_value_alone_finds(
    catalogue: Catalogue, pattern: str, per_row: bool
) -> None:
    """``\\A`` and ``\\z`` are a value's ends: in the one-value-a-line corpus, its line's
    (issue 38.9: one RE2 pass instead of a call per row); only ``(?-m)`` runs per row."""
    assert regex.per_row(pattern) is per_row
    found = search_cards(catalogue, f"name:/{pattern}/", prints=True, limit=None)
    expected = set(_ids_of(catalogue, _per_row(catalogue, pattern, "names")))
    assert expected
    assert {c.id for c in found.cards} == expected


def _ids_of(catalogue: Catalogue, rowids: list[int]) -> list[str]:
    marks = ",".join("?" * len(rowids))
    rows = catalogue._db.execute(f"SELECT card_id FROM search WHERE rowid IN ({marks})", rowids)
    return [row[0] for row in rows]
