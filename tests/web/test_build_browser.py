"""Build as a player uses it, in Debian's chromium: nothing is lost, round trips hold, the
edit box, counts, pages, focus and scroll, a phone, no JavaScript, and axe-core on every page.

The first four tests are the four trust bugs of issue 22, each of which failed before its fix.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.web.test_browser import _open, _paste

from .conftest import EXAMPLES

pytestmark = pytest.mark.full_mirrors("a legal deck of a hundred cards of every set")

AXE = Path(__file__).parent / "vendor" / "axe.min.js"


def _counts(page: Page, scope: str = "") -> str:
    return " ".join(page.inner_text(f"{scope} .verdict-counts".strip()).split())


def _row(page: Page, name: str) -> Locator:
    """The deck row of ``name`` (by its name link: other rows' card text may mention it)."""
    return page.locator(".build-deck .row").filter(
        has=page.get_by_role("link", name=name, exact=True)
    )


def _build_from_check(page: Page, base_url: str, text: str) -> None:
    _paste(page, base_url, text)
    page.click("nav.deck-actions >> text=Edit in Build")
    page.wait_for_selector(".build-deck .verdict")


def _search(page: Page, text: str, wait: str) -> None:
    page.fill("input[name=q]", text)
    page.press("input[name=q]", "Enter")
    page.wait_for_selector(wait)


def test_change_totem_and_a_search_keep_the_other_99_cards(
    browser: Browser, full_base_url: str, legal_text: str
) -> None:
    base_url = full_base_url  # a hundred cards of every set
    page, problems = _open(browser, base_url)
    _build_from_check(page, base_url, legal_text)
    page.click("text=Change Totem")
    expect(page.locator(".note")).to_contain_text("Your 99 other cards stay in the deck.")
    _search(page, "reshiram", ".add[data-card]")
    expect(page.locator(".note")).to_contain_text("Your 99 other cards stay in the deck.")
    page.locator(".add[data-card]").first.click()
    page.wait_for_selector(".build-deck .verdict")
    assert re.search(r"main deck 99 = 10\d cards", _counts(page, ".build-deck")), _counts(page)
    assert not problems, problems


def test_an_exported_deck_checks_as_the_same_deck_and_verdict(
    browser: Browser, base_url: str, legal_text: str
) -> None:
    # Alph Lithograph's number is "FOUR": the export must read back to that print
    text = legal_text.replace("1 Brassius OBF 187", "1 Alph Lithograph TM FOUR")
    page, problems = _open(browser, base_url)
    _paste(page, base_url, text)
    before = _counts(page)
    assert page.inner_text(".verdict-word") == "LEGAL", before
    names = sorted(page.locator(".groups .row .name").all_inner_texts())
    page.click("nav.deck-actions >> text=Export")
    exported = page.input_value("#ptcgl")
    assert exported.startswith("Totem: 1\n1 Charizard ex OBF 125\n")  # the Totem section
    assert "Alph Lithograph TM FOUR" in exported
    _paste(page, base_url, exported)
    assert page.inner_text(".verdict-word") == "LEGAL"
    assert _counts(page) == before
    assert sorted(page.locator(".groups .row .name").all_inner_texts()) == names
    assert not problems, problems


def test_a_share_link_gives_exactly_the_pasted_verdict(
    browser: Browser, base_url: str, illegal_text: str
) -> None:
    page, _ = _open(browser, base_url)
    _paste(page, base_url, illegal_text)
    pasted = _counts(page)
    assert "35 cards" in pasted and "10 errors" in pasted and "2 warnings" in pasted
    unmatched = page.locator(".unresolved .row").all_inner_texts()
    link = page.input_value("#share-url")
    assert link.startswith(base_url)  # shown whole, though the server sent it relative
    fresh, problems = _open(browser, base_url)
    fresh.goto(link)
    assert _counts(fresh) == pasted
    assert fresh.locator(".unresolved .row").all_inner_texts() == unmatched
    assert not problems, problems


def test_searches_go_on_past_the_first_page(
    browser: Browser, base_url: str, legal_text: str
) -> None:
    page, problems = _open(browser, base_url)
    _build_from_check(page, base_url, legal_text)
    first = page.locator(".build-search .item a.tile-link").first.get_attribute("href")
    expect(page.locator(".build-search .pager")).to_contain_text("Page 1 of")
    page.click(".build-search .pager a[rel=next]")
    expect(page.locator(".build-search .pager")).to_contain_text("Page 2 of")
    assert page.locator(".build-search .item a.tile-link").first.get_attribute("href") != first
    assert "page=2" in page.url
    assert _counts(page, ".build-deck").endswith("0 warnings")  # the deck came along
    assert not problems, problems


def test_a_deck_from_an_empty_build_page_in_one_paste(
    browser: Browser, base_url: str, legal_text: str
) -> None:
    for text in (legal_text, (EXAMPLES / "kyogre-groudon-legend.txt").read_text("utf-8")):
        page, problems = _open(browser, base_url)
        page.goto(f"{base_url}/build")
        actions = 0
        page.fill("#deck-text", text)
        actions += 1
        page.click("#edit-form button[type=submit]")
        actions += 1
        page.wait_for_selector(".build-deck .verdict")
        assert page.inner_text(".build-deck .verdict-word") == "LEGAL", _counts(page)
        assert "= 100 cards" in _counts(page, ".build-deck")
        assert actions <= 30
        assert not problems, problems


def test_thirty_basic_energy_take_two_actions(
    browser: Browser, base_url: str, legal_text: str
) -> None:
    text = legal_text.replace("17 Basic Fire Energy SVE 2", "1 Basic Fire Energy SVE 2")
    page, problems = _open(browser, base_url)
    _build_from_check(page, base_url, text)
    row = _row(page, "Basic Fire Energy")
    field = row.locator("input[type=number]")
    field.fill("17")  # action 1
    field.press("Enter")  # action 2
    expect(page.locator("#deck-count")).to_have_text("100")
    assert page.inner_text(".build-deck .verdict-word") == "LEGAL"
    assert not problems, problems


def test_typing_in_the_edit_box_updates_the_deck_after_a_pause(
    browser: Browser, base_url: str, legal_text: str
) -> None:
    page, problems = _open(browser, base_url)
    _build_from_check(page, base_url, legal_text)
    box = page.locator("#deck-text")
    box.click()
    page.keyboard.press("Control+End")
    page.keyboard.type("\n1 Charizzard OBF 999")  # no submit: the pause sends it
    expect(page.locator(".build-deck .unresolved")).to_contain_text("Charizzard")
    assert page.evaluate("document.activeElement.id") == "deck-text"  # still typing there
    assert page.input_value("#deck-text").endswith("1 Charizzard OBF 999")
    assert not problems, problems


def test_plus_and_minus_keep_focus_and_scroll(
    browser: Browser, base_url: str, legal_text: str
) -> None:
    page, problems = _open(browser, base_url, viewport={"width": 1280, "height": 700})
    _build_from_check(page, base_url, legal_text)
    panel = page.locator("#build-deck")
    less = _row(page, "Basic Fire Energy").locator("button.step.less")
    less.scroll_into_view_if_needed()
    scrolled = panel.evaluate("e => e.scrollTop")
    assert scrolled > 0, "the deck panel scrolls on this screen"
    less_id = less.get_attribute("id")
    less.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#deck-count")).to_have_text("99")
    assert page.evaluate("document.activeElement.id") == less_id
    assert abs(panel.evaluate("e => e.scrollTop") - scrolled) <= 2
    assert page.get_attribute(f"#{less_id}", "aria-label") == "One fewer Basic Fire Energy"
    assert not problems, problems


def test_without_javascript_the_edit_box_counts_and_pages_work(
    browser: Browser, base_url: str, legal_text: str
) -> None:
    page, _ = _open(browser, base_url, java_script_enabled=False)
    page.goto(f"{base_url}/build")
    page.fill("#deck-text", legal_text)
    with page.expect_navigation():
        page.click("#edit-form button[type=submit]")
    assert "= 100 cards" in _counts(page, ".build-deck")
    row = _row(page, "Basic Fire Energy")
    line = row.get_attribute("id")
    row.locator("input[type=number]").fill("16")
    with page.expect_navigation():
        row.locator("button.set").click()
    assert "= 99 cards" in _counts(page, ".build-deck")
    assert page.url.endswith(f"#{line}")  # back at the row
    with page.expect_navigation():
        page.click(".build-search .pager a[rel=next]")
    expect(page.locator(".build-search .pager")).to_contain_text("Page 2 of")
    assert "= 99 cards" in _counts(page, ".build-deck")


def test_build_on_a_phone_does_not_scroll_sideways(
    browser: Browser, base_url: str, legal_text: str
) -> None:
    page, problems = _open(
        browser, base_url, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    _build_from_check(page, base_url, legal_text)
    for url in (page.url, f"{base_url}/help/search", f"{base_url}/cards?q=totem:sv3-125"):
        page.goto(url)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{url} scrolls sideways ({width}px)"
    assert not problems, problems


def test_axe_finds_no_violation_on_any_page(
    browser: Browser, base_url: str, legal_text: str
) -> None:
    page, _ = _open(browser, base_url, bypass_csp=True)  # the CSP would block axe's script
    _paste(page, base_url, legal_text)
    code = page.input_value("#share-url").split("?d=")[1]
    axe = AXE.read_text("utf-8")

    def violations(path: str) -> list[str]:
        page.goto(base_url + path)
        page.add_script_tag(content=axe)
        found = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
        return [f"{v['id']}: {v['nodes'][0]['target']}" for v in found["violations"]]

    paths = ["/check", f"/check?d={code}", "/build", f"/build?d={code}", "/cards?q=charizard",
             "/cards/sv3-125", f"/export?d={code}", f"/stats?d={code}", "/help/search", "/nope"]  # fmt: skip
    for path in paths:
        assert violations(path) == [], path
    # axe does see a broken page (an image without a text alternative)
    page.goto(f"{base_url}/check")
    page.evaluate("document.body.appendChild(document.createElement('img'))")
    page.add_script_tag(content=axe)
    found = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    assert "image-alt" in [v["id"] for v in found["violations"]]


def test_the_edit_box_completes_card_names(
    browser: Browser, base_url: str, legal_text: str
) -> None:
    page, problems = _open(browser, base_url)
    _build_from_check(page, base_url, legal_text)
    page.locator("#deck-text").click()
    page.keyboard.press("Control+End")
    page.keyboard.type("\n1 Reshir")
    expect(page.locator("#name-suggestions li").first).to_contain_text("Reshiram")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    last = page.input_value("#deck-text").rstrip("\n").splitlines()[-1]
    assert last.startswith("1 Reshiram"), last
    expect(page.locator(".build-deck .verdict-counts")).to_contain_text("= 101 cards")
    assert not problems, problems
