"""The pages in a real browser: Playwright driving Debian's headless chromium.

These always run (CI installs chromium through ``.ci/run``); a missing browser fails them
rather than skipping. The browser may reach only the app under test: every other request
(card images on the sources' hosts) is aborted, which also shows the pages without images.
"""

from __future__ import annotations

import contextlib
import re
from typing import Any

from playwright.sync_api import Browser, Page, Route, expect

# Console errors that are no fault of the page: a request `only_local` aborted (card images
# on the sources' hosts), and htmx's words for a request it cancelled because a newer one
# superseded it (``hx-sync``: a paste while the edit box's own update is still on its way):
# ``htmx:sendAbort`` and the ``htmx:afterRequest`` it logs with every failed request, which
# always comes with its cause (``htmx:sendError``, ``htmx:timeout``, ``htmx:responseError``:
# those stay problems). On a loaded machine the first request is still in flight more often,
# so counting the abort made the Build tests fail by speed alone.
NOT_PROBLEMS = ("net::ERR_FAILED", "htmx:sendAbort", "htmx:afterRequest")


def _a_problem(text: str) -> bool:
    return not any(benign in text for benign in NOT_PROBLEMS)


def _open(browser: Browser, base_url: str, **context: Any) -> tuple[Page, list[str]]:
    """A fresh page that can reach only the app; returns it and its console errors."""
    page = browser.new_context(**context).new_page()
    problems: list[str] = []

    def only_local(route: Route) -> None:
        if route.request.url.startswith(base_url):
            route.continue_()
        else:
            route.abort()

    page.route("**/*", only_local)
    page.on(
        "console",
        lambda message: (
            problems.append(message.text)
            if message.type == "error" and _a_problem(message.text)
            else None
        ),
    )
    page.on("pageerror", lambda error: problems.append(str(error)))
    return page, problems


def _paste(page: Page, base_url: str, text: str) -> None:
    page.goto(f"{base_url}/check")
    page.fill("#deck", text)
    with page.expect_navigation():
        page.click("form button[type=submit]")


def test_a_legal_deck_pasted_is_legal(browser: Browser, base_url: str, legal_text: str) -> None:
    page, problems = _open(browser, base_url)
    _paste(page, base_url, legal_text)
    assert page.inner_text(".verdict-word") == "LEGAL"
    assert "Totem 1 + main deck 99 = 100 cards" in page.inner_text(".verdict")
    assert "Charizard ex" in page.inner_text(".totem-panel")
    assert page.locator(".identity .sym").count() == 2  # Fire and Darkness
    assert not problems, problems


def test_an_illegal_deck_shows_each_finding_on_its_line(
    browser: Browser, base_url: str, illegal_text: str, client: Any
) -> None:
    report = client.post("/api/check", content=illegal_text.encode()).json()
    page, problems = _open(browser, base_url)
    _paste(page, base_url, illegal_text)
    assert page.inner_text(".verdict-word") == "NOT LEGAL"
    shown = page.locator(".finding").all_inner_texts()
    for finding in report["findings"]:
        assert any(finding["code"] in text for text in shown), finding
        line = finding["line"]
        if line is not None and page.locator(f"#line-{line}").count():
            # on the card's own line: the code sits inside that line's row
            assert finding["code"] in page.inner_text(f"#line-{line}"), finding
    assert page.locator(".row.error").count() >= 5
    assert not problems, problems


def test_a_share_link_reproduces_deck_and_verdict(
    browser: Browser, base_url: str, illegal_text: str
) -> None:
    page, _ = _open(browser, base_url)
    _paste(page, base_url, illegal_text)
    link = page.input_value("#share-url")
    names = page.locator(".groups .row .name").all_inner_texts()
    codes = sorted(page.locator(".groups .finding code").all_inner_texts())
    fresh, problems = _open(browser, base_url)  # a new context: nothing shared but the URL
    fresh.goto(link)
    assert fresh.inner_text(".verdict-word") == "NOT LEGAL"
    assert fresh.locator(".groups .row .name").all_inner_texts() == names
    assert sorted(fresh.locator(".groups .finding code").all_inner_texts()) == codes
    assert not problems, problems


def _card_id(client: Any, query: str, test: Any) -> str:
    cards = client.get("/api/cards", params={"q": query, "limit": 200}).json()["cards"]
    return next(c["id"] for c in cards if test(c))


def test_build_a_deck_from_a_totem_to_a_legal_hundred(
    browser: Browser, base_url: str, client: Any
) -> None:
    # the first print each search offers (the Build page shows the same list)
    charmander = _card_id(client, "Charmander", lambda c: c["name"] == "Charmander")
    fire = _card_id(
        client,
        "Fire Energy",
        lambda c: c["supertype"] == "Energy" and "Basic" in c["subtypes"] and "Fire" in c["name"],
    )
    page, problems = _open(browser, base_url)
    page.goto(f"{base_url}/build")
    page.fill("input[name=q]", "Charizard ex")
    page.press("input[name=q]", "Enter")
    page.locator('.add[data-card="sv3-125"]').click()
    page.wait_for_selector(".build-deck .verdict")
    assert "Charizard ex" in page.inner_text(".build-totem")
    for query, card_id in (("Charmander", charmander), ("Fire Energy", fire)):
        page.fill(".build-search input[name=q]", query)
        page.press(".build-search input[name=q]", "Enter")
        page.locator(f'.add[data-card="{card_id}"]').first.click()
        page.wait_for_selector(f'.build-deck .row a.name[href$="{card_id}"]')
    # fill the deck with basic Fire Energy, one click at a time, watching the count
    energy_row = page.locator(".build-deck .row", has=page.locator(f'a.name[href$="{fire}"]'))
    while (count := int(page.inner_text("#deck-count"))) < 100:
        energy_row.locator("button.step.more").click()
        expect(page.locator("#deck-count")).to_have_text(str(count + 1))
    assert page.inner_text(".build-deck .verdict-word") == "LEGAL"
    assert re.search(r"Totem 1 \+ main deck 99 = 100", page.inner_text(".build-deck .verdict"))
    assert "/build?d=" in page.url  # the deck lives in the URL
    assert not problems, problems


def test_a_phone_sized_screen_stays_usable(
    browser: Browser, base_url: str, illegal_text: str
) -> None:
    page, problems = _open(
        browser, base_url, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page.goto(f"{base_url}/check")
    assert page.locator("form button[type=submit]").is_visible()
    _paste(page, base_url, illegal_text)
    assert page.locator(".verdict-word").is_visible()
    for path in ("/check", "/cards?q=pikachu", "/build"):
        page.goto(base_url + path)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{path} scrolls sideways ({width}px)"
    assert not problems, problems


def test_a_card_whose_id_needs_escaping_opens(browser: Browser, base_url: str) -> None:
    page, problems = _open(browser, base_url)
    page.goto(f"{base_url}/cards?q=unown&prints=1&limit=200")
    page.locator('a[href="/cards/exu-%253F"]').first.click()
    page.wait_for_load_state()
    assert "exu-%3F" in page.inner_text(".card-facts")
    assert not problems, problems


def _copy(page: Page, button: str) -> None:
    """Click a Copy button until it says Copied. The clipboard takes writes from the focused
    page only, and with another browser beside it (the browser pass runs on every core) this
    page can lose the focus between two steps: it is brought to the front and the click made
    again, up to 5 times; a button that never says Copied fails the test."""
    for _attempt in range(5):
        page.bring_to_front()
        page.click(button)
        with contextlib.suppress(AssertionError):
            expect(page.locator(button)).to_have_text("Copied")
            return
    expect(page.locator(button)).to_have_text("Copied")


def test_export_copies_the_ptcgl_text_to_the_clipboard(
    browser: Browser, base_url: str, legal_text: str
) -> None:
    page, problems = _open(browser, base_url, permissions=["clipboard-read", "clipboard-write"])
    _paste(page, base_url, legal_text)
    page.click("nav.deck-actions >> text=Export")
    page.wait_for_selector("#ptcgl")
    for box, start in (
        ("#ptcgl", "Totem: 1\n1 Charizard ex OBF 125\n"),  # the list, read back as the deck
        ("#ptcgl-plain", "Pokémon: 21\n1 Charizard ex OBF 125\n"),  # for Live's import
    ):
        _copy(page, f"button[data-copy='{box}']")
        page.bring_to_front()
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied == page.input_value(box)
        assert copied.startswith(start)
    assert not problems, problems
