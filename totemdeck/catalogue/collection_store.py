"""The stored collection: a player's cards, read once, beside the catalogue
(``<catalogue>/collection.sqlite``). The only SQL the collection needs lives here.

A second file, not tables of the catalogue: an import of cards swaps the catalogue file
whole, and the player's cards must outlive it. Card ids are stable across imports, so a
stored row names its prints by id. Each row keeps where it came from (the file, its line)
and the name key ownership sorts by, so ``check`` loads only the rows of the names a deck
asks for (an index on it), never the whole binder.

Writing is the catalogue's way: the writers' lock, a new file built beside the live one,
``os.replace`` over it at the end; an interrupted import leaves the previous collection.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import TracebackType

from totemdeck.catalogue.errors import CatalogueError
from totemdeck.i18n import _

__all__ = ["STORE_NAME", "CollectionStore", "StoreWriter", "StoredRow", "store_path"]

STORE_NAME = "collection.sqlite"
STORE_VERSION = "1"
_DDL = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE sources (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, sha256 TEXT NOT NULL, imported TEXT NOT NULL,
    kind TEXT NOT NULL, title TEXT NOT NULL, rows INTEGER NOT NULL, matched INTEGER NOT NULL,
    unreadable INTEGER NOT NULL, guessed INTEGER NOT NULL, skipped INTEGER NOT NULL,
    one_copy INTEGER NOT NULL, note TEXT NOT NULL);
CREATE TABLE holdings (
    source INTEGER NOT NULL, line INTEGER NOT NULL, count INTEGER NOT NULL,
    name_key TEXT NOT NULL, ids TEXT NOT NULL, note TEXT);
CREATE TABLE problems (
    source INTEGER NOT NULL, line INTEGER NOT NULL, code TEXT NOT NULL, message TEXT NOT NULL);
"""
_INDEX = "CREATE INDEX holdings_by_name ON holdings (name_key);"
# (source, line, count, name key, space-separated print ids, note)
StoredRow = tuple[int, int, int, str, str, str | None]
SourceRow = tuple[int, str, str, str, str, str, int, int, int, int, int, int, str]


def store_path(folder: Path) -> Path:
    return folder / STORE_NAME


def _failure(path: Path, exc: BaseException) -> CatalogueError:
    return CatalogueError(
        _("{path}: the stored collection cannot be read or written ({reason})").format(
            path=path, reason=str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        )
    )


class StoreWriter:
    """A new stored collection, built beside the live one and swapped in on a clean exit
    (the caller holds the writers' lock). ``keep`` copies the live file's sources but
    those named, for an import that adds to what is stored."""

    def __init__(self, folder: Path, keep: bool, replacing: Iterable[str] = ()) -> None:
        self.path = store_path(folder)
        self.tmp = folder / f".{STORE_NAME}.{os.getpid()}.new"
        self.keep, self.replacing = keep, set(replacing)

    def __enter__(self) -> StoreWriter:
        try:
            self.tmp.unlink(missing_ok=True)
            self.db = sqlite3.connect(self.tmp, isolation_level=None)
            self.db.execute("PRAGMA journal_mode = OFF")
            self.db.execute("PRAGMA synchronous = OFF")
            self.db.executescript(_DDL)
            self.db.execute("INSERT INTO meta VALUES ('version', ?)", (STORE_VERSION,))
            if self.keep and self.path.is_file():
                self._copy_kept()
            self.db.execute("BEGIN")
        except (sqlite3.Error, OSError) as exc:
            self._discard()
            raise _failure(self.path, exc) from exc
        return self

    def _copy_kept(self) -> None:
        self.db.execute("ATTACH DATABASE ? AS old", (f"{self.path.resolve().as_uri()}?mode=ro",))
        marks = ",".join("?" * len(self.replacing)) or "NULL"
        keep = f"SELECT id FROM old.sources WHERE name NOT IN ({marks})"
        args = tuple(self.replacing)
        self.db.execute(f"INSERT INTO sources SELECT * FROM old.sources WHERE id IN ({keep})", args)
        for table in ("holdings", "problems"):
            self.db.execute(
                f"INSERT INTO {table} SELECT * FROM old.{table} WHERE source IN ({keep})", args
            )
        self.db.execute("DETACH DATABASE old")

    def add_source(self, values: tuple[object, ...]) -> int:
        """A file's summary row (name, sha256, imported, kind, title, rows, matched,
        unreadable, guessed, skipped, one_copy, note); its id."""
        cursor = self.db.execute(
            "INSERT INTO sources (name, sha256, imported, kind, title, rows, matched, "
            "unreadable, guessed, skipped, one_copy, note) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
            values,
        )
        return int(cursor.lastrowid or 0)

    def update_source(
        self, source: int, words: tuple[str, str, str], counts: tuple[int, int, int, int, int, int]
    ) -> None:
        """A file's summary once all its rows are read: (kind, title, note) and (rows,
        matched, unreadable, guessed, skipped, one_copy)."""
        self.db.execute(
            "UPDATE sources SET kind=?, title=?, note=?, rows=?, matched=?, unreadable=?, "
            "guessed=?, skipped=?, one_copy=? WHERE id=?",
            (*words, *counts, source),
        )

    def add_holdings(self, rows: Iterable[StoredRow]) -> None:
        self.db.executemany("INSERT INTO holdings VALUES (?,?,?,?,?,?)", rows)

    def add_problems(self, rows: Iterable[tuple[int, int, str, str]]) -> None:
        self.db.executemany("INSERT INTO problems VALUES (?,?,?,?)", rows)

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if exc is not None:
            self._discard()
            return
        try:
            self.db.execute(_INDEX)
            self.db.execute("COMMIT")
            self.db.close()
            self.tmp.replace(self.path)
        except (sqlite3.Error, OSError) as error:
            self._discard()
            raise _failure(self.path, error) from error

    def _discard(self) -> None:
        db = getattr(self, "db", None)
        if db is not None:
            db.close()
        self.tmp.unlink(missing_ok=True)


class CollectionStore:
    """The stored collection, read-only."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self.db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
            row = self.db.execute("SELECT value FROM meta WHERE key = 'version'").fetchone()
        except sqlite3.Error as exc:
            raise _failure(path, exc) from exc
        if row is None or row[0] != STORE_VERSION:
            self.db.close()
            raise _failure(path, ValueError(f"layout {row[0] if row else '?'}"))

    @classmethod
    def open(cls, folder: Path) -> CollectionStore | None:
        """The store in ``folder`` (None: nothing was imported)."""
        path = store_path(folder)
        return cls(path) if path.is_file() else None

    def _rows(self, sql: str, args: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        try:
            return self.db.execute(sql, args).fetchall()
        except sqlite3.Error as exc:
            raise _failure(self.path, exc) from exc

    def sources(self) -> list[SourceRow]:
        return self._rows("SELECT * FROM sources ORDER BY id")  # type: ignore[return-value]

    def holdings(self, name_keys: Iterable[str] | None = None) -> Iterator[StoredRow]:
        """Every stored row, or those of these name keys only, in file order."""
        if name_keys is None:
            rows = self._rows("SELECT * FROM holdings ORDER BY source, line")
        else:
            keys = sorted(set(name_keys))
            rows = []
            for start in range(0, len(keys), 500):  # SQLite's bound parameters, in chunks
                chunk = keys[start : start + 500]
                marks = ",".join("?" * len(chunk))
                sql = f"SELECT * FROM holdings WHERE name_key IN ({marks})"
                rows += self._rows(sql, tuple(chunk))
            rows.sort(key=lambda r: (r[0], r[1]))
        return iter(rows)  # type: ignore[arg-type]

    def problems(self) -> list[tuple[int, int, str, str]]:
        return self._rows("SELECT * FROM problems ORDER BY source, line")  # type: ignore[return-value]

    def close(self) -> None:
        self.db.close()
