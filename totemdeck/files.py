"""The one place that reads and writes the user's files: atomic, locked, bounded.

Writing (banlist, exports, plots): the text goes to a temporary file beside the target,
which is flushed to disk and renamed over it, so a reader never sees half a file and a
failure leaves the old one. A symlink is followed (its target is written, the link stays
a link); a device or FIFO (``-o /dev/null``) is written directly, never replaced. A new file
gets the usual ``0666 & ~umask``; an existing one keeps its mode. Every failure is one line.

Reading (banlist, format file): only regular files, capped by the bytes actually read, so a
FIFO cannot block and ``/dev/zero`` cannot fill the memory.

Locking: read-modify-write writers hold ``locked(path)`` around the whole edit, so two
``banlist add`` at once both land. The lock is an OS advisory lock taken through filelock
on ``.NAME.lock`` beside the (resolved) target.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from totemdeck.errors import CannotWrite, TotemdeckError, UsageError
from totemdeck.i18n import N_, _

LOCK_TIMEOUT_SECONDS = 30.0  # a banlist edit takes milliseconds; an import holds it longer
LOCK_TIMEOUT_ENV = "TOTEMDECK_LOCK_TIMEOUT"

# The words a person understands for the errors a write or a read meets.
_SAID = {
    errno.ENOSPC: N_("no space left on the device"),
    errno.EDQUOT: N_("disk quota exceeded"),
    errno.EROFS: N_("the file system is read-only"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.ENOENT: N_("no such folder"),
    errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.ENAMETOOLONG: N_("name too long"),
    errno.EISDIR: N_("is a directory, not a file"),
    errno.EIO: N_("input/output error"),
    errno.ELOOP: N_("too many levels of symbolic links"),
}


class FileWriteError(CannotWrite):
    """A file could not be written (full disk, read-only place, a directory…); exit 2."""


class FileReadError(UsageError):
    """A file could not be read, is not a regular file, or is over its size limit; exit 2."""


class FileBusy(TotemdeckError):
    """Another totemdeck process held the file's lock past the timeout.

    Exit 75 (``EX_TEMPFAIL`` in sysexits.h): nothing is wrong with the input; try again.
    """

    exit_code = 75


def describe_os_error(exc: OSError) -> str:
    """An OSError in the words of ``cannot write: …`` (``no space left on the device``)."""
    said = _SAID.get(exc.errno or 0)
    return _(said) if said else (exc.strerror or str(exc)).lower()


def _kind(mode: int) -> str:
    for test, name in (
        (stat.S_ISFIFO, N_("a FIFO")),
        (stat.S_ISCHR, N_("a character device")),
        (stat.S_ISBLK, N_("a block device")),
        (stat.S_ISSOCK, N_("a socket")),
        (stat.S_ISDIR, N_("a directory")),
    ):
        if test(mode):
            return _(name)
    return _("not a regular file")


def resolve_target(path: str | os.PathLike[str]) -> Path:
    """The file a write to ``path`` lands in: symlinks followed, even a dangling one."""
    return Path(os.path.realpath(path))


def regular_target(path: str | os.PathLike[str]) -> Path:
    """Where a file that must be a regular one (the catalogue) is replaced: ``path`` with its
    links followed. Refused in one line (``FileWriteError``, exit 2): anything but a regular
    file or nothing (a device, a FIFO, a socket, a folder), and a link that points nowhere
    (a replace through it would create a file wherever it points)."""
    shown = os.fspath(path)
    target = resolve_target(shown)
    try:
        current = target.stat()
    except FileNotFoundError:
        if Path(shown).is_symlink():
            raise FileWriteError(
                _(
                    "{path}: a symbolic link to {target}, which does not exist; remove the "
                    "link, or create the catalogue where it points"
                ).format(path=shown, target=target)
            ) from None
        return target
    except OSError as exc:
        raise FileWriteError(
            _("{path}: cannot write: {reason}").format(path=shown, reason=describe_os_error(exc))
        ) from exc
    if not stat.S_ISREG(current.st_mode):
        raise FileWriteError(
            _(
                "{path}: the catalogue must be a regular file, and this is {kind}; move it "
                "away, or point --catalogue at another folder"
            ).format(path=shown, kind=_kind(current.st_mode))
        )
    return target


# ---- writing -------------------------------------------------------------------------------


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _write_directly(target: Path, data: bytes) -> None:
    """A device or FIFO: write into it; replacing it would destroy it."""
    fd = os.open(target, os.O_WRONLY | getattr(os, "O_CLOEXEC", 0))
    try:
        _write_all(fd, data)
    finally:
        os.close(fd)


def _temporary_name(target: Path) -> Path:
    """A short temporary name beside the target: a legal 255-byte name leaves it room."""
    import secrets  # here: reading files (a cold start) never needs it

    return target.with_name(f".totemdeck-{secrets.token_hex(4)}.tmp")


def _replace(target: Path, data: bytes, mode: int | None) -> None:
    """Temp file beside the target (created 0666 & ~umask by the kernel), fsync, rename."""
    tmp = _temporary_name(target)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(tmp, flags, 0o666)
    try:
        try:
            if mode is not None:
                os.fchmod(fd, mode)
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        tmp.replace(target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    with suppress(OSError):  # make the rename itself durable where the OS allows it
        dir_fd = os.open(target.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


# ``-o /dev/stdout``: the process's own descriptor, as the shell means it (a pipe, ``>> f``
# appending); resolving the link would name ``pipe:[n]`` or replace the file under ``>>``.
_STANDARD = {"/dev/stdout": 1, "/dev/stderr": 2}
_FD_PATH = re.compile(r"/(?:dev|proc/self)/fd/([0-9]{1,4})")


def _own_descriptor(shown: str) -> int | None:
    if shown in _STANDARD:
        return _STANDARD[shown]
    match = _FD_PATH.fullmatch(shown)
    return int(match.group(1)) if match else None


def _write_descriptor(fd: int, data: bytes) -> None:
    for stream in (sys.stdout, sys.stderr):  # what Python still buffers goes first
        with suppress(Exception):
            if stream is not None:
                stream.flush()
    _write_all(fd, data)


def _silence_stdout() -> None:
    with suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.close(devnull)


def _refuse_directory(shown: str) -> FileWriteError:
    return FileWriteError(
        _("{path}: is a directory, not a file; name the file to write").format(path=shown)
    )


def write_atomically(path: str | os.PathLike[str], content: str | bytes) -> None:
    """Write ``content`` (text is UTF-8 with ``\\n``) to ``path``; raise ``FileWriteError``.

    An empty name, a trailing slash or an existing directory is refused rather than guessed
    at; so is a regular file this user may not write (the shell and ``cp`` refuse it too).
    """
    shown = os.fspath(path)
    data = content.encode("utf-8") if isinstance(content, str) else content
    if not shown:
        raise FileWriteError(_("'': an empty file name; name the file to write"))
    try:
        own = _own_descriptor(shown)
        if own is not None:
            try:
                _write_descriptor(own, data)
            except OSError:
                if own == 1:  # said once, here: the exit's flush must not fail again
                    _silence_stdout()
                raise
            return
        if shown.endswith(("/", os.sep)) or Path(shown).is_dir():
            raise _refuse_directory(shown)
        target = resolve_target(shown)
        try:
            current = target.stat()
        except FileNotFoundError:
            current = None
        if current is not None and stat.S_ISDIR(current.st_mode):
            raise _refuse_directory(shown)
        if current is not None and not stat.S_ISREG(current.st_mode):
            if stat.S_ISSOCK(current.st_mode):
                raise FileWriteError(_("{path}: cannot write: it is a socket").format(path=shown))
            _write_directly(target, data)
            return
        if current is not None and not os.access(target, os.W_OK, effective_ids=True):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
        _replace(target, data, stat.S_IMODE(current.st_mode) if current is not None else None)
    except OSError as exc:
        raise FileWriteError(
            _("{path}: cannot write: {reason}").format(path=shown, reason=describe_os_error(exc))
        ) from exc


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
            raise FileReadError(f"{shown}: is a directory, not a file")
        if not stat.S_ISREG(mode):
            raise FileReadError(
                _("{path}: not a regular file ({kind})").format(path=shown, kind=_kind(mode))
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
        return "is a directory, not a file"
    if exc.errno == errno.ENOENT:
        return "no such file"
    return f"cannot read: {describe_os_error(exc)}"


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
                on_wait(f"waiting for another totemdeck process that is writing {shown}")
            try:
                lock.acquire(timeout=wait)
            except Timeout as exc:
                raise FileBusy(
                    f"{shown} is busy: another totemdeck process held its lock for over "
                    f"{wait:g} s; try again when it is done"
                ) from exc
    except OSError as exc:
        raise FileWriteError(
            _("{path}: cannot lock: {reason}").format(path=shown, reason=describe_os_error(exc))
        ) from exc
    try:
        yield
    finally:
        lock.release()
