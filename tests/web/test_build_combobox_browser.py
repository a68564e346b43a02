"""Build's "Add a card" follows the WAI-ARIA combobox pattern (issue 37 items 3 and 4), in
Debian's chromium at 1280×800 and 390×844: a text input with ``role=combobox``,
``aria-expanded``, ``aria-controls``, ``aria-activedescendant`` and
``aria-autocomplete=list`` over a listbox of prints, each a small picture and a text line
(name, set code, number, what it is) that stands without it. ArrowDown/Up move, Enter
chooses (its line is written into the edit box, which stays the deck), Escape closes, and
a list that is not on screen never takes a key. Without JavaScript the field adds the line
as typed. No request leaves the machine: the pictures' hosts are answered by the test.
"""

from __future__ import annotations

import re
import struct
import zlib
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.web.test_build_hands_browser import DESKTOP, SIZES
from tests.web.test_build_suggest_browser import GARDEVOIR, last_line, with_deck

pytestmark = pytest.mark.full_mirrors("the prints suggested (Gastly, Kirlia, Arven …) of every set")

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
COMBO = "#add-line"
OPTIONS = "#add-suggestions [role=option]"


@pytest.fixture(scope="module")
def base_url(full_base_url: str) -> str:
    """The whole catalogue: the prints suggested (Gastly, Kirlia, Arven…) are of every set."""
    return full_base_url


@pytest.fixture(scope="module", autouse=True)
def _warm(base_url: str) -> None:
    """The name index is built on the first look-up (seconds): once, before the typing."""
    from urllib.request import urlopen

    with urlopen(f"{base_url}/build/prints?q=ga&totem={GARDEVOIR}", timeout=120) as answer:
        assert answer.status == 200


def png(width: int = 30, height: int = 42) -> bytes:
    """A small grey PNG, made here: the card pictures' stand-in (tests have no network)."""
    row = b"\x00" + b"\x88\x88\x88" * width

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    head = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    body = zlib.compress(row * height)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + chunk(b"IDAT", body) + chunk(b"IEND", b"")


def serve_pictures(page: Page) -> list[str]:
    """Answer every request for a remote picture with a local PNG (the route is matched
    before the page's own, which aborts anything not local); returns the URLs asked."""
    asked: list[str] = []

    def picture(route: Route) -> None:
        asked.append(route.request.url)
        route.fulfill(status=200, content_type="image/png", body=png())

    page.route(re.compile(r"^https://"), picture)
    return asked


def typed(page: Page, text: str) -> None:
    page.locator(COMBO).click()
    page.keyboard.type(text, delay=20)


@SIZES
def test_add_a_card_is_a_combobox_whose_choice_writes_its_line_into_the_edit_box(
    browser: Browser, base_url: str, size: dict[str, Any]
) -> None:
    page = with_deck(browser, base_url, size, "1 Ralts SVI 84")
    asked = serve_pictures(page)
    combo = page.locator(COMBO)
    expect(combo).to_have_attribute("role", "combobox")
    expect(combo).to_have_attribute("aria-autocomplete", "list")
    expect(combo).to_have_attribute("aria-expanded", "false")
    expect(combo).to_have_attribute("aria-controls", "add-suggestions")
    expect(page.get_by_label("Add a card")).to_have_count(1)  # its label names it
    expect(page.locator("#add-suggestions")).to_have_attribute("role", "listbox")
    typed(page, "1 Gastl")
    first = page.locator(OPTIONS).first
    expect(first).to_contain_text("Gastly")
    expect(combo).to_have_attribute("aria-expanded", "true")
    assert combo.get_attribute("aria-activedescendant") is None  # nothing chosen yet
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    expect(combo).to_have_attribute("aria-activedescendant", "add-option-1")
    page.keyboard.press("ArrowUp")
    expect(combo).to_have_attribute("aria-activedescendant", "add-option-0")
    expect(first).to_have_attribute("aria-selected", "true")
    expect(page.locator("#add-option-1")).to_have_attribute("aria-selected", "false")
    shown = first.inner_text()
    assert re.search(r"Gastly [A-Z0-9-]+ \w+", shown) and "Psychic" in shown, shown
    page.keyboard.press("Enter")
    line = last_line(page)
    assert re.fullmatch(r"1 Gastly [A-Z0-9-]+ \w+", line), line  # the count typed, the print
    expect(combo).to_have_value("")
    expect(combo).to_have_attribute("aria-expanded", "false")
    row = page.locator(".build-deck .row").filter(has=page.get_by_role("link", name="Gastly"))
    expect(row).to_have_count(1)  # the box was sent: the deck holds it
    expect(combo).to_be_focused()  # the next card is typed where the last one was
    assert last_line(page) == line
    assert all(url.startswith("https://") for url in asked)  # every picture answered here
    assert not page.problems, page.problems  # type: ignore[attr-defined]


@SIZES
def test_escape_closes_and_a_list_not_on_screen_never_takes_a_key(
    browser: Browser, base_url: str, size: dict[str, Any]
) -> None:
    page = with_deck(browser, base_url, size, "1 Ralts SVI 84")
    serve_pictures(page)
    combo = page.locator(COMBO)
    before = page.input_value("#deck-text")
    typed(page, "Profes")
    expect(page.locator(OPTIONS).first).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#add-suggestions")).to_be_hidden()
    expect(combo).to_have_attribute("aria-expanded", "false")
    page.keyboard.press("ArrowDown")
    assert combo.get_attribute("aria-activedescendant") is None
    # a list taken off the screen (as a re-render used to) takes no key either
    page.keyboard.type("s")
    expect(page.locator(OPTIONS).first).to_be_visible()
    page.evaluate("document.getElementById('add-suggestions').hidden = true")
    page.keyboard.press("ArrowDown")
    assert combo.get_attribute("aria-activedescendant") is None
    assert page.input_value("#deck-text") == before  # nothing was written
    # Enter with no option chosen adds the line as it was typed, and says it is unknown
    page.keyboard.press("Enter")
    expect(page.locator(".build-deck .unresolved")).to_contain_text("Profess")
    assert last_line(page) == "1 Profess"
    assert not page.problems, page.problems  # type: ignore[attr-defined]


@SIZES
def test_the_open_list_survives_the_page_updating(
    browser: Browser, base_url: str, size: dict[str, Any]
) -> None:
    page = with_deck(browser, base_url, size, "1 Ralts SVI 84")
    serve_pictures(page)
    typed(page, "Arve")
    options = page.locator(OPTIONS)
    expect(options.first).to_be_visible()
    page.keyboard.press("ArrowDown")
    seen = options.first.inner_text()
    # the deck is judged again and the page swapped (as the edit box's own update does)
    page.evaluate("document.querySelector('.build-deck .verdict').id = 'old-verdict'")
    page.evaluate("document.getElementById('edit-form').requestSubmit()")
    expect(page.locator("#old-verdict")).to_have_count(0)
    expect(options.first).to_be_visible()
    expect(page.locator(COMBO)).to_be_focused()
    expect(page.locator(COMBO)).to_have_value("Arve")
    expect(page.locator(COMBO)).to_have_attribute("aria-activedescendant", "add-option-0")
    assert options.first.inner_text() == seen
    page.keyboard.press("Enter")
    line = last_line(page)
    assert line.startswith("1 Arven ") and line[2:] in seen.replace("\n", " "), (line, seen)


@SIZES
def test_without_javascript_add_a_card_adds_the_line_as_typed(
    browser: Browser, base_url: str, size: dict[str, Any]
) -> None:
    page = with_deck(browser, base_url, size, "1 Ralts SVI 84", java_script_enabled=False)
    page.fill(COMBO, "1 Kirlia SVI 85")
    page.press(COMBO, "Enter")
    row = page.locator(".build-deck .row").filter(has=page.get_by_role("link", name="Kirlia"))
    expect(row).to_have_count(1)
    expect(row.locator(".finding")).to_have_count(0)
    assert last_line(page) == "1 Kirlia SVI 85"
    expect(page.locator(COMBO)).to_have_value("")
    page.fill(COMBO, "Arven PAL 166")  # no count: one copy, by its button
    page.click("#add-line-button")
    assert last_line(page) == "1 Arven PAL 166"
    assert not page.problems, page.problems  # type: ignore[attr-defined]


@SIZES
@pytest.mark.parametrize("pictures", [True, False], ids=["served", "blocked"])
def test_each_print_has_a_small_picture_that_never_moves_the_list(
    browser: Browser, base_url: str, size: dict[str, Any], pictures: bool
) -> None:
    page = with_deck(browser, base_url, size, "1 Ralts SVI 84")
    asked = serve_pictures(page) if pictures else []  # blocked: the page's route aborts them
    typed(page, "Gastl")
    first = page.locator(OPTIONS).first
    expect(first).to_contain_text("Gastly")
    thumb = first.locator("img.thumb")
    expect(thumb).to_have_attribute("loading", "lazy")
    expect(thumb).to_have_attribute("alt", "")  # the text line beside it says it all
    assert thumb.get_attribute("width") == "30" and thumb.get_attribute("height") == "42"
    words = first.locator(".words")
    text_at = words.bounding_box()
    if pictures:
        page.wait_for_function(
            "img => img.complete && img.naturalWidth > 0", arg=thumb.element_handle()
        )
        assert asked and all(url.startswith("https://") for url in asked)
    else:
        expect(thumb).to_have_class(re.compile(r"\bfailed\b"))  # not loaded: hidden, room kept
    box = thumb.bounding_box()
    assert box and round(box["width"]) == 30 and round(box["height"]) == 42, box
    assert words.bounding_box() == text_at  # the text never moved
    assert re.search(r"Gastly [A-Z0-9-]+ \w+ .*Psychic", words.inner_text()), words.inner_text()
    # a blocked picture is not a page error (the aborted request is no fault of the page)
    assert not page.problems, page.problems  # type: ignore[attr-defined]


def test_axe_finds_no_violation_with_the_list_open(browser: Browser, base_url: str) -> None:
    page = with_deck(browser, base_url, DESKTOP, "1 Ralts SVI 84", bypass_csp=True)
    serve_pictures(page)
    typed(page, "Gastl")
    expect(page.locator(OPTIONS).first).to_be_visible()
    page.keyboard.press("ArrowDown")
    page.add_script_tag(content=AXE.read_text("utf-8"))
    found = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    assert [f"{v['id']}: {v['nodes'][0]['target']}" for v in found["violations"]] == []
    # and on the Totem stage, where it offers names
    page.goto(f"{base_url}/build")
    typed(page, "Gardev")
    expect(page.locator(OPTIONS).first).to_be_visible()
    page.add_script_tag(content=AXE.read_text("utf-8"))
    found = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    assert [f"{v['id']}: {v['nodes'][0]['target']}" for v in found["violations"]] == []


@SIZES
def test_a_tap_or_click_on_a_print_chooses_it(
    browser: Browser, base_url: str, size: dict[str, Any]
) -> None:
    page = with_deck(browser, base_url, size, "1 Ralts SVI 84")
    serve_pictures(page)
    typed(page, "Arve")
    first = page.locator(OPTIONS).first
    expect(first).to_be_visible()
    code = first.locator("b").inner_text().strip()
    if size.get("has_touch"):
        first.tap()
    else:
        first.click()
    assert last_line(page) == f"1 Arven {code}"
    row = page.locator(".build-deck .row").filter(has=page.get_by_role("link", name="Arven"))
    expect(row).to_have_count(1)
    expect(page.locator(COMBO)).to_be_focused()
    assert not page.problems, page.problems  # type: ignore[attr-defined]
