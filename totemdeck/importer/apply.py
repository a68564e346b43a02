"""The importer alone writes: it runs a source's ``fetch`` and stores each record it yields.

Each record is stored before the source is resumed, so a source that reads its state after
yielding sees its own records (TCGdex counts its staged cards after staging them). When
the source is done, the importer notes where it came from and when.
"""

from __future__ import annotations

import time

from totemdeck.catalogue.rows import staged_source
from totemdeck.catalogue.state import SourceState
from totemdeck.catalogue.writes import CatalogueWrites
from totemdeck.sources.http import Location
from totemdeck.sources.interface import CardSource, ImportOptions, ImportSummary, Progress
from totemdeck.sources.records import (
    PrimaryCards,
    PrimaryCardsGone,
    PrimarySet,
    Record,
    StagedCards,
    StagedCardsGone,
    StagedNames,
    StagedSetRecord,
    StagedTextRows,
    StagedTextsGone,
)

__all__ = ["import_source", "store"]


def import_source(
    writer: CatalogueWrites,
    source: CardSource,
    location: Location,
    options: ImportOptions,
    progress: Progress,
) -> ImportSummary:
    """Fetch ``source`` from ``location``, storing what it yields; its summary."""
    fetched = source.fetch(SourceState(writer, source.name), location, options, progress)
    try:
        while True:
            try:
                record = next(fetched)
            except StopIteration as done:
                summary: ImportSummary = done.value
                break
            store(writer, source.name, record)
    finally:
        fetched.close()  # an interrupted import stops the source's downloads at once
    writer.set_meta(f"{source.name}_imported_from", location.origin)
    writer.set_meta(
        f"{source.name}_imported_at", time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    )
    return summary


def store(writer: CatalogueWrites, source: str, record: Record) -> None:
    """Write one record a source yielded through the writer's named method."""
    match record:
        case PrimarySet():
            writer.put_set(record.record, source, record.updated_at, record.etag)
        case PrimaryCards():
            writer.put_rows(record.rows)
        case PrimaryCardsGone():
            writer.delete_cards(record.card_ids)
        case StagedSetRecord():
            name = staged_source(source, record.lang)
            writer.stage_set(name, record.set_id, record.etag, record.checked, record.data)
        case StagedCards():
            writer.stage_cards(source, record.rows)
        case StagedCardsGone():
            writer.unstage_cards(source, record.card_ids)
        case StagedNames():
            writer.stage_names(source, record.lang, record.names, replace=record.replace)
        case StagedTextRows():
            writer.texts().stage(source, record.lang, record.rows)
        case StagedTextsGone():
            writer.texts().unstage(source, record.lang, record.card_ids)
