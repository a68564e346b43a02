"""What the readers and writers share: their errors, in words a person understands, and
what a path names once its links are followed."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from totemdeck.base.errors import CannotWrite, TotemdeckError, UsageError
from totemdeck.i18n import N_, _

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


def kind_of(mode: int) -> str:
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
