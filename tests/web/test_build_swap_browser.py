"""An edit in Build's edit box swaps only the deck panel (issue 37's edit box → verdict
time), in Debian's chromium at 1280×800 and 390×844: the search results stay the same
nodes, while everything in them that depends on the deck (a result's in-deck badge and its
Add or Remove, the one form's deck code) follows the edit; the address, the deck's links
and the focus follow as before. The test waits for states, never for times."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page, Route, expect

from tests.web.test_browser import _open
from tests.web.test_build_browser import _build_from_check
from tests.web.test_build_hands_browser import SAFE_NAME, SIZES

MARK = "() => { for (const s of ['.build-search .grid', '#build-deck', '#q']) document.querySelector(s).kept = true; }"  # fmt: skip
KEPT = "s => document.querySelector(s).kept === true"


@SIZES
def test_an_edit_swaps_the_deck_panel_and_leaves_the_results(
    browser: Browser, base_url: str, legal_text: str, size: dict[str, Any]
) -> None:
    page, problems = _open(browser, base_url, **size)
    _build_from_check(page, base_url, legal_text)
    card, line = "", ""
    for button in page.locator(".build-search .add[data-card]").all():
        card = button.get_attribute("data-card") or ""
        caption = page.locator(f'.build-search .item:has([data-card="{card}"]) .caption')
        name = caption.inner_text().splitlines()[0].strip()
        code = caption.locator(".sub").inner_text().strip()
        if SAFE_NAME.fullmatch(name):
            line = f"1 {name} {code}"
            break
    assert line, "a result that may go in"
    before = page.url
    page.evaluate(MARK)
    page.locator("#deck-text").click()
    page.keyboard.press("Control+End")
    page.keyboard.type(f"\n{line}")  # no submit: the pause in typing sends it
    expect(page.locator("#deck-count")).to_have_text("101")
    for kept in (".build-search .grid", "#q"):
        assert page.evaluate(KEPT, kept), f"{kept} was replaced"
    assert not page.evaluate(KEPT, "#build-deck"), "the deck panel is the new one"
    # the result now held shows it, by its own swapped parts
    expect(page.locator(f"[id='step-{card}'] .remove")).to_be_visible()
    expect(page.locator(f"[id='held-{card}'] .in-deck")).to_have_text("in deck ×1")
    assert page.evaluate("document.activeElement.id") == "deck-text"  # still typing there
    assert page.input_value("#deck-text").rstrip().endswith(line)
    code = page.input_value("#build-code")
    assert page.url != before and page.url.endswith(f"/build?d={code}")
    export = page.get_attribute(".build-deck nav.deck-actions a[href^='/export']", "href")
    assert export == f"/export?d={code}"
    # the swapped Remove and deck code are the edited deck's: the card leaves again
    page.locator(f"[id='step-{card}'] .remove").click()
    expect(page.locator("#deck-count")).to_have_text("100")
    expect(page.locator(f"[id='step-{card}'] .add")).to_be_visible()
    assert not problems, problems


def _held(page: Page, held: list[Route], count: int) -> None:
    """Wait (a state: up to 30 s) until ``count`` /build/prints requests are held."""
    for _ in range(600):
        if len(held) >= count:
            return
        page.wait_for_timeout(50)  # lets Playwright hand over the requests it holds
    raise AssertionError(f"{len(held)} of {count} suggestion requests came")


def test_a_suggestion_arrowed_to_stays_chosen_when_the_list_is_asked_again(
    browser: Browser, base_url: str, legal_text: str
) -> None:
    """A list answered while the box was swapped is asked again; the option the player
    arrowed to in between stays chosen, so Enter takes it (in the browser pass under load,
    the list was drawn again under the player's Enter, which then took nothing)."""
    page, problems = _open(browser, base_url)
    _build_from_check(page, base_url, legal_text)
    held: list[Route] = []
    page.route("**/build/prints?*", lambda route: held.append(route))  # each answer waits
    page.locator("#deck-text").click()
    page.keyboard.press("Control+End")
    page.keyboard.type("\n1 Reshir")
    _held(page, held, 1)
    asked = len(held)
    page.evaluate("document.getElementById('build-deck').kept = true")
    page.evaluate("document.getElementById('edit-form').requestSubmit()")
    page.wait_for_function("() => !document.getElementById('build-deck').kept")  # swapped
    _held(page, held, asked + 1)  # asked again for the new box
    again = held.pop()
    for route in held:
        route.continue_()  # the answers asked before the swap
    expect(page.locator("#name-suggestions li").first).to_contain_text("Reshiram")
    page.keyboard.press("ArrowDown")
    expect(page.locator("#name-option-0")).to_have_attribute("aria-selected", "true")
    page.evaluate("document.getElementById('name-option-0').kept = true")
    again.continue_()
    page.wait_for_function("() => !document.getElementById('name-option-0').kept")  # drawn again
    expect(page.locator("#name-option-0")).to_have_attribute("aria-selected", "true")
    page.keyboard.press("Enter")
    last = page.input_value("#deck-text").rstrip("\n").splitlines()[-1]
    assert last.startswith("1 Reshiram"), last
    assert not problems, problems
