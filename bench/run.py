"""``make bench``: reproducible speed figures, each as a ratio against a baseline of the same run.

Run from the project root with the shared data mirror at ../shared/data.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import (
    bench_build,
    bench_collection,
    bench_collection_store,
    bench_decks,
    bench_import,
    bench_long_decks,
    bench_odds,
    bench_patterns,
    bench_print,
    bench_repair,
    bench_search,
    bench_spanish,
    bench_startup,
    bench_tcgdex,
    bench_web,
    bench_web_public,
)

SUITES = {
    "import": bench_import.main,
    "tcgdex": bench_tcgdex.main,
    "decks": bench_decks.main,
    "long-decks": bench_long_decks.main,
    "patterns": bench_patterns.main,
    "web": lambda: (bench_web.main(), bench_web_public.main()),
    "search": bench_search.main,
    "collection": bench_collection.main,
    "collection-store": bench_collection_store.main,
    "startup": bench_startup.main,
    "spanish": bench_spanish.main,
    "repair": bench_repair.main,
    "build": bench_build.main,
    "print": bench_print.main,
    "odds": bench_odds.main,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("suites", nargs="*", help=f"any of {sorted(SUITES)}; default: all")
    args = parser.parse_args()
    unknown = [name for name in args.suites if name not in SUITES]
    if unknown:  # `make bench startpu`: one line, not a KeyError
        parser.error(f"unknown suite {unknown[0]!r}; choose from {', '.join(sorted(SUITES))}")
    for name in args.suites or SUITES:
        print(f"== {name}")
        SUITES[name]()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
