"""Writing every byte to a descriptor, whatever is behind it.

``os.write`` may take only part of what it is given (a pipe with little room, a disk one
page short of full) or nothing at all (``EAGAIN``: a non-blocking pipe whose reader is slow;
a shell or a container runtime may hand one over as standard output). Python's text and
unbuffered streams drop such remainders without a word (issue 43.1, 44.2), so everything
totemdeck writes goes through ``write_all``: a short write is continued, a full non-blocking
descriptor is waited on as a blocking one would be, and any other failure (``ENOSPC``,
``EPIPE``, ``EBADF``) is raised for the caller to say in one line.
"""

from __future__ import annotations

import errno
import os

__all__ = ["write_all"]


def write_all(fd: int, data: bytes | bytearray | memoryview) -> int:
    """Write the whole of ``data`` to ``fd``; its length. ``OSError`` when the system refuses
    the rest (the bytes before it are written)."""
    view = memoryview(data).cast("B")
    total = view.nbytes
    while view:
        try:
            written = os.write(fd, view)
        except BlockingIOError:
            _wait_until_writable(fd)
            continue
        if written <= 0:  # the system took nothing and said nothing: never loop for ever
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        view = view[written:]
    return total


def _wait_until_writable(fd: int) -> None:
    """Sleep until ``fd`` takes bytes again (or is broken: the next write says how). A signal
    still stops the wait: Ctrl-C and SIGTERM end the command as anywhere else."""
    import select  # only a non-blocking descriptor that is full needs it

    poller = select.poll()
    poller.register(fd, select.POLLOUT)
    poller.poll()
