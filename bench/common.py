"""Helpers shared by the benchmark scripts."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = (ROOT.parent / "shared" / "data").resolve()


def median_seconds(fn: Callable[[], object], runs: int) -> float:
    """Median wall time of ``runs`` calls of ``fn``."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return statistics.median(times)
