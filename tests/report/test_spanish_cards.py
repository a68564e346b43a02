"""Golden reports in Spanish with the cards' own Spanish words: card show (text and JSON),
totem, and the check report of a deck with a banned card (its Spanish reason)."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.report.test_reports import DECKS, ROOT, compare
from totemdeck.api import card_facts, lookup_totem
from totemdeck.banlist import load_banlist
from totemdeck.catalogue.read import Catalogue
from totemdeck.decklist import read_decklist
from totemdeck.i18n import use_language
from totemdeck.report import render_text
from totemdeck.report.card import render_card, render_card_json, render_totem
from totemdeck.rules import Checker

pytestmark = pytest.mark.full_mirrors("every print of Charizard ex (the Spanish golden lists them)")

# A Pokémon ex, a Supporter, a Special Energy, a VSTAR (its VSTAR Power is not in TCGdex's
# Spanish: shown in English, marked) and a print TCGdex has no Spanish for (marked).
PRINTS = ["sv3-125", "sv1-189", "swsh9-151", "swsh12-139", "base1-4"]


@pytest.fixture(autouse=True)
def _run_from_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


@pytest.mark.parametrize("card_id", PRINTS)
def test_card_show_in_spanish(catalogue: Catalogue, card_id: str, update_golden: bool) -> None:
    card = catalogue.get(card_id)
    assert card is not None
    facts = card_facts(catalogue, card)
    with use_language("es"):
        text = render_card(card, facts, "es", width=100)
    compare(f"card-{card_id}.es.txt", text, update_golden)
    compare(f"card-{card_id}.es.json", render_card_json(card, facts, "es"), update_golden)


def test_totem_in_spanish(full_catalogue: Catalogue, update_golden: bool) -> None:
    catalogue = full_catalogue  # the golden lists every print of Charizard ex
    with use_language("es"):
        found = lookup_totem(catalogue, "Charizard ex")
        compare("totem-charizard-ex.es.txt", render_totem(found, "es"), update_golden)


def test_check_report_in_spanish(catalogue: Catalogue, update_golden: bool) -> None:
    banlist = load_banlist(ROOT / "banlist.yaml").banlist
    checker = Checker(catalogue, banlist=banlist, today=dt.date(2026, 11, 30), lang="es")
    with use_language("es"):
        reports = [checker.check(read_decklist(deck)) for deck in DECKS]
        text = render_text(reports)
    assert "Prohibida en el formato Expandido oficial" in text
    compare("report.es.txt", text, update_golden)
