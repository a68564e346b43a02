"""Telling a damaged catalogue file from a bug: one check when it is opened, one guard on reads.

A catalogue is only ever replaced whole (``write.py``), so damage comes from outside: a bad
disk, a copy cut short, a person editing the file. Opening checks what is cheap to check (the
SQLite header, and that the file holds exactly the pages the header counts, which catches a
file truncated by a single byte); a full ``PRAGMA quick_check`` costs ~0.2 s on the real
catalogue, too much for every ``check``. The rest is found when a read meets it: the
connection and its cursors turn SQLite's "malformed" errors into ``CatalogueDamaged``.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from totemdeck.catalogue.errors import CatalogueDamaged, CatalogueError
from totemdeck.i18n import _

__all__ = [
    "CatalogueDamaged",
    "GuardedConnection",
    "catalogue_problem",
    "check_header",
    "damaged",
    "is_damage",
    "unreadable_record",
]

SQLITE_MAGIC = b"SQLite format 3\x00"
HEADER_BYTES = 100
# SQLite's primary result codes that mean the file, not the query, is wrong
# (https://www.sqlite.org/rescode.html): IOERR 10, CORRUPT 11, NOTADB 26.
DAMAGE_CODES = frozenset({10, 11, 26})
# What SQLite and Python's sqlite3 say when well-formed pages hold the wrong things: a table
# or column of this layout gone (dropped, or a foreign table of the same name), text that is
# not UTF-8. Readers only ever query a catalogue of their own layout (``Catalogue.open``
# checks the version), so these mean the file was changed behind totemdeck's back.
DAMAGE_TEXTS = ("no such table", "no such column", "Could not decode to UTF-8")


def damaged(path: str | os.PathLike[str], reason: str) -> CatalogueDamaged:
    """The one wording of the error, for readers and the writer alike."""
    return CatalogueDamaged(
        _("{path}: catalogue damaged ({reason}); run `totemdeck import` to rebuild it").format(
            path=os.fspath(path), reason=reason
        ),
        reason,
    )


def unreadable_record(path: str | os.PathLike[str], what: object) -> CatalogueDamaged:
    """A card record that does not read (garbled JSON, the wrong shape, keys missing): the
    import validated every record, so it is damage; ``what`` (the error, or the record's id)
    is said, cut to 150 characters. Building a card and listing a search's rows say it so."""
    return damaged(path, _("a card record does not read: {error}").format(error=repr(what)[:150]))


def is_damage(exc: sqlite3.Error) -> bool:
    """Whether SQLite blames the file (malformed, not a database, I/O, a table or column of
    this layout missing, text that is not UTF-8) rather than the SQL."""
    if str(exc).startswith(DAMAGE_TEXTS):
        return True
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in DAMAGE_CODES
    text = str(exc)
    return "malformed" in text or "not a database" in text


def check_header(path: Path) -> None:
    """Raise ``CatalogueDamaged`` unless ``path`` starts like SQLite and is whole.

    The header (https://www.sqlite.org/fileformat.html) gives the page size at offset 16 and
    the page count at 28, valid when the counter at 92 equals the change counter at 24.
    """
    try:
        with path.open("rb") as handle:
            header = handle.read(HEADER_BYTES)
            size = os.fstat(handle.fileno()).st_size
    except OSError as exc:
        raise damaged(path, exc.strerror or str(exc)) from exc
    if len(header) < HEADER_BYTES or not header.startswith(SQLITE_MAGIC):
        raise damaged(path, _("not an SQLite file"))
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    if page_size < 512 or page_size & (page_size - 1):
        raise damaged(path, _("impossible page size {size}").format(size=page_size))
    if size % page_size:
        raise damaged(
            path,
            _("{size} bytes is not a whole number of {page}-byte pages").format(
                size=size, page=page_size
            ),
        )
    pages = int.from_bytes(header[28:32], "big")
    if header[24:28] == header[92:96] and pages and pages != size // page_size:
        raise damaged(
            path,
            _("the header counts {pages} pages, the file holds {held}").format(
                pages=pages, held=size // page_size
            ),
        )


class GuardedCursor(sqlite3.Cursor):
    """A cursor whose reads raise ``CatalogueDamaged`` where SQLite finds the file malformed."""

    path: Path = Path("catalogue.sqlite")

    def _fail(self, exc: sqlite3.DatabaseError) -> BaseException:
        return damaged(self.path, str(exc)) if is_damage(exc) else exc

    def execute(self, sql: str, parameters: Any = (), /) -> GuardedCursor:
        try:
            super().execute(sql, parameters)
        except sqlite3.DatabaseError as exc:
            raise self._fail(exc) from exc
        return self

    def executemany(self, sql: str, parameters: Iterable[Any], /) -> GuardedCursor:
        try:
            super().executemany(sql, parameters)
        except sqlite3.DatabaseError as exc:
            raise self._fail(exc) from exc
        return self

    def fetchone(self) -> Any:
        try:
            return super().fetchone()
        except sqlite3.DatabaseError as exc:
            raise self._fail(exc) from exc

    def fetchmany(self, size: int | None = None) -> list[Any]:
        try:
            return super().fetchmany(self.arraysize if size is None else size)
        except sqlite3.DatabaseError as exc:
            raise self._fail(exc) from exc

    def fetchall(self) -> list[Any]:
        try:
            return super().fetchall()
        except sqlite3.DatabaseError as exc:
            raise self._fail(exc) from exc

    def __next__(self) -> Any:
        try:
            return super().__next__()
        except sqlite3.DatabaseError as exc:
            raise self._fail(exc) from exc


class GuardedConnection(sqlite3.Connection):
    """A connection whose ``execute`` hands out ``GuardedCursor``s bound to its file."""

    catalogue_path: Path = Path("catalogue.sqlite")

    def cursor(self, factory: Any = None) -> Any:
        cursor = super().cursor(factory or GuardedCursor)
        cursor.path = self.catalogue_path
        return cursor

    def execute(self, sql: str, parameters: Any = (), /) -> Any:
        return self.cursor().execute(sql, parameters)


# What a ``mapped`` reader maps of the file (the real catalogue is ~90 MB): SQLite reads the
# pages in place instead of copying each one out (a cold ``card search``'s scan of the search
# table: ~3 ms less, about half). Only for a process that lives a few milliseconds (the CLI's
# search): SQLite warns that a mapped file cut shorter *while it is read* ends the process
# (SIGBUS), so a server, which may outlive an edit of its file, keeps reading it.
MAP_BYTES = 256 * 1024 * 1024


def connect_read_only(
    path: Path, any_thread: bool = False, mapped: bool = False
) -> GuardedConnection:
    """Open ``path`` read-only through the guard; its header is checked first. With
    ``any_thread`` the connection may move between threads (used by one at a time); with
    ``mapped`` it reads the file through a memory map (``MAP_BYTES``)."""
    check_header(path)
    try:
        db = sqlite3.connect(
            f"{path.resolve().as_uri()}?mode=ro", uri=True, factory=GuardedConnection,
            check_same_thread=not any_thread,
        )  # fmt: skip
    except sqlite3.DatabaseError as exc:
        raise damaged(path, str(exc)) from exc
    db.catalogue_path = path
    if mapped:
        db.execute(f"PRAGMA mmap_size = {MAP_BYTES}")
    return db


# The tables (and, with them, their indexes) a reader's lookups and searches read; the staged
# tables are the importer's alone. SQLite's full-text tables keep their rows in shadow tables.
READER_TABLES = (
    "meta", "sets", "set_aliases", "cards", "aliases", "card_texts", "search", "search_es",
    "search_text_data", "search_text_idx", "search_text_content", "search_text_docsize",
    "search_text_es_data", "search_text_es_idx", "search_text_es_content",
    "search_text_es_docsize",
)  # fmt: skip


def catalogue_problem(path: Path) -> str | None:
    """Why the catalogue file at ``path`` does not read (header, size, the pages readers
    read), or None: a health check on a fresh connection (the open ones may hold pages read
    before the damage). ``PRAGMA quick_check`` of each table a request reads walks every page
    of it and of its indexes (~0.1 s on the real catalogue, in a worker thread): a count
    alone reads an index and misses a table zeroed in the middle."""
    try:
        check_header(path)
        db = connect_read_only(path)
        try:
            db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
            for table in READER_TABLES:  # a table gone is damage too ("no such table")
                verdict = db.execute(f"PRAGMA quick_check({table})").fetchall()
                if verdict != [("ok",)]:
                    return f"{table}: {verdict[0][0] if verdict else 'no verdict'}"[:200]
        finally:
            db.close()
    except (CatalogueError, OSError, sqlite3.Error) as exc:
        return str(exc)
    return None
