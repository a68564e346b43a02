"""Build's edit box completes prints, not names (issue 37 items 3 and 4), in Debian's
chromium at 1280×800 and 390×844: the options are prints (name, set code, number, what the
card is) that fit the Totem first, in the page's language first; a line that stays
ambiguous gets a "choose the print" control (with and without JavaScript); a suggestion
list that a re-render took away never takes the keyboard.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.test_browser import _open
from tests.web.test_build_hands_browser import DESKTOP, SIZES

pytestmark = pytest.mark.full_mirrors("the names in both languages of every print")

GARDEVOIR = "sv1-86"  # Gardevoir ex SVI 86: a Psychic Totem


@pytest.fixture(scope="module", autouse=True)
def _warm(base_url: str) -> None:
    """The name index is built on the first look-up (seconds): once, before the typing."""
    from urllib.request import urlopen

    with urlopen(f"{base_url}/build/prints?q=ga&totem={GARDEVOIR}", timeout=120) as answer:
        assert answer.status == 200


def with_deck(
    browser: Browser, base_url: str, size: dict[str, Any], lines: str, **more: Any
) -> Page:
    page, problems = _open(browser, base_url, **size, **more)
    page.goto(f"{base_url}/build")
    page.fill("#deck-text", f"Totem:\n1 Gardevoir ex SVI 86\nMain deck:\n{lines}")
    page.click("#edit-form button[type=submit]")
    page.wait_for_selector(".build-deck .verdict")
    page.problems = problems  # type: ignore[attr-defined]
    return page


def type_line(page: Page, text: str) -> None:
    page.locator("#deck-text").click()
    page.keyboard.press("Control+End")
    page.keyboard.type(f"\n{text}", delay=20)


def last_line(page: Page) -> str:
    return page.input_value("#deck-text").rstrip("\n").splitlines()[-1]


@SIZES
def test_the_edit_box_offers_prints_that_fit_the_totem_first(
    browser: Browser, base_url: str, size: dict[str, Any]
) -> None:
    page = with_deck(browser, base_url, size, "1 Ralts SVI 84")
    type_line(page, "1 Gastl")
    first = page.locator("#name-suggestions li").first
    expect(first).to_contain_text("Gastly")
    shown = first.inner_text()
    assert re.search(r"Gastly [A-Z0-9-]+ \w+", shown), shown  # name, set code, number
    assert "Psychic" in shown and "misfit" not in (first.get_attribute("class") or "")
    page.keyboard.press("ArrowDown")
    expect(page.locator("#deck-text")).to_have_attribute("aria-activedescendant", "name-option-0")
    page.keyboard.press("Enter")
    line = last_line(page)
    assert re.fullmatch(r"1 Gastly [A-Z0-9-]+ \w+", line), line
    row = page.locator(".build-deck .row").filter(has=page.get_by_role("link", name="Gastly"))
    expect(row).to_have_count(1)
    expect(row.locator(".finding")).to_have_count(0)  # one print, in identity: nothing to say
    assert not page.problems, page.problems  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_suggestions_come_in_the_pages_language_first(
    browser: Browser, full_base_url: str, lang: str
) -> None:
    base_url = full_base_url  # names in both languages of every print
    page = with_deck(browser, base_url, DESKTOP, "1 Ralts SVI 84", locale=f"{lang}-ES")
    type_line(page, "1 Profes")
    first = page.locator("#name-suggestions li").first
    expect(first).to_be_visible()
    word = "Profesor" if lang == "es" else "Professor"
    assert first.inner_text().startswith(word), first.inner_text()


@SIZES
@pytest.mark.parametrize("script", [True, False], ids=["js", "no-js"])
def test_an_ambiguous_line_has_a_choose_the_print_control(
    browser: Browser, full_base_url: str, size: dict[str, Any], script: bool
) -> None:
    base_url = full_base_url  # every print of a name
    page = with_deck(browser, base_url, size, "1 Gastly", java_script_enabled=script)
    row = page.locator(".build-deck .row").filter(has=page.get_by_role("link", name="Gastly"))
    expect(row.locator(".finding", has_text="ambiguous-card")).to_have_count(1)
    row.locator("details.choose-print summary").click()
    choice = row.locator("button.print-choice").first
    expect(choice).not_to_have_class(re.compile("misfit"))  # the prints that fit come first
    choice.click()
    row = page.locator(".build-deck .row").filter(has=page.get_by_role("link", name="Gastly"))
    expect(row).to_have_count(1)
    expect(row.locator(".finding")).to_have_count(0)
    assert re.fullmatch(r"1 Gastly [A-Z0-9-]+ \w+", last_line(page)), last_line(page)


@SIZES
def test_a_suggestion_list_survives_the_box_updating_and_never_acts_unseen(
    browser: Browser, base_url: str, size: dict[str, Any]
) -> None:
    page = with_deck(browser, base_url, size, "1 Ralts SVI 84")
    type_line(page, "1 Profes")
    expect(page.locator("#name-suggestions li").first).to_be_visible()
    # the pause sends the box: the deck is judged again and the page re-rendered
    expect(page.locator(".build-deck .unresolved")).to_contain_text("Profes")
    options = page.locator("#name-suggestions li")
    expect(options.first).to_be_visible()  # still shown after the re-render
    name = options.first.evaluate("e => e.querySelector('.words').firstChild.textContent")
    code = options.first.locator("b").inner_text().strip()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    assert last_line(page) == f"1 {name} {code}"  # the option seen, and only it
    # Escape closes it: arrows and Enter then only move the caret and break the line
    type_line(page, "1 Basic Psy")
    expect(options.first).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#name-suggestions")).to_be_hidden()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    assert page.input_value("#deck-text").rstrip("\n").endswith("1 Basic Psy")
    assert not page.problems, page.problems  # type: ignore[attr-defined]
