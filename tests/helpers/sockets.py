"""The server's end of a TCP connection, read from outside its process (Linux).

A test that wants to know whether a served connection has Nagle off used to time keep-alive
answers (a delayed ACK costs ~40 ms), which fails on a loaded machine. The state itself can
be read: /proc/net/tcp names the socket inode of the server's end of our connection, the
server's processes hold it as a file descriptor, and ``pidfd_getfd`` (Linux 5.6) hands us a
duplicate of that descriptor to ask ``getsockopt``.
"""

from __future__ import annotations

import ctypes
import os
import socket
from pathlib import Path

SYS_PIDFD_GETFD = 438  # the same number on every architecture Linux has added it to


def _descendants(pid: int) -> list[int]:
    """``pid`` and every process under it (uvicorn's supervisor and its workers)."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        for task in Path(f"/proc/{current}/task").glob("*/children"):
            todo += [int(child) for child in task.read_text().split()]
    return found


def _hex_address(address: tuple[str, int]) -> str:
    """An IPv4 address as /proc/net/tcp writes it: little-endian hex ip, hex port."""
    host = socket.inet_aton(address[0])[::-1].hex().upper()
    return f"{host}:{address[1]:04X}"


def _server_inode(client: socket.socket) -> str:
    """The inode of the server's end of ``client``'s connection."""
    ours, theirs = _hex_address(client.getsockname()), _hex_address(client.getpeername())
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if fields[1] == theirs and fields[2] == ours:
            return fields[9]
    raise LookupError(f"no server end of {client.getsockname()} in /proc/net/tcp")


def server_end(client: socket.socket, server_pid: int) -> socket.socket:
    """A duplicate of the server's socket for ``client``'s connection (close it after use)."""
    target = f"socket:[{_server_inode(client)}]"
    libc = ctypes.CDLL(None, use_errno=True)
    for pid in _descendants(server_pid):
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            try:
                if str(fd.readlink()) != target:
                    continue
            except OSError:  # closed meanwhile
                continue
            pidfd = os.pidfd_open(pid)
            try:
                duplicate = libc.syscall(SYS_PIDFD_GETFD, pidfd, int(fd.name), 0)
            finally:
                os.close(pidfd)
            if duplicate < 0:
                raise OSError(ctypes.get_errno(), f"pidfd_getfd on process {pid}")
            return socket.socket(fileno=duplicate)
    raise LookupError(f"no process under {server_pid} holds {target}")
