"""Screenshots of the collection's web face, desktop and phone, into
docs/screenshots/collection-*.png (docs/collection.md shows them): the Collection page with
its ranking and draft, Check with owned and missing and the buy list, Build's owned marks.

Run: .venv/bin/python scripts/collection_screenshots.py [--catalogue cards]. The collection
is the example deck without its Pokémon (and a line that matches no card); the browser
reaches only the app on 127.0.0.1 (text cards, no images).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page  # noqa: E402

from tests.helpers.live import local_pages  # noqa: E402
from tests.web.test_collection_routes import without_pokemon  # noqa: E402
from totemdeck.web import WebConfig, create_app  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
SIZES = {"desktop": {"width": 1280, "height": 1000}, "phone": {"width": 390, "height": 844}}
DECK = (ROOT / "examples" / "charizard-ex.txt").read_text(encoding="utf-8")


def shoot(page: Page, base: str, size: str) -> None:
    page.goto(f"{base}/collection")
    page.fill("#collection", without_pokemon(DECK))
    with page.expect_navigation():
        page.click("#collection-form button[type=submit]")
    page.screenshot(path=OUT / f"collection-{size}.png", full_page=size == "desktop")
    page.goto(f"{base}/check")
    page.fill("#deck", DECK)
    with page.expect_navigation():
        page.click("form[data-send-collection] button[type=submit]")
    page.locator("#owned").scroll_into_view_if_needed()
    page.screenshot(path=OUT / f"collection-check-{size}.png")
    with page.expect_navigation():
        page.click("nav.deck-actions >> text=Edit in Build")
    page.wait_for_selector("li.row .badge.owned")
    page.screenshot(path=OUT / f"collection-build-{size}.png")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--catalogue", default="cards")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    app = create_app(WebConfig(catalogue=Path(args.catalogue)))
    for base, size, page in local_pages(app, SIZES):
        shoot(page, base, size)
        print(size, page.evaluate("document.documentElement.scrollWidth - innerWidth"))
    print(f"wrote {len(list(OUT.glob('collection-*.png')))} screenshots to {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
