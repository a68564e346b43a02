"""Every page in Spanish, in a real browser: no English word from the catalogue is left where
the catalogue has the Spanish one (card names, attack and ability names, set names,
rarities of the cards each page shows), and the Stats labels fit their column."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.web.test_browser import _open, _paste
from totemdeck.catalogue.localized import is_fallback, localize
from totemdeck.catalogue.model import Card
from totemdeck.catalogue.read import Catalogue


@pytest.fixture(scope="module")
def cat(catalogue_dir: Path) -> Iterator[Catalogue]:
    with Catalogue.open(catalogue_dir) as opened:
        yield opened


def _words(card: Card) -> set[str]:
    """The card's words a page may show: name, attack and ability names, set, rarity."""
    found = {card.name, card.set.name, *(a.name for a in card.attacks), *card.abilities}
    return {w for w in (*found, card.rarity) if w and len(w) > 3}


def _spanish_text(card: Card) -> str:
    pieces = [*_words(card), *card.rules, *card.ability_texts, *(a.text for a in card.attacks)]
    return " ".join(pieces)


def _leftovers(page: Page, cat: Catalogue) -> list[str]:
    """English words of the shown cards that have Spanish ones and are on the page."""
    hrefs = page.eval_on_selector_all(
        "a[href^='/cards/']", "els => els.map(e => e.getAttribute('href'))"
    )
    ids = {unquote(h.removeprefix("/cards/")) for h in hrefs if "?" not in h}
    cards = cat.get_many(sorted(ids))
    english_too = {w for c in cards if is_fallback(c, "es") for w in _words(c)}
    # Spanish words may hold English ones ("Líder de Equipo Blanche", "M-Charizard-EX")
    spanish = " ".join(_spanish_text(localize(c, "es")) for c in cards)
    page.evaluate("document.querySelectorAll('.english-name, textarea').forEach(e => e.remove())")
    text = page.inner_text("main")
    left = []
    for card in cards:
        if is_fallback(card, "es"):
            continue
        for word in _words(card) - _words(localize(card, "es")) - english_too:
            if word not in spanish and re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text):
                left.append(f"{card.id}: {word}")
    return left


def _pages(page: Page, base: str, deck: str) -> Iterator[str]:
    """Walk every page in Spanish: check, the deck's Stats / Export / Build, Cards, a card."""
    page.goto(f"{base}/check?lang=es")
    _paste(page, base, deck)
    yield "check"
    actions = page.eval_on_selector_all(
        "nav.deck-actions a", "els => els.map(e => e.getAttribute('href'))"
    )
    assert len(actions) >= 3, actions
    for href in actions:
        page.goto(base + href)
        yield href.split("?")[0]
    page.goto(f"{base}/cards?q=charizard")
    yield "cards"
    page.goto(f"{base}/cards?q=o%3Aroba+t%3Apartidario")
    yield "cards (Spanish search)"
    page.goto(f"{base}/cards/sv3-125")
    yield "card"


def test_every_page_in_spanish_has_no_english_leftovers(
    browser: Browser,
    base_url: str,
    legal_text: str,
    cat: Catalogue,
) -> None:
    page, problems = _open(browser, base_url, locale="es-ES")
    found = {}
    for name in _pages(page, base_url, legal_text):
        assert page.locator("html").get_attribute("lang") == "es", name
        found[name] = _leftovers(page, cat)
    assert {name: left for name, left in found.items() if left} == {}
    assert not problems, problems


def test_the_card_page_in_spanish_shows_the_spanish_card(browser: Browser, base_url: str) -> None:
    page, problems = _open(browser, base_url, locale="es-ES")
    page.goto(f"{base_url}/cards/sv3-125?lang=es")
    facts = page.inner_text(".card-facts")
    for spanish in ("Oscuridad Ardiente", "Reino Infernal", "Llamas Obsidianas", "Rara Doble"):
        assert spanish in facts
    page.goto(f"{base_url}/cards/base1-4?lang=es")  # no Spanish text on TCGdex
    assert page.locator(".card-facts h1 .en-mark").count() == 1
    assert not problems, problems


@pytest.mark.parametrize(
    "viewport", [{"width": 1280, "height": 900}, {"width": 390, "height": 844}]
)
def test_stats_labels_fit_in_spanish(
    browser: Browser,
    base_url: str,
    legal_text: str,
    viewport: dict[str, int],
) -> None:
    """Each bar's label ends before its bar starts ("Herramienta Pokémon" was cut)."""
    page, problems = _open(browser, base_url, viewport=viewport, locale="es-ES")
    page.goto(f"{base_url}/check?lang=es")
    _paste(page, base_url, legal_text)
    page.click("nav.deck-actions >> text=Estadísticas")
    page.wait_for_selector("svg.bars")
    # measured once the fonts are in (on a busy machine they come after the page)
    page.wait_for_function("document.fonts.status === 'loaded'")
    overlapping = """() => [...document.querySelectorAll('svg.bars')].flatMap(svg => {
            const texts = [...svg.querySelectorAll('text')].filter((t, i) => i % 2 === 0);
            const rects = [...svg.querySelectorAll('rect')];
            return texts.map((t, i) => [t.textContent, t.getBBox().x + t.getBBox().width,
                                        rects[i].x.baseVal.value])
                        .filter(([_, end, start]) => end > start).map(([label]) => label);
        })"""
    # the state the page settles in (its styles and fonts in), not a moment after; if it
    # never comes, the assertion below names the labels that overlap
    with contextlib.suppress(PlaywrightTimeout):
        settled = f"(() => {{ try {{ return ({overlapping})().length === 0; }} catch (e) {{ return false; }} }})()"
        page.wait_for_function(settled)  # false while the bars are redrawn
    overlaps = page.evaluate(overlapping)
    labels = page.eval_on_selector_all("svg.bars text", "els => els.map(e => e.textContent)")
    assert "Herramienta Pokémon" in labels
    assert overlaps == []
    assert not problems, problems
