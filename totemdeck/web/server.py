"""How ``totemdeck serve`` runs uvicorn for a public instance: what its defaults lack.

* **TCP_NODELAY with several workers.** uvicorn's multi-worker socket is made without a
  protocol number, so asyncio never turns Nagle off on its connections and every keep-alive
  answer waits ~40 ms for the client's delayed ACK (uvicorn issue 3149). The socket is made
  here, as TCP, with TCP_NODELAY set on it (Linux hands it to every accepted connection).
* **Slow clients are cut off.** A request head must arrive within ``HEAD_SECONDS`` of the
  connection (or of the previous answer), an idle keep-alive connection closes after
  ``KEEP_ALIVE_SECONDS``, a body must arrive within ``TOTEMDECK_WEB_BODY_SECONDS``
  (``BodyLimit``), and a worker holds at most ``MAX_CONNECTIONS`` connections (more are
  answered 503). Each can be set from the environment (docs/web.md).
"""

from __future__ import annotations

import asyncio
import os
import socket
from typing import Any

from uvicorn import Config, Server
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.supervisors import Multiprocess

HEAD_SECONDS = 10.0
KEEP_ALIVE_SECONDS = 5
MAX_CONNECTIONS = 500  # per worker process, open connections and requests alike
BACKLOG = 1024


def _seconds(name: str, default: float) -> float:
    """A timeout from the environment (``TOTEMDECK_WEB_…``), at least 0.1 s."""
    try:
        return max(0.1, float(os.environ.get(name, default)))
    except ValueError:
        return default


class GuardedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline for each request head (slowloris)."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.head_seconds = _seconds("TOTEMDECK_WEB_HEAD_SECONDS", HEAD_SECONDS)
        self._head_timer: asyncio.TimerHandle | None = None
        self._arm_head_timer()

    def _arm_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
        self._head_timer = self.loop.call_later(self.head_seconds, self._head_overdue)

    def _head_overdue(self) -> None:
        """No request head since the timer was armed (none yet, or only part of one)."""
        self._head_timer = None
        waiting = self.cycle is None or self.cycle.response_complete
        if waiting and not self.transport.is_closing():
            self.transport.close()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm_head_timer()  # the next request's head has its own deadline

    def connection_lost(self, exc: Exception | None) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None
        super().connection_lost(exc)


def listening_socket(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host:port`` with TCP_NODELAY, ready to share with workers."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.bind((host, port))
    sock.set_inheritable(True)
    return sock


def server_config(host: str, port: int, workers: int, **extra: Any) -> Config:
    """The uvicorn configuration totemdeck serves with (the app from the environment)."""
    return Config(
        "totemdeck.web:app",
        host=host,
        port=port,
        workers=workers,
        http=GuardedH11Protocol,
        timeout_keep_alive=max(
            1, int(_seconds("TOTEMDECK_WEB_KEEP_ALIVE_SECONDS", KEEP_ALIVE_SECONDS))
        ),
        limit_concurrency=int(_seconds("TOTEMDECK_WEB_MAX_CONNECTIONS", MAX_CONNECTIONS)),
        backlog=BACKLOG,
        log_level="warning",
        access_log=False,
        server_header=False,
        **extra,
    )


def run(host: str, port: int, workers: int) -> None:
    """Serve until stopped: one process, or a supervisor and ``workers`` processes."""
    config = server_config(host, port, workers)
    sock = listening_socket(host, port)
    server = Server(config)
    try:
        if workers > 1:
            Multiprocess(config, sockets=[sock]).run()
        else:
            server.run(sockets=[sock])
    except KeyboardInterrupt:  # pragma: no cover - Ctrl-C in a terminal
        pass
    finally:
        sock.close()
