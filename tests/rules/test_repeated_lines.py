"""Repeated name-only lines are weighed once (issue 16: 400 x "1 Pikachu" took 30 s)."""

from __future__ import annotations

import datetime as dt

import pytest

from totemdeck.catalogue import Catalogue
from totemdeck.decklist import parse
from totemdeck.rules import Checker


def test_ambiguity_is_weighed_once_per_distinct_line(
    catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    checker = Checker(catalogue, today=dt.date(2026, 11, 30))
    calls = 0
    evaluate = checker._swap_outcome

    def counted(*args: object) -> object:
        nonlocal calls
        calls += 1
        return evaluate(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(checker, "_swap_outcome", counted)
    once = checker.check(parse("Totem: 1 Charizard ex OBF 125\n1 Charmander\n"))
    for_one_line = calls
    assert for_one_line > 1  # Charmander's prints judge differently: there is work to share
    calls = 0
    many = checker.check(parse("Totem: 1 Charizard ex OBF 125\n" + "1 Charmander\n" * 400))
    assert calls == for_one_line
    ambiguous = [f for f in many.findings if f.code == "ambiguous-card"]
    assert [f.line for f in ambiguous] == list(range(2, 402))
    first = next(f for f in once.findings if f.code == "ambiguous-card")
    assert ambiguous[0].message == first.message and ambiguous[0].cards == first.cards
    assert ambiguous[-1].message == first.message.replace("line 2:", "line 401:")
