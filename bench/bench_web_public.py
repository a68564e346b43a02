"""The routes issue 36 attacked, served by the production command (``totemdeck serve
--workers 2``) on 127.0.0.1: the Table of 0, 200 and 600 events (its page, a tap, its QR
image), ``/api/owned`` for a page of 48 cards against collections of 1,000 and 20,000 lines,
and deep results pages, each as the server's CPU per request (process CPU time of the
server's processes, the probes' own share taken out) and the latency of a probe
(``/healthz`` on its own connection) while they run — a probe that waits means a worker's
event loop was held.

Targets (issue 36): a 600-event Table page ≤ 20 ms of CPU; ``/api/owned`` ≤ 20 ms for 48
cards whatever the collection's size; a deep page (and one past the end) about what page 1
costs; the workers' RSS after 10,000 mixed requests, deep pages included, ≤ 1.5 × their RSS
at the start. The start is the server once every worker thread has answered each kind of
request of the mix (the code a route imports, the catalogue's shared tables and each
thread's connection and checker exist): what a server in service holds before it has met
much, so the ratio is what the requests' caches and garbage add. Baselines from the same
run: page 1 of the same search, and the probe on an idle server.
"""

from __future__ import annotations

import asyncio
import json
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
    _read_response,
    _rss_bytes,
    _server,
    _tree,
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


PROBE_CPU = [0.0]  # the server's CPU for one probe, measured on the idle server


def _post_json(path: str, body: bytes) -> bytes:
    return (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    ).encode() + body


def _run(label: str, port: int, pid: int, requests: list[bytes], clients: int = 2) -> float:
    asyncio.run(_load(port, requests, 10, clients, (200, 303)))  # warm every worker
    cpu = _cpu_seconds(pid)
    latencies, probes = asyncio.run(_with_probe(port, requests, REQUESTS, clients))
    # the probes' own requests (each as on the idle server) are taken out
    spent = _cpu_seconds(pid) - cpu - len(probes) * PROBE_CPU[0]
    per_request = max(spent, 0.0) / max(len(latencies), 1)
    print(
        f"  {label}: server CPU {per_request * 1000:.1f} ms a request, "
        f"p50 {_percentile(latencies, 0.5) * 1000:.1f} ms; probe meanwhile "
        f"p50 {_percentile(probes, 0.5) * 1000:.1f} ms, p99 {_percentile(probes, 0.99) * 1000:.1f} "
        f"ms ({len(probes)} probes)"
    )
    return per_request


def _collections(folder: Path) -> dict[int, str]:
    """Collections of 1,000 and 20,000 lines (``count name set number``, seeded) of real
    prints, and the ids of a page of 48 cards (the ``0`` entry, as JSON)."""
    from totemdeck.catalogue.read import Catalogue

    with Catalogue.open(folder) as catalogue:
        every = sorted(catalogue.iter_cards(), key=lambda c: c.id)
    chance = random.Random(36)
    texts = {}
    for n in (1000, 20_000):
        chosen = enumerate(chance.sample(every, n))
        texts[n] = "\n".join(f"{1 + i % 4} {c.name} {c.set.id} {c.number}" for i, c in chosen)
    return {0: json.dumps([c.id for c in chance.sample(every, 48)]), **texts}


def _owned_routes(port: int, pid: int, folder: Path) -> list[bytes]:
    """``/api/owned`` for a page of 48 cards: the browser's request (the ids only: it keeps
    the owned set and counts each answered key in it, so the request is the same for any
    collection) and an API client's with the owned set sent along (1,000 and 20,000
    lines' sets); ``/api/owned-set`` made each set once."""
    collections = _collections(folder)
    page = collections.pop(0)
    browser = [_post_json("/api/owned", f'{{"ids": {page}}}'.encode())]
    _run("POST /api/owned, 48 ids (the browser's request, any collection)", port, pid, browser)
    routes = list(browser)
    for lines, text in collections.items():
        started = time.process_time()
        asked = _post_json("/api/owned-set", json.dumps({"collection": text}).encode())
        cpu = _cpu_seconds(pid)
        answered = asyncio.run(_answers(port, [asked]))[0]
        owned = json.loads(answered)["owned"]
        print(f"  POST /api/owned-set, {lines:,} lines (once per collection): server CPU "
              f"{_cpu_seconds(pid) - cpu:.2f} s ({len(owned):,} keys; client "
              f"{time.process_time() - started:.2f} s)")  # fmt: skip
        body = json.dumps({"ids": json.loads(page), "owned": owned}).encode()
        sent = [_post_json("/api/owned", body)]
        cpu = _run(f"POST /api/owned, 48 ids + the {lines:,}-line owned set ({len(body) // 1024} "
                   f"KB)", port, pid, sent)  # fmt: skip
        print(f"    target: ≤ 20 ms ({cpu * 1000:.1f} ms)")
        routes += sent
    return routes


async def _answers(port: int, requests: list[bytes]) -> list[bytes]:
    """The bodies of ``requests``, one after the other on one connection."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    bodies = []
    try:
        for request in requests:
            writer.write(request)
            await writer.drain()
            status, body = await _read_response(reader)
            if status != 200:
                raise RuntimeError(f"answered {status}")
            bodies.append(body)
    finally:
        writer.close()
    return bodies


def _table_routes(port: int, pid: int, codes: dict[int, str]) -> list[bytes]:
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
    return mixed


def _deep_routes(port: int, pid: int) -> list[bytes]:
    first = _run("GET /cards.json page 1 of 240 prints", port, pid, [_get(DEEP.format(page=1))])
    mixed = []
    for page in (40, 500):
        cpu = _run(f"GET /cards.json page {page}", port, pid, [_get(DEEP.format(page=page))])
        print(f"    {cpu / first:.2f} × page 1 (target ≈ 1)")
        mixed.append(_get(DEEP.format(page=page)))
    return mixed + [_get(DEEP.format(page=n)) for n in range(2, 90, 7)]


def _workers(pid: int) -> list[int]:
    """The worker processes of ``totemdeck serve --workers N`` (not its supervisor, nor
    multiprocessing's resource tracker)."""
    return [p for p in _tree(pid) if b"spawn_main" in Path(f"/proc/{p}/cmdline").read_bytes()]


def _warm(port: int, pid: int, mixed: list[bytes]) -> int:
    """Rounds of the mix (each on 8 fresh connections) until every worker has done at least
    one round's worth of the work: the kernel gives a worker whole connections, so one
    round can leave a worker untouched (it then had its first requests later, and the
    ratio measured its start-up as growth). Returns the rounds it took (at most 12)."""
    workers = _workers(pid)
    before = {w: _cpu_seconds(w) for w in workers}
    cpu = _cpu_seconds(pid)
    asyncio.run(_load(port, mixed, len(mixed) * 8, 8))
    one_round = _cpu_seconds(pid) - cpu
    rounds = 1
    while rounds < 12 and min(_cpu_seconds(w) - before[w] for w in workers) < one_round:
        asyncio.run(_load(port, mixed, len(mixed) * 8, 8))
        rounds += 1
    return rounds


def _memory(serve: list[str], env: dict[str, str], mixed: list[bytes]) -> None:
    """RSS of a fresh server: ready, at the start (every worker has answered rounds of the
    whole mix), after 1,000 and after 10,000 more mixed requests."""
    deep = sum(b"/cards.json" in request for request in mixed)
    with _server(serve, env) as (port, pid):
        ready = _rss_bytes(pid)
        rounds = _warm(port, pid, mixed)
        start = _rss_bytes(pid)
        asyncio.run(_load(port, mixed, 1_000, 8))
        warm = _rss_bytes(pid)
        asyncio.run(_load(port, mixed, 9_000, 8))
        after = _rss_bytes(pid)
        each = " + ".join(f"{_rss_bytes(w) / 2**20:.0f}" for w in _workers(pid))
    print(
        f"  RSS of a fresh server ({len(mixed)} kinds of request, {deep} of them results "
        f"pages of 240 prints): {ready / 2**20:.0f} MiB ready; {start / 2**20:.0f} MiB "
        f"at the start ({rounds} rounds of the mix, {rounds * len(mixed) * 8} requests, until "
        f"every worker had answered a round's worth); {warm / 2**20:.0f} MiB after 1,000 more "
        f"mixed requests, {after / 2**20:.0f} MiB after 10,000 (workers {each} MiB): "
        f"{after / start:.2f} × the start (target ≤ 1.5 ×), {after / warm - 1:+.1%} from "
        f"1,000 to 10,000, {after / ready:.2f} × the server before its first request"
    )


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
            asyncio.run(_load(port, [_get("/healthz")], 20, 1))
            cpu = _cpu_seconds(pid)
            idle = asyncio.run(_load(port, [_get("/healthz")], 400, 1))[1]
            PROBE_CPU[0] = (_cpu_seconds(pid) - cpu) / len(idle)
            print(f"  baseline: the probe on an idle server p50 "
                  f"{_percentile(idle, 0.5) * 1000:.2f} ms, p99 "
                  f"{_percentile(idle, 0.99) * 1000:.2f} ms, server CPU "
                  f"{PROBE_CPU[0] * 1000:.2f} ms a probe")  # fmt: skip
            mixed = _table_routes(port, pid, codes)
            mixed += _owned_routes(port, pid, folder)
            mixed += _deep_routes(port, pid)
        mixed += [_get("/api/cards?q=charizard"), _get("/healthz")]
        _memory(serve, env, mixed)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    main()
