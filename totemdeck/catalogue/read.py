"""The catalogue on disk: one SQLite file under ``cards/``, read fast and written atomically.

Reading opens the file read-only and loads only the rows a lookup needs. Writing happens
in a copy beside the live file (``CatalogueWriter``); the copy is checked, then swapped in
with ``os.replace``, so an interrupted or failed import leaves the previous catalogue whole.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import TracebackType
from typing import Any

from totemdeck.catalogue.model import Card, CardSet
from totemdeck.catalogue.names import fold, name_key
from totemdeck.errors import TotemdeckError

DB_NAME = "catalogue.sqlite"
SCHEMA_VERSION = "4"  # bump on any table change: older catalogues are rebuilt
ENV_VAR = "TOTEMDECK_CATALOGUE"

_DDL = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sets (
    id TEXT PRIMARY KEY,
    ptcgl_code TEXT,
    release_date TEXT NOT NULL,
    source TEXT NOT NULL,
    source_updated TEXT,
    etag TEXT,
    data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS cards (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    set_id TEXT NOT NULL,
    number_key TEXT NOT NULL,
    supertype TEXT NOT NULL,
    release_date TEXT NOT NULL,
    source TEXT NOT NULL,
    data TEXT NOT NULL
);
-- Other names (another language) and ids (the other source's) of a print; derived.
CREATE TABLE IF NOT EXISTS aliases (
    alias_key TEXT NOT NULL,
    card_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    lang TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (alias_key, card_id, kind, lang)
);
-- Another source's code for a set (TCGdex "sv03" for pokemontcg "sv3"); derived.
CREATE TABLE IF NOT EXISTS set_aliases (code TEXT NOT NULL, set_id TEXT NOT NULL,
                                        PRIMARY KEY (code, set_id));
-- TCGdex as fetched and normalised, kept apart so the merge can be redone in any order.
CREATE TABLE IF NOT EXISTS tcgdex_sets (
    id TEXT PRIMARY KEY,
    etag TEXT,
    cards_checked TEXT,  -- when its cards were last revalidated (ISO time)
    data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tcgdex_cards (
    id TEXT PRIMARY KEY,
    set_id TEXT NOT NULL,
    number_key TEXT NOT NULL,
    name_key TEXT NOT NULL,
    etag TEXT,
    updated TEXT,
    data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tcgdex_names (
    card_id TEXT NOT NULL,
    lang TEXT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (card_id, lang)
);
"""
_INDEXES = """
CREATE INDEX IF NOT EXISTS cards_name_key ON cards(name_key);
CREATE INDEX IF NOT EXISTS cards_set_number ON cards(set_id, number_key);
CREATE INDEX IF NOT EXISTS sets_code ON sets(ptcgl_code);
CREATE INDEX IF NOT EXISTS aliases_card ON aliases(card_id);
CREATE INDEX IF NOT EXISTS tcgdex_cards_set ON tcgdex_cards(set_id);
"""


class CatalogueError(TotemdeckError):
    """The catalogue cannot be read or written; the message says why, in one line."""


class CatalogueMissing(CatalogueError):
    """No catalogue has been imported yet at the given place."""


def number_key(number: str) -> str:
    """Card numbers compare without case and leading zeros: ``TG05`` = ``tg5``, ``007`` = ``7``."""
    folded = number.strip().casefold()
    head = folded.rstrip("0123456789")
    digits = folded[len(head) :]
    return head + (digits.lstrip("0") or ("0" if digits else ""))


def default_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """``--catalogue`` wins, then ``$TOTEMDECK_CATALOGUE``, then ``./cards``."""
    if explicit:
        return Path(explicit)
    env = os.environ.get(ENV_VAR)
    return Path(env) if env else Path("cards")


class Catalogue:
    """Read-only access to an imported catalogue. Cheap to open; rows load on demand."""

    def __init__(self, path: Path, connection: sqlite3.Connection) -> None:
        self.path = path
        self._db = connection
        self._cards: dict[str, Card] = {}
        # The file is read-only while open, so lookups are memoised (checking many decks
        # asks for the same prints again and again).
        self._ids_by_query: dict[tuple[str, ...], list[str]] = {}
        self._sets: dict[str, CardSet] | None = None
        self._set_aliases: dict[str, list[str]] | None = None
        self._names: list[str] | None = None

    @classmethod
    def open(cls, directory: str | os.PathLike[str] | None = None) -> Catalogue:
        """Open the catalogue in ``directory`` (see ``default_dir``) for reading."""
        folder = default_dir(directory)
        path = folder / DB_NAME
        if not path.is_file():
            raise CatalogueMissing(
                f"no catalogue in {folder}/ (run `totemdeck import` first, "
                f"or point --catalogue / ${ENV_VAR} at one)"
            )
        try:
            db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
            version = db.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
        except sqlite3.DatabaseError as exc:
            raise CatalogueError(f"{path}: not a readable catalogue ({exc})") from exc
        if version is None or version[0] != SCHEMA_VERSION:
            db.close()
            raise CatalogueError(
                f"{path}: catalogue format {version and version[0]!r} is not {SCHEMA_VERSION!r}; "
                "run `totemdeck import` again"
            )
        return cls(path, db)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Catalogue:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- single lookups -------------------------------------------------------------------

    def _load(self, rows: Iterable[tuple[str, str]]) -> list[Card]:
        """Cards from ``(id, data)`` rows, each built once, with its aliases attached."""
        rows = list(rows)
        fresh = [json.loads(data) for card_id, data in rows if card_id not in self._cards]
        if fresh:
            aliases = self._aliases_of([record["id"] for record in fresh])
            for record in fresh:
                record["aliases"] = aliases.get(record["id"], {})
                self._cards[record["id"]] = Card.from_record(record)
        return [self._cards[card_id] for card_id, _data in rows]

    def _aliases_of(self, card_ids: list[str]) -> dict[str, dict[str, str]]:
        """``{card id: {"es": "Supercaña", "tcgdex": "sv03-125"}}`` for these cards."""
        found: dict[str, dict[str, str]] = {}
        for start in range(0, len(card_ids), 500):
            chunk = card_ids[start : start + 500]
            marks = ",".join("?" * len(chunk))
            for card_id, lang, value in self._db.execute(
                f"SELECT card_id, lang, value FROM aliases WHERE card_id IN ({marks})", chunk
            ):
                found.setdefault(card_id, {})[lang] = value
        return found

    def get(self, card_id: str) -> Card | None:
        """The print with this id (``sv3-125``), or one whose other-source id it is."""
        if card_id in self._cards:
            return self._cards[card_id]
        rows = self._db.execute("SELECT id, data FROM cards WHERE id = ?", (card_id,)).fetchall()
        if not rows:
            rows = self._db.execute(
                "SELECT c.id, c.data FROM aliases a JOIN cards c ON c.id = a.card_id "
                "WHERE a.kind = 'id' AND a.alias_key = ?",
                (card_id.casefold(),),
            ).fetchall()
            if not rows:
                rows = self._db.execute(
                    "SELECT id, data FROM cards WHERE id = ? COLLATE NOCASE", (card_id,)
                ).fetchall()
        found = self._load(rows)
        return found[0] if found else None

    def get_many(self, card_ids: Iterable[str]) -> list[Card]:
        """Every print of ``card_ids`` that exists, in the order given."""
        cards = [self.get(card_id) for card_id in card_ids]
        return [c for c in cards if c is not None]

    def by_name(self, name: str) -> list[Card]:
        """Every print whose name is the same name (FORMAT.md rules), oldest first."""
        keys = tuple(sorted({name_key(name), name_key(name, "Pokémon")}))
        memo = ("name", *keys)
        if memo in self._ids_by_query:
            return [self._cards[i] for i in self._ids_by_query[memo]]
        marks = ",".join("?" * len(keys))
        rows = self._db.execute(
            f"SELECT id, data FROM cards WHERE name_key IN ({marks}) "
            "UNION SELECT c.id, c.data FROM aliases a JOIN cards c ON c.id = a.card_id "
            f"WHERE a.kind = 'name' AND a.alias_key IN ({marks})",
            (*keys, *keys),
        ).fetchall()
        cards = sorted(self._load(rows), key=lambda c: (c.set.release_date, c.id))
        self._ids_by_query[memo] = [c.id for c in cards]
        return cards

    def _memo(self, key: tuple[str, ...], sql: str, args: tuple[str, ...]) -> list[Card]:
        ids = self._ids_by_query.get(key)
        if ids is not None:
            return [self._cards[i] for i in ids]
        cards = self._load(self._db.execute(sql, args).fetchall())
        self._ids_by_query[key] = [c.id for c in cards]
        return cards

    def by_set_number(self, set_id: str, number: str) -> list[Card]:
        key = number_key(number)
        return self._memo(
            ("set-number", set_id, key),
            "SELECT id, data FROM cards WHERE set_id = ? AND number_key = ?",
            (set_id, key),
        )

    def by_set_number_tail(self, set_id: str, digits: str) -> list[Card]:
        """Prints of a set whose number is ``digits`` behind a letter prefix (68 → SWSH068)."""
        tail = digits.lstrip("0") or "0"
        return self._memo(
            ("set-tail", set_id, tail),
            "SELECT id, data FROM cards WHERE set_id = ? AND number_key LIKE '%' || ? "
            "AND rtrim(substr(number_key, 1, length(number_key) - length(?)),"
            " 'abcdefghijklmnopqrstuvwxyz-') = ''",
            (set_id, tail, tail),
        )

    def in_set(self, set_id: str) -> list[Card]:
        rows = self._db.execute("SELECT id, data FROM cards WHERE set_id = ?", (set_id,))
        return self._load(rows.fetchall())

    # -- sets -----------------------------------------------------------------------------

    def sets(self) -> dict[str, CardSet]:
        """Every set by id, loaded once."""
        if self._sets is None:
            self._sets = {}
            for (data,) in self._db.execute("SELECT data FROM sets ORDER BY release_date, id"):
                s = json.loads(data)
                self._sets[s["id"]] = CardSet(
                    id=s["id"],
                    name=s["name"],
                    series=s["series"],
                    ptcgl_code=s["ptcgl_code"],
                    release_date=s["release_date"],
                    printed_total=s.get("printed_total"),
                    total=s.get("total"),
                )
        return self._sets

    def set_aliases(self) -> dict[str, list[str]]:
        """Other sources' codes for sets: ``{"sv03": ["sv3"], …}``."""
        if self._set_aliases is None:
            self._set_aliases = {}
            for code, set_id in self._db.execute("SELECT code, set_id FROM set_aliases"):
                self._set_aliases.setdefault(code, []).append(set_id)
        return self._set_aliases

    # -- whole-catalogue views --------------------------------------------------------------

    def names(self) -> list[str]:
        """Every distinct printed name, for suggestions."""
        if self._names is None:
            rows = self._db.execute("SELECT DISTINCT name FROM cards")
            self._names = sorted(r[0] for r in rows)
        return self._names

    def alias_names(self) -> list[str]:
        """Every other name of a print (other languages and spellings)."""
        rows = self._db.execute("SELECT DISTINCT value FROM aliases WHERE kind = 'name'")
        return sorted(r[0] for r in rows)

    def search(self, query: str, limit: int = 20) -> list[Card]:
        """Prints whose name (or alias) contains ``query``, ignoring case and accents."""
        needle = f"%{fold(query)}%"
        rows = self._db.execute(
            "SELECT id, data FROM cards WHERE name_key LIKE ? "
            "UNION SELECT c.id, c.data FROM aliases a JOIN cards c ON c.id = a.card_id "
            "WHERE a.kind = 'name' AND a.alias_key LIKE ? ",
            (needle, needle),
        ).fetchall()
        cards = self._load(rows)
        cards.sort(key=lambda c: (c.name.casefold(), c.set.release_date, c.id))
        return cards[:limit]

    def iter_cards(self) -> Iterator[Card]:
        """Every print, in id order (loads them all: for exports and checks, not lookups)."""
        yield from self._load(self._db.execute("SELECT id, data FROM cards ORDER BY id"))

    def count(self) -> int:
        return int(self._db.execute("SELECT COUNT(*) FROM cards").fetchone()[0])

    def meta(self, key: str) -> str | None:
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])


class CatalogueWriter:
    """Build the next catalogue beside the live one, then swap it in atomically.

    Use as a context manager: leaving the block normally commits and swaps; an exception
    (or a failed ``verify``) removes the copy and leaves the live catalogue untouched.
    """

    def __init__(self, directory: str | os.PathLike[str] | None = None) -> None:
        self.folder = default_dir(directory)
        self.path = self.folder / DB_NAME
        self._tmp: Path | None = None
        self.db: sqlite3.Connection
        self.fresh = False

    def __enter__(self) -> CatalogueWriter:
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
            self.db = sqlite3.connect(self._tmp)
            self.db.executescript(_DDL)
            version = self.db.execute(
                "SELECT value FROM meta WHERE key='schema_version'"
            ).fetchone()
            if version is not None and version[0] != SCHEMA_VERSION:
                # An older layout: start the new catalogue from scratch rather than migrate.
                self.db.close()
                self._tmp.write_bytes(b"")
                self.db = sqlite3.connect(self._tmp)
                self.db.executescript(_DDL)
        except sqlite3.DatabaseError:
            # The live file is damaged: build a fresh catalogue instead of failing forever.
            self.db.close()
            self._tmp.write_bytes(b"")
            self.db = sqlite3.connect(self._tmp)
            self.db.executescript(_DDL)
        # A first import fills empty tables: indexes are built once, at the end, and there
        # is nothing to compare new records with.
        self.fresh = not self.db.execute("SELECT COUNT(*) FROM cards").fetchone()[0]
        if not self.fresh:
            self.db.executescript(_INDEXES)
        self.db.execute("PRAGMA synchronous = OFF")
        self.db.execute("PRAGMA journal_mode = MEMORY")
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
            self.db.executescript(_INDEXES)
            self.verify()
            self.db.commit()
            free, total = (
                self.db.execute(f"PRAGMA {name}").fetchone()[0]
                for name in ("freelist_count", "page_count")
            )
            if free > total // 4:  # reclaim space only when updates left much behind
                self.db.execute("VACUUM")
            self.db.close()
            assert self._tmp is not None
            with self._tmp.open("rb") as handle:
                os.fsync(handle.fileno())
            self._tmp.replace(self.path)
            self._tmp = None
        except BaseException:
            self._discard()
            raise

    def _discard(self) -> None:
        with contextlib.suppress(Exception):
            self.db.close()
        if self._tmp is not None:
            self._tmp.unlink(missing_ok=True)
            self._tmp = None

    def verify(self) -> None:
        """Refuse to swap in a copy that SQLite itself finds damaged."""
        result = self.db.execute("PRAGMA quick_check").fetchone()[0]
        if result != "ok":
            raise CatalogueError(f"the new catalogue failed its integrity check: {result}")

    # -- writing ------------------------------------------------------------------------------

    def meta(self, key: str) -> str | None:
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, key: str, value: str) -> None:
        self.db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (key, value))

    def existing_cards(self, set_id: str, source: str = "pokemontcg") -> dict[str, str]:
        """The stored JSON of each card of a set, by id, to tell unchanged from updated."""
        if self.fresh:
            return {}
        rows = self.db.execute(
            "SELECT id, data FROM cards WHERE set_id = ? AND source = ?", (set_id, source)
        )
        return dict(rows.fetchall())

    def set_state(self, set_id: str) -> tuple[str | None, str | None] | None:
        """``(source_updated, etag)`` recorded for a set at its last import, or None."""
        row = self.db.execute(
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
        self.db.execute(
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

    def put_cards(self, records: Iterable[tuple[dict[str, Any], str]]) -> None:
        """Insert or replace cards given as ``(record, its canonical JSON)``."""
        self.put_rows(card_row(record, data) for record, data in records)

    def put_rows(self, rows: Iterable[tuple[str, ...]]) -> None:
        """Insert or replace cards given as ready rows (see ``card_row``)."""
        self.db.executemany(
            "INSERT OR REPLACE INTO cards(id, name, name_key, set_id, number_key, supertype,"
            " release_date, source, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )

    def delete_cards(self, card_ids: Iterable[str]) -> None:
        self.db.executemany("DELETE FROM cards WHERE id = ?", ((i,) for i in card_ids))

    def put_aliases(self, rows: Iterable[tuple[str, str, str, str]]) -> None:
        """Aliases as ``(card_id, kind, lang, value)``: kind ``name`` (lang: its language)
        or ``id`` (lang: the source that uses that id)."""
        self.db.executemany(
            "INSERT OR REPLACE INTO aliases(alias_key, card_id, kind, lang, value)"
            " VALUES (?, ?, ?, ?, ?)",
            (
                (name_key(v) if kind == "name" else v.casefold(), card_id, kind, lang, v)
                for card_id, kind, lang, v in rows
            ),
        )


def card_row(record: dict[str, Any], data: str) -> tuple[str, ...]:
    """The ``cards`` row of a record and its canonical JSON."""
    return (
        record["id"],
        record["name"],
        name_key(record["name"], record["supertype"]),
        record["set"]["id"],
        number_key(record["number"]),
        record["supertype"],
        record["set"]["release_date"],
        record["source"],
        data,
    )


def canonical_json(record: dict[str, Any]) -> str:
    """The stored form of a record: stable, so equal records compare equal as text.

    Transforms build records with a fixed key order, so no ``sort_keys`` (it costs ~40%).
    """
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))
