"""Full pokemontcg import over local HTTP vs. ``json.load`` of the same files (the floor).

The server runs in another process, as a real host would.

Also: open the catalogue and resolve 100 ids (ms), and a profile of the import's hot spots.
"""

from __future__ import annotations

import cProfile
import io
import json
import os
import pstats
import random
import tempfile
import time
from pathlib import Path

from bench.common import SHARED, median_seconds
from tests.helpers.server import serve_process
from totemdeck.catalogue.read import Catalogue
from totemdeck.catalogue.rows import canonical_json, card_row
from totemdeck.files.schemas import is_valid_fast
from totemdeck.importer import import_sources
from totemdeck.sources.pokemontcg.provider import records_of_set
from totemdeck.sources.pokemontcg.transform import card_record, set_record


def _json_floor(root: Path) -> float:
    def load_all() -> None:
        json.loads((root / "sets/en.json").read_bytes())
        for path in sorted((root / "cards/en").glob("*.json")):
            json.loads(path.read_bytes())

    load_all()  # warm the page cache, as the import's own read will be
    return median_seconds(load_all, 5)


def main() -> None:
    root = SHARED / "pokemontcg"
    floor = _json_floor(root)
    with tempfile.TemporaryDirectory() as tmp, serve_process(root) as url:
        runs = iter(range(100))
        full = median_seconds(
            lambda: import_sources(f"{tmp}/fresh{next(runs)}", ["pokemontcg"], {"pokemontcg": url}),
            3,
        )
        summary = import_sources(f"{tmp}/full", ["pokemontcg"], {"pokemontcg": url}).summaries[0]
        cards = summary.added
        started = time.perf_counter()
        again = import_sources(f"{tmp}/full", ["pokemontcg"], {"pokemontcg": url}).summaries[0]
        unchanged = time.perf_counter() - started
        profile = cProfile.Profile()
        profile.enable()
        import_sources(f"{tmp}/profiled", ["pokemontcg"], {"pokemontcg": url})
        profile.disable()

        with Catalogue.open(f"{tmp}/full") as cat:
            ids = [c.id for c in cat.iter_cards()]
        sample = random.Random(7).sample(ids, 100)

        def open_and_resolve() -> None:
            with Catalogue.open(f"{tmp}/full") as cat:
                assert len(cat.get_many(sample)) == 100

        resolve = median_seconds(open_and_resolve, 20)
    print(f"json.load floor (all {cards} cards):   {floor:6.3f} s")
    print(f"full import over local HTTP (median 3): {full:4.3f} s  ({cards / full:,.0f} cards/s)")
    print(f"  ratio import / json.load floor:     {full / floor:6.1f}x  (target <= 8)")
    print(
        f"unchanged re-import:                  {unchanged:6.3f} s  "
        f"({again.sets_unchanged} sets unchanged, ratio {unchanged / floor:.2f}x floor)"
    )
    print(f"open catalogue + resolve 100 ids:     {resolve * 1000:6.1f} ms  (target << 100 ms)")
    out = io.StringIO()
    pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(8)
    print("profile of the importing process (records are built in worker processes):")
    print("\n".join(line for line in out.getvalue().splitlines()[6:] if line.strip()))
    _profile_workers(root)


def _profile_workers(root: Path) -> None:
    """Where the workers' CPU goes: building every record in one process, timed by stage."""
    sets = {s["id"]: set_record(s) for s in json.loads((root / "sets/en.json").read_bytes())}
    files = [(p.stem, p.read_bytes()) for p in sorted((root / "cards/en").glob("*.json"))]
    started = time.perf_counter()
    for set_id, raw in files:
        records_of_set(raw, sets[set_id], set_id)
    total = time.perf_counter() - started
    started = time.perf_counter()
    parsed = [(set_id, json.loads(raw)) for set_id, raw in files]
    parse = time.perf_counter() - started
    raw_cards = [(c, sets[set_id]) for set_id, cards in parsed for c in cards]
    started = time.perf_counter()
    records = [card_record(c, s) for c, s in raw_cards]
    transform = time.perf_counter() - started
    started = time.perf_counter()
    for record in records:
        is_valid_fast("card", record)
    validate = time.perf_counter() - started
    started = time.perf_counter()
    rows = [card_row(r, canonical_json(r)) for r in records]
    serialise = time.perf_counter() - started
    print(
        f"records of all {len(rows):,} cards in one process: {total:.2f} s; by stage, timed "
        f"apart: parse {parse:.2f}, transform {transform:.2f}, validate {validate:.2f}, "
        f"serialise {serialise:.2f} (run on {min(os.cpu_count() or 1, 4)} worker processes)"
    )
