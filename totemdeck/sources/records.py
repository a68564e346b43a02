"""What a source yields: the records it fetched and the incremental state to keep, as data.

A source never writes. Its ``fetch`` reads what the last import kept (a ``SourceState``)
and yields these values; the importer stores each one (``importer/apply.py``) before the
source goes on, so a source that reads after yielding sees what it yielded. A source's
prints are the catalogue's records (``PrimarySet``, ``PrimaryCards`` …) or, for a merged
source, staged for the merge (``Staged…``); ``lang`` names another language's listing.
"""

from __future__ import annotations

from typing import Any

from totemdeck.base.records import frozen
from totemdeck.catalogue.rows import CardRow, StagedCardRow

__all__ = [
    "PrimaryCards",
    "PrimaryCardsGone",
    "PrimarySet",
    "Record",
    "StagedCards",
    "StagedCardsGone",
    "StagedNames",
    "StagedSetRecord",
    "StagedTextRows",
    "StagedTextsGone",
]


@frozen
class PrimarySet:
    """A set record, with the ``updatedAt`` and ETag that tell a later import it changed."""

    record: dict[str, Any]
    updated_at: str | None
    etag: str | None


@frozen
class PrimaryCards:
    """New or changed card rows (``catalogue.rows.card_row``)."""

    rows: list[CardRow]


@frozen
class PrimaryCardsGone:
    """Cards the source no longer has."""

    card_ids: list[str]


@frozen
class StagedSetRecord:
    """A merged source's set (or, with ``lang``, its listing in that language): the ETag,
    when its cards were last checked, and its data."""

    set_id: str
    etag: str | None
    checked: str
    data: dict[str, Any]
    lang: str | None = None


@frozen
class StagedCards:
    """New or changed staged card rows (``catalogue.rows.staged_card_row``)."""

    rows: list[StagedCardRow]


@frozen
class StagedCardsGone:
    """Staged cards their set no longer lists."""

    card_ids: list[str]


@frozen
class StagedNames:
    """``(card id, lang, name)`` rows; ``replace``: a complete listing drops the old ones."""

    lang: str
    names: list[tuple[str, str, str]]
    replace: bool


@frozen
class StagedTextRows:
    """Each card's whole text in ``lang``: ``(card id, etag, text record JSON)`` rows."""

    lang: str
    rows: list[tuple[str, str | None, str]]


@frozen
class StagedTextsGone:
    """Texts in ``lang`` of cards no listing has any more."""

    lang: str
    card_ids: list[str]


Record = (
    PrimarySet
    | PrimaryCards
    | PrimaryCardsGone
    | StagedSetRecord
    | StagedCards
    | StagedCardsGone
    | StagedNames
    | StagedTextRows
    | StagedTextsGone
)
