"""Items 3, 7, 10, 11 and 13 of issue 20, against a real server on 127.0.0.1.

The production command (``totemdeck serve --workers 2``) answers keep-alive requests without
waiting on delayed ACKs, cuts off idle and slow clients, delivers its 413 sentence every
time, keeps answering while the worst allowed request runs, and stops once, in one line,
without a catalogue (``uvicorn totemdeck.web:app --workers 2`` too). Every loop is bounded.
"""

from __future__ import annotations

import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

from tests.web.hostile.conftest import TIMEOUTS, Served, clean_env, free_port
from totemdeck.decklist.read import MAX_LINES

DECK = (Path(__file__).resolve().parents[3] / "examples" / "charizard-ex.txt").read_bytes()
HEAD = float(TIMEOUTS["TOTEMDECK_WEB_HEAD_SECONDS"])
KEEP_ALIVE = float(TIMEOUTS["TOTEMDECK_WEB_KEEP_ALIVE_SECONDS"])
BODY = float(TIMEOUTS["TOTEMDECK_WEB_BODY_SECONDS"])
SLACK = 4.0  # the machine is shared: a deadline may be met a little late, never missed


def _connect(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def _post(path: str, body: bytes, extra: str = "") -> bytes:
    head = f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {len(body)}\r\n{extra}\r\n"
    return head.encode() + body


def _answer(sock: socket.socket) -> tuple[int, bytes]:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError(f"closed before an answer: {data[:100]!r}")
        data += chunk
    head, body = data.split(b"\r\n\r\n", 1)
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _colon, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return int(head.split(b" ", 2)[1]), body


def _closed_within(sock: socket.socket, seconds: float, dribble: bytes = b"") -> bool:
    """Whether the server closes ``sock`` within ``seconds`` (sending ``dribble`` every
    half second meanwhile, as a slowloris client does)."""
    sock.settimeout(0.5)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if dribble:
                sock.sendall(dribble)
            if sock.recv(4096) == b"":
                return True
        except TimeoutError:
            continue
        except OSError:  # reset or broken pipe: closed too
            return True
    return False


def test_keep_alive_answers_do_not_wait_for_delayed_acks(served: Served) -> None:
    """With two workers uvicorn's own socket lacked TCP_NODELAY: ~44 ms an answer."""
    with _connect(served.port) as sock:
        request = _post("/api/check", DECK)
        times = []
        for _ in range(30):
            started = time.perf_counter()
            sock.sendall(request)
            status, body = _answer(sock)
            times.append(time.perf_counter() - started)
            assert status == 200 and b'"legal"' in body
    assert statistics.median(times) < 0.030, times  # a delayed ACK alone is 40 ms


def test_idle_and_slow_head_connections_are_cut_off(served: Served) -> None:
    idle = [_connect(served.port) for _ in range(5)]
    slow = [_connect(served.port) for _ in range(10)]
    for sock in slow:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    try:
        started = time.monotonic()
        for sock in slow:
            left = HEAD + SLACK - (time.monotonic() - started)
            assert _closed_within(sock, max(left, 0.5), dribble=b"X-a: b\r\n")
        for sock in idle:
            left = HEAD + SLACK - (time.monotonic() - started)
            assert _closed_within(sock, max(left, 0.5))
    finally:
        for sock in idle + slow:
            sock.close()
    with urllib.request.urlopen(served.url("/healthz"), timeout=10) as answer:
        assert answer.status == 200  # the server itself is fine


def test_an_idle_keep_alive_connection_is_closed(served: Served) -> None:
    with _connect(served.port) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert _answer(sock)[0] == 200
        assert _closed_within(sock, KEEP_ALIVE + SLACK)


def test_a_body_that_does_not_arrive_is_408(served: Served) -> None:
    with _connect(served.port) as sock:
        sock.sendall(b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5000\r\n\r\n")
        sock.sendall(b"Totem: 1\n")
        sock.settimeout(BODY + SLACK)
        status, body = _answer(sock)
    assert status == 408
    assert b"in time" in body


def _oversize(port: int, chunked: bool) -> int:
    body = b"1 Pikachu\n" * 600_000  # 6 MB: past the cap, and past what socket buffers hold
    with _connect(port) as sock:
        if chunked:
            head = b"POST /api/check HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
            payload = head + b"".join(
                b"%x\r\n%s\r\n" % (len(part), part)
                for part in (body[i : i + 65536] for i in range(0, len(body), 65536))
            )
            payload += b"0\r\n\r\n"
        else:
            payload = _post("/api/check", body)
        sock.sendall(payload)  # a simple client: the whole request, then the answer
        status, answer = _answer(sock)
    assert b"over" in answer, answer[:200]
    return status


def test_every_oversize_post_gets_its_413(served: Served) -> None:
    """The app used to answer before reading the body: 10–20 of 45 clients saw a reset."""
    statuses = [_oversize(served.port, chunked=i % 3 == 2) for i in range(24)]
    assert statuses == [413] * len(statuses)


def _worst_request(port: int, stop: threading.Event) -> None:
    names = "".join(f"1 Quite Unheard Of {i}\n" for i in range(MAX_LINES - 10))
    request = _post("/api/check", f"Totem: 1\n1 Charizard ex OBF 125\n{names}".encode())
    while not stop.is_set():
        with _connect(port) as sock:
            sock.sendall(request)
            assert _answer(sock)[0] == 200


def _probe(url: str, data: bytes | None = None) -> float:
    started = time.perf_counter()
    with urllib.request.urlopen(url, data=data, timeout=30) as answer:
        answer.read()
    return time.perf_counter() - started


def test_the_worst_request_does_not_stall_the_others(served_one: Served) -> None:
    """One worker process, two of the worst allowed requests at once, again and again:
    the health check and a normal check still answer at once."""
    stop = threading.Event()
    load = [threading.Thread(target=_worst_request, args=(served_one.port, stop)) for _ in range(2)]
    for thread in load:
        thread.start()
    try:
        time.sleep(1.0)
        health = [_probe(served_one.url("/healthz")) for _ in range(10)]
        checks = [_probe(served_one.url("/api/check"), DECK) for _ in range(10)]
    finally:
        stop.set()
        for thread in load:
            thread.join(timeout=60)
    # 50 ms is the target on a machine of its own, measured by `make bench web`; here the two
    # worst requests share the two cores with the probes, under coverage's tracing (about
    # twice the CPU). Before the fix each probe waited a whole long request: 0.5–3 s.
    assert statistics.median(health) < 0.100, health
    assert statistics.median(checks) < 0.200, checks


def test_without_a_catalogue_uvicorn_workers_stop_once_in_one_line(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    serve = subprocess.run(
        [sys.executable, "-m", "totemdeck", "serve", "--catalogue", str(empty)],
        capture_output=True, text=True, timeout=60, env=clean_env(),
    )  # fmt: skip
    assert serve.returncode == 2
    line = serve.stderr.strip()
    assert line.startswith("totemdeck: error:") and "\n" not in line
    process = subprocess.run(
        [sys.executable, "-m", "uvicorn", "totemdeck.web:app", "--workers", "2",
         "--port", str(free_port()), "--log-level", "warning"],
        capture_output=True, text=True, timeout=90,
        env=clean_env(TOTEMDECK_CATALOGUE=str(empty)),
    )  # fmt: skip
    assert "Traceback" not in process.stderr
    ours = {x for x in process.stderr.splitlines() if x.startswith("totemdeck:")}
    assert ours == {line}
