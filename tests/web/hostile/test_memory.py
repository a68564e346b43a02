"""Item 4 of issue 20: memory levels off. Every cache a long-lived reader keeps is bounded,
so names nobody has ever printed (each one remembered as a miss) cannot grow a worker."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from totemdeck.catalogue.lru import LRU

# In a process of its own: RSS after 1,000, 21,000 and 61,000 distinct unknown names.
PROBE = """
import json, sys
from pathlib import Path
from totemdeck.web.service import Library, WebConfig

def rss():
    return int(open("/proc/self/statm").read().split()[1]) * 4096

lib = Library(WebConfig(catalogue=Path(sys.argv[1])))
seen = {}
for batch in range(61):
    names = "".join(f"1 Never Printed Card {batch * 1000 + i}\\n" for i in range(1000))
    lib.check(lib.read(("Totem: 1\\n1 Charizard ex OBF 125\\n" + names).encode(), "x"))
    if batch + 1 in (1, 21, 41, 61):
        seen[batch + 1] = rss()
print(json.dumps(seen))
"""
MB = 1024 * 1024


def test_distinct_unknown_names_do_not_grow_a_worker(catalogue_dir: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(catalogue_dir)],
        capture_output=True, text=True, timeout=600, check=True,
    )  # fmt: skip
    rss = {int(k): v for k, v in json.loads(done.stdout).items()}
    # The first 20,000 names fill what is bounded and one-time: the memo of names known and
    # unknown (an LRU), and the other languages' name keys the reader reads once
    # (catalogue/known.py). Past that, 20,000 more names add < 10 MB, and then it levels off.
    assert rss[41] - rss[21] < 10 * MB, rss
    assert rss[61] - rss[41] < 3 * MB, rss


def test_the_lru_forgets_the_least_recently_used() -> None:
    cache: LRU[str, int] = LRU(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # a is now the most recent
    cache.put("c", 3)
    assert "b" not in cache and "a" in cache and "c" in cache
    assert len(cache) == 2
