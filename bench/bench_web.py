"""The web app under load, on 127.0.0.1 only: checks per second, latency, search latency.

A bounded run: uvicorn serves ``totemdeck.web:app`` on 2 workers; 2,000 ``POST /api/check``
of a 100-card deck go out 16 at a time on keep-alive connections (a small asyncio client,
so the load generator costs little of the 2 cores it shares with the server); then 200
sequential ``GET /api/cards`` searches. Baselines from the same run: the library's own
check and search, in this process, one at a time. Targets (issue 11): ≥ 300 checks/s,
p99 ≤ 100 ms, search p50 ≤ 20 ms.
"""

from __future__ import annotations

import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from bench.common import ROOT, SHARED, median_seconds

DECK = ROOT / "examples" / "charizard-ex.txt"
REQUESTS = 2000
CONCURRENCY = 16
WORKERS = 2
SEARCHES = ["charizard", "iono", "pikachu", "ultra ball", "boss", "supercaña", "mew", "energy"]
DEADLINE_SECONDS = 180.0  # the whole load run stops by itself past this


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_ready(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                return
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the web app did not start") from None
            time.sleep(0.2)


async def _read_response(reader: asyncio.StreamReader) -> tuple[int, bytes]:
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    length = 0
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":", 1)[1])
    return status, await reader.readexactly(length)


async def _load(port: int, body: bytes, total: int, concurrency: int) -> tuple[float, list[float]]:
    """``total`` POSTs of ``body``, ``concurrency`` connections; (seconds, latencies)."""
    request = (
        f"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        f"Content-Type: text/plain; charset=utf-8\r\nContent-Length: {len(body)}\r\n\r\n"
    ).encode() + body
    remaining = total
    latencies: list[float] = []
    deadline = time.monotonic() + DEADLINE_SECONDS

    async def client() -> None:
        nonlocal remaining
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            while remaining > 0 and time.monotonic() < deadline:
                remaining -= 1
                started = time.perf_counter()
                writer.write(request)
                await writer.drain()
                status, answer = await _read_response(reader)
                latencies.append(time.perf_counter() - started)
                if status != 200 or b'"legal"' not in answer:
                    raise RuntimeError(f"bad answer {status}: {answer[:200]!r}")
        finally:
            writer.close()

    started = time.perf_counter()
    await asyncio.gather(*(client() for _ in range(concurrency)))
    return time.perf_counter() - started, latencies


async def _searches(port: int, rounds: int) -> list[float]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    times = []
    try:
        for index in range(rounds):
            query = urllib.request.quote(SEARCHES[index % len(SEARCHES)])
            request = (
                f"GET /api/cards?q={query}&limit=20 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n"
            )
            started = time.perf_counter()
            writer.write(request.encode())
            await writer.drain()
            status, _answer = await _read_response(reader)
            times.append(time.perf_counter() - started)
            if status != 200:
                raise RuntimeError(f"search answered {status}")
    finally:
        writer.close()
    return times


def _cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of a process and its children so far (Linux /proc)."""
    ticks = os.sysconf("SC_CLK_TCK")
    pids = [pid]
    children = Path(f"/proc/{pid}/task/{pid}/children")
    if children.exists():
        pids += [int(x) for x in children.read_text().split()]
    total = 0.0
    for each in pids:
        fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    from totemdeck.importer import import_sources
    from totemdeck.web import WebConfig
    from totemdeck.web.finder import find_cards
    from totemdeck.web.service import Library

    body = DECK.read_bytes()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "cards"
        result = import_sources(
            str(folder),
            origins={"pokemontcg": str(SHARED / "pokemontcg"), "tcgdex": str(SHARED / "tcgdex/v2")},
        )
        assert result.ok
        # Baselines: the same work in this process, one at a time, warm.
        library = Library(WebConfig(catalogue=folder))
        library.check(library.read(body, "deck"))
        in_process = median_seconds(lambda: library.check(library.read(body, "deck")), 200)
        search_in_process = statistics.median(
            median_seconds(lambda q=q: find_cards(library, q, 20), 5) for q in SEARCHES
        )
        port = _free_port()
        env = {**os.environ, "TOTEMDECK_CATALOGUE": str(folder), "TOTEMDECK_WEB_IMAGES": "1"}
        server = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "totemdeck.web:app", "--host", "127.0.0.1",
             "--port", str(port), "--workers", str(WORKERS), "--log-level", "warning",
             "--no-access-log"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            _wait_ready(port, server)
            asyncio.run(_load(port, body, 100, CONCURRENCY))  # warm every worker's caches
            cpu_before = _cpu_seconds(server.pid)
            seconds, latencies = asyncio.run(_load(port, body, REQUESTS, CONCURRENCY))
            cpu_per_check = (_cpu_seconds(server.pid) - cpu_before) / max(len(latencies), 1)
            cpu_before = _cpu_seconds(server.pid)
            searches = asyncio.run(_searches(port, 200))
            cpu_per_search = (_cpu_seconds(server.pid) - cpu_before) / len(searches)
        finally:
            server.terminate()
            server.wait(timeout=30)
    done = len(latencies)
    rate = done / seconds
    p50, p99 = _percentile(latencies, 0.50), _percentile(latencies, 0.99)
    search_p50 = statistics.median(searches)
    print(
        f"web check:  {done} POST /api/check (100-card deck), {CONCURRENCY} at a time, "
        f"{WORKERS} workers: {rate:.0f} checks/s (target ≥ 300), "
        f"p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms (target ≤ 100 ms)"
    )
    print(
        f"  baseline: the library's check in this process {in_process * 1000:.2f} ms "
        f"({1 / in_process:.0f}/s on one core); over HTTP on 2 workers: "
        f"{rate * in_process:.2f}× the one-core library rate"
    )
    print(
        f"  server CPU per check {cpu_per_check * 1000:.2f} ms, so 2 cores of their own would "
        f"serve ~{WORKERS / cpu_per_check:.0f} checks/s (load average now "
        f"{os.getloadavg()[0]:.1f}: other work shares these cores)"
    )
    print(
        f"web search: GET /api/cards p50 {search_p50 * 1000:.1f} ms (target ≤ 20 ms); "
        f"baseline in process {search_in_process * 1000:.1f} ms "
        f"(HTTP adds {(search_p50 - search_in_process) * 1000:.1f} ms); "
        f"server CPU per search {cpu_per_search * 1000:.1f} ms"
    )


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
