"""One tap per Knock Out at the Table, on a phone (issue 37 item 6), measured in Debian's
chromium at 390×844 with touch: four players play turns in which the player whose turn it
is Knocks Out one or two Pokémon (a Prize card each), then taps Next turn.

A tap is ``touchscreen.tap`` at the middle of the button, and counts only when the button
is the element under the finger there: on screen, not under the sticky bar. When it is
not, the test swipes it into view (a scroll) and counts the swipe. The game must take
exactly one tap per Knock Out and per Next turn, and no swipe at all.
"""

from __future__ import annotations

from dataclasses import dataclass

from playwright.sync_api import Browser, Page, expect

from tests.web.test_browser import _open
from tests.web.test_build_hands_browser import PHONE

PLAYERS = (
    ("Ana", "Charizard ex"),
    ("Ben", "Gardevoir ex"),
    ("Cai", "Chien-Pao ex"),
    ("Dee", "Miraidon ex"),
)
TURNS = (1, 2, 1, 1, 2, 1, 1, 1)  # Knock Outs in each turn, in seating order from the first


@dataclass
class Hands:
    """What the fingers did."""

    taps: int = 0
    swipes: int = 0


UNDER_FINGER = """el => {
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return null;
  const hit = document.elementFromPoint(x, y);
  return hit && (hit === el || el.contains(hit)) ? [x, y] : null;
}"""


def tap(page: Page, selector: str, hands: Hands) -> None:
    """One tap on ``selector``; a swipe first (counted) when it is not under a finger."""
    target = page.locator(selector)
    expect(target).to_have_count(1)
    point = target.evaluate(UNDER_FINGER)
    if point is None:
        hands.swipes += 1
        target.evaluate("el => el.scrollIntoView({block: 'center'})")
        point = target.evaluate(UNDER_FINGER)
        assert point is not None, f"{selector} cannot be reached even after a swipe"
    before = page.url
    page.touchscreen.tap(point[0], point[1])
    hands.taps += 1
    page.wait_for_url(lambda url: url != before)


def current_seat(page: Page) -> int:
    return int(page.locator(".seat.current").get_attribute("id").split("-")[1])  # type: ignore[union-attr]


def test_one_tap_per_knock_out_and_per_next_turn_with_no_swipe(
    browser: Browser, base_url: str
) -> None:
    page, problems = _open(browser, base_url, **PHONE)
    page.goto(f"{base_url}/table")
    for n, (name, totem) in enumerate(PLAYERS, start=1):
        page.fill(f"#name{n}", name)
        page.fill(f"#deck{n}", totem)
    page.click("button[name=start]")
    expect(page.locator("#seat-3 .prizes-left")).to_have_text("6")
    page.evaluate("window.sameDocument = true")  # htmx swaps in place: no reload
    hands = Hands()
    knock_outs = turns = 0
    for count in TURNS:
        seat = current_seat(page)
        for _ko in range(count):
            left = int(page.inner_text(f"#seat-{seat} .prizes-left"))
            tap(page, f'#seat-{seat} a[data-e="k{seat}1"]', hands)
            knock_outs += 1
            expect(page.locator(f"#seat-{seat} .prizes-left")).to_have_text(str(left - 1))
        tap(page, "#next-turn", hands)
        turns += 1
        expect(page.locator(".seat.current")).not_to_have_attribute("id", f"seat-{seat}")
    assert knock_outs == sum(TURNS) and turns == len(TURNS)
    assert hands.swipes == 0, f"{hands.swipes} swipes for {knock_outs} Knock Outs"
    assert hands.taps == knock_outs + turns, hands  # one tap each, no more
    assert page.evaluate("window.sameDocument === true"), "a tap reloaded the page"
    assert page.inner_text(".whose-turn").startswith(f"Turn {len(TURNS) + 1} ")  # each tap once
    assert not problems, problems
