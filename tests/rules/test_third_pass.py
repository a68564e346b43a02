"""The third set of independently written decks (issue 21): what each finding cites, how a
list's language is read, and golden reports of the new messages in both languages.

The verdicts themselves are deck files in ``tests/decks/`` (``test_decks.py``); this module
checks what those files cannot say on their first line.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from totemdeck.banlist import load_banlist
from totemdeck.catalogue.read import Catalogue
from totemdeck.decklist import read_decklist
from totemdeck.decklist.language import list_language
from totemdeck.decklist.parse import parse
from totemdeck.i18n import use_language
from totemdeck.report import render_text
from totemdeck.rules import Checker

ROOT = Path(__file__).resolve().parents[2]
DECKS = ROOT / "tests" / "decks"
GOLDEN = ROOT / "tests" / "golden"


@pytest.fixture(autouse=True)
def _run_from_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # decks are named by their relative path in reports


def checker_for(catalogue: Catalogue, lang: str = "en") -> Checker:
    banlist = load_banlist(ROOT / "banlist.yaml").banlist
    return Checker(catalogue, banlist=banlist, today=dt.date(2026, 11, 30), lang=lang)


@pytest.mark.parametrize(
    ("deck", "code", "where"),
    [
        # half 1 twice beside half 2: the line of half 2 is not the singleton's business
        ("singleton-legend-half-on-two-lines", "singleton", "lines 4, 6:"),
        ("singleton-language-spanish-headers", "singleton", "lines 57, 68:"),
        ("singleton-growing-grass-energy", "singleton", "line 78:"),
        ("singleton-prism-energy-asc", "singleton", "line 78:"),
    ],
)
def test_a_finding_cites_the_lines_it_concerns(
    catalogue: Catalogue, deck: str, code: str, where: str
) -> None:
    report = checker_for(catalogue).check(read_decklist(str(DECKS / f"{deck}.txt")))
    found = [f for f in report.findings if f.code == code]
    assert len(found) == 1 and found[0].message.startswith(where), found


@pytest.mark.parametrize(
    ("deck", "line", "name", "card"),
    [
        ("legal-language-english-names", 56, "Rika", "sv4-258"),
        ("legal-language-english-names", 57, "Candela", "pgo-83"),
        ("legal-language-english-names", 65, "Olivia", "sm4-111"),
        ("singleton-language-spanish-headers", 57, "Candela", "swsh6-215"),
    ],
)
def test_a_name_of_two_languages_is_read_in_the_list_language(
    catalogue: Catalogue, deck: str, line: int, name: str, card: str
) -> None:
    checked = checker_for(catalogue).check_deck(read_decklist(str(DECKS / f"{deck}.txt")))
    chosen = catalogue.get(checked.report.chosen[line])
    expected = catalogue.get(card)
    assert chosen is not None and expected is not None
    assert chosen.name == expected.name  # every rule judged the line as that one card
    assert {c.name for c in checked.alike[line]} == {expected.name}
    notes = dict(checked.report.readings)
    assert repr(name) in notes[line] and expected.name in notes[line]
    assert not [f for f in checked.report.findings if f.code == "ambiguous-card"]


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Trainer: 2\n1 Candela\n1 Rika\n", "en"),
        ("Entrenador: 2\n1 Candela\n1 Rika\n", "es"),
        ("Energía: 1\n1 Candela\n", "es"),
        # no header says it: Spanish-only names outnumber English-only ones
        ("1 Candela\n1 Investigación de Profesores\n1 Órdenes de Jefes\n", "es"),
        ("1 Candela\n1 Professor's Research\n1 Boss's Orders\n1 Órdenes de Jefes\n", "en"),
    ],
)
def test_the_language_of_a_list(catalogue: Catalogue, text: str, lang: str) -> None:
    decklist = parse(text)
    resolved = checker_for(catalogue).resolver.resolve(decklist)
    assert list_language(decklist, resolved.lines) == lang


REPORTED = [
    "legal-language-english-names",
    "singleton-language-spanish-headers",
    "no-basic-pokemon",
    "singleton-legend-half-on-two-lines",
    "totem-not-pokemon-trainer-beside-typed-cards",
]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("deck", REPORTED)
def test_third_pass_report_golden(
    catalogue: Catalogue, deck: str, lang: str, update_golden: bool
) -> None:
    checker = checker_for(catalogue, lang)
    with use_language(lang):
        text = render_text([checker.check(read_decklist(f"tests/decks/{deck}.txt"))], verbose=True)
    path = GOLDEN / f"report-{deck}.{lang}.txt"
    if update_golden:
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"missing golden file {path.name}: run pytest --update-golden"
    assert text == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_finding_in_a_json_deck_names_the_entry_and_its_file_line(
    catalogue: Catalogue, lang: str
) -> None:
    path = DECKS / "json" / "singleton-growing-grass-energy.json"
    text = path.read_text(encoding="utf-8").splitlines()
    # where each entry begins: a line "{" (the first is the document itself, then totem[0])
    entries = [i for i, row in enumerate(text, start=1) if row.strip() == "{"]
    named = next(i for i, row in enumerate(text, start=1) if "Growing Grass Energy" in row)
    begins = max(i for i in entries if i < named)
    with use_language(lang):
        report = checker_for(catalogue, lang).check(read_decklist(str(path)))
    found = {f.code: f for f in report.findings}
    assert set(found) == {"singleton", "identity"}
    for finding in found.values():
        assert finding.line == begins
        assert finding.context["entry"] == f"cards[{entries.index(begins) - 2}]"
        assert finding.message.startswith(f"{finding.context['entry']} (")
        assert f" {begins})" in finding.message.split(":")[0]
