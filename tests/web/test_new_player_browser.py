"""A new player builds a legal deck for a Totem no other test uses (Chien-Pao ex, Water), in
Debian's chromium (issue 37): by search and Add in at most 60 actions, and through the edit
box with print autocomplete in at most 40 keys and clicks beyond the names typed.

Every fill, click and key press counts as an action (a typed name counts as one fill in the
first way; in the second the names' letters are not counted, every other key is).
"""

from __future__ import annotations

import contextlib

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.test_browser import _open
from tests.web.test_build_hands_browser import settled

pytestmark = pytest.mark.full_mirrors("a real deck of cards of every set")


def verdict(page: Page) -> str:
    return page.inner_text(".build-deck .verdict-word")


def _legal(page: Page) -> None:
    """The verdict the page settles on is LEGAL (the count can show 100 a swap before the
    verdict of that deck does: wait for the state, then say what the deck holds if not)."""
    with contextlib.suppress(AssertionError):
        expect(page.locator(".build-deck .verdict-word")).to_have_text("LEGAL")
    assert verdict(page) == "LEGAL", page.inner_text(".build-deck")[:600]


def test_a_legal_chien_pao_deck_by_search_and_add_in_at_most_60_actions(
    browser: Browser, base_url: str
) -> None:
    page, problems = _open(browser, base_url, viewport={"width": 1280, "height": 800})
    page.goto(f"{base_url}/build")
    actions = 0

    def search(text: str) -> None:
        nonlocal actions
        page.fill("#q", text)
        page.press("#q", "Enter")
        actions += 2
        settled(page, text)

    search("Chien-Pao ex")
    page.locator('.add[data-card="sv2-61"]').click()  # Choose as Totem
    actions += 1
    expect(page.locator(".totem-title")).to_contain_text("Chien-Pao ex")
    for query in ("totem:sv2-61 t:supporter", "totem:sv2-61 t:pokemon stage:basic"):
        search(query)
        page.click("#add-shown")  # Add these N: one copy of each that may go in
        actions += 1
        expect(page.locator("#added-note")).to_contain_text("Added")
    main = int(page.inner_text("#deck-count")) - 1
    assert 50 <= main <= 98, main
    search("Basic Water Energy")
    energy = page.locator(".build-search .add[data-card]").first
    energy.click()
    actions += 1
    row = page.locator(".build-deck .row").filter(
        has=page.get_by_role("link", name="Basic Water Energy", exact=True)
    )
    field = row.locator("input[type=number]")
    field.fill(str(99 - main))
    field.press("Enter")
    actions += 2
    expect(page.locator("#deck-count")).to_have_text("100")
    _legal(page)
    assert actions <= 60, actions
    assert not problems, problems


def test_a_legal_chien_pao_deck_through_the_edit_box_in_at_most_40_keys_beyond_names(
    browser: Browser, full_base_url: str
) -> None:
    base_url = full_base_url  # a real deck of every set
    page, problems = _open(browser, base_url, viewport={"width": 1280, "height": 800})
    page.goto(f"{base_url}/build?q=Chien-Pao+ex+s:PAL+cn:61")
    page.locator('.add[data-card="sv2-61"]').click()
    keys = 1  # the click that chose the Totem
    expect(page.locator(".totem-title")).to_contain_text("Chien-Pao ex")
    box = page.locator("#deck-text")
    box.click()
    page.keyboard.press("Control+End")
    keys += 2
    for count, name in (("1", "Frigibax"), ("1", "Arven"), ("97", "Basic Water Energ")):
        page.keyboard.press("Enter")
        page.keyboard.type(f"{count} {name}")  # the name: not counted; the count is
        keys += 1 + len(count) + 1
        first = page.locator("#name-suggestions li").first
        expect(first).to_contain_text(name)  # a busy machine: a state, not a time
        expect(first).not_to_have_class("misfit")  # a print that fits comes first
        page.keyboard.press("ArrowDown")
        page.keyboard.press("Enter")
        keys += 2
    page.click("#edit-form button[type=submit]")
    keys += 1
    expect(page.locator("#deck-count")).to_have_text("100")
    _legal(page)
    assert keys <= 40, keys
    assert not problems, problems


def test_a_legal_chien_pao_deck_through_add_a_card_in_at_most_40_keys_beyond_names(
    browser: Browser, full_base_url: str
) -> None:
    """The same deck through "Add a card" (the combobox): each print chosen is written into
    the edit box and sent at once, so no Update is pressed."""
    base_url = full_base_url  # the deck's prints are of every set
    page, problems = _open(browser, base_url, viewport={"width": 1280, "height": 800})
    page.goto(f"{base_url}/build?q=Chien-Pao+ex+s:PAL+cn:61")
    page.locator('.add[data-card="sv2-61"]').click()
    keys = 1  # the click that chose the Totem
    expect(page.locator(".totem-title")).to_contain_text("Chien-Pao ex")
    page.locator("#add-line").click()
    keys += 1
    for count, name in (("1", "Frigibax"), ("1", "Arven"), ("97", "Basic Water Energ")):
        page.keyboard.type(f"{count} {name}")  # the name: not counted; the count is
        keys += len(count) + 1
        first = page.locator("#add-suggestions [role=option]").first
        expect(first).to_contain_text(name)  # a busy machine: a state, not a time
        expect(first).not_to_have_class("misfit")  # a print that fits comes first
        page.keyboard.press("ArrowDown")
        page.keyboard.press("Enter")
        keys += 2
        expect(page.locator("#add-line")).to_have_value("")
    expect(page.locator("#deck-count")).to_have_text("100")
    _legal(page)
    assert keys <= 40, keys
    assert not problems, problems
