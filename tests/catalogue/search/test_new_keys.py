"""The keys of the second pass (energy, legal, into, dex, is:first/reprint, series, role,
/regex/, order:/direction:/unique:) against a plain Python filter over the real catalogue.

Each filter reads the ``Card`` objects, never the search index; every query is also checked
negated (``-query`` keeps exactly the other prints).
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from functools import cache

import pytest

from totemdeck.api.search import QuerySyntaxError, search_cards
from totemdeck.catalogue.model import Card
from totemdeck.catalogue.names import fold, name_key
from totemdeck.catalogue.read import Catalogue
from totemdeck.rules.roles import role_names, roles_of

Predicate = Callable[[Card], bool]
OPS = {":": operator.eq, "=": operator.eq, "<": operator.lt, "<=": operator.le,
       ">": operator.gt, ">=": operator.ge}  # fmt: skip


@cache
def _cards(catalogue: Catalogue) -> tuple[Card, ...]:
    return tuple(catalogue.iter_cards())


@cache
def _into(catalogue: Catalogue) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for c in _cards(catalogue):
        if c.evolves_from:
            out.setdefault(name_key(c.evolves_from), set()).add(name_key(c.name, c.supertype))
    return out


@cache
def _first(catalogue: Catalogue) -> dict[str, str]:
    out: dict[str, str] = {}
    for c in _cards(catalogue):
        key = name_key(c.name, c.supertype)
        out[key] = min(out.get(key, c.set.release_date), c.set.release_date)
    return out


@cache
def _tags(catalogue: Catalogue) -> dict[str, tuple[str, ...]]:
    return {c.id: roles_of(c) for c in _cards(catalogue)}


def _energy(op: str, n: int) -> Predicate:
    def keep(c: Card) -> bool:
        # Energy symbols only: a cost given as ["Free"] is 0 (issue 38.7)
        cheapest = min((sum(s != "Free" for s in a.cost) for a in c.attacks), default=None)
        return cheapest is not None and OPS[op](cheapest, n)

    return keep


def _text(c: Card) -> list[str]:
    return [*c.ability_texts, *(a.text for a in c.attacks), *c.rules]


def cases(catalogue: Catalogue) -> list[tuple[str, Predicate]]:
    into, first = _into(catalogue), _first(catalogue)

    def is_first(c: Card) -> bool:
        return c.set.release_date == first[name_key(c.name, c.supertype)]

    out: list[tuple[str, Predicate]] = [
        (f"energy{op}{n}", _energy(op, n)) for op in OPS for n in (0, 1, 3)
    ]
    out += [
        (f"legal:{f}", lambda c, f=f: c.legalities.get(f) == "Legal")
        for f in ("standard", "expanded", "unlimited")
    ]
    out += [
        ("into:charizard", lambda c: any("charizard" in n for n in into.get(_key(c), ()))),
        ("into=charmeleon", lambda c: "charmeleon" in into.get(_key(c), ())),
        ("dex:6", lambda c: 6 in c.dex),
        ("dex:25", lambda c: 25 in c.dex),
        ("is:first", is_first),
        ("is:reprint", lambda c: not is_first(c)),
        ('series:"sword & shield"', lambda c: c.set.series == "Sword & Shield"),
        ("series=xy", lambda c: c.set.series == "XY"),
        ("series:e", lambda c: "e" in fold(c.set.series)),
        ("name:/^pika.*chu$/", lambda c: any(re.search(r"^pika.*chu$", n) for n in _names(c))),
        ("name:/farfetch'?d/", lambda c: any("farfetchd" in n for n in _names(c))),
        ("o:/draw [4-6] cards/", lambda c: any(re.search(r"(?i)draw [4-6] cards", t) for t in _text(c))),
        ("atk:/^hyper/", lambda c: any(fold(a.name).startswith("hyper") for a in c.attacks)),
    ]  # fmt: skip
    tags = _tags(catalogue)
    out += [(f"role:{r}", lambda c, r=r: r in tags[c.id]) for r in role_names()]
    return out


def _names(c: Card) -> list[str]:
    """Names as printed and as FORMAT.md keys them, other languages too (no apostrophes)."""
    names = [c.name, *(v for k, v in c.aliases.items() if len(k) == 2)]
    return [fold(x).replace("'", "") for n in names for x in (n, name_key(n, c.supertype))]


def _key(c: Card) -> str:
    return name_key(c.name, c.supertype)


def ids(catalogue: Catalogue, query: str) -> set[str]:
    found = search_cards(catalogue, query, prints=True, limit=None)
    assert found.total == len(found.cards)
    return {c.id for c in found.cards}


@cache
def cases_of(catalogue: Catalogue) -> list[tuple[str, Predicate]]:
    return cases(catalogue)


def test_each_new_key_matches_a_python_filter(catalogue: Catalogue) -> None:
    every = {c.id for c in _cards(catalogue)}
    wrong = []
    for query, keep in cases_of(catalogue):
        expected = {c.id for c in _cards(catalogue) if keep(c)}
        got = ids(catalogue, query)
        if got != expected:
            wrong.append(f"{query}: {len(got)} found, {len(expected)} expected")
        elif ids(catalogue, f"-{query}") != every - expected:
            wrong.append(f"-{query} is not the rest")
    assert not wrong, wrong


def test_the_keys_tell_cards_apart(catalogue: Catalogue) -> None:
    every = len(_cards(catalogue))
    found = cases_of(catalogue)
    telling = [q for q, keep in found if 0 < sum(map(keep, _cards(catalogue))) < every]
    assert len(telling) >= len(found) - 2


@pytest.mark.parametrize(
    ("query", "options"),
    [
        ("t:pokemon order:hp", {"order": "hp"}),
        ("t:pokemon order:hp direction:desc", {"order": "hp", "reverse": True}),
        ("is:radiant unique:prints", {"prints": True}),
        ("direction:desc unique:prints order:released is:ex", {"order": "released", "reverse": True, "prints": True}),
    ],
)  # fmt: skip
def test_order_direction_unique_in_the_query(
    catalogue: Catalogue, query: str, options: dict[str, object]
) -> None:
    plain = re.sub(r"\s*(order|direction|unique):\w+", "", query).strip()
    inside = search_cards(catalogue, query, limit=30)
    outside = search_cards(catalogue, plain, limit=30, **options)  # type: ignore[arg-type]
    assert [c.id for c in inside.cards] == [c.id for c in outside.cards]
    assert inside.total == outside.total


@pytest.mark.parametrize(
    "query", ["order:colour", "-order:hp", "(order:hp or t:item)", "unique=prints", "direction:up"]
)
def test_listing_keys_only_at_the_top(catalogue: Catalogue, query: str) -> None:
    with pytest.raises(QuerySyntaxError):
        search_cards(catalogue, query)
