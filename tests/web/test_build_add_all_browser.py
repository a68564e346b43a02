"""Build as fast as a player wants it, in Debian's chromium: the example decks from an empty
Build page through search and "Add these N" in at most 30 counted actions (issue 22).

Every fill, click and key press counts. The queries are the ones a player with the list in
hand types: the prints of one section by set and number, joined with ``or``
(docs/search.md), at most about 22 cards a query (a query has at most 50 terms).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.test_browser import _open
from tests.web.test_build_browser import _row

from .conftest import EXAMPLES

LINE = re.compile(r"^(?P<count>\d+) (?P<name>.+) (?P<set>\S+) (?P<number>\S+)$")
HEADER = re.compile(r"^(?P<section>[^\d:]+): \d+$")
PER_QUERY = 23


def _sections(path: Path) -> dict[str, list[re.Match[str]]]:
    sections: dict[str, list[re.Match[str]]] = {}
    current = ""
    for text in path.read_text("utf-8").splitlines():
        header = HEADER.match(text)
        if header and header.group("section") != "Total Cards":
            current = header.group("section")
            continue
        found = LINE.match(text)
        if found and current:
            sections.setdefault(current, []).append(found)
    return sections


def _query(lines: list[re.Match[str]]) -> str:
    return " or ".join(f"(s:{x.group('set')} cn:{x.group('number')})" for x in lines)


def _prints(text: str) -> list[tuple[str, str, str]]:
    """(count, set, number) of each card line: the same prints (names may be written
    ``Basic {D} Energy`` or ``Basic Darkness Energy``)."""
    lines = (LINE.match(t.strip()) for t in text.splitlines())
    return sorted((x.group("count"), x.group("set"), x.group("number")) for x in lines if x)


class Counted:
    """The page, with every action a player makes counted."""

    def __init__(self, page: Page) -> None:
        self.page, self.actions = page, 0

    def search(self, text: str) -> None:
        self.page.fill("#q", text)
        self.page.press("#q", "Enter")
        self.actions += 2

    def click(self, selector: str) -> None:
        self.page.click(selector)
        self.actions += 1

    def count(self, name: str, copies: int) -> None:
        field = _row(self.page, name).locator("input[type=number]")
        field.fill(str(copies))
        field.press("Enter")
        self.actions += 2


@pytest.mark.parametrize("example", ["charizard-ex.txt", "kyogre-groudon-legend.txt"])
def test_an_example_deck_through_search_and_add_in_at_most_30_actions(
    browser: Browser, base_url: str, example: str
) -> None:
    path = EXAMPLES / example
    sections = _sections(path)
    page, problems = _open(browser, base_url)
    page.goto(f"{base_url}/build")
    player = Counted(page)
    player.search(_query(sections["Totem"]))
    page.wait_for_selector(".add[data-card]")
    player.click(".add[data-card]")  # Choose as Totem: every piece of a LEGEND comes along
    page.wait_for_selector(".build-deck .verdict")
    total = 0
    for name in ("Pokémon", "Trainer", "Energy"):
        lines = sections[name]
        for start in range(0, len(lines), PER_QUERY):
            batch = lines[start : start + PER_QUERY]
            player.search(_query(batch))
            button = page.locator(".add-all button")
            expect(button).to_have_text(f"Add these {len(batch)} cards")
            player.click(".add-all button")
            total += len(batch)
            expect(page.locator("#added-note")).to_have_text(f"Added {len(batch)} cards.")
    for line in sections["Energy"]:
        if int(line.group("count")) > 1:
            player.count(line.group("name"), int(line.group("count")))
            total += int(line.group("count")) - 1
            expect(page.locator("#deck-count")).to_have_text(str(total + len(sections["Totem"])))
    assert page.inner_text(".build-deck .verdict-word") == "LEGAL"
    assert _prints(page.input_value("#deck-text")) == _prints(path.read_text("utf-8"))
    assert player.actions <= 30, player.actions
    assert not problems, problems


def test_add_all_skips_what_cannot_go_in_and_says_so(browser: Browser, base_url: str) -> None:
    page, problems = _open(browser, base_url)
    page.goto(f"{base_url}/build?q=" + "s:OBF cn:125")
    page.click(".add[data-card]")
    page.wait_for_selector(".build-deck .verdict")
    page.fill("#q", "charizard")
    page.press("#q", "Enter")
    mark = page.locator(".build-search .mark.problem").first
    expect(mark).to_contain_text("Outside the identity")  # words, not a colour
    page.click(".add-all button")
    note = page.locator("#added-note")
    expect(note).to_contain_text("Skipped")
    expect(note).to_contain_text("Charizard ex (already in the deck)")
    expect(note).to_contain_text("(outside the Totem's identity)")
    codes = page.locator(".build-deck .finding code").all_inner_texts()
    assert not {"identity", "banned", "singleton", "radiant-limit"} & set(codes), codes
    assert not problems, problems


def test_a_result_and_a_deck_row_open_the_cards_full_text_by_keyboard_and_touch(
    browser: Browser, base_url: str
) -> None:
    page, problems = _open(browser, base_url, has_touch=True)
    page.goto(f"{base_url}/build?q=" + "s:OBF cn:125")
    page.click(".add[data-card]")
    page.wait_for_selector(".build-deck .verdict")
    page.fill("#q", 's:OBF cn:125 or !"Arven"')
    page.press("#q", "Enter")
    expect(page.locator(".build-search .item")).to_have_count(2)
    result = page.locator(".build-search .item", has_text="Arven").locator("details.preview")
    body = result.locator(".preview-body")
    expect(body).to_be_hidden()
    result.locator("summary").focus()
    page.keyboard.press("Enter")  # a <details>: the keyboard opens it, no script needed
    expect(body).to_be_visible()
    expect(body).to_contain_text("Search your deck for an Item card and a Pokémon Tool card")
    row = _row(page, "Charizard ex").locator("details.preview")
    row.locator("summary").tap()
    attack = row.locator(".pv-attack", has_text="Burning Darkness")
    expect(attack).to_be_visible()
    expect(attack).to_contain_text("180+")  # cost, damage and effect
    expect(attack.locator(".sym").first).to_have_attribute("aria-label", "Fire")
    expect(row.locator(".pv-ability")).to_contain_text("Infernal Reign")
    summary = row.locator("summary")
    assert "Charizard ex" in summary.inner_text() or "Charizard ex" in summary.text_content()
    assert not problems, problems


def test_add_these_n_works_without_javascript(browser: Browser, base_url: str) -> None:
    page, _ = _open(browser, base_url, java_script_enabled=False)
    page.goto(f"{base_url}/build?q=" + "s:OBF cn:125")
    with page.expect_navigation():
        page.click(".add[data-card]")
    page.fill("#q", "(s:CRZ cn:20) or (s:ASR cn:46) or (s:PAF cn:7)")
    with page.expect_navigation():
        page.press("#q", "Enter")
    with page.expect_navigation():
        page.click(".add-all button")
    expect(page.locator("#added-note")).to_contain_text("Added 2 cards. Skipped 1: ")
    expect(page.locator("#deck-count")).to_have_text("3")
