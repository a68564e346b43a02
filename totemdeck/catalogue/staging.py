"""A merged source's own records, staged until the merge: the SQL of the ``staged_*`` tables.

TCGdex's sets, cards and names are kept under its own ids, with their HTTP validators, so a
second import asks only for what changed; ``merging.py`` derives the catalogue's prints
from them. A part of ``writes.CatalogueWrites``.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence
from typing import Any

from totemdeck.catalogue.rows import StagedCardRow, StagedSet

__all__ = ["StagedWrites"]


class StagedWrites:
    """The staged tables of the copy being built."""

    _db: sqlite3.Connection

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
