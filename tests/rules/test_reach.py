"""Ambiguity is weighed per line, not per deck (issue 16: 500 distinct name-only lines ~21 s).

Each main-deck line's other prints are judged by what they can change (``rules.reach``);
these tests hold that to the same verdicts as judging the whole deck again, and count the
work the rules do so it stays linear in the lines.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import fields, replace
from typing import Any

import pytest

from totemdeck.catalogue import Catalogue
from totemdeck.catalogue.model import Card
from totemdeck.decklist import parse
from totemdeck.findings import Finding
from totemdeck.rules import Checker, engine
from totemdeck.rules.checks import RULES, Rule
from totemdeck.rules.deck import Deck, Entry, RuleContext
from totemdeck.rules.reach import AGGREGATE, PER_ENTRY, TOTEM_ONLY

pytestmark = pytest.mark.full_mirrors("hundreds of ambiguous names of the whole catalogue")

TODAY = dt.date(2026, 11, 30)
TOTEM = "Totem: 1 Charizard ex OBF 125\n"


class WholeDeckChecker(Checker):
    """The oracle: every other print judged by running every rule on the whole deck."""

    def _swap_outcome(self, base: Any, number: int, card: Card) -> tuple[frozenset[Any], ...]:
        deck = base.deck
        main = tuple(e if e.line != number else replace(e, card=card) for e in deck.main)
        whole = {(f.code, f.line) for f in self._run_rules(replace(deck, main=main))}
        first = {(f.code, f.line) for f in base.findings}
        return frozenset(first - whole), frozenset(whole - first)


def _ambiguous_names(checker: Checker, catalogue: Catalogue) -> list[str]:
    """Names whose prints read differently to the rules, in name order."""
    names = sorted({card.name for card in catalogue.iter_cards()})
    return [
        n
        for n in names
        if len({engine.alike_key(c, checker.ctx) for c in catalogue.by_name(n)}) > 1
    ]


def _aggregate_names(checker: Checker, catalogue: Catalogue) -> list[str]:
    """Names whose prints differ in what a rule weighing cards together reads (LEGEND halves,
    fossils, basic/special Energy of one name …), with what they evolve from."""
    picked: list[str] = []
    for name in sorted({card.name for card in catalogue.iter_cards()}):
        cards = catalogue.by_name(name)
        if any(len({r.traits(c, checker.ctx) for c in cards}) > 1 for r in AGGREGATE.values()):
            picked += [name, *sorted({c.evolves_from for c in cards if c.evolves_from})]
    return list(dict.fromkeys(picked))


def test_every_rule_has_a_known_reach() -> None:
    codes = [code for code, _rule in RULES]
    reaches = [TOTEM_ONLY, PER_ENTRY, frozenset(AGGREGATE)]
    assert sorted(codes) == sorted(c for reach in reaches for c in reach)


@pytest.mark.slow
@pytest.mark.parametrize("totem", [TOTEM, "Totem: 1 Arceus VSTAR BRS 123\n", "Totem: 1 Mewtwo\n"])
def test_verdicts_equal_judging_the_whole_deck(full_catalogue: Catalogue, totem: str) -> None:
    catalogue = full_catalogue  # every ambiguous name
    checker = Checker(catalogue, today=TODAY)
    related = _aggregate_names(checker, catalogue)
    assert len(related) > 20  # there are such names: the narrow path is exercised
    lines = [f"{1 + i % 2} {n}" for i, n in enumerate(related * 2)]
    lines += [f"1 {n}" for n in _ambiguous_names(checker, catalogue)[::15]]
    deck = parse(totem + "\n".join(lines) + "\n")
    fast = checker.check(deck)
    slow = WholeDeckChecker(catalogue, today=TODAY).check(deck)
    assert sum(f.code == "ambiguous-card" for f in fast.findings) > 10
    assert fast == slow


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every rule call adds the number of entries it was given to the returned list."""
    read: list[int] = []

    def counted(rule: Rule) -> Rule:
        def run(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
            read.append(len(deck.entries))
            yield from rule(deck, ctx)

        return run

    monkeypatch.setattr(engine, "RULES", tuple((c, counted(r)) for c, r in RULES))
    return read


def test_rule_work_grows_linearly_with_distinct_ambiguous_lines(
    full_catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalogue = full_catalogue  # hundreds of ambiguous names
    checker = Checker(catalogue, today=TODAY)
    names = _ambiguous_names(checker, catalogue)
    read = _counting(monkeypatch)
    work = {}
    for lines in (100, 400):
        read.clear()
        report = checker.check(parse(TOTEM + "".join(f"1 {n}\n" for n in names[:lines])))
        assert sum(f.code == "ambiguous-card" for f in report.findings) > lines // 10
        work[lines] = sum(read)
    # One pass of every rule over the deck, then a few entries per other print: judging the
    # whole deck per print (the old way) read ~lines² entries, 16x for 4x the lines.
    assert work[400] < 5 * work[100]
    assert work[400] < 4 * len(RULES) * 400


def test_weighing_reads_the_same_codes_and_lines_without_sentences(catalogue: Catalogue) -> None:
    """``keys_only`` (the engine weighing a print) finds what the full rules find, by code
    and line; the rules it spares leave their sentences empty."""
    checker = Checker(catalogue, today=TODAY)
    deck = checker.check_deck(
        parse(TOTEM + "2 Pikachu\n1 Raichu\n1 Raichu\n1 Gardevoir ex\n1 Kirlia\n")
    ).deck
    weighing = replace(checker.ctx, keys_only=True)
    spared = {"singleton", "identity", "evolution-line-gap"}
    found: set[str] = set()
    for _code, rule in RULES:
        full = list(rule(deck, checker.ctx))
        keys = list(rule(deck, weighing))
        assert [(f.code, f.line) for f in keys] == [(f.code, f.line) for f in full]
        assert all(f.message for f in full)
        assert all(not f.message for f in keys if f.code in spared)
        found |= {f.code for f in full}
    assert spared <= found  # each spared rule had something to say here


def test_the_weighing_constructors_keep_every_other_field(catalogue: Catalogue) -> None:
    """``Entry.holding`` and ``Deck.with_entries`` are ``dataclasses.replace`` written out
    (cheaper, built thousands of times a check): a field added later must not be dropped."""
    card, other = catalogue.by_name("Pikachu")[:2]
    entry = Entry(**{f.name: object() for f in fields(Entry)})
    assert entry.holding(card) == replace(entry, card=card)
    deck = Deck(**{f.name: object() for f in fields(Deck)})
    totem, main = (Entry(1, 1, card, "totem"),), (Entry(2, 1, other, None),)
    assert deck.with_entries(totem, main) == replace(deck, totem=totem, main=main)
