"""The pieces of an import's copy that are not its tables: stale copies, damage, errors.

``write.CatalogueWriter`` builds the next catalogue in a copy beside the live file; these
functions tell it what killed imports left behind, whether the live file can be built on,
and how an OS or SQLite failure reads as one line. Kept apart so the writer is its life
(lock, copy, check, swap) and nothing else.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable
from pathlib import Path

from totemdeck.catalogue.damage import check_header, is_damage
from totemdeck.catalogue.errors import CatalogueDamaged, CatalogueError
from totemdeck.i18n import _

__all__ = [
    "COPY_PREFIX",
    "COPY_SUFFIX",
    "damage_of",
    "damage_of_copy",
    "one_line",
    "remove_stale_copies",
    "verify",
]

# The copy an import builds beside the live file: ``.catalogue-<random>.tmp``. A killed
# import leaves one behind; the next import removes it (``remove_stale_copies``).
COPY_PREFIX = ".catalogue-"
COPY_SUFFIX = ".tmp"
SQLITE_FULL = 13  # "database or disk is full" (https://www.sqlite.org/rescode.html)


def one_line(exc: BaseException, folder: Path) -> BaseException:
    """A full disk, a read-only folder or a damaged copy as a one-line error; bugs
    (``ProgrammingError``, ``KeyError`` …) and interruptions pass through unchanged."""
    from totemdeck.files import describe_os_error

    reason: str | None = None
    if isinstance(exc, OSError):
        reason = describe_os_error(exc)
    elif type(exc) in (sqlite3.OperationalError, sqlite3.DatabaseError):  # not a subclass
        code = int(getattr(exc, "sqlite_errorcode", 0)) & 0xFF
        reason = _("no space left on the device") if code == SQLITE_FULL else str(exc)
    if reason is None:
        return exc
    return CatalogueError(
        _("cannot write the catalogue in {folder}/: {reason}").format(folder=folder, reason=reason)
    )


def remove_stale_copies(target: Path, notify: Callable[[str], None]) -> None:
    """Copies left by an import killed before it could clean up (kill -9, power cut).

    Safe under the writers' lock: no other writer is building one now.
    """
    stale = [p for p in target.parent.glob(f"{COPY_PREFIX}*{COPY_SUFFIX}*") if p.is_file()]
    freed = 0
    for path in stale:
        with contextlib.suppress(OSError):
            size = path.stat().st_size
            path.unlink()
            freed += size
    if stale:
        notify(
            _(
                "removed {count} unfinished catalogue copies that an interrupted import "
                "left in {folder}/ ({megabytes:.1f} MB)"
            ).format(count=len(stale), folder=target.parent, megabytes=freed / 1e6)
        )


def damage_of(target: Path, path: Path) -> str | None:
    """Why the live file cannot be built on (cheap header checks), or None."""
    try:
        check_header(target)
    except CatalogueDamaged as exc:
        return _("{path}: catalogue damaged ({reason})").format(path=path, reason=exc.reason)
    return None


def damage_of_copy(db: sqlite3.Connection, path: Path) -> str | None:
    """Why the copy cannot be built on (SQLite's own quick check, ~0.2 s), or None."""
    try:
        found = [row[0] for row in db.execute("PRAGMA quick_check(5)")]
    except sqlite3.DatabaseError as exc:
        if not is_damage(exc):
            raise
        found = [str(exc)]
    if found and found != ["ok"]:
        return _("{path}: catalogue damaged ({reason})").format(
            path=path, reason="; ".join(found)[:200]
        )
    return None


def verify(db: sqlite3.Connection) -> None:
    """Refuse to swap in a copy that SQLite itself finds damaged."""
    result = db.execute("PRAGMA quick_check").fetchone()[0]
    if result != "ok":
        raise CatalogueError(
            _("the new catalogue failed its integrity check: {result}").format(result=result)
        )
