"""Card search speed: 30 typical queries over the full two-source catalogue in one process,
and the cold CLI search against ``totemdeck --version`` (the baseline) from the same run.

Targets (issue 10): median query <= 10 ms, slowest <= 50 ms; a cold
``totemdeck card search 'totem:sv3-125 t:supporter'`` at most +60 ms over ``--version``.
Each in-process figure is a median of repeated runs after one warm-up run, as a long-lived
process (the web app) sees them; their baseline is one bare scan of the search table
(``count(*) … WHERE hp > 1000``), the least any query that cannot use an index costs.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
from pathlib import Path

from bench.bench_decks import _cold
from bench.common import SHARED, median_seconds
from totemdeck.catalogue.read import Catalogue
from totemdeck.importer import import_sources
from totemdeck.search import search_cards

QUERIES = [
    "totem:sv3-125 t:supporter",
    "totem:sv3-125 t:supporter o:draw",
    "totem:sv3-125 stage:1 type:fire",
    "totem:sv3-125 t:item",
    "totem:sv3-125",
    't:supporter o:"search your deck" o:energy',
    "pikachu",
    "charizard ex",
    "supercaña",
    '!"Boss\'s Orders"',
    "is:ex hp>=250",
    "can:totem retreat=0",
    "can:totem id<=P",
    "id<=RD t:pokemon stage:2",
    "type:water is:v",
    "is:radiant",
    "is:ace",
    "is:banned",
    "o:draw t:supporter -is:banned",
    "atk:surf",
    "ab:reign -t:trainer",
    "has:ability type:psychic",
    "cost:RRC",
    "weak:G resist:F",
    "from:charmander",
    'set:OBF r:"special illustration"',
    "released>=2024 t:stadium",
    "a:arita year<2000",
    "column=2 ic>=4 is:tera",
    "(type:W or type:P) hp>200 -is:rulebox",
]


def main() -> None:
    assert len(QUERIES) == 30
    with tempfile.TemporaryDirectory() as tmp:
        folder = f"{tmp}/cards"
        import_sources(
            folder,
            origins={"pokemontcg": str(SHARED / "pokemontcg"), "tcgdex": str(SHARED / "tcgdex/v2")},
        )
        with Catalogue.open(folder) as cat:
            scan = "SELECT count(*) FROM search WHERE hp > 1000"
            baseline = median_seconds(lambda: cat._db.execute(scan).fetchall(), 50)
            for query in QUERIES:  # warm: page cache, banlist, Totem lookups
                search_cards(cat, query)
            times = {q: median_seconds(lambda q=q: search_cards(cat, q), 7) for q in QUERIES}
            totals = {q: search_cards(cat, q).total for q in QUERIES}
        exe = str(Path(sys.executable).with_name("totemdeck"))
        version = _cold([exe, "--version"])
        os.environ["TOTEMDECK_CATALOGUE"] = folder
        cold = _cold([exe, "card", "search", "totem:sv3-125 t:supporter"])
    ordered = sorted(times.items(), key=lambda kv: kv[1])
    median = statistics.median(times.values())
    slowest_query, slowest = ordered[-1]
    print(f"baseline: one bare scan of the search table (median of 50): {baseline * 1000:.2f} ms")
    for query, seconds in ordered:
        print(f"  {seconds * 1000:7.2f} ms  {totals[query]:6d} cards  {query}")
    print(
        f"30 queries, median of medians:                       {median * 1000:7.2f} ms "
        f"(target <= 10; {median / baseline:.0f}x the baseline)"
    )
    print(
        f"slowest query ({slowest_query}): {slowest * 1000:.2f} ms (target <= 50; "
        f"{slowest / baseline:.0f}x the baseline)"
    )
    print(f"cold `totemdeck --version` (median of 7):             {version * 1000:7.1f} ms")
    print(
        f"cold `totemdeck card search 'totem:sv3-125 t:supporter'`: {cold * 1000:7.1f} ms "
        f"(adds {(cold - version) * 1000:.1f} ms; target <= 60)"
    )
