"""The routes issue 36 attacked, served by the production command (``totemdeck serve
--workers 2``) on 127.0.0.1: the Table of 0, 200 and 600 events (its page, a tap, its QR
image) and deep results pages, each as the server's CPU per request, and the latency of a
probe (``/healthz`` on its own connection) while they run — a probe that waits means a
worker's event loop was held.

Targets (issue 36): a 600-event Table page ≤ 20 ms of CPU; a deep page (and one past the
end) about what page 1 costs; the workers' RSS after 10,000 mixed requests, deep pages
included, ≤ 1.5 × their RSS at the start (after one request of each kind). Baselines from
the same run: page 1 of the same search, and the probe on an idle server.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

from bench.bench_web import (
    WORKERS,
    _cpu_seconds,
    _get,
    _load,
    _percentile,
    _rss_bytes,
    _server,
)
from bench.common import SHARED

REQUESTS = 200  # of each heavy route; each run is also bounded by bench_web's deadline
DEEP = "/cards.json?" + "q=t%3Apokemon&prints=1&limit=240&page={page}"


def game_code(events: int) -> str:
    """A real game of ``events`` events (three players, none out), times a few seconds
    apart as a real game's are, so the code is as long as a real one."""
    from totemdeck.table import Seat, apply, encode, new_game, parse_event

    seats = tuple(Seat(f"Player {n}", "sv3-125", "Charizard ex", 3, 2, ("Fire",)) for n in range(3))
    state = new_game(seats, 0, 6, int(time.time()))
    tokens = ["n", "e1+", "e1-", "e2+s", "e2-s", "e0+", "e0-", "e1+s", "e1-s"]
    chance = random.Random(events)
    at = 0
    for n in range(events):
        at += chance.randint(2, 90)
        state = apply(state, parse_event(tokens[n % len(tokens)], at))
    return encode(state)


async def _with_probe(
    port: int, requests: list[bytes], total: int, clients: int
) -> tuple[list[float], list[float]]:
    """The load, and ``/healthz`` asked again and again on one more connection meanwhile."""
    done = asyncio.Event()
    probes: list[float] = []

    async def probe() -> None:
        while not done.is_set():
            _seconds, latencies = await _load(port, [_get("/healthz")], 1, 1)
            probes.extend(latencies)

    prober = asyncio.create_task(probe())
    try:
        _seconds, latencies = await _load(port, requests, total, clients, (200, 303))
    finally:
        done.set()
        await prober
    return latencies, probes


def _run(label: str, port: int, pid: int, requests: list[bytes], clients: int = 2) -> float:
    asyncio.run(_load(port, requests, 10, clients, (200, 303)))  # warm every worker
    cpu = _cpu_seconds(pid)
    latencies, probes = asyncio.run(_with_probe(port, requests, REQUESTS, clients))
    # the probe's own requests are cheap (~0.3 ms): counted out by their share
    per_request = (_cpu_seconds(pid) - cpu) / max(len(latencies), 1)
    print(
        f"  {label}: server CPU {per_request * 1000:.1f} ms a request, "
        f"p50 {_percentile(latencies, 0.5) * 1000:.1f} ms; probe meanwhile "
        f"p50 {_percentile(probes, 0.5) * 1000:.1f} ms, p99 {_percentile(probes, 0.99) * 1000:.1f} "
        f"ms ({len(probes)} probes)"
    )
    return per_request


def main() -> None:
    from totemdeck.importer import import_sources

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "cards"
        result = import_sources(
            str(folder),
            origins={"pokemontcg": str(SHARED / "pokemontcg"), "tcgdex": str(SHARED / "tcgdex/v2")},
        )
        assert result.ok
        env = {**os.environ, "TOTEMDECK_CATALOGUE": str(folder),
               "TOTEMDECK_BASE_URL": "https://totem.example"}  # fmt: skip
        codes = {events: game_code(events) for events in (0, 200, 600)}
        print(f"web (issue 36): `totemdeck serve --workers {WORKERS}`, load average "
              f"{os.getloadavg()[0]:.1f}; game codes of 0/200/600 events: "
              f"{'/'.join(str(len(c)) for c in codes.values())} characters")  # fmt: skip
        serve = [sys.executable, "-m", "totemdeck", "serve", "--workers", str(WORKERS)]
        with _server(serve, env) as (port, pid):
            idle = asyncio.run(_load(port, [_get("/healthz")], 200, 1))[1]
            print(f"  baseline: the probe on an idle server p50 "
                  f"{_percentile(idle, 0.5) * 1000:.2f} ms, p99 "
                  f"{_percentile(idle, 0.99) * 1000:.2f} ms")  # fmt: skip
            mixed: list[bytes] = []
            for events, code in codes.items():
                page = [_get("/table?" + urllib.parse.urlencode({"g": code}))]
                cpu = _run(f"GET /table, {events} events", port, pid, page)
                if events == 600:
                    print(f"    target: ≤ 20 ms a 600-event page ({cpu * 1000:.1f} ms)")
                tap = [_get("/table/do?" + urllib.parse.urlencode({"g": code, "e": "n"}))]
                qr = [_get("/table/qr.svg?" + urllib.parse.urlencode({"g": code}))]
                if events < 600:  # a 600-event log is full: its tap is refused (400)
                    _run(f"GET /table/do (a tap), {events} events", port, pid, tap)
                _run(f"GET /table/qr.svg, {events} events", port, pid, qr)
                mixed += page + qr
            first = _run("GET /cards.json page 1 of 240 prints", port, pid,
                         [_get(DEEP.format(page=1))])  # fmt: skip
            for page in (40, 500):
                deep = [_get(DEEP.format(page=page))]
                cpu = _run(f"GET /cards.json page {page}", port, pid, deep)
                print(f"    {cpu / first:.2f} × page 1 (target ≈ 1)")
                mixed.append(_get(DEEP.format(page=page)))
            mixed += [_get(DEEP.format(page=n)) for n in range(2, 90, 7)]
            mixed += [_get("/api/cards?q=charizard"), _get("/healthz")]
            asyncio.run(_load(port, mixed, len(mixed) * 2, 2))  # one of each kind, per worker
            start = _rss_bytes(pid)
            asyncio.run(_load(port, mixed, 1_000, 8))
            warm = _rss_bytes(pid)
            asyncio.run(_load(port, mixed, 9_000, 8))
            after = _rss_bytes(pid)
        print(
            f"  RSS of the server: {start / 2**20:.0f} MiB at the start (one request of each "
            f"kind), {warm / 2**20:.0f} MiB after 1,000 mixed requests with deep pages, "
            f"{after / 2**20:.0f} MiB after 10,000 ({after / start:.2f} × the start, target "
            f"≤ 1.5 ×; {after / warm - 1:+.1%} from 1,000 to 10,000: every thread's caches full)"
        )


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    main()
