"""TCGdex import over local HTTP (server in another process): 1 vs 8 concurrent requests,
and an unchanged re-import (conditional requests: every card answers 304)."""

from __future__ import annotations

import tempfile
import time

from bench.common import SHARED
from tests.helpers.server import serve_process
from totemdeck.importer import import_sources


def main() -> None:
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
        print(f"TCGdex import, {workers} concurrent request(s): {seconds:6.1f} s "
              f"({cards / seconds:,.0f} cards/s, {summary.requests:,} requests)")
    speedup = figures[1][0] / figures[8][0]
    print(f"  8 vs 1 concurrent requests:             {speedup:6.2f}x faster")
    summary = again.summaries[0]
    print(f"unchanged re-import (8 concurrent):       {unchanged:6.1f} s "
          f"({summary.unchanged:,} unchanged, {summary.bytes_downloaded / 1e6:.2f} MB; "
          f"ratio {unchanged / figures[8][0]:.2f} of a full import)")
