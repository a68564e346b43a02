"""Item 4 of issue 20: memory levels off. Every cache a long-lived reader keeps is bounded,
so names nobody has ever printed (each one remembered as a miss) cannot grow a worker."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from totemdeck.catalogue.lru import LRU

# In a process of its own: RSS after 1,000, 21,000 and 41,000 distinct unknown names, then
# Python's traced heap after 61,000 and 81,000 (tracing costs RSS of its own).
PROBE = """
import gc, json, sys, tracemalloc
from pathlib import Path
from totemdeck.web.service import Library, WebConfig

def rss():
    return int(open("/proc/self/statm").read().split()[1]) * 4096

lib = Library(WebConfig(catalogue=Path(sys.argv[1])))
seen, heap = {}, {}
for batch in range(81):
    if batch == 41:
        tracemalloc.start()  # from here on (RSS taken), what the bounded caches hold is traced
    names = "".join(f"1 Never Printed Card {batch * 1000 + i}\\n" for i in range(1000))
    lib.check(lib.read(("Totem: 1\\n1 Charizard ex OBF 125\\n" + names).encode(), "x"))
    if batch + 1 in (1, 21, 41):
        seen[batch + 1] = rss()
    if batch + 1 in (61, 81):
        gc.collect()
        heap[batch + 1] = tracemalloc.get_traced_memory()[0]
print(json.dumps({"rss": seen, "heap": heap}))
"""
MB = 1024 * 1024


def test_distinct_unknown_names_do_not_grow_a_worker(catalogue_dir: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(catalogue_dir)],
        capture_output=True, text=True, timeout=600, check=True,
    )  # fmt: skip
    seen = json.loads(done.stdout)
    rss = {int(k): v for k, v in seen["rss"].items()}
    heap = {int(k): v for k, v in seen["heap"].items()}
    # The first 20,000 names fill what is bounded and one-time: the memos of names and lines
    # known and unknown (LRUs), and the other languages' name keys the reader reads once
    # (catalogue/known.py). Past that, 20,000 more names add < 10 MB of RSS ...
    assert rss[41] - rss[21] < 10 * MB, rss
    # ... and then Python's own heap levels off: once every LRU is full, 20,000 more names
    # replace entries instead of adding them (a leak of 50 bytes a name would show here).
    # RSS is not judged past the fill: the allocator's arenas move it by ±3 MB either way
    # (measured: 73–79 MB over 300,000 names, with the traced heap flat to 0.05 MB).
    assert heap[81] - heap[61] < 1 * MB, heap


def test_the_lru_forgets_the_least_recently_used() -> None:
    cache: LRU[str, int] = LRU(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # a is now the most recent
    cache.put("c", 3)
    assert "b" not in cache and "a" in cache and "c" in cache
    assert len(cache) == 2
