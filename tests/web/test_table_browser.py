"""/table in Debian's chromium: a whole 4-player game, as a table plays it on a phone.

Two decks come from share links made in Build, one is a LEGEND Totem searched by name, one
a pasted list. Ben's LEGEND gets a Special Energy in the Totem Zone, is invoked and Knocked
Out twice (Invocation Cost shown +2); one Knock Out is undone and redone; the page is
reloaded in the middle and the game is opened from its link in a second browser; the game
ends with a winner, its summary and a rematch. The same game runs on a desktop and a phone,
in Spanish, and without JavaScript; axe-core finds no violation on any of its pages.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest
from playwright.sync_api import Browser, Route, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.web.conftest import EXAMPLES

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
NAMES = ("Ana", "Ben", "Cai", "Dee")
WORDS = {
    "en": {"prizes": "Prize cards left", "wins": "Cai wins!", "ready": "ready to invoke"},
    "es": {
        "prizes": "cartas de Premio restantes",
        "wins": "¡Gana Cai!",
        "ready": "listo para invocar",
    },
}


class Table:
    """One browser page at the table, with the checks every step makes."""

    def __init__(self, browser: Browser, base: str, lang: str, js: bool, **context: Any) -> None:
        self.base, self.lang, self.js = base, lang, js
        self.context = browser.new_context(
            java_script_enabled=js,
            locale="es-ES" if lang == "es" else "en-GB",
            bypass_csp=True,  # only so that axe-core can be injected; the app sends its CSP
            **context,
        )
        self.page = self.context.new_page()
        self.problems: list[str] = []
        self.page.route("**/*", self._only_local)
        self.page.on("pageerror", lambda error: self.problems.append(str(error)))
        self.page.on(
            "console",
            lambda m: (
                self.problems.append(m.text)
                if m.type == "error" and "net::ERR_FAILED" not in m.text
                else None
            ),
        )
        self.violations: list[str] = []

    def _only_local(self, route: Route) -> None:
        (route.continue_ if route.request.url.startswith(self.base) else route.abort)()

    def tap(self, selector: str) -> None:
        before = self.page.url
        self.page.locator(selector).first.click()
        self._next_state(before)

    def _next_state(self, before: str) -> None:
        """Wait for the next game state: a new URL, and the page showing that game.

        Waited for from Playwright's side (navigation events, then ``expect``'s retries), not
        by polling inside the page: without JavaScript the page runs no timers to poll with.
        """
        try:
            self.page.wait_for_url(lambda url: url != before)
        except PlaywrightTimeout as exc:  # say where the game stood, not only that it waited
            text = " ".join(self.page.inner_text("body").split())[:600]
            raise AssertionError(f"no next state after {before[-40:]}: {text}") from exc
        # the link is whole with JavaScript; without it, and without TOTEMDECK_BASE_URL, it
        # is the path (never the Host header's address): either way this page's address
        if self.js:
            expect(self.page.locator("#game-url")).to_have_value(self.page.url)
        else:
            assert urljoin(self.page.url, self.page.input_value("#game-url")) == self.page.url

    def seat(self, n: int, part: str) -> Any:
        return self.page.locator(f"#seat-{n} {part}")

    def action(self, n: int, token: str) -> None:
        link = self.page.locator(f'#seat-{n} a[data-e="{token}"]')
        if not link.is_visible():  # the rarer actions wait behind "More"
            self.page.locator(f"#seat-{n} details.more summary").click()
        before = self.page.url
        link.click()
        self._next_state(before)

    def axe(self) -> None:
        """axe-core on the page as it is now; violations are collected, not raised here."""
        if not self.js:
            return
        self.page.evaluate(AXE.read_text(encoding="utf-8"))
        result = self.page.evaluate("axe.run(document).then(r => JSON.stringify(r.violations))")
        for violation in json.loads(result):
            targets = [node["target"] for node in violation["nodes"]][:3]
            self.violations.append(f"{self.page.url[:60]}: {violation['id']} {targets}")


def _build_link(table: Table, search: str, card: str | None) -> str:
    """A share link from Build: choose a Totem there and keep the page's URL."""
    page = table.page
    page.goto(f"{table.base}/build")
    page.fill("input[name=q]", search)
    page.press("input[name=q]", "Enter")
    pick = page.locator(f'.add[data-card="{card}"]' if card else ".add.primary").first
    pick.click()
    page.wait_for_selector(".build-deck .verdict")
    assert "/build?d=" in page.url
    return page.url


def _set_up(table: Table) -> None:
    links = [
        _build_link(table, "Charizard ex", "sv3-125"),
        _build_link(table, "Umbreon VMAX", None),
    ]
    page = table.page
    page.goto(f"{table.base}/table")
    table.axe()
    decks = [
        links[0],
        "Rayquaza & Deoxys LEGEND",
        links[1],
        (EXAMPLES / "charizard-ex.txt").read_text(encoding="utf-8"),
    ]
    for n, (name, deck) in enumerate(zip(NAMES, decks, strict=True), start=1):
        page.fill(f"#name{n}", name)
        page.fill(f"#deck{n}", deck)
    table.tap("button[name=start]")
    expect(page.locator("#seat-3 .prizes-left")).to_have_text("6")
    assert WORDS[table.lang]["prizes"] in page.inner_text("#seat-0")
    assert "Rayquaza" in page.inner_text("#seat-1 .totem-name")
    assert page.inner_text("#seat-1 .cost") == "2"  # a LEGEND: the Basic column
    assert page.inner_text("#seat-0 .cost") == "4"  # Charizard ex: Stage 2


def _reroll(table: Table) -> None:
    before = table.page.inner_text(".whose-turn b")
    table.tap("#reroll")
    expect(table.page.locator(".whose-turn b")).not_to_have_text(before)


def _invoke_ben(table: Table, cost: int) -> None:
    for _energy in range(cost - 1):
        table.action(1, "e1+")
    table.action(1, "e1+s")  # a Special Energy in the Totem Zone counts as 1
    expect(table.seat(1, ".energy-count")).to_have_text(str(cost))
    assert WORDS[table.lang]["ready"] in table.page.inner_text("#seat-1")
    assert "1" in table.page.inner_text("#seat-1 .special")
    table.action(1, "i1")
    expect(table.seat(1, ".energy-count")).to_have_count(0)  # in play: no Energy waits in the Zone


def _play(table: Table, browser: Browser, **context: Any) -> None:
    page = table.page
    _invoke_ben(table, 2)
    table.action(1, "k12z")  # Ben's Totem Knocked Out: 2 Prize cards, back to the Zone
    expect(table.seat(1, ".prizes-left")).to_have_text("4")
    expect(table.seat(1, ".cost")).to_have_text("3")
    table.tap("#undo")
    expect(table.seat(1, ".prizes-left")).to_have_text("6")
    expect(table.seat(1, ".cost")).to_have_text("2")
    table.tap("#redo")
    expect(table.seat(1, ".prizes-left")).to_have_text("4")
    page.reload()  # the game lives in the URL: nothing is lost
    expect(table.seat(1, ".cost")).to_have_text("3")
    expect(table.seat(1, ".prizes-left")).to_have_text("4")
    if table.js:  # htmx swaps the page in place: the window (and this mark) survive every tap
        page.evaluate("window.sameDocument = true")
    table.axe()
    _invoke_ben(table, 3)
    table.action(1, "k12z")
    expect(table.seat(1, ".cost")).to_have_text("4")  # base 2 + 2 Knock Outs
    assert "2 + 2" in table.page.inner_text("#seat-1 .cost-plus")
    table.tap("#next-turn")
    # the same game on a second phone, from the link
    other = Table(browser, table.base, table.lang, table.js, **context)
    other.page.goto(urljoin(page.url, page.input_value("#game-url")))
    for n in range(4):
        assert other.page.inner_text(f"#seat-{n} .prizes-left") == page.inner_text(
            f"#seat-{n} .prizes-left"
        )
    assert other.page.inner_text(".whose-turn") == page.inner_text(".whose-turn")
    assert other.page.inner_text(".log") == page.inner_text(".log")
    other.context.close()
    assert page.locator(".qr-none").count() == 1  # no TOTEMDECK_BASE_URL: no QR code
    _to_the_end(table)


def _to_the_end(table: Table) -> None:
    page = table.page
    table.action(0, "c0")  # Ana concedes
    expect(page.locator("#seat-0")).to_have_class("seat out")
    for _turn in range(4):  # Ana is skipped in the turn order from now on
        table.tap("#next-turn")
        assert "Ana" not in page.inner_text(".whose-turn")
    for token in ("k33", "k33"):  # Dee takes her last Prize card: out
        table.action(3, token)
    expect(page.locator("#seat-3")).to_have_class("seat out")
    table.action(1, "k13")  # Ben had 2 left and must take 3: out
    expect(page.locator("h1")).to_have_text(WORDS[table.lang]["wins"])
    order = page.locator(".elimination-order li").all_inner_texts()
    assert [line.split(":")[0] for line in order] == ["Ana", "Dee", "Ben"]
    rows = page.locator(".knock-outs tbody tr").all_inner_texts()
    assert rows[1].split() == ["Ben", "3", "2"]  # three Pokémon Knocked Out, two of them the Totem
    assert int(page.inner_text("#summary-turns")) >= 6
    assert ":" in page.inner_text("#summary-length")
    table.axe()
    table.tap("#rematch")
    expect(page.locator("#reroll")).to_be_visible()
    assert [page.inner_text(f"#seat-{n} h3") for n in range(4)] == list(NAMES)
    assert page.inner_text("#seat-1 .cost") == "2"  # a new game: the Knock Outs are gone


GAMES = {
    "desktop": ("en", True, DESKTOP),
    "phone": ("en", True, PHONE),
    "phone-spanish": ("es", True, PHONE),
    "phone-without-javascript": ("en", False, PHONE),
}


@pytest.mark.parametrize(("lang", "js", "context"), GAMES.values(), ids=GAMES.keys())
def test_a_whole_four_player_game(
    browser: Browser, base_url: str, lang: str, js: bool, context: dict[str, Any]
) -> None:
    table = Table(browser, base_url, lang, js, **context)
    _set_up(table)
    _reroll(table)
    _play(table, browser, **context)
    if js:
        assert table.page.evaluate("window.sameDocument === true"), "a tap reloaded the page"
    width = table.page.evaluate("document.documentElement.scrollWidth")
    assert width <= context["viewport"]["width"], f"the table scrolls sideways ({width}px)"
    assert not table.problems, table.problems
    assert not table.violations, table.violations
    table.context.close()
