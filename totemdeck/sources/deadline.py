"""A total deadline for each download, not only a timeout for each read.

A socket timeout bounds one ``recv``: a server that sends one byte every two seconds never
trips a 30 s read timeout, and a 1 MB answer would take weeks. Here every connection's socket
is wrapped so that each read first checks the deadline of the download under way on this
thread (``within``) and waits at most until then; past it the read fails like a timeout, which
``http.py`` reports in one line. The status line and headers are bounded too, since they are
read through the same socket.

An interrupted import must not wait for those limits either: ``stop_threads`` marks the
download threads of a pool that is being abandoned, shuts down the socket each is reading
(which wakes a blocked ``recv`` at once), and wakes each from a retry's wait (``pause``); a
marked thread's next read, connect or wait raises ``DownloadCancelled``.
"""

from __future__ import annotations

import contextlib
import io
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool

__all__ = [
    "DeadlineAdapter",
    "DeadlinePassed",
    "DownloadCancelled",
    "pause",
    "stop_threads",
    "thread_started",
    "within",
]

_current = threading.local()
# Threads whose downloads were cancelled, and the socket each is reading now (by ident).
_stopped: set[int] = set()
_reading: dict[int, _DeadlineSocket] = {}
_wake = threading.Condition()


class DeadlinePassed(socket.timeout):
    """A read was attempted after the download's deadline."""


class DownloadCancelled(Exception):
    """The import that wanted this download was interrupted. Not an ``OSError``, so neither
    urllib3 nor requests retries or rewords it: it goes straight up the thread that met it."""


def thread_started() -> None:
    """Run first in each new download thread: a thread id reused from a stopped one is new."""
    with _wake:
        _stopped.discard(threading.get_ident())


def stop_threads(idents: set[int]) -> None:
    """Cancel the downloads of these threads now: reads, connects and waits raise
    ``DownloadCancelled``; a read blocked on a silent server returns at once."""
    with _wake:
        _stopped.update(idents)
        reading = [_reading[i] for i in idents if i in _reading]
        _wake.notify_all()
    for sock in reading:
        sock.cancel()


def _check_stopped() -> None:
    if threading.get_ident() in _stopped:
        raise DownloadCancelled("the import was interrupted")


def pause(seconds: float) -> None:
    """``time.sleep`` that ``stop_threads`` cuts short (a retry's backoff, a Retry-After)."""
    ident = threading.get_ident()
    with _wake:
        _wake.wait_for(lambda: ident in _stopped, timeout=max(0.0, seconds))
    _check_stopped()


@contextmanager
def within(seconds: float) -> Iterator[float]:
    """Reads on this thread must end within ``seconds`` from now; yields the deadline."""
    previous = getattr(_current, "deadline", None)
    _current.deadline = time.monotonic() + seconds
    try:
        yield _current.deadline
    finally:
        _current.deadline = previous


def _remaining() -> float | None:
    deadline: float | None = getattr(_current, "deadline", None)
    return None if deadline is None else deadline - time.monotonic()


class _DeadlineSocket:
    """A socket (plain or TLS) whose reads respect this thread's download deadline."""

    def __init__(self, sock: socket.socket) -> None:
        self._sock = sock
        self._timeout = sock.gettimeout()

    def settimeout(self, value: float | None) -> None:
        self._timeout = value
        self._sock.settimeout(value)

    def gettimeout(self) -> float | None:
        return self._timeout

    def cancel(self) -> None:
        """Wake a read blocked on this socket (it then sees the end of the stream)."""
        with contextlib.suppress(OSError):  # already closed
            self._sock.shutdown(socket.SHUT_RDWR)

    def recv_into(self, buffer: Any, nbytes: int = 0, flags: int = 0) -> int:
        ident = threading.get_ident()
        with _wake:
            _check_stopped()
            _reading[ident] = self
        try:
            return self._recv_into(buffer, nbytes, flags)
        finally:
            with _wake:
                _reading.pop(ident, None)
            _check_stopped()

    def _recv_into(self, buffer: Any, nbytes: int, flags: int) -> int:
        remaining = _remaining()
        if remaining is not None:
            if remaining <= 0:
                raise DeadlinePassed("the download deadline passed")
            limit = remaining if self._timeout is None else min(self._timeout, remaining)
            self._sock.settimeout(limit)
        return self._sock.recv_into(buffer, nbytes, flags)

    def recv(self, bufsize: int, flags: int = 0) -> bytes:
        buffer = bytearray(bufsize)
        return bytes(buffer[: self.recv_into(buffer, bufsize, flags)])

    def makefile(self, mode: str = "rb", buffering: int | None = None, **_: Any) -> Any:
        """http.client reads the answer through this; it must come back to ``recv_into``."""
        if "b" not in mode or "w" in mode:
            return self._sock.makefile(mode)  # type: ignore[call-overload]  # mode as given
        raw = socket.SocketIO(self, "rb")  # type: ignore[arg-type]
        self._sock._io_refs += 1  # type: ignore[attr-defined]  # as socket.makefile counts
        return io.BufferedReader(raw, buffering or io.DEFAULT_BUFFER_SIZE)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sock, name)


class _HTTPConnection(HTTPConnection):
    def connect(self) -> None:
        _check_stopped()
        super().connect()
        self.sock = _DeadlineSocket(self.sock)


class _HTTPSConnection(HTTPSConnection):
    def connect(self) -> None:
        _check_stopped()
        super().connect()
        self.sock = _DeadlineSocket(self.sock)


class _HTTPPool(HTTPConnectionPool):
    ConnectionCls = _HTTPConnection


class _HTTPSPool(HTTPSConnectionPool):
    ConnectionCls = _HTTPSConnection


class DeadlineAdapter(HTTPAdapter):
    """requests' adapter with connections whose reads respect ``within``."""

    def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
        super().init_poolmanager(*args, **kwargs)
        self.poolmanager.pool_classes_by_scheme = {"http": _HTTPPool, "https": _HTTPSPool}

    def proxy_manager_for(self, proxy: str, **proxy_kwargs: Any) -> Any:
        manager = super().proxy_manager_for(proxy, **proxy_kwargs)
        manager.pool_classes_by_scheme = {"http": _HTTPPool, "https": _HTTPSPool}
        return manager
