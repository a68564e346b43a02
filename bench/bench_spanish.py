"""Spanish cards (issue 23): the two-source import with every Spanish card's text against the
same import without it (the import before issue 23: Spanish names only), in the same run;
and Spanish searches (p99 over repeated runs) against their English twins.

Targets: import with Spanish text <= 1.3x the import without it; Spanish search p99 <= 25 ms
in-process. Both imports read the shared mirror from folders (as ``make catalogue`` does).
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable
from unittest import mock

from bench.common import SHARED
from tests.catalogue.search.test_spanish import PAIRS
from totemdeck.api.search import search_cards
from totemdeck.catalogue.read import Catalogue
from totemdeck.importer import import_sources

RUNS = 3
SEARCH_RUNS = 20


CPU: list[tuple[str, float]] = []  # (which, CPU seconds of this process) per import


def _import(folder: str, which: str = "after") -> float:
    origins = {"pokemontcg": str(SHARED / "pokemontcg"), "tcgdex": str(SHARED / "tcgdex/v2")}
    started, cpu = time.perf_counter(), time.process_time()
    import_sources(folder, origins=origins)
    CPU.append((which, time.process_time() - cpu))
    return time.perf_counter() - started


def _without_texts(folder: str) -> float:
    with mock.patch("totemdeck.sources.tcgdex.provider.text_changes", lambda *a, **k: iter(())):
        return _import(folder, "before")


def _timings(fn: Callable[[], object], runs: int, clock: Callable[[], float]) -> list[float]:
    out = []
    for _ in range(runs):
        started = clock()
        fn()
        out.append(clock() - started)
    return out


def _run(cat: Catalogue, query: str, lang: str) -> Callable[[], object]:
    return lambda: search_cards(cat, query, lang=lang)


def _p99(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=100)[98]


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        # alternate the two, so a busy machine slows both alike
        before, after = [], []
        for run in range(RUNS):
            before.append(_without_texts(f"{tmp}/before{run}"))
            after.append(_import(f"{tmp}/after{run}"))
        again = _import(f"{tmp}/after0")  # unchanged: conditional requests only
        with Catalogue.open(f"{tmp}/after0") as cat:
            for english, spanish in PAIRS:  # warm
                search_cards(cat, english)
                search_cards(cat, spanish, lang="es")
            timed = {}
            for clock in (time.perf_counter, time.process_time):
                timed[clock] = (
                    [
                        t
                        for q, _s in PAIRS
                        for t in _timings(_run(cat, q, "en"), SEARCH_RUNS, clock)
                    ],
                    [
                        t
                        for _e, q in PAIRS
                        for t in _timings(_run(cat, q, "es"), SEARCH_RUNS, clock)
                    ],
                )
    b, a = statistics.median(before), statistics.median(after)
    print(f"two-source import, Spanish names only (before issue 23, median of {RUNS}): {b:6.2f} s")
    print(
        f"two-source import with every Spanish card's text (median of {RUNS}):     {a:6.2f} s "
        f"({a / b:.2f}x; target <= 1.3)"
    )
    cpu_b = statistics.median(c for w, c in CPU if w == "before")
    cpu_a = statistics.median(c for w, c in CPU[: 2 * RUNS] if w == "after")
    print(
        f"  the same in CPU time of the process (steadier on a busy machine): {cpu_b:.2f} s → "
        f"{cpu_a:.2f} s ({cpu_a / cpu_b:.2f}x)"
    )
    print(f"unchanged re-import with Spanish text:                              {again:6.2f} s")
    for clock, what in ((time.perf_counter, "wall"), (time.process_time, "CPU")):
        en, es = timed[clock]
        print(
            f"30 English queries, {SEARCH_RUNS} runs each ({what}): median "
            f"{statistics.median(en) * 1000:6.2f} ms, p99 {_p99(en) * 1000:6.2f} ms (baseline)"
        )
        print(
            f"their 30 Spanish twins, --lang es ({what}): median "
            f"{statistics.median(es) * 1000:6.2f} ms, p99 {_p99(es) * 1000:6.2f} ms "
            f"(target <= 25; {_p99(es) / _p99(en):.2f}x English)"
        )
