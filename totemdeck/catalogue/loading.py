"""Building ``Card``s from the rows the catalogue stores, in bulk, and keeping them.

Every lookup of ``Catalogue`` ends here: the ``(id, data)`` rows it found become cards, each
with its names and ids elsewhere (``aliases``) and its texts in other languages. What is
not yet built is read in one query per table for the whole lot (the ids go in as one JSON
array, so a whole catalogue is three queries, not three a 500), each record parsed once, and
a set's record, the same in every print of the set, built once.
"""

from __future__ import annotations

import json
import sqlite3
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from totemdeck.catalogue.damage import unreadable_record
from totemdeck.catalogue.lru import SizedLRU
from totemdeck.catalogue.model import Card, CardSet
from totemdeck.catalogue.texts import aliases_of, texts_of

# The ids asked for, as a table: one bound JSON array, whatever their number.
WANTED = "SELECT value FROM json_each(?)"

# A built card holds ~4 × its record's bytes (3.9 KB for 0.93, tracemalloc over 3,000
# prints): the cache counts that, so its bound is memory, not JSON.
CARD_BYTES_PER_RECORD_BYTE = 4


class CardLoader:
    """The built cards of one open catalogue, kept up to ``cache_bytes`` of their records."""

    def __init__(self, db: sqlite3.Connection, path: Path, cache_bytes: int | None) -> None:
        self._db = db
        self._path = path
        self._cards: SizedLRU[str, Card] = SizedLRU(cache_bytes or sys.maxsize)

    def __contains__(self, card_id: str) -> bool:
        return card_id in self._cards

    def cached(self, card_id: str) -> Card | None:
        return self._cards.get(card_id)

    def load(self, rows: Iterable[tuple[str, str]]) -> list[Card]:
        """Cards from ``(id, data)`` rows, in their order, each built once while it stays
        kept; a record that no longer reads is damage (the import validated every one)."""
        rows = list(rows)
        cards = {card_id: self._cards.get(card_id) for card_id, _data in rows}
        fresh = {card_id: data for card_id, data in rows if cards[card_id] is None}
        if fresh:
            try:
                cards.update(self._build(fresh))
            except (ValueError, KeyError, TypeError, AttributeError) as exc:
                raise unreadable_record(self._path, exc) from exc
        return [built for card_id, _data in rows if (built := cards[card_id]) is not None]

    def by_ids(self, card_ids: Sequence[str]) -> dict[str, Card]:
        """The cards of ``card_ids`` the catalogue has (ids, not other sources' ids): the
        kept ones as they are, the others read in one query."""
        found = {i: card for i in card_ids if (card := self._cards.get(i)) is not None}
        missing = list(dict.fromkeys(i for i in card_ids if i not in found))
        if missing:
            sql = f"SELECT id, data FROM cards WHERE id IN ({WANTED})"
            rows = self._db.execute(sql, (json.dumps(missing),)).fetchall()
            found.update((card.id, card) for card in self.load(rows))
        return found

    def _build(self, fresh: dict[str, str]) -> dict[str, Card]:
        ids = list(fresh)
        aliases, texts = aliases_of(self._db, ids), texts_of(self._db, ids)
        sets: dict[tuple[Any, ...], CardSet] = {}
        built = {}
        for card_id, data in fresh.items():
            record = json.loads(data)
            record["aliases"] = aliases.get(card_id, {})
            record["texts"] = texts.get(card_id, {})
            card = built[card_id] = Card.from_record(record, _set_of(record["set"], sets))
            self._cards.put(card_id, card, len(data) * CARD_BYTES_PER_RECORD_BYTE)
        return built


def _set_of(record: dict[str, Any], known: dict[tuple[Any, ...], CardSet]) -> CardSet:
    """The set of a card record, one ``CardSet`` for every print whose record says the same."""
    key = tuple(record.items())
    found = known.get(key)
    if found is None:
        found = known[key] = CardSet.from_record(record)
    return found
