"""The rows of the catalogue's tables, built from card records, and what the writer hands
back: pure values, so they are built in worker processes and compared as text."""

from __future__ import annotations

import json
from typing import Any

from totemdeck.base.records import frozen
from totemdeck.catalogue.names import name_key
from totemdeck.catalogue.schema import number_key

__all__ = [
    "CardRow",
    "Print",
    "StagedCardRow",
    "StagedSet",
    "canonical_json",
    "card_row",
    "staged_card_row",
    "staged_source",
]

# ``cards`` columns: id, name, name_key, set_id, number_key, supertype, release_date,
# source, data (see ``card_row``).
CardRow = tuple[str, ...]
# ``staged_cards`` columns after the source: id, set_id, number_key, name_key, etag,
# updated, data (see ``staged_card_row``).
StagedCardRow = tuple[str, str, str, str, str | None, str | None, str]


@frozen
class StagedSet:
    """A merged source's set as stored: its validators and the source's own set data."""

    etag: str | None
    cards_checked: str | None  # ISO time its cards were last revalidated
    data: dict[str, Any]


@frozen
class Print:
    """What the merge needs of a print to match it: where it is and what it is called."""

    id: str
    set_id: str
    number_key: str
    name_key: str
    data: str = ""  # the record's JSON (staged prints only)


def card_row(record: dict[str, Any], data: str) -> CardRow:
    """The ``cards`` row of a record and its canonical JSON (pure: runs in worker processes)."""
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


def staged_card_row(
    record: dict[str, Any], data: str, etag: str | None, updated: str | None
) -> StagedCardRow:
    """The ``staged_cards`` row of a record, its canonical JSON and its HTTP validators."""
    return (
        record["id"],
        record["set"]["id"],
        number_key(record["number"]),
        name_key(record["name"], record["supertype"]),
        etag,
        updated,
        data,
    )


def canonical_json(record: dict[str, Any]) -> str:
    """The stored form of a record: stable, so equal records compare equal as text.

    Transforms build records with a fixed key order, so no ``sort_keys`` (it costs ~40%).
    """
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def staged_source(source: str, lang: str | None) -> str:
    """Under which source name a merged source's listing in ``lang`` is staged."""
    return source if lang is None else f"{source}-{lang}"
