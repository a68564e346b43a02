"""Items 3, 7, 10, 11 and 13 of issue 20, against a real server on 127.0.0.1.

The production command (``totemdeck serve --workers 2``) answers keep-alive requests without
waiting on delayed ACKs, cuts off idle and slow clients, delivers its 413 sentence every
time, keeps answering while the worst allowed request runs, and stops once, in one line,
without a catalogue (``uvicorn totemdeck.web:app --workers 2`` too). Every loop is bounded.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

from tests.helpers.sockets import server_end
from tests.web.hostile.conftest import TIMEOUTS, Served, clean_env, free_port
from totemdeck.decklist.read import MAX_LINES

DECK = (Path(__file__).resolve().parents[3] / "examples" / "charizard-ex.txt").read_bytes()
HEAD = float(TIMEOUTS["TOTEMDECK_WEB_HEAD_SECONDS"])
KEEP_ALIVE = float(TIMEOUTS["TOTEMDECK_WEB_KEEP_ALIVE_SECONDS"])
BODY = float(TIMEOUTS["TOTEMDECK_WEB_BODY_SECONDS"])
# The server's deadlines are 2–3 s; a test waits past them only to tell "closed late" from
# "never closed" (a hang guard: a loaded machine may meet a deadline late, never miss it).
SLACK = 30.0


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
    """With two workers uvicorn's own socket lacked TCP_NODELAY: ~44 ms an answer, each
    keep-alive answer waiting for the client's delayed ACK. The state is asserted, not the
    time (which a loaded machine stretches): the worker's end of our connection has Nagle
    off. The answer's latency is measured by `make bench web`."""
    with _connect(served.port) as sock:
        request = _post("/api/check", DECK)
        for _ in range(3):  # a kept-alive connection, answer after answer
            sock.sendall(request)
            status, body = _answer(sock)
            assert status == 200 and b'"legal"' in body
        with server_end(sock, served.process.pid) as theirs:
            assert theirs.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0


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


def _worst_request(port: int, stop: threading.Event, answered: list[int]) -> None:
    names = "".join(f"1 Quite Unheard Of {i}\n" for i in range(MAX_LINES - 10))
    request = _post("/api/check", f"Totem: 1\n1 Charizard ex OBF 125\n{names}".encode())
    while not stop.is_set():
        with _connect(port) as sock:
            sock.sendall(request)
            assert _answer(sock)[0] == 200
            answered.append(1)


def _overtook(url: str, answered: list[int], data: bytes | None = None) -> bool:
    """Whether a probe was answered before any of the worst requests in flight was."""
    before = len(answered)
    with urllib.request.urlopen(url, data=data, timeout=60) as answer:
        answer.read()
    return len(answered) == before


def test_the_worst_request_does_not_stall_the_others(served_one: Served) -> None:
    """One worker process, two of the worst allowed requests at once, again and again:
    the health check and a normal check are answered while they run. Before the fix each
    probe waited for a whole worst request (it held the event loop), so no probe could be
    answered before one of them; now most are. An order of events, not a time: a loaded
    machine slows the probes and the worst requests alike. The probes' latency under this
    load is measured by `make bench web`."""
    stop, answered = threading.Event(), []
    load = [
        threading.Thread(target=_worst_request, args=(served_one.port, stop, answered))
        for _ in range(2)
    ]
    for thread in load:
        thread.start()
    try:
        _wait_for(lambda: len(answered) >= 2)  # both are going, and the cards are in memory
        health = [_overtook(served_one.url("/healthz"), answered) for _ in range(10)]
        checks = [_overtook(served_one.url("/api/check"), answered, DECK) for _ in range(10)]
    finally:
        stop.set()
        for thread in load:
            thread.join(timeout=120)
    # a worst request may end by chance while a probe is on its way; not for most of them
    assert sum(health) >= 7, health
    assert sum(checks) >= 7, checks


def _wait_for(condition: Callable[[], bool], seconds: float = 300) -> None:
    """Until ``condition`` holds; the bound only stops a hang (it is no speed limit)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the worst requests were never answered"
        time.sleep(0.05)


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
