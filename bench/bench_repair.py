"""What an import pays to find damage readers would meet (``catalogue/layout.py``).

The repair check (dropped tables, records that do not parse, text that is not UTF-8) against
two baselines of the same run: SQLite's own ``quick_check``, which every import ran already,
and the whole unchanged import of the same catalogue.
"""

from __future__ import annotations

import sqlite3
import tempfile
import time
from pathlib import Path

from bench.common import SHARED, median_seconds
from totemdeck.catalogue.layout import rebuild_reason
from totemdeck.importer import import_sources


def main() -> None:
    origins = {"pokemontcg": str(SHARED / "pokemontcg"), "tcgdex": str(SHARED / "tcgdex/v2")}
    with tempfile.TemporaryDirectory() as tmp:
        import_sources(tmp, origins=origins)
        path = Path(tmp) / "catalogue.sqlite"
        started = time.perf_counter()
        import_sources(tmp, origins=origins)
        unchanged = time.perf_counter() - started
        db = sqlite3.connect(path)
        try:
            quick = median_seconds(lambda: db.execute("PRAGMA quick_check").fetchall(), 3)
            check = median_seconds(lambda: rebuild_reason(db, path, force=False), 3)
        finally:
            db.close()
    print(f"repair check of the full catalogue (median 3): {check:6.3f} s")
    print(f"  ratio to SQLite's quick_check ({quick:.3f} s):   {check / quick:6.1f}x")
    print(f"  share of an unchanged import ({unchanged:.2f} s): {check / unchanged:6.1%}")
