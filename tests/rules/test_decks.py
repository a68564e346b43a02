"""Every code of FORMAT.md on real decklists: each deck says what it expects on line 1.

``# expect: legal`` or ``# expect: code, code`` (``legal, warning-code`` for legal decks
with warnings). A new case is a new file in ``tests/decks/``.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from totemdeck.banlist import load_banlist
from totemdeck.catalogue.read import Catalogue
from totemdeck.decklist import read_decklist
from totemdeck.findings import CODES
from totemdeck.rules import Checker

ROOT = Path(__file__).resolve().parent.parent.parent
DECKS = sorted((ROOT / "tests" / "decks").glob("*.txt"))


def expectation(path: Path) -> tuple[bool, set[str]]:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# expect:"), f"{path.name} must start with '# expect:'"
    words = {w.strip() for w in first.removeprefix("# expect:").split(",")}
    legal = "legal" in words
    return legal, words - {"legal"}


@pytest.fixture(scope="module")
def checker(catalogue: Catalogue) -> Checker:
    banlist = load_banlist(ROOT / "banlist.yaml").banlist
    return Checker(catalogue, banlist=banlist, today=dt.date(2026, 11, 30))


@pytest.mark.parametrize("path", DECKS, ids=[p.stem for p in DECKS])
def test_deck_gives_exactly_its_expected_codes(path: Path, checker: Checker) -> None:
    legal, codes = expectation(path)
    report = checker.check(read_decklist(str(path)))
    assert {f.code for f in report.findings} == codes, [f.message for f in report.findings]
    assert report.legal is legal


def test_every_code_has_a_breaking_deck_and_legal_decks_exist() -> None:
    covered = set().union(*(expectation(p)[1] for p in DECKS))
    assert covered == set(CODES), f"codes without a deck: {sorted(set(CODES) - covered)}"
    assert sum(expectation(p)[0] for p in DECKS) >= 3


def test_banned_finding_names_the_entry_and_its_reason(checker: Checker) -> None:
    report = checker.check(read_decklist(str(ROOT / "tests/decks/banned.txt")))
    messages = {f.cards[0]: f for f in report.findings if f.code == "banned"}
    assert set(messages) == {"bw9-101", "bw5-62"}
    assert "every print" in messages["bw9-101"].message
    assert "this print" in messages["bw5-62"].message
    assert messages["bw5-62"].context["entry"]["name"] == "Sableye"
    assert "Expanded" in messages["bw5-62"].message


def test_totem_numbers_in_report(checker: Checker) -> None:
    report = checker.check(read_decklist(str(ROOT / "tests/decks/legal-v-union-totem.txt")))
    assert report.totem is not None
    assert (report.totem.cost_column, report.totem.prizes, report.counts["total"]) == (
        "Stage 2",
        3,
        100,
    )
