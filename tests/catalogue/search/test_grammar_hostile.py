"""Hypothesis over the search grammar: queries built from real terms with spaces, ``and``,
``or``, ``-``, ``not`` and groups nested up to the limit (and past it) either answer or are
one located line, and a query and its negation split the catalogue between them."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from totemdeck.api.search import QuerySyntaxError, search_cards
from totemdeck.catalogue.read import Catalogue
from totemdeck.catalogue.search.parse import MAX_DEPTH, MAX_TERMS

ATOMS = [
    "pikachu", "t:pokemon", "hp>=200", "type:fire", "is:ex", "role:draw", "role:gust", "o:draw",
    'o:"search your deck"', "name:/^char/", "o:/draw [2-4] cards/", "retreat=0", "id<=RD",
    "set:OBF", "weak:none", "legal:standard", "energy<=1", "stage:2", '!"Ultra Ball"',
    "can:totem", "is:banned", "series:xy", "dex:25", "into:charizard", "hp!=100", "t:sup",
    "is:first", "cost:RRC", "year<2000", '"and"', "farfetchd", "name:\"unown [g]\"",
]  # fmt: skip


def _grouped(query: str, depth: int) -> str:
    return "(" * depth + query + ")" * depth


QUERIES = st.recursive(
    st.sampled_from(ATOMS),
    lambda inner: st.one_of(
        st.tuples(inner, inner).map(" ".join),
        st.tuples(inner, inner).map(" and ".join),
        st.tuples(inner, inner).map(lambda pair: f"({pair[0]} or {pair[1]})"),
        inner.map(lambda q: f"-({q})"),
        inner.map(lambda q: f"not ({q})"),
        st.tuples(inner, st.integers(1, MAX_DEPTH)).map(lambda p: _grouped(*p)),
    ),
    max_leaves=10,
)


def depth(query: str) -> int:
    deepest = level = 0
    quoted = slashed = False
    for ch in query:
        if ch == '"' and not slashed:
            quoted = not quoted
        elif ch == "/" and not quoted:
            slashed = not slashed
        elif not quoted and not slashed:
            level += (ch == "(") - (ch == ")")
            deepest = max(deepest, level)
    return deepest


def count(catalogue: Catalogue, query: str) -> int:
    return search_cards(catalogue, query, prints=True, limit=1).total


@given(QUERIES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_built_queries_answer_or_say_nesting_is_too_deep(catalogue: Catalogue, query: str) -> None:
    if depth(query) <= MAX_DEPTH and query.count(" ") < MAX_TERMS:
        assert count(catalogue, query) >= 0
        return
    try:
        count(catalogue, query)
    except QuerySyntaxError as exc:
        assert "\n" not in str(exc) and ("nest" in str(exc) or "terms" in str(exc))


@given(QUERIES.filter(lambda q: depth(q) < MAX_DEPTH and q.count(" ") < MAX_TERMS - 5))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_query_and_its_negation_split_every_print(catalogue: Catalogue, query: str) -> None:
    every = count(catalogue, "")
    assert count(catalogue, query) + count(catalogue, f"-({query})") == every
    assert count(catalogue, f"{query} or {query}") == count(catalogue, query)


@pytest.mark.parametrize("extra", [0, 1])
def test_nesting_at_and_past_the_limit(catalogue: Catalogue, extra: int) -> None:
    query = _grouped("-(t:pokemon or " + _grouped("pikachu", MAX_DEPTH - 2) + ")", 1 + extra)
    assert depth(query) == MAX_DEPTH + extra
    if extra:
        with pytest.raises(QuerySyntaxError, match="nest"):
            count(catalogue, query)
    else:
        assert count(catalogue, query) > 0
