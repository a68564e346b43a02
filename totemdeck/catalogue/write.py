"""Writing the catalogue: build the next one beside the live file, check it, swap it in.

``CatalogueWriter`` is the only writer. The importer and the card sources call its named
methods (``put_set``, ``stage_cards``, ``replace_merged`` …) and never see SQL. Writing
happens in a copy beside the live file; the copy is checked, then swapped in with
``os.replace``, so an interrupted or failed import leaves the previous catalogue whole.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

from totemdeck.catalogue.names import name_key
from totemdeck.catalogue.read import CatalogueError
from totemdeck.catalogue.rows import (
    CardRow,
    Print,
    StagedCardRow,
    StagedSet,
    canonical_json,
    card_row,
)
from totemdeck.catalogue.schema import DB_NAME, DDL, INDEXES, SCHEMA_VERSION, default_dir

__all__ = ["CatalogueWriter"]


class CatalogueWriter:
    """Build the next catalogue beside the live one, then swap it in atomically.

    Use as a context manager: leaving the block normally commits and swaps; an exception
    (or a failed ``verify``) removes the copy and leaves the live catalogue untouched.
    """

    def __init__(self, directory: str | os.PathLike[str] | None = None) -> None:
        self.folder = default_dir(directory)
        self.path = self.folder / DB_NAME
        self._tmp: Path | None = None
        self._db: sqlite3.Connection
        self.fresh = False

    # -- the copy's life: open beside the live file, then swap in or discard --------------

    def __enter__(self) -> CatalogueWriter:
        self._open_copy()
        # A first import fills empty tables: indexes are built once, at the end, and there
        # is nothing to compare new records with.
        self.fresh = not self._db.execute("SELECT COUNT(*) FROM cards").fetchone()[0]
        if not self.fresh:
            self._db.executescript(INDEXES)
        self._db.execute("PRAGMA synchronous = OFF")
        self._db.execute("PRAGMA journal_mode = MEMORY")
        self.set_meta("schema_version", SCHEMA_VERSION)
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if exc_type is not None:
            self._discard()
            return
        try:
            self._finish()
            self._swap()
        except BaseException:
            self._discard()
            raise

    def _open_copy(self) -> None:
        """A temporary copy of the live file (or an empty one) with the current tables."""
        import shutil  # only writers need these; readers (every check) start faster
        import tempfile

        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, name = tempfile.mkstemp(prefix=".catalogue-", suffix=".tmp", dir=self.folder)
            os.close(fd)
            self._tmp = Path(name)
            if self.path.is_file():
                shutil.copyfile(self.path, self._tmp)
        except OSError as exc:
            self._discard()
            raise CatalogueError(f"cannot write a catalogue in {self.folder}/: {exc}") from exc
        try:
            self._db = sqlite3.connect(self._tmp)
            self._db.executescript(DDL)
            if self.meta("schema_version") not in (None, SCHEMA_VERSION):
                self._start_empty()  # an older layout: rebuild rather than migrate
        except sqlite3.DatabaseError:
            self._start_empty()  # the live file is damaged: build afresh, not fail forever

    def _start_empty(self) -> None:
        assert self._tmp is not None
        with contextlib.suppress(Exception):
            self._db.close()
        self._tmp.write_bytes(b"")
        self._db = sqlite3.connect(self._tmp)
        self._db.executescript(DDL)

    def _finish(self) -> None:
        """Indexes, the integrity check and the commit; space reclaimed when much is free."""
        self._db.executescript(INDEXES)
        self.verify()
        self._db.commit()
        free, total = (
            self._db.execute(f"PRAGMA {name}").fetchone()[0]
            for name in ("freelist_count", "page_count")
        )
        if free > total // 4:  # reclaim space only when updates left much behind
            self._db.execute("VACUUM")

    def _swap(self) -> None:
        """Make the copy durable, then put it in the live file's place in one step."""
        self._db.close()
        assert self._tmp is not None
        with self._tmp.open("rb") as handle:
            os.fsync(handle.fileno())
        self._tmp.replace(self.path)
        self._tmp = None

    def _discard(self) -> None:
        with contextlib.suppress(Exception):
            self._db.close()
        if self._tmp is not None:
            self._tmp.unlink(missing_ok=True)
            self._tmp = None

    def verify(self) -> None:
        """Refuse to swap in a copy that SQLite itself finds damaged."""
        result = self._db.execute("PRAGMA quick_check").fetchone()[0]
        if result != "ok":
            raise CatalogueError(f"the new catalogue failed its integrity check: {result}")

    # -- meta -----------------------------------------------------------------------------

    def meta(self, key: str) -> str | None:
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, key: str, value: str) -> None:
        self._db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (key, value))

    # -- sets and cards (what readers see) -----------------------------------------------

    def existing_cards(self, set_id: str, source: str) -> dict[str, str]:
        """The stored JSON of each card of a set, by id, to tell unchanged from updated."""
        if self.fresh:
            return {}
        rows = self._db.execute(
            "SELECT id, data FROM cards WHERE set_id = ? AND source = ?", (set_id, source)
        )
        return dict(rows.fetchall())

    def set_state(self, set_id: str) -> tuple[str | None, str | None] | None:
        """``(source_updated, etag)`` recorded for a set at its last import, or None."""
        row = self._db.execute(
            "SELECT source_updated, etag FROM sets WHERE id = ?", (set_id,)
        ).fetchone()
        return None if row is None else (row[0], row[1])

    def put_set(
        self,
        record: dict[str, Any],
        source: str,
        source_updated: str | None,
        etag: str | None,
    ) -> None:
        self._db.execute(
            "INSERT OR REPLACE INTO sets(id, ptcgl_code, release_date, source, source_updated,"
            " etag, data) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                record["id"],
                record["ptcgl_code"],
                record["release_date"],
                source,
                source_updated,
                etag,
                json.dumps(record, ensure_ascii=False, sort_keys=True),
            ),
        )

    def put_cards(self, records: Iterable[dict[str, Any]]) -> None:
        """Insert or replace card records (stored as their canonical JSON)."""
        self.put_rows(card_row(record, canonical_json(record)) for record in records)

    def put_rows(self, rows: Iterable[CardRow]) -> None:
        """Insert or replace cards given as ready rows (see ``card_row``)."""
        self._db.executemany(
            "INSERT OR REPLACE INTO cards(id, name, name_key, set_id, number_key, supertype,"
            " release_date, source, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )

    def delete_cards(self, card_ids: Iterable[str]) -> None:
        self._db.executemany("DELETE FROM cards WHERE id = ?", ((i,) for i in card_ids))

    def count_cards(self, source: str) -> int:
        row = self._db.execute("SELECT COUNT(*) FROM cards WHERE source = ?", (source,))
        return int(row.fetchone()[0])

    # -- a merged source's own records (staged until the merge) ----------------------------

    def staged_sets(self, source: str) -> dict[str, StagedSet]:
        rows = self._db.execute(
            "SELECT id, etag, cards_checked, data FROM staged_sets WHERE source = ?", (source,)
        )
        return {
            set_id: StagedSet(etag, checked, json.loads(data))
            for set_id, etag, checked, data in rows
        }

    def stage_set(self, source: str, set_id: str, etag: str | None, checked: str,
                  data: dict[str, Any]) -> None:  # fmt: skip
        self._db.execute(
            "INSERT OR REPLACE INTO staged_sets(source, id, etag, cards_checked, data)"
            " VALUES (?, ?, ?, ?, ?)",
            (source, set_id, etag, checked, json.dumps(data, ensure_ascii=False)),
        )

    def staged_card_ids(self, source: str, set_id: str) -> list[str]:
        rows = self._db.execute(
            "SELECT id FROM staged_cards WHERE source = ? AND set_id = ?", (source, set_id)
        )
        return [r[0] for r in rows]

    def staged_cards(self, source: str) -> dict[str, tuple[str | None, str]]:
        """``{card id: (etag, record JSON)}`` of every staged card of ``source``."""
        rows = self._db.execute(
            "SELECT id, etag, data FROM staged_cards WHERE source = ?", (source,)
        )
        return {card_id: (etag, data) for card_id, etag, data in rows}

    def stage_cards(self, source: str, rows: Sequence[StagedCardRow]) -> None:
        """Insert or replace staged cards given as rows (see ``staged_card_row``)."""
        self._db.executemany(
            "INSERT OR REPLACE INTO staged_cards(source, id, set_id, number_key, name_key, etag,"
            " updated, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            ((source, *row) for row in rows),
        )

    def unstage_cards(self, source: str, card_ids: Iterable[str]) -> None:
        self._db.executemany(
            "DELETE FROM staged_cards WHERE source = ? AND id = ?",
            ((source, card_id) for card_id in card_ids),
        )

    def count_staged_cards(self, source: str) -> int:
        row = self._db.execute("SELECT COUNT(*) FROM staged_cards WHERE source = ?", (source,))
        return int(row.fetchone()[0])

    def staged_names(self, source: str, lang: str) -> set[tuple[str, str, str]]:
        """``{(card id, lang, name)}`` kept for one language."""
        rows = self._db.execute(
            "SELECT card_id, lang, name FROM staged_names WHERE source = ? AND lang = ?",
            (source, lang),
        )
        return set(rows)

    def stage_names(
        self, source: str, lang: str, names: Sequence[tuple[str, str, str]], *, replace: bool
    ) -> None:
        """Keep ``(card id, lang, name)`` rows; ``replace`` drops the language's old ones."""
        if replace:
            self._db.execute(
                "DELETE FROM staged_names WHERE source = ? AND lang = ?", (source, lang)
            )
        self._db.executemany(
            "INSERT OR REPLACE INTO staged_names(source, card_id, lang, name) VALUES (?, ?, ?, ?)",
            ((source, *row) for row in names),
        )

    def count_staged_names(self, source: str) -> int:
        row = self._db.execute("SELECT COUNT(*) FROM staged_names WHERE source = ?", (source,))
        return int(row.fetchone()[0])

    # -- the merge: read both sides, replace what it derives --------------------------------

    def clear_merged(self, sources: Sequence[str]) -> None:
        """Drop what earlier merges derived: merged sources' prints and sets, every alias."""
        for source in sources:
            self._db.execute("DELETE FROM cards WHERE source = ?", (source,))
            self._db.execute("DELETE FROM sets WHERE source = ?", (source,))
        self._db.execute("DELETE FROM aliases")
        self._db.execute("DELETE FROM set_aliases")

    def set_records(self) -> dict[str, dict[str, Any]]:
        """Every set record in the cards' tables, by id."""
        rows = self._db.execute("SELECT id, data FROM sets")
        return {set_id: json.loads(data) for set_id, data in rows}

    def prints(self) -> list[Print]:
        """Every print in the cards' table (after ``clear_merged``: the primary sources')."""
        rows = self._db.execute("SELECT id, set_id, number_key, name_key FROM cards")
        return [Print(*row) for row in rows]

    def staged_prints(self, source: str) -> list[Print]:
        """Every staged print of ``source`` with its record's JSON, in id order."""
        rows = self._db.execute(
            "SELECT id, set_id, number_key, name_key, data FROM staged_cards WHERE source = ?"
            " ORDER BY id",
            (source,),
        )
        return [Print(*row) for row in rows]

    def all_staged_names(self, source: str) -> dict[str, list[tuple[str, str]]]:
        """``{card id: [(lang, name), …]}`` of every staged name of ``source``."""
        names: dict[str, list[tuple[str, str]]] = {}
        rows = self._db.execute(
            "SELECT card_id, lang, name FROM staged_names WHERE source = ?", (source,)
        )
        for card_id, lang, name in rows:
            names.setdefault(card_id, []).append((lang, name))
        return names

    def stages_by_name(self, keys: Iterable[str]) -> dict[str, Counter[str]]:
        """How often each printed stage occurs among the stored prints of these names."""
        found: dict[str, Counter[str]] = {}
        for key in keys:
            counted: Counter[str] = Counter()
            rows = self._db.execute("SELECT data FROM cards WHERE name_key = ?", (key,))
            for (data,) in rows:
                stage = json.loads(data)["stage"]
                if stage:
                    counted[stage] += 1
            found[key] = counted
        return found

    def put_set_aliases(self, pairs: Iterable[tuple[str, str]]) -> None:
        """Another source's set codes as ``(code, set id)``; codes compare without case."""
        self._db.executemany(
            "INSERT OR REPLACE INTO set_aliases(code, set_id) VALUES (?, ?)",
            ((code.casefold(), set_id) for code, set_id in pairs),
        )

    def put_aliases(self, rows: Iterable[tuple[str, str, str, str]]) -> None:
        """Aliases as ``(card_id, kind, lang, value)``: kind ``name`` (lang: its language)
        or ``id`` (lang: the source that uses that id)."""
        self._db.executemany(
            "INSERT OR REPLACE INTO aliases(alias_key, card_id, kind, lang, value)"
            " VALUES (?, ?, ?, ?, ?)",
            (
                (name_key(v) if kind == "name" else v.casefold(), card_id, kind, lang, v)
                for card_id, kind, lang, v in rows
            ),
        )
