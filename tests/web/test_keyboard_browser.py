"""Build and the Table by keyboard only (issue 37 item 5), in Debian's chromium: after Add,
Choose as Totem and every Table action the focus stays where the player acted, so the next
key press goes on from there (before, it fell to the page's body: 16–30 Tabs back).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.test_browser import _open
from tests.web.test_table_browser import DESKTOP, PHONE, Table, _set_up

SIZES = pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])


def tab_to(page: Page, selector: str, most: int = 60) -> int:
    """Press Tab until ``selector`` has the focus; how many presses it took (0: it has)."""
    if page.evaluate("(s) => document.activeElement.matches(s)", selector):
        return 0
    for presses in range(1, most + 1):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return presses
    raise AssertionError(f"{selector} not reached in {most} Tabs")


@SIZES
def test_build_by_keyboard_only(browser: Browser, base_url: str, size: dict[str, Any]) -> None:
    page, problems = _open(browser, base_url, **size)
    page.goto(f"{base_url}/build")
    tab_to(page, "#q")
    page.keyboard.type("Charizard ex s:OBF")
    page.keyboard.press("Enter")
    expect(page.locator("#q")).to_be_focused()
    expect(page.locator('[data-card="sv3-125"]')).to_have_count(1)
    tab_to(page, '[data-card="sv3-125"]')
    page.keyboard.press("Enter")  # Choose as Totem
    expect(page.locator(".build-deck .verdict")).to_be_visible()
    expect(page.locator(".totem-title")).to_be_focused()
    tab_to(page, "#q")
    page.keyboard.press("Control+A")
    page.keyboard.type("totem:sv3-125 t:supporter")
    page.keyboard.press("Enter")
    expect(page.locator("#build-form input[name=shown]")).to_have_value("totem:sv3-125 t:supporter")
    added = []
    for _n in range(3):  # three Adds in a row: one Tab from each to the next
        tab_to(page, ".build-search .add[data-card]", most=60)
        card = page.evaluate("document.activeElement.dataset.card")
        page.keyboard.press("Enter")
        expect(page.locator(f"#remove-{card}")).to_be_focused()
        added.append(card)
    for card in added:
        expect(page.locator(f'.build-deck .row a.name[href="/cards/{card}"]')).to_have_count(1)
    assert not problems, problems


@SIZES
def test_the_table_by_keyboard_only(browser: Browser, base_url: str, size: dict[str, Any]) -> None:
    table = Table(browser, base_url, "en", True, **size)
    _set_up(table)
    page = table.page
    page.locator("#next-turn").focus()
    presses = []
    for token in ("e1+", "e1+", "k21", "k21"):  # the same action twice: no Tab between
        presses.append(tab_to(page, f'[data-e="{token}"]', most=80))
        before = page.url
        page.keyboard.press("Enter")
        page.wait_for_url(lambda url, before=before: url != before)
        expect(page.locator(f'[data-e="{token}"]')).to_be_focused()
    assert presses[1] == 0 and presses[3] == 0, presses
    expect(page.locator("#seat-1 .energy-count")).to_have_text("2")
    expect(page.locator("#seat-2 .prizes-left")).to_have_text("4")
    # an action whose button goes away (the Totem to the discard pile: no second time):
    # the focus goes to its seat, not to the page's body
    page.locator("#seat-2 details.more summary").focus()
    page.keyboard.press("Enter")  # open "More"
    tab_to(page, '[data-e="m2d"]')
    page.keyboard.press("Enter")
    expect(page.locator("#seat-2")).to_be_focused()
    page.locator("#next-turn").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#next-turn")).to_be_focused()
    assert not table.problems, table.problems
    table.context.close()
