"""The web app under load, served by the production command of docs/web.md
(``totemdeck serve --workers 2``), on 127.0.0.1 only, with the load generator on the same
machine (a small asyncio client on keep-alive connections, so it costs little of the two
cores it shares with the server).

Figures (issue 20), each with the server's CPU per request beside it:
* ``POST /api/check`` of a 100-card deck at 1, 8 and 32 clients: ≥ 300 checks/s, p99 ≤ 100 ms;
* ``GET /api/cards?q=`` (typical builder queries) and ``GET /check?d=`` (the HTML verdict) at
  8 clients: ≥ 250 requests/s, p99 ≤ 100 ms; CPU ≤ 4 ms per HTML verdict;
* the workers' RSS after 10,000 mixed requests within 10 % of their RSS after 1,000;
* one worker busy with two of the worst allowed requests, again and again: the health check
  and a normal check still answer within 50 ms at p50 (before the fix each waited for a whole
  worst request, 0.5–3 s; tests/web/hostile/test_server.py checks the order of events only).
Baselines from the same run: the library's own check, in this process, one at a time; and
plain ``uvicorn totemdeck.web:app --workers 2`` on one keep-alive connection (its socket
lacks TCP_NODELAY). Every run is bounded by request counts and a deadline.
"""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bench.common import ROOT, SHARED, median_seconds

DECK = ROOT / "examples" / "charizard-ex.txt"
WORKERS = 2
REQUESTS = 1500
QUERIES = ["charizard", "t:supporter", "iono", "pikachu ex", "ultra ball", "id:fire hp>100",
           "boss", "t:item draw", "mew", "basic energy"]  # fmt: skip
DEADLINE_SECONDS = 120.0  # each load run stops by itself past this


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


@contextmanager
def _server(command: list[str], env: dict[str, str]) -> Iterator[tuple[int, int]]:
    port = _free_port()
    process = subprocess.Popen(
        [*command, "--port", str(port)], env=env,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        _wait_ready(port, process)
        yield port, process.pid
    finally:
        process.terminate()
        process.wait(timeout=30)


async def _read_response(reader: asyncio.StreamReader) -> tuple[int, bytes]:
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    length = 0
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":", 1)[1])
    return status, await reader.readexactly(length)


async def _load(
    port: int, requests: list[bytes], total: int, clients: int, ok: tuple[int, ...] = (200,)
) -> tuple[float, list[float]]:
    """``total`` requests (cycling through ``requests``) over ``clients`` connections, each
    answered with a status of ``ok``."""
    sent = 0
    latencies: list[float] = []
    deadline = time.monotonic() + DEADLINE_SECONDS

    async def client() -> None:
        nonlocal sent
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        try:
            while sent < total and time.monotonic() < deadline:
                request = requests[sent % len(requests)]
                sent += 1
                started = time.perf_counter()
                writer.write(request)
                await writer.drain()
                status, _body = await _read_response(reader)
                latencies.append(time.perf_counter() - started)
                if status not in ok:
                    raise RuntimeError(f"answered {status}")
        finally:
            writer.close()

    started = time.perf_counter()
    await asyncio.gather(*(client() for _ in range(clients)))
    return time.perf_counter() - started, latencies


def _tree(pid: int) -> list[int]:
    children = Path(f"/proc/{pid}/task/{pid}/children")
    found = [pid]
    if children.exists():
        for child in children.read_text().split():
            found += _tree(int(child))
    return found


def _cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of a process and its children (Linux /proc)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for each in _tree(pid):
        fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def _rss_bytes(pid: int) -> int:
    page = os.sysconf("SC_PAGE_SIZE")
    return sum(int(Path(f"/proc/{p}/statm").read_text().split()[1]) * page for p in _tree(pid))


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _post(path: str, body: bytes) -> bytes:
    return (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain; charset=utf-8\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    ).encode() + body


def _get(path: str) -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()


def _run(
    label: str, port: int, pid: int, requests: list[bytes], clients: int, target: float
) -> None:
    asyncio.run(_load(port, requests, 100, clients))  # warm every worker's caches
    cpu = _cpu_seconds(pid)
    seconds, latencies = asyncio.run(_load(port, requests, REQUESTS, clients))
    per_request = (_cpu_seconds(pid) - cpu) / max(len(latencies), 1)
    rate = len(latencies) / seconds
    p50, p99 = _percentile(latencies, 0.5), _percentile(latencies, 0.99)
    print(
        f"  {label}, {clients} clients: {rate:.0f}/s (target ≥ {target:.0f}), "
        f"p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms (target ≤ 100 ms), "
        f"server CPU {per_request * 1000:.2f} ms a request"
    )


def _worst_loop(port: int, stop: threading.Event) -> None:
    """The worst allowed request (5,000 distinct unknown names), one after the other."""
    from totemdeck.decklist.read import MAX_LINES

    names = "".join(f"1 Quite Unheard Of {i}\n" for i in range(MAX_LINES - 10))
    body = f"Totem: 1\n1 Charizard ex OBF 125\n{names}".encode()
    head = f"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {len(body)}\r\n"
    request = (head + "Connection: close\r\n\r\n").encode() + body
    while not stop.is_set():
        with socket.create_connection(("127.0.0.1", port), timeout=DEADLINE_SECONDS) as sock:
            sock.sendall(request)
            while sock.recv(65536):  # the whole answer, until the server closes
                pass


def _beside_the_worst(env: dict[str, str]) -> None:
    serve = [sys.executable, "-m", "totemdeck", "serve", "--workers", "1"]
    with _server(serve, env) as (port, _pid):
        stop = threading.Event()
        load = [threading.Thread(target=_worst_loop, args=(port, stop)) for _ in range(2)]
        for thread in load:
            thread.start()
        try:
            time.sleep(1.0)
            health = asyncio.run(_load(port, [_get("/healthz")], 20, 1))[1]
            check = asyncio.run(_load(port, [_post("/api/check", DECK.read_bytes())], 20, 1))[1]
        finally:
            stop.set()
            for thread in load:
                thread.join(timeout=DEADLINE_SECONDS)
    print(
        f"  beside two worst requests (1 worker): /healthz p50 "
        f"{_percentile(health, 0.5) * 1000:.0f} ms, POST /api/check p50 "
        f"{_percentile(check, 0.5) * 1000:.0f} ms (target ≤ 50 ms)"
    )


def main() -> None:
    from totemdeck.api.deck import share_code
    from totemdeck.importer import import_sources
    from totemdeck.web import WebConfig
    from totemdeck.web.service import Library

    body = DECK.read_bytes()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "cards"
        result = import_sources(
            str(folder),
            origins={"pokemontcg": str(SHARED / "pokemontcg"), "tcgdex": str(SHARED / "tcgdex/v2")},
        )
        assert result.ok
        library = Library(WebConfig(catalogue=folder))
        checked = library.check(library.read(body, "deck"))
        in_process = median_seconds(lambda: library.check(library.read(body, "deck")), 200)
        code = share_code(checked)
        env = {**os.environ, "TOTEMDECK_CATALOGUE": str(folder)}
        check = [_post("/api/check", body)]
        cards = [
            _get("/api/cards?" + urllib.parse.urlencode({"q": q, "limit": 20})) for q in QUERIES
        ]
        verdict = [_get("/check?" + urllib.parse.urlencode({"d": code}))]
        print(f"web: `totemdeck serve --workers {WORKERS}` (the production command), load average "
              f"{os.getloadavg()[0]:.1f} (other work shares these cores)")  # fmt: skip
        serve = [sys.executable, "-m", "totemdeck", "serve", "--workers", str(WORKERS)]
        with _server(serve, env) as (port, pid):
            for clients in (1, 8, 32):
                _run("POST /api/check (100-card deck)", port, pid, check, clients, 300)
            _run("GET /api/cards?q= (builder queries)", port, pid, cards, 8, 250)
            _run("GET /check?d= (HTML verdict)", port, pid, verdict, 8, 250)
            mixed = check + cards + verdict
            asyncio.run(_load(port, mixed, 1000, 8))
            after_1000 = _rss_bytes(pid)
            asyncio.run(_load(port, mixed, 9000, 8))
            after_10000 = _rss_bytes(pid)
        print(
            f"  RSS of the server: {after_1000 / 2**20:.0f} MiB after 1,000 mixed requests, "
            f"{after_10000 / 2**20:.0f} MiB after 10,000 ({after_10000 / after_1000 - 1:+.1%}; "
            f"target within ±10 %)"
        )
        _beside_the_worst(env)
        print(f"  baseline: the library's check in this process {in_process * 1000:.2f} ms "
              f"({1 / in_process:.0f}/s on one core)")  # fmt: skip
        plain = [sys.executable, "-m", "uvicorn", "totemdeck.web:app", "--workers", str(WORKERS),
                 "--log-level", "warning", "--no-access-log"]  # fmt: skip
        with _server(plain, env) as (port, pid):
            asyncio.run(_load(port, check, 20, 1))
            seconds, latencies = asyncio.run(_load(port, check, 100, 1))
        rate, p50 = len(latencies) / seconds, _percentile(latencies, 0.5)
        print(
            f"  baseline: plain `uvicorn --workers {WORKERS}`, 1 client: {rate:.0f} checks/s, "
            f"p50 {p50 * 1000:.1f} ms (its socket lacks TCP_NODELAY)"
        )


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
