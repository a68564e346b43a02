"""Standard output and error that never drop a byte (issue 43.1, 44.2).

Python's own ``sys.stdout`` loses output without a word in two cases: under
``PYTHONUNBUFFERED=1`` (the usual container and CI setting) its text layer ignores how much
of a write the system took, so a disk one page short or a full non-blocking pipe cuts the
report and the command exits 0; and a buffered stream met by ``EAGAIN`` (a non-blocking pipe
whose reader is slow) raises mid-report. ``whole_streams`` puts in their place text streams
of the same encoding, error handler and buffering over a descriptor writer that writes every
byte (``files.write_all``: short writes continued, ``EAGAIN`` waited on) or raises the
``OSError`` the caller turns into one line and exit 2. Every writer — the reports, click's
help, rich's progress, ``print`` — goes through them.

A stream the shell closed (``>&-``) is no stream in Python (``None``): nothing would be
written and nothing said. ``closed_streams`` gives its descriptor to ``/dev/null`` opened
read-only — so no file the command opens lands on it, and a write there fails as closed —
and stands a ``ClosedOutput`` in for standard output, whose every write refuses: ``check
--help >&-`` is exit 2 with one line, as the shell's own ``echo hi >&-`` fails.
"""

from __future__ import annotations

import io
import os
import sys
from contextlib import suppress
from typing import Any, TextIO


class _WholeWriter(io.RawIOBase):
    """A raw stream over a descriptor it never closes, whose writes are whole."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self._fd = fd

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self._fd

    def isatty(self) -> bool:
        return os.isatty(self._fd)

    def write(self, data: bytes | bytearray | memoryview) -> int:  # type: ignore[override]
        from totemdeck.files import write_all

        return write_all(self._fd, data)


def _whole(stream: object) -> TextIO | None:
    """A stream like ``stream`` over a whole writer; None when it is not a real descriptor's
    text stream (a test's capture, a stand-in)."""
    fd = None
    with suppress(OSError, ValueError):
        if isinstance(stream, io.TextIOWrapper):
            stream.flush()
            fd = stream.fileno()
    if fd is None or not isinstance(stream, io.TextIOWrapper):
        return None
    buffer: Any = _WholeWriter(fd)
    if not isinstance(stream.buffer, io.RawIOBase):  # unbuffered (-u) stays unbuffered
        buffer = io.BufferedWriter(buffer)
    return io.TextIOWrapper(
        buffer,
        encoding=stream.encoding,
        errors=stream.errors,
        newline="\n",
        line_buffering=stream.line_buffering,
        write_through=stream.write_through,
    )


def whole_streams() -> None:
    """Put whole-writing copies of stdout and stderr in their place (the command line's
    process only: ``cli.run``)."""
    for name in ("stdout", "stderr"):
        replacement = _whole(getattr(sys, name))
        if replacement is not None:
            setattr(sys, name, replacement)


class ClosedOutput(io.TextIOBase):
    """Standard output the shell closed: a write is refused in one line (exit 2)."""

    encoding = "utf-8"

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return False

    def write(self, text: str) -> int:
        from totemdeck.cli.output import OutputError
        from totemdeck.i18n import _

        if not text:
            return 0
        raise OutputError(_("standard output is closed; nothing was written"))


def closed_streams() -> None:
    """A closed stdout or stderr: its descriptor held by ``/dev/null`` read-only (a write to
    it fails, and no file opened later takes its number); stdout becomes ``ClosedOutput``."""
    for fd, name in ((1, "stdout"), (2, "stderr")):
        if getattr(sys, name) is not None:
            continue
        with suppress(OSError):
            os.fstat(fd)
            continue  # open after all (a stream Python could not wrap): leave it
        with suppress(OSError):
            held = os.open(os.devnull, os.O_RDONLY)
            if held != fd:
                os.dup2(held, fd, inheritable=False)
                os.close(held)
    if sys.stdout is None:
        sys.stdout = ClosedOutput()


def is_closed(stream: object) -> bool:
    """Whether ``stream`` is no stream or a closed standard output."""
    return stream is None or isinstance(stream, ClosedOutput)
