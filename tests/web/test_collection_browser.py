"""The collection as a player uses it, in Debian's chromium: upload it on /collection, see the
ranking and the draft, "owned ×N" marks in Build, Check with the buy list to copy and
download, forget it; a phone, Spanish, no JavaScript, and axe-core on each page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.web.test_browser import _open
from tests.web.test_collection_routes import without_pokemon

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
KEY = "totemdeck.collection"


@pytest.fixture(scope="module")
def mine(legal_text: str) -> str:
    return without_pokemon(legal_text)


def _upload(page: Page, base_url: str, text: str) -> None:
    page.goto(f"{base_url}/collection")
    page.set_input_files(
        "input[name=file]",
        files=[{"name": "mine.txt", "mimeType": "text/plain", "buffer": text.encode()}],
    )
    with page.expect_navigation():
        page.click("#collection-form button[type=submit]")


def _stored(context: BrowserContext, base_url: str) -> str | None:
    page = context.new_page()
    page.goto(f"{base_url}/collection")
    value: str | None = page.evaluate(f"localStorage.getItem('{KEY}')")
    page.close()
    return value


def test_an_uploaded_collection_is_ranked_drafted_and_marks_build(
    browser: Browser, base_url: str, mine: str
) -> None:
    page, problems = _open(browser, base_url)
    _upload(page, base_url, mine)
    assert page.locator(".totem-ranking tbody tr").count() == 20
    assert "Nonexistent Card Of Nowhere" in page.inner_text(".unknown-lines")
    assert re.search(r"\d+ copies of \d+ distinct cards", page.inner_text("#collection-summary"))
    assert page.input_value("#draft-text").startswith("Totem:\n1 ")
    assert _stored(page.context, base_url) == page.input_value("#collection")
    # a ranking row's button drafts that Totem instead
    second = page.locator(".totem-ranking tbody tr").nth(1)
    name = second.locator("td a").inner_text()
    with page.expect_navigation():
        second.locator("button").click()
    assert name in page.inner_text("#draft-title")
    with page.expect_navigation():
        page.click("#build-draft")
    page.wait_for_selector(".build-deck .verdict")
    marks = page.locator("li.row .badge.owned")
    expect(marks.first).to_be_visible()
    assert marks.count() == page.locator("li.row > a.name").count()
    assert all(re.fullmatch(r"owned ×\d+", t) for t in marks.all_inner_texts())
    owned = [int(n) for n in marks.evaluate_all("els => els.map(e => e.dataset.owned)")]
    assert sum(owned) > 0
    assert not problems, problems


def test_cards_results_are_marked_owned(browser: Browser, base_url: str, mine: str) -> None:
    page, problems = _open(browser, base_url)
    _upload(page, base_url, mine)
    page.goto(f"{base_url}/cards?q=academy+at+night")
    marks = page.locator(".grid .item .badge.owned")
    expect(marks.first).to_be_visible()
    assert marks.count() == page.locator(".grid .item").count()
    # the example deck's Academy at Night is in the collection, so every print alike is owned
    owned = marks.evaluate_all("els => els.map(e => Number(e.dataset.owned))")
    assert max(owned) == 1, owned
    page.fill("input[name=q]", "charizard ex")
    page.press("input[name=q]", "Enter")  # htmx swaps the grid: the new results are marked
    expect(
        page.locator(".caption", has_text="Charizard ex").first.locator(".badge.owned")
    ).to_be_visible()
    assert not problems, problems


def test_check_with_the_stored_collection_exports_the_buy_list(
    browser: Browser, base_url: str, mine: str, legal_text: str
) -> None:
    page, problems = _open(browser, base_url, accept_downloads=True)
    _upload(page, base_url, mine)
    page.goto(f"{base_url}/check")
    assert page.input_value("#check-collection") == mine  # filled in from the browser
    page.fill("#deck", legal_text)
    with page.expect_navigation():
        page.click("form[data-send-collection] button[type=submit]")
    assert page.inner_text("#owned-title") == "owned 80 of 100; missing 20"
    assert page.locator(".missing-lines li").count() == 20
    buy = page.input_value("#buy-list")
    assert buy.startswith("Pokémon: 20\n") and buy.rstrip().endswith("Total Cards: 20")
    with page.expect_download() as download:
        page.click("#buy-download")
    assert download.value.suggested_filename == "buy-list.txt"
    assert Path(download.value.path()).read_text(encoding="utf-8") == buy
    page.click("button[data-copy='#buy-list']")
    expect(page.locator("button[data-copy='#buy-list']")).to_have_text("Copied")
    assert not problems, problems


def test_a_shared_deck_is_compared_with_the_stored_collection(
    browser: Browser, base_url: str, mine: str, legal_text: str
) -> None:
    page, problems = _open(browser, base_url)
    page.goto(f"{base_url}/check")
    page.fill("#deck", legal_text)
    with page.expect_navigation():
        page.click("form[data-send-collection] button[type=submit]")
    link = page.input_value("#share-url")
    expect(page.locator("#own-this")).to_be_hidden()  # no collection in this browser yet
    _upload(page, base_url, mine)
    page.goto(link)
    with page.expect_navigation():
        page.click("#own-this")
    assert page.inner_text("#owned-title") == "owned 80 of 100; missing 20"
    assert not problems, problems


def test_the_draft_checks_with_the_collection(browser: Browser, base_url: str, mine: str) -> None:
    page, problems = _open(browser, base_url)
    _upload(page, base_url, mine)
    with page.expect_navigation():
        page.click("#check-draft")
    assert page.locator(".verdict-word").inner_text() in ("LEGAL", "NOT LEGAL")
    # a deck drafted from the collection misses nothing of it but the Totem (ranked whether
    # owned or not): the Totem is line 2 of the draft
    title = page.inner_text("#owned-title")
    owned, needed, missing = map(int, re.findall(r"\d+", title))
    assert owned + missing == needed and missing <= 1, title
    missing_lines = page.locator(".missing-lines li").all_inner_texts()
    assert all(line.endswith("line 2") for line in missing_lines), missing_lines
    assert not problems, problems


def test_forget_my_collection(browser: Browser, base_url: str, mine: str) -> None:
    page, problems = _open(browser, base_url)
    _upload(page, base_url, mine)
    page.goto(f"{base_url}/collection")
    assert page.input_value("#collection") == mine
    expect(page.locator("#collection-stored")).to_be_visible()
    page.click("#forget-collection")
    assert page.input_value("#collection") == ""
    assert _stored(page.context, base_url) is None
    assert not problems, problems


def test_on_a_phone_in_spanish(browser: Browser, base_url: str, mine: str) -> None:
    page, problems = _open(
        browser, base_url, viewport={"width": 390, "height": 844}, locale="es-ES"
    )
    _upload(page, base_url, mine)
    assert page.inner_text("h1") == "Mi colección"
    assert "Los Tótems que mejor construye tu colección" in page.inner_text(".ranking h2")
    assert page.inner_text("nav[aria-label] a[href='/collection']") == "Mis cartas"
    wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"the page is {wide}px wider than the phone"
    with page.expect_navigation():
        page.click("#build-draft")
    expect(page.locator("li.row .badge.owned").first).to_have_text(re.compile(r"tienes ×\d+"))
    assert not problems, problems


def test_without_javascript_the_page_is_a_form(
    browser: Browser, base_url: str, mine: str, legal_text: str
) -> None:
    page, _ = _open(browser, base_url, java_script_enabled=False)
    page.goto(f"{base_url}/collection")
    page.fill("#collection", mine)
    with page.expect_navigation():
        page.click("#collection-form button[type=submit]")
    assert page.locator(".totem-ranking tbody tr").count() == 20
    page.goto(f"{base_url}/check")
    page.click(".my-collection summary")
    page.fill("#check-collection", mine)
    page.fill("#deck", legal_text)
    with page.expect_navigation():
        page.click("form[data-send-collection] button[type=submit]")
    assert page.inner_text("#owned-title") == "owned 80 of 100; missing 20"


def test_axe_finds_no_violation_on_the_collection_pages(
    browser: Browser, base_url: str, mine: str, legal_text: str
) -> None:
    page, _ = _open(browser, base_url, bypass_csp=True)  # the CSP would block axe's script
    axe = AXE.read_text("utf-8")
    _upload(page, base_url, mine)
    found = []
    for visit in ("collection", "check", "build"):
        if visit == "check":
            page.goto(f"{base_url}/check")
            page.fill("#deck", legal_text)
            with page.expect_navigation():
                page.click("form[data-send-collection] button[type=submit]")
        elif visit == "build":
            with page.expect_navigation():
                page.click("nav.deck-actions >> text=Edit in Build")
            page.wait_for_selector("li.row .badge.owned")
        page.add_script_tag(content=axe)
        result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
        found += [(visit, v["id"], v["nodes"][0]["html"]) for v in result["violations"]]
    assert not found, found
