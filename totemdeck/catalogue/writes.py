"""The named writes of an import: every table an import fills, one method a thing.

``CatalogueWriter`` (write.py) opens the copy, and entering it gives a ``CatalogueWrites``
over that copy: the importer alone calls these methods (sources yield what to write, see
``totemdeck.sources.interface``), and never sees SQL. The staged tables of merged sources
and the merge's own tables are in ``staging.py`` and ``merging.py``.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from totemdeck.catalogue.merging import MergeWrites
from totemdeck.catalogue.read import Catalogue
from totemdeck.catalogue.rows import CardRow, canonical_json, card_row
from totemdeck.catalogue.staging import StagedWrites

if TYPE_CHECKING:
    from totemdeck.catalogue.search.index import SearchRow
    from totemdeck.catalogue.texts import StagedTexts

__all__ = ["CatalogueWrites"]


class CatalogueWrites(StagedWrites, MergeWrites):
    """Reads and writes inside the copy an import builds (``path``: the live file's name).

    ``fresh``: the copy started empty (a first import), so nothing is compared with it.
    """

    def __init__(self, db: sqlite3.Connection, path: Path, *, fresh: bool) -> None:
        self._db = db
        self.path = path
        self.fresh = fresh

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
        return {card_id: _as_the_source_wrote(data) for card_id, data in rows}

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


def _as_the_source_wrote(data: str) -> str:
    """A stored record without the numbers the import filled in (``filled``: FORMAT.md
    "Missing data is not zero"), as its source wrote it: what a new download is compared
    with, so a filled retreat is not an update at every import."""
    if '"filled":' not in data:
        return data
    record = json.loads(data)
    filled = record.get("filled") or {}
    if set(filled) - {"retreat_cost"}:  # a corrected stage: what the source wrote is gone
        return data
    record.pop("filled", None)
    for field in filled:  # a number the source left out (None) and the import filled in
        record[field] = None
    return canonical_json(record)
