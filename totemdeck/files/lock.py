"""The writers' lock: an OS advisory lock (filelock) on ``.NAME.lock`` beside the target."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from totemdeck.files.common import (
    FileBusy,
    FileWriteError,
    describe_os_error,
    resolve_target,
)
from totemdeck.i18n import _

LOCK_TIMEOUT_SECONDS = 30.0  # a banlist edit takes milliseconds; an import holds it longer
LOCK_TIMEOUT_ENV = "TOTEMDECK_LOCK_TIMEOUT"


# ---- locking -------------------------------------------------------------------------------


def lock_timeout() -> float:
    """Seconds to wait for a lock: ``$TOTEMDECK_LOCK_TIMEOUT`` or 30."""
    value = os.environ.get(LOCK_TIMEOUT_ENV, "")
    try:
        seconds = float(value)
    except ValueError:
        return LOCK_TIMEOUT_SECONDS
    return seconds if 0 <= seconds <= 24 * 3600 else LOCK_TIMEOUT_SECONDS


def lock_path(path: str | os.PathLike[str]) -> Path:
    """``.NAME.lock`` beside the resolved target: every way of naming the file shares it.

    A name too long for that (over 249 bytes) locks ``.totemdeck-<its hash>.lock`` instead.
    """
    target = resolve_target(path)
    name = f".{target.name}.lock"
    if len(os.fsencode(name)) > 255:
        import hashlib  # here: OpenSSL's load is felt at every cold start

        digest = hashlib.sha256(os.fsencode(target.name)).hexdigest()[:16]
        name = f".totemdeck-{digest}.lock"
    return target.with_name(name)


@contextmanager
def locked(
    path: str | os.PathLike[str],
    *,
    timeout: float | None = None,
    on_wait: Callable[[str], None] | None = None,
) -> Iterator[None]:
    """Hold the writers' lock of ``path`` (shared with other processes) for the block.

    When another process holds it, ``on_wait`` is told once and the wait lasts up to
    ``timeout`` seconds (default ``lock_timeout()``); then ``FileBusy``.
    """
    from filelock import FileLock, Timeout

    shown = os.fspath(path)
    wait = lock_timeout() if timeout is None else timeout
    try:
        lock = FileLock(lock_path(path))
        try:
            lock.acquire(timeout=0)
        except Timeout:
            if on_wait is not None:
                on_wait(
                    _("waiting for another totemdeck process that is writing {path}").format(
                        path=shown
                    )
                )
            try:
                lock.acquire(timeout=wait)
            except Timeout as exc:
                raise FileBusy(
                    _(
                        "{path} is busy: another totemdeck process held its lock for over "
                        "{seconds} s; try again when it is done"
                    ).format(path=shown, seconds=f"{wait:g}")
                ) from exc
    except OSError as exc:
        raise FileWriteError(
            _("{path}: cannot lock: {reason}").format(path=shown, reason=describe_os_error(exc))
        ) from exc
    try:
        yield
    finally:
        lock.release()
