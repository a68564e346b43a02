"""Screenshots of the main pages, desktop and phone, into docs/screenshots/ (for README).

Run: .venv/bin/python scripts/screenshots.py [--catalogue cards]. The app runs on
127.0.0.1 and the browser may reach nothing else, so card images do not load here and the
pictures show the text cards a player sees offline or with images off.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page  # noqa: E402

from tests.helpers.live import local_pages  # noqa: E402
from totemdeck.sharecode import SharedCard, encode, from_cards  # noqa: E402
from totemdeck.web import WebConfig, create_app  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
SIZES = {"desktop": {"width": 1280, "height": 860}, "phone": {"width": 390, "height": 844}}


def _paste(page: Page, base: str, deck: Path) -> str:
    page.goto(f"{base}/check")
    page.fill("#deck", deck.read_text(encoding="utf-8"))
    with page.expect_navigation():
        page.click("form button[type=submit]")
    return page.input_value("#share-url").split("?d=")[1]


def _add_a_card(page: Page, base: str, building: str, size: str) -> None:
    """Build's "Add a card" with its list of prints open, the second chosen. The pictures
    are a grey stand-in served here (the browser reaches nothing else)."""
    from tests.web.test_build_combobox_browser import serve_pictures

    serve_pictures(page)
    page.goto(f"{base}/build?d={building}")
    page.locator("#add-line").click()
    page.keyboard.type("1 Charm", delay=30)
    page.wait_for_selector("#add-suggestions [role=option]", timeout=60_000)
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.locator("#add-line").evaluate("e => e.scrollIntoView({block: 'start'})")
    page.mouse.wheel(0, -80)
    page.wait_for_timeout(300)  # a screenshot only: let the stand-in pictures paint
    page.screenshot(path=OUT / f"build-add-{size}.png")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--catalogue", default="cards")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    app = create_app(WebConfig(catalogue=Path(args.catalogue)))
    building = encode(
        from_cards(
            [SharedCard("sv3-125", 1, True), SharedCard("sv4pt5-7", 1), SharedCard("sve-2", 12)]
        )
    )
    for base, size, page in local_pages(app, SIZES):
        legal = _paste(page, base, ROOT / "examples" / "charizard-ex.txt")
        page.screenshot(path=OUT / f"check-legal-{size}.png")
        _paste(page, base, ROOT / "examples" / "illegal-several-codes.txt")
        page.screenshot(path=OUT / f"check-illegal-{size}.png")
        shots = {
            "build": f"/build?d={building}&q=charizard",
            "cards": "/cards?q=charizard",
            "card": "/cards/sv3-125",
            "stats": f"/stats?d={legal}&card=Charmander&turn=3&seed=11",
            "export": f"/export?d={legal}",
            "build-full": f"/build?d={legal}",
            "help-search": "/help/search",
        }
        for name, path in shots.items():
            page.goto(base + path)
            page.screenshot(path=OUT / f"{name}-{size}.png")
        if size == "desktop":  # the same verdict in Spanish (the switch sets a cookie)
            page.goto(f"{base}/check")
            with page.expect_navigation():
                page.click("a.lang[hreflang=es]")
            _paste(page, base, ROOT / "examples" / "illegal-several-codes.txt")
            page.screenshot(path=OUT / "check-illegal-es-desktop.png")
            page.context.clear_cookies()
        _add_a_card(page, base, building, size)  # last: it serves stand-in pictures
    print(f"wrote {len(list(OUT.glob('*.png')))} screenshots to {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
