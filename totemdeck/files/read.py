"""Reading the user's files: regular files only, capped by the bytes actually read."""

from __future__ import annotations

import errno
import os
import stat

from totemdeck.files.common import (
    FileReadError,
    describe_os_error,
    kind_of,
)
from totemdeck.i18n import _

# ---- reading -------------------------------------------------------------------------------


def read_limited(path: str | os.PathLike[str], max_bytes: int) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``; raise ``FileReadError``.

    Opened non-blocking and checked with ``fstat`` on the open descriptor, so a FIFO is
    refused instead of waited on and a file swapped after a check cannot slip through.
    """
    shown = os.fspath(path)
    try:
        fd = os.open(shown, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError as exc:
        raise FileReadError(_("{path}: no such file").format(path=shown)) from exc
    except OSError as exc:
        raise FileReadError(f"{shown}: {_read_reason(exc)}") from exc
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise FileReadError(f"{shown}: {_('is a directory, not a file')}")
        if not stat.S_ISREG(mode):
            raise FileReadError(
                _("{path}: not a regular file ({kind})").format(path=shown, kind=kind_of(mode))
            )
        os.set_blocking(fd, True)
        chunks: list[bytes] = []
        total = 0
        while total <= max_bytes:
            chunk = os.read(fd, min(1 << 16, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise FileReadError(f"{shown}: {_read_reason(exc)}") from exc
    finally:
        os.close(fd)
    if total > max_bytes:
        raise FileReadError(
            _("{path}: over the {limit} byte limit").format(path=shown, limit=max_bytes)
        )
    return b"".join(chunks)


def _read_reason(exc: OSError) -> str:
    if exc.errno == errno.EISDIR:
        return _("is a directory, not a file")
    if exc.errno == errno.ENOENT:
        return _("no such file")
    return _("cannot read: {reason}").format(reason=describe_os_error(exc))
