"""Writing the user's files atomically: a temporary file beside the target, flushed and
renamed over it; a device or FIFO written directly, never replaced; a catalogue only over a
regular file."""

from __future__ import annotations

import errno
import os
import stat
import sys
from contextlib import suppress
from pathlib import Path

from totemdeck.base.lazy import LazyPattern
from totemdeck.files.common import (
    FileWriteError,
    describe_os_error,
    kind_of,
    resolve_target,
)
from totemdeck.files.descriptors import write_all
from totemdeck.i18n import _


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
            ).format(path=shown, kind=kind_of(current.st_mode))
        )
    return target


# ---- writing -------------------------------------------------------------------------------


def _write_directly(target: Path, data: bytes) -> None:
    """A device or FIFO: write into it; replacing it would destroy it."""
    fd = os.open(target, os.O_WRONLY | getattr(os, "O_CLOEXEC", 0))
    try:
        write_all(fd, data)
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
            write_all(fd, data)
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
_FD_PATH = LazyPattern(r"/(?:dev|proc/self)/fd/([0-9]{1,4})")


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
    write_all(fd, data)


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
