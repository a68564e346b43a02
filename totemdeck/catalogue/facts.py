"""A few facts of many prints at once, without building them (``Catalogue.prints_at``).

A 20,000-line collection written ``4 Charizard ex sv3 125`` names its prints by set and
number; whether a line is that print exactly (one print there, of that name) is read from
the indexed columns of ``cards`` for every line in a few queries, no record parsed, and only
the prints the lines hold are built afterwards, in one bulk load.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable

from totemdeck.base.records import frozen
from totemdeck.catalogue.schema import number_key

__all__ = ["PrintFacts", "prints_at"]

_AT = (
    "WITH wanted(set_id, number_key) AS (SELECT json_extract(value, '$[0]'), "
    "json_extract(value, '$[1]') FROM json_each(?)) "
    "SELECT c.id, c.name, c.set_id, c.number_key, c.supertype FROM wanted w "
    # as in ``prefetch_set_numbers``: without INDEXED BY SQLite may index the whole table
    "JOIN cards c INDEXED BY cards_set_number "
    "ON c.set_id = w.set_id AND c.number_key = w.number_key ORDER BY c.rowid"
)


@frozen
class PrintFacts:
    """What a lookup by set and number reads of a print before building it."""

    id: str
    name: str
    set_id: str
    supertype: str


def prints_at(
    db: sqlite3.Connection, wanted: Iterable[tuple[str, str]]
) -> dict[tuple[str, str], list[PrintFacts]]:
    """The prints at each ``(set id, number)`` (numbers compared as ``number_key`` does),
    keyed by ``(set id, number_key(number))``; an empty list where there are none."""
    keys = sorted({(set_id, number_key(number)) for set_id, number in wanted})
    found: dict[tuple[str, str], list[PrintFacts]] = {key: [] for key in keys}
    for start in range(0, len(keys), 5000):
        chunk = json.dumps(keys[start : start + 5000])
        for card_id, name, set_id, key, supertype in db.execute(_AT, (chunk,)):
            found[(set_id, key)].append(PrintFacts(card_id, name, set_id, supertype))
    return found
