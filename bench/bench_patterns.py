"""Reader patterns and whole lines on the worst text (issue 44, N17): time of n vs 4n.

Each module-level pattern of the readers (the ones ``tests/decklist/test_pattern_safety.py``
holds to a linear shape), and ``parse`` of one line ``1 Iono`` + a run + ``x``, is timed on
runs of 225,000 and 900,000 characters (the largest line a 1 MB file allows). Linear work
gives a ratio near 4; the quadratic ``_IN_PARENS`` of before gave ~16 (80,000 spaces cost
10.9 s of CPU). The figure printed is the worst ratio of each.
"""

from __future__ import annotations

from bench.common import median_seconds
from totemdeck.base.lazy import LazyPattern
from totemdeck.decklist import parse

RUNS = [" ", "(", "0", "x", "-", ".", "( ", "x "]
SIZES = (225_000, 900_000)


def _patterns() -> list[tuple[str, object]]:
    from tests.decklist.test_pattern_safety import PATTERNS

    return [(where, p.compiled if isinstance(p, LazyPattern) else p) for where, p in PATTERNS]


def _ratio(work: object, small: str, large: str) -> tuple[float, float]:
    """CPU seconds on ``large`` over those on ``small`` (4x longer), and the former."""
    many = median_seconds(lambda: work(large), 3, cpu=True)  # type: ignore[operator]
    few = median_seconds(lambda: work(small), 3, cpu=True)  # type: ignore[operator]
    return many / max(few, 1e-9), many


def main() -> None:
    lines = {run: [("1 Iono" + run * (n // len(run)) + "x") for n in SIZES] for run in RUNS}
    worst_line = max((_ratio(parse, *lines[run])[0], repr(run)) for run in RUNS)
    print(
        f"parse one 900,000-character line / a 225,000 one: worst {worst_line[0]:.1f}"
        f" (run of {worst_line[1]}; linear ~4, quadratic ~16)"
    )
    worst = (0.0, "none takes 1 ms")
    for where, pattern in _patterns():
        for run in RUNS:
            ratio, seconds = _ratio(pattern.search, *lines[run])  # type: ignore[attr-defined]
            if seconds > 0.001:  # below, the clock's noise is the ratio
                worst = max(worst, (ratio, f"{where} on a run of {run!r}"))
    print(
        f"every reader pattern searched, 4n / n (those taking 1 ms): worst {worst[0]:.1f}"
        f" ({worst[1]})"
    )
