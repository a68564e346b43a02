"""Data files as last parsed, kept between runs: a cold start need not load a YAML parser.

``format.yaml`` and ``banlist.yaml`` change rarely and are read at every ``check``,
``totem`` and ``card search``; parsing them (and importing PyYAML) was a fair part of a
cold start (issue 19.8). ``remember`` keeps what a file's text parsed to, once it passed
every check; ``recall`` gives it back only for that very text — the stored copy of the
text is compared whole, so an edited file is always parsed again, and a BLAKE2b digest over
the stored text and data must match, so an entry altered on disk (a flipped bit, a ban
dropped from the data behind an unchanged text) is never used: it is parsed again. The
entries live under ``$TOTEMDECK_CACHE`` (default
``$XDG_CACHE_HOME/totemdeck``, else ``~/.cache/totemdeck``); a cache that cannot be read or
written is no cache, never an error. ``marshal`` holds plain data only (no code runs).
"""

from __future__ import annotations

import contextlib
import marshal
import os
import stat
import sys
import zlib
from pathlib import Path
from typing import Any

CACHE_ENV = "TOTEMDECK_CACHE"
_FORMAT = 2  # bump when what is stored for a kind changes shape
KEPT = 8  # entries of one kind kept (format file, set codes, banlist…)
MAX_ENTRY_BYTES = 8 << 20  # a banlist is read up to 1 MB, its text is stored with its data
# An entry: these bytes, the BLAKE2b-256 of what follows, then the marshalled (format, text, data).
_MAGIC = b"totemdeck-cache\n"
_BODY = len(_MAGIC) + 32


def folder() -> Path:
    """Where the entries live."""
    explicit = os.environ.get(CACHE_ENV)
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME")
    return (Path(base) if base else Path.home() / ".cache") / "totemdeck"


def _entry(kind: str, text: str) -> Path:
    digest = zlib.crc32(text.encode("utf-8", "surrogatepass"))
    python = "{}{}".format(*sys.version_info[:2])
    return folder() / f"{kind}-{digest:08x}-{len(text)}-py{python}.marshal"


def recall(kind: str, text: str) -> Any | None:
    """What ``text`` (a ``kind`` file's whole text) parsed to, when remembered; else None.

    Any doubt is None, and the caller parses the text again (issue 43.4): an entry that is
    not a regular file (a FIFO is never waited on: ``O_NONBLOCK``; a link is not followed),
    is over ``MAX_ENTRY_BYTES``, whose digest does not match what it holds (a bit flipped, a
    ban dropped from the data behind a matching text), or that ``marshal`` cannot load."""
    blob = _read_entry(_entry(kind, text))
    if blob is None:
        return None
    try:
        stored = marshal.loads(blob)
    except (EOFError, ValueError, TypeError, RuntimeError, MemoryError, RecursionError):
        return None
    if not (isinstance(stored, tuple) and len(stored) == 3 and stored[:2] == (_FORMAT, text)):
        return None
    return stored[2]


def _read_entry(path: Path) -> bytes | None:
    """The marshalled part of an entry whose digest holds; None for anything else."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except (OSError, ValueError):
        return None
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode) or status.st_size > MAX_ENTRY_BYTES:
            return None
        raw = os.read(fd, MAX_ENTRY_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(fd)
    head, digest, blob = raw[: len(_MAGIC)], raw[len(_MAGIC) : _BODY], raw[_BODY:]
    if head != _MAGIC or len(raw) > MAX_ENTRY_BYTES or digest != _digest(blob):
        return None
    return blob


def _digest(blob: bytes) -> bytes:
    """BLAKE2b-256 of an entry, from ``_blake2`` (0.2 ms to load) rather than ``hashlib``,
    which loads OpenSSL: 20 ms or more of a cold check that needs one digest."""
    try:
        from _blake2 import blake2b
    except ImportError:  # a Python built without it
        from hashlib import blake2b
    return blake2b(blob, digest_size=32).digest()


def remember(kind: str, text: str, data: Any) -> None:
    """Keep ``data`` as what ``text`` parses to (best effort, written whole or not at all)."""
    try:
        blob = marshal.dumps((_FORMAT, text, data))
    except ValueError:  # a value marshal cannot hold: this file is simply parsed each time
        return
    if len(blob) + _BODY > MAX_ENTRY_BYTES:
        return
    path = _entry(kind, text)
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_bytes(_MAGIC + _digest(blob) + blob)
        temporary.replace(path)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink()
        return
    _prune(kind, keep=path)


def _prune(kind: str, keep: Path) -> None:
    """At most ``KEPT`` entries of a kind (the newest): a banlist edited every day must not
    grow the folder for ever."""
    with contextlib.suppress(OSError):
        entries = sorted(
            (p for p in folder().glob(f"{kind}-*.marshal") if p != keep),
            key=lambda p: p.stat().st_mtime,
            reverse=True,
        )
        for stale in entries[KEPT - 1 :]:
            with contextlib.suppress(OSError):
                stale.unlink()
