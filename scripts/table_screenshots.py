"""Screenshots of the /table page, a game in progress and its summary, desktop and phone,
into docs/screenshots/table-*.png (docs/table.md shows them).

Run: .venv/bin/python scripts/table_screenshots.py [--catalogue cards]. The seats come from
the library verb the page uses (``table_seat``); the game is played through the library's
rules; the browser reaches only the app on 127.0.0.1 (text cards, no images).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


from tests.helpers.live import local_pages  # noqa: E402
from totemdeck.api import make_checker, table_seat  # noqa: E402
from totemdeck.catalogue.read import Catalogue  # noqa: E402
from totemdeck.table import GameState, apply, encode, new_game, parse_event  # noqa: E402
from totemdeck.web import WebConfig, create_app  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
SIZES = {"desktop": {"width": 1280, "height": 1000}, "phone": {"width": 390, "height": 844}}
PLAYERS = (
    ("Ana", (ROOT / "examples" / "charizard-ex.txt").read_text(encoding="utf-8")),
    ("Ben", "Rayquaza & Deoxys LEGEND"),
    ("Cai", "Umbreon VMAX"),
    ("Dee", "Pikachu ex"),
)
# Ana invokes Charizard ex, Ben's LEGEND is Knocked Out twice, Cai has a Special Energy waiting
IN_PROGRESS = "e1+ e1+ i1 e0+ e0+ n e2+s e2+ k11 n e0+ e0+ i0 k12z n e1+ e1+ e1+ i1 k12z n k31 e2+"
TO_THE_END = "k32 k32 n k31 k11 n k03 k23 k22 k21"


def play(state: GameState, tokens: str) -> GameState:
    for at, token in enumerate(tokens.split(), start=len(state.log)):
        state = apply(state, parse_event(token, at * 47))
    return state


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--catalogue", default="cards")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    checker = make_checker(Catalogue.open(Path(args.catalogue)))
    seats = tuple(table_seat(checker, name, deck) for name, deck in PLAYERS)
    middle = play(new_game(seats, 0, 6, 1_800_000_000), IN_PROGRESS)
    end = play(middle, TO_THE_END)
    app = create_app(WebConfig(catalogue=Path(args.catalogue)))
    for base, size, page in local_pages(app, SIZES):
        for name, state in (("game", middle), ("summary", end)):
            page.goto(f"{base}/table?g={encode(state)}")
            page.screenshot(path=OUT / f"table-{name}-{size}.png", full_page=size == "desktop")
        page.goto(f"{base}/table")
        page.screenshot(path=OUT / f"table-setup-{size}.png")
    print(f"wrote {len(list(OUT.glob('table-*.png')))} screenshots to {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
