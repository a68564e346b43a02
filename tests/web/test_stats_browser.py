"""The Stats page in a real browser: ask for several cards, read the Invocation chart."""

from __future__ import annotations

import contextlib

from playwright.sync_api import Browser, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.web.test_browser import _open, _paste


def test_ask_all_of_two_cards_and_see_the_invocation_turn(
    browser: Browser, base_url: str, legal_text: str
) -> None:
    page, problems = _open(browser, base_url)
    _paste(page, base_url, legal_text)
    page.get_by_role("link", name="Stats").first.click()
    expect(page.locator("#invocation polyline")).to_have_count(4)
    expect(page.locator("#mulligans")).to_contain_text("no mulligan")
    fields = page.locator('#odds input[name="card"]')
    fields.nth(0).fill("Charmander")
    fields.nth(1).fill("Arven")
    page.locator('#odds select[name="mode"]').select_option("all")
    page.locator('#odds input[name="turn"]').fill("3")
    page.locator("#odds button[type=submit]").click()
    expect(page.locator("#card-odds")).to_contain_text(
        "all of Charmander, Arven: 2 in the deck; by turn 3 you have seen 10 cards"
    )
    expect(page.locator('#odds select[name="mode"]')).to_have_value("all")
    expect(page.locator("#odds svg.curve")).to_be_visible()
    assert not problems, problems


def test_the_stats_page_on_a_phone_does_not_scroll_sideways(
    browser: Browser, base_url: str, legal_text: str
) -> None:
    """The Invocation table is wider than a phone: it scrolls in its own box, not the page."""
    page, problems = _open(browser, base_url, viewport={"width": 390, "height": 844})
    _paste(page, base_url, legal_text)
    page.get_by_role("link", name="Stats").first.click()
    expect(page.locator("#invocation-table")).to_be_attached()
    fits = "document.documentElement.scrollWidth <= window.innerWidth"
    # the state the page settles in (styles and fonts in), not a moment after the click; if
    # it never comes, the assertion below says by how much the page does not fit
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(f"document.fonts.status === 'loaded' && {fits}")
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width
    assert not problems, problems
