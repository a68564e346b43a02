"""TCGdex import over local HTTP (server in another process): 1 vs 8 concurrent requests,
and an unchanged re-import (conditional requests).

On this 2-core machine a local import is CPU-bound (client and server are both Python), so
concurrency is also measured on a few sets with 20 ms added to every answer, as a CDN's
round trip would.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import time
from pathlib import Path

from bench.common import SHARED
from tests.helpers.server import serve_process
from totemdeck.importer import import_sources

LATENCY = 0.020
SUBSET = ["sv03", "sv04", "sv05", "sv06", "me01", "me02", "swsh9", "swsh10"]


def _subset(src: Path, dest: Path) -> int:
    """A copy of the English side of the mirror with only ``SUBSET``; its card count."""
    (dest / "en/sets").mkdir(parents=True)
    (dest / "en/cards").mkdir(parents=True)
    listed = json.loads((src / "en/sets.json").read_text(encoding="utf-8"))
    (dest / "en/sets.json").write_text(json.dumps([s for s in listed if s["id"] in SUBSET]))
    count = 0
    for set_id in SUBSET:
        shutil.copy(src / f"en/sets/{set_id}.json", dest / "en/sets")
        for card in json.loads((src / f"en/sets/{set_id}.json").read_text("utf-8"))["cards"]:
            shutil.copy(src / f"en/cards/{card['id']}.json", dest / "en/cards")
            count += 1
    return count


def _with_latency() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        cards = _subset(SHARED / "tcgdex" / "v2", Path(tmp) / "mirror")
        timed = {}
        with serve_process(Path(tmp) / "mirror", latency=LATENCY) as url:
            for workers in (1, 8):
                started = time.perf_counter()
                import_sources(
                    f"{tmp}/w{workers}", ["tcgdex"], {"tcgdex": url}, langs=("en",),
                    workers=workers,
                )  # fmt: skip
                timed[workers] = time.perf_counter() - started
    print(f"with {LATENCY * 1000:.0f} ms per answer, {cards:,} cards of {len(SUBSET)} sets:")
    for workers, seconds in timed.items():
        print(
            f"  {workers} concurrent request(s): {seconds:6.1f} s ({cards / seconds:,.0f} cards/s)"
        )
    print(f"  8 vs 1 concurrent requests: {timed[1] / timed[8]:.2f}x faster")


def main() -> None:
    _with_latency()
    root = SHARED / "tcgdex" / "v2"
    figures = {}
    with tempfile.TemporaryDirectory() as tmp, serve_process(root) as url:
        for workers in (1, 8):
            started = time.perf_counter()
            result = import_sources(
                f"{tmp}/w{workers}", ["tcgdex"], {"tcgdex": url}, workers=workers
            )
            figures[workers] = (time.perf_counter() - started, result.summaries[0])
        started = time.perf_counter()
        again = import_sources(f"{tmp}/w8", ["tcgdex"], {"tcgdex": url}, workers=8)
        unchanged = time.perf_counter() - started
    for workers, (seconds, summary) in figures.items():
        cards = summary.added
        print(
            f"TCGdex import, {workers} concurrent request(s): {seconds:6.1f} s "
            f"({cards / seconds:,.0f} cards/s, {summary.requests:,} requests)"
        )
    speedup = figures[1][0] / figures[8][0]
    print(f"  8 vs 1 concurrent requests:             {speedup:6.2f}x faster")
    summary = again.summaries[0]
    print(
        f"unchanged re-import (8 concurrent):       {unchanged:6.1f} s "
        f"({summary.unchanged:,} unchanged, {summary.bytes_downloaded / 1e6:.2f} MB; "
        f"ratio {unchanged / figures[8][0]:.2f} of a full import)"
    )
