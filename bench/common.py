"""Helpers shared by the benchmark scripts."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = (ROOT.parent / "shared" / "data").resolve()


def median_seconds(fn: Callable[[], object], runs: int, cpu: bool = False) -> float:
    """Median wall (or this process's CPU) time of ``runs`` calls of ``fn``."""
    clock = time.process_time if cpu else time.perf_counter
    times = []
    for _ in range(runs):
        started = clock()
        fn()
        times.append(clock() - started)
    return statistics.median(times)
