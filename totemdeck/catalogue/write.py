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
import stat
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from totemdeck.catalogue import shrink
from totemdeck.catalogue.damage import check_header, is_damage
from totemdeck.catalogue.errors import CatalogueDamaged, CatalogueError
from totemdeck.catalogue.layout import held_sources, rebuild_reason
from totemdeck.catalogue.names import name_key
from totemdeck.catalogue.read import Catalogue
from totemdeck.catalogue.rows import (
    CardRow,
    Print,
    StagedCardRow,
    StagedSet,
    canonical_json,
    card_row,
)
from totemdeck.catalogue.schema import DB_NAME, DDL, INDEXES, SCHEMA_VERSION, default_dir
from totemdeck.i18n import _

if TYPE_CHECKING:
    from totemdeck.catalogue.search.index import SearchRow
    from totemdeck.catalogue.texts import StagedTexts

__all__ = ["CatalogueWriter"]

# The copy an import builds beside the live file: ``.catalogue-<random>.tmp``. A killed
# import leaves one behind; the next import removes it (``_remove_stale_copies``).
COPY_PREFIX = ".catalogue-"
COPY_SUFFIX = ".tmp"
SQLITE_FULL = 13  # "database or disk is full" (https://www.sqlite.org/rescode.html)


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
        self.fresh = False

    # -- the copy's life: locked, opened beside the live file, then swapped in or discarded

    def __enter__(self) -> CatalogueWriter:
        self._take_lock()
        try:
            self._remove_stale_copies()
            self._open_copy()
            # A first import fills empty tables: indexes are built once, at the end, and
            # there is nothing to compare new records with.
            self.fresh = not self._db.execute("SELECT COUNT(*) FROM cards").fetchone()[0]
            if not self.fresh:
                self._db.executescript(INDEXES)
            self._db.execute("PRAGMA synchronous = OFF")
            self._db.execute("PRAGMA journal_mode = MEMORY")
            self.set_meta("schema_version", SCHEMA_VERSION)
            if not (self.fresh or self._allow_shrink):
                self._before = shrink.shape(self._db)
        except BaseException as exc:
            self._discard()
            self._release_lock()
            failure = self._one_line(exc)
            if failure is exc:
                raise
            raise failure from exc
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        try:
            if exc is not None:
                self._discard()
                failure = self._one_line(exc)
                if failure is not exc:
                    raise failure from exc
                return
            try:
                self._refuse_shrink()
                self._finish()
                self._swap()
            except BaseException as error:
                self._discard()
                failure = self._one_line(error)
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
            raise self._one_line(exc) from exc  # an OSError always becomes a CatalogueError
        self._target()  # a device, FIFO or dangling link is refused before anything is made
        lock = locked(self.path, timeout=self._lock_timeout, on_wait=self._notify)
        lock.__enter__()
        self._lock = lock

    def _release_lock(self) -> None:
        if self._lock is not None:
            self._lock.__exit__(None, None, None)
            self._lock = None

    def _one_line(self, exc: BaseException) -> BaseException:
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
            _("cannot write the catalogue in {folder}/: {reason}").format(
                folder=self.folder, reason=reason
            )
        )

    def _target(self) -> Path:
        """The live file's real place: a symlinked catalogue is replaced at its target; one
        that is not a regular file (a link to ``/dev/zero``) is refused, never replaced."""
        from totemdeck.files import regular_target

        return regular_target(self.path)

    def _remove_stale_copies(self) -> None:
        """Copies left by an import killed before it could clean up (kill -9, power cut).

        Safe under the lock: no other writer is building one now.
        """
        target = self._target()
        stale = [p for p in target.parent.glob(f"{COPY_PREFIX}*{COPY_SUFFIX}*") if p.is_file()]
        freed = 0
        for path in stale:
            with contextlib.suppress(OSError):
                size = path.stat().st_size
                path.unlink()
                freed += size
        if stale:
            self._notify(
                _(
                    "removed {count} unfinished catalogue copies that an interrupted import "
                    "left in {folder}/ ({megabytes:.1f} MB)"
                ).format(count=len(stale), folder=target.parent, megabytes=freed / 1e6)
            )

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
        reason = self._damage_of(target) if target.is_file() else None
        if target.is_file() and reason is None:
            shutil.copyfile(target, tmp)
        try:
            self._db = sqlite3.connect(tmp)
            if reason is None:
                reason = self._damage_of_copy()
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

    def _damage_of(self, target: Path) -> str | None:
        """Why the live file cannot be built on (cheap header checks), or None."""
        try:
            check_header(target)
        except CatalogueDamaged as exc:
            return _("{path}: catalogue damaged ({reason})").format(
                path=self.path, reason=exc.reason
            )
        return None

    def _damage_of_copy(self) -> str | None:
        """Why the copy cannot be built on (SQLite's own quick check, ~0.2 s), or None."""
        try:
            found = [row[0] for row in self._db.execute("PRAGMA quick_check(5)")]
        except sqlite3.DatabaseError as exc:
            if not is_damage(exc):
                raise
            found = [str(exc)]
        if found and found != ["ok"]:
            return _("{path}: catalogue damaged ({reason})").format(
                path=self.path, reason="; ".join(found)[:200]
            )
        return None

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
        self.verify()
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

    def verify(self) -> None:
        """Refuse to swap in a copy that SQLite itself finds damaged."""
        result = self._db.execute("PRAGMA quick_check").fetchone()[0]
        if result != "ok":
            raise CatalogueError(
                _("the new catalogue failed its integrity check: {result}").format(result=result)
            )

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

    # -- the search index (its tables and rows: catalogue/search/index.py) -------------------

    def put_search_index(self, rows: Iterable[SearchRow], inputs: str) -> int:
        """Replace the search index with ``rows`` (computed by the importer)."""
        from totemdeck.catalogue.search.index import write_index

        return write_index(self._db, rows, inputs)

    def search_index_inputs(self) -> str | None:
        from totemdeck.catalogue.search.index import index_inputs

        return index_inputs(self._db)

    def texts(self) -> StagedTexts:
        """The per-print texts in other languages (their tables: catalogue/texts.py)."""
        from totemdeck.catalogue.texts import StagedTexts

        return StagedTexts(self._db)

    def reader(self) -> Catalogue:
        """A ``Catalogue`` over the copy being built (it sees this writer's rows)."""
        return Catalogue(self.path, self._db)

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
