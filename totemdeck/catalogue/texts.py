"""Each print's text in another language: the SQL of ``staged_texts`` and ``card_texts``
(and of the names and ids it has elsewhere, ``aliases_of``).

A merged source (TCGdex) stages its cards' text records per language under its own ids;
after every merge ``derive`` gives each print the text of its twin (a pokemontcg print gets
its TCGdex twin's, found through the merge's id aliases). Readers ask ``texts_of`` for the
rows of the cards they load. Kept apart from ``write.py`` and ``read.py``: their callers
reach it through ``CatalogueWriter.texts()`` and ``Catalogue``'s loading.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from totemdeck.catalogue.search.spanish import SpanishRow


class StagedTexts:
    """The writer's view of the text tables (inside the copy an import builds)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def etags(self, source: str, lang: str) -> dict[str, str | None]:
        """``{card id: etag}`` of every staged text of ``source`` in ``lang``."""
        rows = self._db.execute(
            "SELECT card_id, etag FROM staged_texts WHERE source = ? AND lang = ?", (source, lang)
        )
        return dict(rows.fetchall())

    def data(self, source: str, lang: str) -> dict[str, str]:
        """``{card id: text record JSON}`` of ``source`` in ``lang``."""
        rows = self._db.execute(
            "SELECT card_id, data FROM staged_texts WHERE source = ? AND lang = ?", (source, lang)
        )
        return dict(rows.fetchall())

    def stage(self, source: str, lang: str, rows: Sequence[tuple[str, str | None, str]]) -> None:
        """Insert or replace ``(card id, etag, record JSON)`` rows."""
        self._db.executemany(
            "INSERT OR REPLACE INTO staged_texts(source, card_id, lang, etag, data)"
            " VALUES (?, ?, ?, ?, ?)",
            ((source, card_id, lang, etag, data) for card_id, etag, data in rows),
        )

    def unstage(self, source: str, lang: str, card_ids: Iterable[str]) -> None:
        self._db.executemany(
            "DELETE FROM staged_texts WHERE source = ? AND lang = ? AND card_id = ?",
            ((source, lang, card_id) for card_id in card_ids),
        )

    def count(self, source: str) -> int:
        row = self._db.execute("SELECT COUNT(*) FROM staged_texts WHERE source = ?", (source,))
        return int(row.fetchone()[0])

    def all_texts(self, lang: str) -> dict[str, str]:
        """Every print's text record JSON in ``lang`` (after ``derive``)."""
        return all_texts(self._db, lang)

    def put_search_index(self, rows: Iterable[SpanishRow], inputs: str) -> int:
        """Replace the Spanish search index (catalogue/search/spanish.py) with ``rows``."""
        from totemdeck.catalogue.search.spanish import write_index

        return write_index(self._db, rows, inputs)

    def search_index_inputs(self) -> str | None:
        from totemdeck.catalogue.search.spanish import index_inputs

        return index_inputs(self._db)

    def derive(self) -> int:
        """Give every print its twin's texts: through the merge's id aliases, or its own id
        (a print only the merged source has). Returns how many rows ``card_texts`` holds."""
        self._db.execute("DELETE FROM card_texts")
        self._db.execute(
            "INSERT OR REPLACE INTO card_texts(card_id, lang, source, text_id) "
            "SELECT c.id, t.lang, t.source, t.card_id FROM cards c JOIN staged_texts t "
            "ON t.source = c.source AND t.card_id = c.id"
        )
        self._db.execute(
            "INSERT OR IGNORE INTO card_texts(card_id, lang, source, text_id) "
            "SELECT a.card_id, t.lang, t.source, t.card_id FROM aliases a JOIN staged_texts t "
            "ON t.source = a.lang AND t.card_id = a.value WHERE a.kind = 'id'"
        )
        return int(self._db.execute("SELECT COUNT(*) FROM card_texts").fetchone()[0])


def aliases_of(db: sqlite3.Connection, card_ids: Sequence[str]) -> dict[str, dict[str, str]]:
    """``{card id: {"es": "Supercaña", "tcgdex": "sv03-125"}}``: these prints' names in other
    languages and their ids in other sources (one query, the ids as one JSON array)."""
    found: dict[str, dict[str, str]] = {}
    rows = db.execute(
        "SELECT card_id, lang, value FROM aliases "
        "WHERE card_id IN (SELECT value FROM json_each(?))",
        (json.dumps(list(card_ids)),),
    )
    for card_id, lang, value in rows.fetchall():
        found.setdefault(card_id, {})[lang] = value
    return found


def texts_of(db: sqlite3.Connection, card_ids: Sequence[str]) -> dict[str, dict[str, str]]:
    """``{card id: {lang: text record JSON}}`` for these prints (the reader parses lazily)."""
    found: dict[str, dict[str, str]] = {}
    rows = db.execute(
        "SELECT c.card_id, c.lang, t.data FROM card_texts c JOIN staged_texts t "
        "ON t.source = c.source AND t.card_id = c.text_id AND t.lang = c.lang "
        "WHERE c.card_id IN (SELECT value FROM json_each(?))",
        (json.dumps(list(card_ids)),),
    )
    for card_id, lang, data in rows.fetchall():
        found.setdefault(card_id, {})[lang] = data
    return found


def all_texts(db: sqlite3.Connection, lang: str) -> dict[str, str]:
    """Every print's text record JSON in ``lang`` (the search index reads them all)."""
    rows = db.execute(
        "SELECT c.card_id, t.data FROM card_texts c JOIN staged_texts t ON t.source = c.source "
        "AND t.card_id = c.text_id AND t.lang = c.lang WHERE c.lang = ?",
        (lang,),
    )
    return dict(rows.fetchall())
