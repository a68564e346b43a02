"""Golden reports in both languages: stats, the text export and the check report of the
example decks and of a decklist written in Spanish (``pytest --update-golden`` rewrites)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from tests.helpers.golden import compare
from totemdeck.banlist import load_banlist
from totemdeck.catalogue.read import Catalogue
from totemdeck.cli import main
from totemdeck.decklist import read_decklist
from totemdeck.export import export_deck
from totemdeck.i18n import use_language
from totemdeck.report import render_json, render_text
from totemdeck.report.stats_text import render_stats
from totemdeck.rules import Checker
from totemdeck.stats import deck_stats

pytestmark = pytest.mark.full_mirrors(
    "a real list whose Spanish golden counts and suggests over every print"
)

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(p.stem for p in (ROOT / "examples").glob("*.txt"))
SPANISH_LIST = "tests/decklists/espanol-nombres.txt"


@pytest.fixture(autouse=True)
def _run_from_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # decks are named by their relative path in reports


def checker_for(catalogue: Catalogue, lang: str) -> Checker:
    banlist = load_banlist(ROOT / "banlist.yaml").banlist
    return Checker(catalogue, banlist=banlist, today=dt.date(2026, 11, 30), lang=lang)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("deck", EXAMPLES)
def test_stats_golden(catalogue: Catalogue, deck: str, lang: str, update_golden: bool) -> None:
    checker = checker_for(catalogue, lang)
    checked = checker.check_deck(read_decklist(f"examples/{deck}.txt"))
    with use_language(lang):
        stats = deck_stats(checked, card_name="Rare Candy", turn=3)
        text = render_stats(stats, checked.report)
    compare(f"stats-{deck}.{lang}.txt", text, update_golden)


@pytest.mark.parametrize("deck", EXAMPLES)
def test_text_export_golden_in_spanish(
    catalogue: Catalogue, deck: str, update_golden: bool
) -> None:
    checker = checker_for(catalogue, "es")
    checked = checker.check_deck(read_decklist(f"examples/{deck}.txt"))
    with use_language("es"):
        text = export_deck(checked, "text", lang="es", allow_illegal=True)
        ptcgl = export_deck(checked, "ptcgl", lang="es", allow_illegal=True)
    compare(f"export-{deck}.es.text", text, update_golden)
    # PTCG Live's headers stay the ones Live imports; only the comment for people changes
    assert "Total Cards:" in ptcgl
    assert ("# NO LEGAL en el Formato Tótem" in ptcgl) == (not checked.report.legal)


def test_a_spanish_decklist_gives_a_spanish_report(
    full_catalogue: Catalogue, update_golden: bool
) -> None:
    catalogue = full_catalogue  # a real list: its golden counts and suggests over every print
    checker = checker_for(catalogue, "es")
    with use_language("es"):
        text = render_text([checker.check(read_decklist(SPANISH_LIST))])
    compare("report-espanol-nombres.es.txt", text, update_golden)
    assert "Tótem: Charizard ex" in text
    assert "Coste de Invocación" in text and "cartas de Premio" in text
    assert "Fuego, Oscura" in text
    for english in ("line ", " the ", " has ", "cards", "Totem"):  # every sentence is Spanish
        assert english not in text


def test_the_json_report_keeps_its_codes_and_speaks_in_its_messages(catalogue: Catalogue) -> None:
    checker = checker_for(catalogue, "es")
    with use_language("es"):
        report = json.loads(render_json([checker.check(read_decklist(SPANISH_LIST))]))
    with use_language("en"):
        english = json.loads(render_json([checker.check(read_decklist(SPANISH_LIST))]))
    codes = [f["code"] for f in report["findings"]]
    assert codes == [f["code"] for f in english["findings"]]
    assert "ambiguous-card" in codes and "evolution-line-gap" in codes
    assert all(f["message"].startswith(("línea", "la lista")) for f in report["findings"])
    assert all(f["message"].startswith(("line", "the list")) for f in english["findings"])
    assert report.keys() == english.keys()


def test_the_cli_speaks_spanish_end_to_end(
    catalogue_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = "examples/kyogre-groudon-legend.txt"
    cat = ["--catalogue", str(catalogue_dir)]
    assert main(["--lang", "es", "stats", deck, "--card", "Rare Candy", "--turn", "3", *cat]) == 0
    out = capsys.readouterr().out
    assert "Mano inicial (7 cartas), probabilidades exactas de una mano que te quedas:" in out
    assert "Invocación de Kyogre & Groudon LEGEND UD 87 (coste 2;" in out
    assert "al menos un Partidario" in out and " %" in out
    assert main(["export", deck, "--to", "text", "--lang", "es", *cat]) == 0
    assert capsys.readouterr().out.startswith("# Mazo del Formato Tótem — legal, 100 cartas")
