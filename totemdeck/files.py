"""Writing files so that a reader never sees half of one (banlist, exports)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from totemdeck.errors import CannotWrite


def _cannot_write(path: str | os.PathLike[str], exc: OSError) -> CannotWrite:
    from totemdeck.i18n import _

    return CannotWrite(
        _("{path}: cannot write ({reason})").format(path=path, reason=exc.strerror or exc)
    )


def write_atomically(path: str | os.PathLike[str], text: str) -> None:
    """Write next to the target, flush to disk, then rename over it."""
    target = Path(path)
    try:
        fd, tmp = tempfile.mkstemp(
            prefix=f".{target.name}.", suffix=".tmp", dir=target.parent or "."
        )
    except OSError as exc:
        raise _cannot_write(path, exc) from exc
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        Path(tmp).replace(target)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise _cannot_write(path, exc) from exc
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
