"""Reading the catalogue: ``Catalogue`` opens the SQLite file read-only and finds the rows a
lookup needs; ``loading.CardLoader`` builds them into cards and keeps them (writing is
``totemdeck.catalogue.write``)."""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterable, Iterator
from pathlib import Path

from totemdeck.catalogue.damage import connect_read_only, damaged
from totemdeck.catalogue.errors import CatalogueDamaged, CatalogueError, CatalogueMissing, outdated
from totemdeck.catalogue.facts import PrintFacts, prints_at
from totemdeck.catalogue.loading import CardLoader
from totemdeck.catalogue.lru import LRU
from totemdeck.catalogue.model import Card, CardSet
from totemdeck.catalogue.names import name_key
from totemdeck.catalogue.schema import DB_NAME, ENV_VAR, SCHEMA_VERSION, default_dir, number_key
from totemdeck.i18n import _

__all__ = [
    "Catalogue",
    "CatalogueDamaged",
    "CatalogueError",
    "CatalogueMissing",
    "default_dir",
    "number_key",
]

# Lookups remembered per open catalogue (a few hundred bytes each; the cards themselves are
# kept by its ``CardLoader``, up to CARD_CACHE_BYTES).
QUERY_MEMO = 8192
# Memory a long-lived reader (the web app's, one a thread) keeps cards in (~540; unbounded, a
# deep results page left the catalogue, ~250 MB, in each thread). ``loading`` counts a card
# as the memory it holds (CARD_BYTES_PER_RECORD_BYTE), not its record's bytes.
CARD_CACHE_BYTES = 2 * 1024 * 1024


class Catalogue:
    """Read-only access to an imported catalogue. Cheap to open; rows load on demand."""

    def __init__(
        self, path: Path, connection: sqlite3.Connection, card_cache_bytes: int | None = None
    ) -> None:
        self.path = path
        self._db = connection
        self._loaded = CardLoader(connection, path, card_cache_bytes)
        # The file is read-only while open, so lookups are memoised (checking many decks
        # asks for the same prints again and again), misses too, up to QUERY_MEMO.
        self._ids_by_query: LRU[tuple[str, ...], list[str]] = LRU(QUERY_MEMO)
        self._sets: dict[str, CardSet] | None = None
        self._set_aliases: dict[str, list[str]] | None = None
        self._names: list[str] | None = None

    @classmethod
    def open(
        cls,
        directory: str | os.PathLike[str] | None = None,
        card_cache_bytes: int | None = None,
        any_thread: bool = False,
        mapped: bool = False,
    ) -> Catalogue:
        """Open the catalogue in ``directory`` (see ``default_dir``) for reading (a long-lived
        reader bounds the cards it keeps: ``card_cache_bytes``; ``any_thread``: it may be
        handed from thread to thread, one at a time; ``mapped``: a short one maps the file,
        ``damage.connect_read_only``). The one place a catalogue is opened: a damaged file
        (bad header, cut short, malformed pages, now or later) raises ``CatalogueDamaged``."""
        folder = default_dir(directory)
        path = folder / DB_NAME
        if not path.is_file():
            raise CatalogueMissing(
                _(
                    "no catalogue in {folder}/ (run `totemdeck import` first, "
                    "or point --catalogue / ${variable} at one)"
                ).format(folder=folder, variable=ENV_VAR)
            )
        db = connect_read_only(path, any_thread, mapped)
        try:
            version = db.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
        except CatalogueDamaged:
            db.close()
            raise
        except sqlite3.DatabaseError as exc:  # no meta table: a foreign SQLite file
            db.close()
            raise damaged(path, str(exc)) from exc
        if version is None or version[0] != SCHEMA_VERSION:
            db.close()
            raise CatalogueError(outdated(path, None if version is None else str(version[0])))
        return cls(path, db, card_cache_bytes)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Catalogue:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _load(self, rows: Iterable[tuple[str, str]]) -> list[Card]:
        """Cards from ``(id, data)`` rows (``loading.CardLoader``: built once while kept)."""
        return self._loaded.load(rows)

    def cards_of(self, card_ids: list[str]) -> list[Card]:
        """The cards of ``card_ids`` (ids the catalogue gave) in that order, the ones not
        kept read in one query (a long list may evict its own first cards, not lose them)."""
        if not card_ids:  # a name no print has (a misspelled line asks several)
            return []
        found = self._loaded.by_ids(card_ids)
        return [found[card_id] for card_id in card_ids if card_id in found]

    def get(self, card_id: str) -> Card | None:
        """The print with this id (``sv3-125``), or one whose other-source id it is."""
        known = self._loaded.cached(card_id)
        if known is not None:
            return known
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
        """Every print of ``card_ids`` that exists, in the order given: those not yet built
        in one query (a stored collection asks for hundreds at once), ids of another source
        one by one as ``get`` finds them."""
        wanted = list(card_ids)
        found = self._loaded.by_ids(wanted)
        cards = [found.get(card_id) or self.get(card_id) for card_id in wanted]
        return [c for c in cards if c is not None]

    def by_name(self, name: str, *more: str) -> list[Card]:
        """Every print named ``name`` or one of ``more`` (FORMAT.md rules), oldest first."""
        named = (name, *more)  # a banlist's names in one query
        keys = tuple(sorted({k for n in named for k in (name_key(n), name_key(n, "Pokémon"))}))
        memo = ("name", *keys)
        known = self._ids_by_query.get(memo)
        if known is not None:
            return self.cards_of(known)
        marks = ",".join("?" * len(keys))
        rows = self._db.execute(
            f"SELECT id, data FROM cards WHERE name_key IN ({marks}) "
            "UNION SELECT c.id, c.data FROM aliases a JOIN cards c ON c.id = a.card_id "
            f"WHERE a.kind = 'name' AND a.alias_key IN ({marks})",
            (*keys, *keys),
        ).fetchall()
        cards = sorted(self._load(rows), key=lambda c: (c.set.release_date, c.id))
        self._ids_by_query.put(memo, [c.id for c in cards])
        return cards

    def _memo(self, key: tuple[str, ...], sql: str, args: tuple[str, ...]) -> list[Card]:
        ids = self._ids_by_query.get(key)
        if ids is not None:
            return self.cards_of(ids)
        cards = self._load(self._db.execute(sql, args).fetchall())
        self._ids_by_query.put(key, [c.id for c in cards])
        return cards

    def by_set_number(self, set_id: str, number: str) -> list[Card]:
        key = number_key(number)
        return self._memo(
            ("set-number", set_id, key),
            "SELECT id, data FROM cards WHERE set_id = ? AND number_key = ?",
            (set_id, key),
        )

    def prefetch_set_numbers(self, wanted: Iterable[tuple[str, str]]) -> None:
        """Look up many ``(set id, number)`` at once, so the ``by_set_number`` calls that
        follow are answered from memory: a deck's 60-100 lines in three queries, not ~250."""
        keys = {(set_id, number_key(number)) for set_id, number in wanted}
        keys = {k for k in keys if ("set-number", *k) not in self._ids_by_query}
        if not keys:
            return
        found: dict[tuple[str, str], list[str]] = {key: [] for key in keys}
        ordered = sorted(keys)
        for start in range(0, len(ordered), 400):  # SQLite's variable limit, with room
            chunk = ordered[start : start + 400]
            values = ",".join("(?, ?)" for _key in chunk)
            rows = self._db.execute(
                f"WITH wanted(set_id, number_key) AS (VALUES {values}) "
                "SELECT c.id, c.data, c.set_id, c.number_key FROM wanted w "
                # without INDEXED BY, past a few dozen keys SQLite built an automatic index
                # over the whole table for each chunk: 0.15 s a chunk, not 2.5 ms
                "JOIN cards c INDEXED BY cards_set_number "
                "ON c.set_id = w.set_id AND c.number_key = w.number_key "
                "ORDER BY c.rowid",
                [part for key in chunk for part in key],
            ).fetchall()
            cards = self._load([(card_id, data) for card_id, data, _s, _n in rows])
            for card, (_id, _data, set_id, key) in zip(cards, rows, strict=True):
                found[(set_id, key)].append(card.id)
        for (set_id, key), ids in found.items():
            self._ids_by_query.put(("set-number", set_id, key), ids)

    def prints_at(
        self, wanted: Iterable[tuple[str, str]]
    ) -> dict[tuple[str, str], list[PrintFacts]]:
        """The id, name and supertype of the prints at each ``(set id, number)``, unbuilt
        (``facts.prints_at``: a whole collection's lines in a few queries)."""
        return prints_at(self._db, wanted)

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

    def first_prints(self, set_ids: Iterable[str]) -> dict[str, Card]:
        """A print (the first stored) filed under each of ``set_ids`` that has any, in one query:
        what a set id stands for, where the sets table does not hold it."""
        wanted = sorted(set(set_ids))
        found: dict[str, Card] = {}
        for start in range(0, len(wanted), 500):
            chunk = wanted[start : start + 500]
            marks = ",".join("?" * len(chunk))
            rows = self._db.execute(
                "SELECT set_id, id, data FROM cards WHERE rowid IN (SELECT MIN(rowid) "
                f"FROM cards WHERE set_id IN ({marks}) GROUP BY set_id)",
                chunk,
            ).fetchall()
            cards = self._load([(card_id, data) for _set, card_id, data in rows])
            found.update(
                (set_id, card) for (set_id, _id, _data), card in zip(rows, cards, strict=True)
            )
        return found

    def in_set(self, set_id: str) -> list[Card]:
        rows = self._db.execute("SELECT id, data FROM cards WHERE set_id = ?", (set_id,))
        return self._load(rows.fetchall())

    # -- sets -----------------------------------------------------------------------------

    def sets(self) -> dict[str, CardSet]:
        """Every set by id, loaded once."""
        if self._sets is None:
            self._sets = {}
            for (data,) in self._db.execute("SELECT data FROM sets ORDER BY release_date, id"):
                try:
                    s = json.loads(data)
                    self._sets[s["id"]] = CardSet.from_record(s)
                except (ValueError, KeyError, TypeError, AttributeError) as exc:
                    self._sets = None
                    reason = _("a set record does not read: {error}").format(error=repr(exc)[:150])
                    raise damaged(self.path, reason) from exc
        return self._sets

    def set_aliases(self) -> dict[str, list[str]]:
        """Other sources' codes for sets: ``{"sv03": ["sv3"], …}``."""
        if self._set_aliases is None:
            self._set_aliases = {}
            for code, set_id in self._db.execute("SELECT code, set_id FROM set_aliases"):
                self._set_aliases.setdefault(code, []).append(set_id)
        return self._set_aliases

    # -- whole-catalogue views --------------------------------------------------------------

    def known_names(self, names: Iterable[str]) -> set[str]:
        """Which of ``names`` (at most 400) name a print as ``by_name`` compares
        (``catalogue.known``: one query a call, the answers remembered)."""
        from totemdeck.catalogue.known import known_names

        return known_names(self, self._db, self._ids_by_query, names)

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

    def iter_cards(self) -> Iterator[Card]:
        """Every print, in id order (loads them all: for exports and checks, not lookups)."""
        yield from self._load(self._db.execute("SELECT id, data FROM cards ORDER BY id").fetchall())

    def count(self) -> int:
        return int(self._db.execute("SELECT COUNT(*) FROM cards").fetchone()[0])

    def meta(self, key: str) -> str | None:
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])
