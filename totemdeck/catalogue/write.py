"""Writing the catalogue: build the next one beside the live file, check it, swap it in.

``CatalogueWriter`` is the atomic swap and nothing else: it takes the writers' lock, copies
the live file (or starts afresh), and on a clean exit checks and swaps the copy in with
``os.replace``, so an interrupted or failed import leaves the previous catalogue whole.
Entering it gives the named writes over the copy (``writes.CatalogueWrites``); the importer
alone calls them, and never sees SQL.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
from collections.abc import Callable, Sequence
from pathlib import Path
from types import TracebackType

from totemdeck.catalogue import shrink
from totemdeck.catalogue.copies import (
    COPY_PREFIX,
    COPY_SUFFIX,
    damage_of,
    damage_of_copy,
    one_line,
    remove_stale_copies,
    verify,
)
from totemdeck.catalogue.damage import is_damage
from totemdeck.catalogue.layout import held_sources, rebuild_reason
from totemdeck.catalogue.schema import DB_NAME, DDL, INDEXES, SCHEMA_VERSION, default_dir
from totemdeck.catalogue.writes import CatalogueWrites
from totemdeck.i18n import _

__all__ = ["COPY_PREFIX", "COPY_SUFFIX", "CatalogueWriter", "CatalogueWrites"]


class CatalogueWriter:
    """Build the next catalogue beside the live one, then swap it in atomically.

    Use as a context manager: entering takes the catalogue's writers' lock (another import
    waits, then fails with ``FileBusy``, exit 75), removes copies that killed imports left,
    and copies the live file (or starts afresh if it is damaged or of an older layout).
    Leaving the block normally commits and swaps; an exception (or a failed ``verify``)
    removes the copy and leaves the live catalogue untouched. SQLite and OS failures (a
    full disk) come out as one-line ``CatalogueError``s. ``notify`` hears what a person
    should know (waiting for the lock, rebuilding a damaged catalogue).
    """

    def __init__(
        self,
        directory: str | os.PathLike[str] | None = None,
        *,
        notify: Callable[[str], None] | None = None,
        lock_timeout: float | None = None,
        allow_shrink: bool = False,
        sources: Sequence[str] | None = None,
        force: bool = False,
    ) -> None:
        self.folder = default_dir(directory)
        # What this import brings (None: unknown, a library caller): a rebuild from scratch
        # refuses to drop the other sources the old file held, unless ``allow_shrink``.
        self._sources = None if sources is None else frozenset(sources)
        self._force = force  # rebuild over a catalogue of a newer layout
        self.path = self.folder / DB_NAME
        self._notify = notify or (lambda _message: None)
        self._lock_timeout = lock_timeout
        self._allow_shrink = allow_shrink
        self._before: dict[tuple[str, str, str], int] = {}
        self._lock: contextlib.AbstractContextManager[None] | None = None
        self._tmp: Path | None = None
        self._db: sqlite3.Connection

    # -- the copy's life: locked, opened beside the live file, then swapped in or discarded

    def __enter__(self) -> CatalogueWrites:
        self._take_lock()
        try:
            remove_stale_copies(self._target(), self._notify)
            self._open_copy()
            # A first import fills empty tables: indexes are built once, at the end, and
            # there is nothing to compare new records with.
            fresh = not self._db.execute("SELECT COUNT(*) FROM cards").fetchone()[0]
            if not fresh:
                self._db.executescript(INDEXES)
            self._db.execute("PRAGMA synchronous = OFF")
            self._db.execute("PRAGMA journal_mode = MEMORY")
            writes = CatalogueWrites(self._db, self.path, fresh=fresh)
            writes.set_meta("schema_version", SCHEMA_VERSION)
            if not (fresh or self._allow_shrink):
                self._before = shrink.shape(self._db)
        except BaseException as exc:
            self._discard()
            self._release_lock()
            failure = one_line(exc, self.folder)
            if failure is exc:
                raise
            raise failure from exc
        return writes

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        try:
            if exc is not None:
                self._discard()
                failure = one_line(exc, self.folder)
                if failure is not exc:
                    raise failure from exc
                return
            try:
                self._refuse_shrink()
                self._finish()
                self._swap()
            except BaseException as error:
                self._discard()
                failure = one_line(error, self.folder)
                if failure is error:
                    raise
                raise failure from error
        finally:
            self._release_lock()

    def _refuse_shrink(self) -> None:
        """The shrink guard (``shrink.py``): refuse a swap that drops over half of a group."""
        if self._before:
            found = shrink.losses(self._before, shrink.shape(self._db))
            if found:
                raise shrink.refusal(found)

    def _take_lock(self) -> None:
        from totemdeck.files import locked

        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise one_line(exc, self.folder) from exc  # an OSError always becomes a CatalogueError
        self._target()  # a device, FIFO or dangling link is refused before anything is made
        lock = locked(self.path, timeout=self._lock_timeout, on_wait=self._notify)
        lock.__enter__()
        self._lock = lock

    def _release_lock(self) -> None:
        if self._lock is not None:
            self._lock.__exit__(None, None, None)
            self._lock = None

    def _target(self) -> Path:
        """The live file's real place: a symlinked catalogue is replaced at its target; one
        that is not a regular file (a link to ``/dev/zero``) is refused, never replaced."""
        from totemdeck.files import regular_target

        return regular_target(self.path)

    def _open_copy(self) -> None:
        """A temporary copy of the live file (or an empty one) with the current tables.

        The copy is created ``0666 & ~umask`` (the kernel applies the umask), or with the
        live file's mode when there is one.
        """
        import secrets
        import shutil  # only writers need it; readers (every check) start faster

        target = self._target()
        tmp = target.with_name(f"{COPY_PREFIX}{secrets.token_hex(6)}{COPY_SUFFIX}")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o666)
        self._tmp = tmp
        try:
            if target.is_file():
                os.fchmod(fd, stat.S_IMODE(target.stat().st_mode))
        finally:
            os.close(fd)
        reason = damage_of(target, self.path) if target.is_file() else None
        if target.is_file() and reason is None:
            shutil.copyfile(target, tmp)
        try:
            self._db = sqlite3.connect(tmp)
            if reason is None:
                reason = damage_of_copy(self._db, self.path)
            if reason is None:  # damage readers see, or another layout: rebuilt, not built on
                reason = rebuild_reason(self._db, self.path, force=self._force)
        except sqlite3.DatabaseError as exc:
            if not is_damage(exc):
                raise
            reason = _("{path}: catalogue damaged ({reason})").format(path=self.path, reason=exc)
        if reason is not None:
            self._refuse_lost_sources()
            self._notify(_("{reason}; building a new catalogue from scratch").format(reason=reason))
            self._start_empty()
        self._db.executescript(DDL)

    def _refuse_lost_sources(self) -> None:
        """A rebuild from scratch keeps only this import's sources: refuse to drop the others
        the old file held (``ShrinkRefused``, exit 1), unless ``allow_shrink``."""
        if self._sources is None or self._allow_shrink:
            return
        lost = sorted(held_sources(self._db) - self._sources)
        if lost:
            raise shrink.ShrinkRefused(
                _(
                    "refused: the catalogue is rebuilt from scratch, and it also held {lost}, "
                    "which this import leaves out; import every source (--source all), or run "
                    "again with --allow-shrink to keep only {kept}"
                ).format(lost=", ".join(lost), kept=", ".join(sorted(self._sources)))
            )

    def _start_empty(self) -> None:
        assert self._tmp is not None
        with contextlib.suppress(Exception):
            self._db.close()
        with self._tmp.open("r+b") as handle:
            handle.truncate(0)
        self._db = sqlite3.connect(self._tmp)
        self._db.executescript(DDL)

    def _finish(self) -> None:
        """Indexes, the integrity check and the commit; space reclaimed when much is free."""
        self._db.executescript(INDEXES)
        verify(self._db)
        self._db.commit()
        free, total = (
            self._db.execute(f"PRAGMA {name}").fetchone()[0]
            for name in ("freelist_count", "page_count")
        )
        if free > total // 4:  # reclaim space only when updates left much behind
            self._db.execute("VACUUM")

    def _swap(self) -> None:
        """Make the copy durable, then put it in the live file's place in one step.

        Readers that have the old file open keep reading it; the next ``open`` gets the new
        one: nobody ever sees half a catalogue.
        """
        self._db.close()
        assert self._tmp is not None
        with self._tmp.open("rb") as handle:
            os.fsync(handle.fileno())
        self._tmp.replace(self._target())
        self._tmp = None
        with contextlib.suppress(OSError):  # make the rename itself durable where possible
            dir_fd = os.open(self.folder, os.O_RDONLY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)

    def _discard(self) -> None:
        with contextlib.suppress(Exception):
            self._db.close()
        if self._tmp is not None:
            with contextlib.suppress(OSError):
                self._tmp.unlink(missing_ok=True)
            self._tmp = None
