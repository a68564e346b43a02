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

from totemdeck.files.common import (
    FileBusy,
    FileReadError,
    FileWriteError,
    describe_os_error,
    resolve_target,
)
from totemdeck.files.descriptors import write_all
from totemdeck.files.lock import (
    LOCK_TIMEOUT_ENV,
    LOCK_TIMEOUT_SECONDS,
    lock_path,
    lock_timeout,
    locked,
)
from totemdeck.files.read import read_limited
from totemdeck.files.write import regular_target, write_atomically

__all__ = [
    "LOCK_TIMEOUT_ENV",
    "LOCK_TIMEOUT_SECONDS",
    "FileBusy",
    "FileReadError",
    "FileWriteError",
    "describe_os_error",
    "lock_path",
    "lock_timeout",
    "locked",
    "read_limited",
    "regular_target",
    "resolve_target",
    "write_all",
    "write_atomically",
]
