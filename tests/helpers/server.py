"""A real HTTP server in a thread over a folder, with a request log and injectable faults.

It serves files with ETag / If-None-Match like a static host (raw GitHub, TCGdex's CDN),
so the importer's real HTTP code runs in tests. Faults are per path: ``status:500`` (always),
``status:500:once``, ``truncate`` (Content-Length larger than the body), ``slow:SECONDS``,
``body:TEXT`` (serve TEXT instead of the file), ``retry-after:VALUE`` (a 503 asking to come
back after VALUE, seconds or an HTTP date; ``retry-after:VALUE|once`` once), ``drip:SECONDS``
(the body one byte every SECONDS), ``drip-headers:SECONDS`` (the status line likewise) and
``reset`` (the connection reset without an answer).
"""

from __future__ import annotations

import hashlib
import socket
import struct
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlparse


@dataclass
class ServerState:
    root: Path
    latency: float = 0.0  # seconds added to every answer (a far host, for benchmarks)
    faults: dict[str, list[str]] = field(default_factory=dict)
    log: list[tuple[str, int]] = field(default_factory=list)
    started: list[str] = field(default_factory=list)  # paths asked for, before any answer
    delivered: list[str] = field(default_factory=list)  # paths whose whole body went out
    lock: threading.Lock = field(default_factory=threading.Lock)

    def requested(self, status: int | None = None) -> list[str]:
        with self.lock:
            return [p for p, s in self.log if status is None or s == status]


class _Handler(BaseHTTPRequestHandler):
    state: ServerState
    protocol_version = "HTTP/1.1"
    # Headers and body go out in separate writes; without this, keep-alive clients wait
    # for delayed ACKs (~40 ms a request), as no real static host makes them.
    disable_nagle_algorithm = True

    def log_message(self, format: str, *args: object) -> None:
        pass

    def _record(self, path: str, status: int) -> None:
        with self.state.lock:
            self.state.log.append((path, status))

    def do_GET(self) -> None:
        path = unquote(urlparse(self.path).path)
        with self.state.lock:
            self.state.started.append(path)
        if self.state.latency:
            time.sleep(self.state.latency)
        faults = self.state.faults.get(path, [])
        body: bytes | None = None
        for fault in list(faults):
            kind, _, arg = fault.partition(":")
            if kind == "status":
                code, _, once = arg.partition(":")
                if once:
                    faults.remove(fault)
                self._record(path, int(code))
                self.send_response(int(code))
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            if kind == "retry-after":
                value, _, once = arg.partition("|")
                if once:
                    faults.remove(fault)
                self._record(path, 503)
                self.send_response(503)
                self.send_header("Retry-After", value)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            if kind == "reset":
                self._record(path, 0)
                # SO_LINGER with a zero timeout: close() sends RST instead of FIN
                self.connection.setsockopt(
                    socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0)
                )
                self.connection.close()
                self.close_connection = True
                return
            if kind == "drip-headers":
                self._record(path, 200)
                for byte in b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n[]":
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                    time.sleep(float(arg))
                return
            if kind == "slow":
                time.sleep(float(arg))
            if kind == "body":
                body = arg.encode()
        target = (self.state.root / path.lstrip("/")).resolve()
        if body is None:
            if self.state.root.resolve() not in target.parents or not target.is_file():
                self._record(path, 404)
                self.send_response(404)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            body = target.read_bytes()
        etag = '"' + hashlib.sha1(body).hexdigest() + '"'
        if self.headers.get("If-None-Match") == etag and "truncate" not in faults:
            self._record(path, 304)
            self.send_response(304)
            self.send_header("ETag", etag)
            self.end_headers()
            return
        self._record(path, 200)
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("ETag", etag)
        if "truncate" in faults:
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.close_connection = True
            return
        drip = [float(f.partition(":")[2]) for f in faults if f.startswith("drip:")]
        if drip:
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            for byte in body:
                self.wfile.write(bytes([byte]))
                self.wfile.flush()
                time.sleep(drip[0])
            self._delivered(path)
            return
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        self._delivered(path)

    def _delivered(self, path: str) -> None:
        with self.state.lock:
            self.state.delivered.append(path)


@contextmanager
def serve(root: Path) -> Iterator[tuple[str, ServerState]]:
    """Serve ``root`` on 127.0.0.1 at a free port; yields (base URL, state)."""
    state = ServerState(root=root)
    handler = type("Handler", (_Handler,), {"state": state})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    # A client that gave up (timeout tests) makes the handler's write fail: expected, not news.
    server.handle_error = lambda request, client_address: None  # type: ignore[method-assign]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", state
    finally:
        server.shutdown()
        server.server_close()


def _serve_forever(root: str, port_queue: object, latency: float) -> None:
    state = ServerState(root=Path(root), latency=latency)
    handler = type("Handler", (_Handler,), {"state": state})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    port_queue.put(server.server_address[1])  # type: ignore[attr-defined]
    server.serve_forever()


@contextmanager
def serve_process(root: Path, latency: float = 0.0) -> Iterator[str]:
    """Serve ``root`` from another process, so the server does not share our GIL (benchmarks);
    ``latency`` seconds are added to every answer, as a far host would."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    port_queue = context.Queue()
    process = context.Process(
        target=_serve_forever, args=(str(root), port_queue, latency), daemon=True
    )
    process.start()
    try:
        yield f"http://127.0.0.1:{port_queue.get(timeout=10)}"
    finally:
        process.terminate()
        process.join(5)
