"""``/regex/`` values are run by RE2: hostile patterns cost what plain ones cost, patterns RE2
refuses are one located error, and every regex key agrees with its plain reading."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from totemdeck.catalogue.read import Catalogue
from totemdeck.catalogue.search.compile import check_keys
from totemdeck.catalogue.search.parse import parse
from totemdeck.search import QuerySyntaxError, search_cards

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
    started = time.perf_counter()
    found = search_cards(catalogue, f"{key}:/{bomb}/", limit=5)
    assert found.total >= 0
    # Generous for a loaded 2-core machine; a backtracking engine takes minutes on these.
    assert time.perf_counter() - started < 5


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
