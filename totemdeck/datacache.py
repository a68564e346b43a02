"""Data files as last parsed, kept between runs: a cold start need not load a YAML parser.

``format.yaml`` and ``banlist.yaml`` change rarely and are read at every ``check``,
``totem`` and ``card search``; parsing them (and importing PyYAML) was a fair part of a
cold start (issue 19.8). ``remember`` keeps what a file's text parsed to, once it passed
every check; ``recall`` gives it back only for that very text — the stored copy of the
text is compared whole, so an edited file is always parsed again, and nothing stale or
half-written is ever used. The entries live under ``$TOTEMDECK_CACHE`` (default
``$XDG_CACHE_HOME/totemdeck``, else ``~/.cache/totemdeck``); a cache that cannot be read or
written is no cache, never an error. ``marshal`` holds plain data only (no code runs).
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys
import zlib
from pathlib import Path
from typing import Any

CACHE_ENV = "TOTEMDECK_CACHE"
_FORMAT = 1  # bump when what is stored for a kind changes shape
KEPT = 8  # entries of one kind kept (format file, set codes, banlist…)


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
    """What ``text`` (a ``kind`` file's whole text) parsed to, when remembered; else None."""
    try:
        with _entry(kind, text).open("rb") as stream:
            stored = marshal.load(stream)
    except (OSError, EOFError, ValueError, TypeError, RuntimeError):
        return None
    if not (isinstance(stored, tuple) and len(stored) == 3 and stored[:2] == (_FORMAT, text)):
        return None
    return stored[2]


def remember(kind: str, text: str, data: Any) -> None:
    """Keep ``data`` as what ``text`` parses to (best effort, written whole or not at all)."""
    try:
        blob = marshal.dumps((_FORMAT, text, data))
    except ValueError:  # a value marshal cannot hold: this file is simply parsed each time
        return
    path = _entry(kind, text)
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_bytes(blob)
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
