"""Importing pokemon-tcg-data into an open ``CatalogueWriter``: incremental and validated.

I/O glue: the client fetches raw payloads, a pure transform turns them into records, each
record is validated against ``schemas/card.schema.json``, and only what changed is written.
"""

from __future__ import annotations

import time
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from totemdeck.catalogue.store import CatalogueWriter, canonical_json
from totemdeck.importer.summary import (
    ImportFailed,
    ImportSummary,
    NoProgress,
    Progress,
    RejectedCard,
    SkippedSet,
)
from totemdeck.schemas import first_error, is_valid_fast
from totemdeck.sources.http import FetchError, Location, check_segment
from totemdeck.sources.pokemontcg import DEFAULT_URL as POKEMONTCG_URL
from totemdeck.sources.pokemontcg.client import PokemonTcgClient
from totemdeck.sources.pokemontcg.transform import RawCard, card_record, set_record

# Concurrent downloads: raw GitHub serves many small files in parallel well; 8 hides most of
# the per-request latency of 162 set files without hammering the host (2026-11).
DEFAULT_WORKERS = 8


def import_pokemontcg_into(
    writer: CatalogueWriter,
    origin: str | None = None,
    *,
    force: bool = False,
    progress: Progress | None = None,
    location: Location | None = None,
    workers: int = DEFAULT_WORKERS,
) -> ImportSummary:
    """Import the pokemon-tcg-data dump found at ``origin`` (URL or folder) into ``writer``.

    A set whose ``updatedAt`` (or ETag) did not change is not downloaded again, unless
    ``force``. A set that cannot be fetched is recorded in ``summary.skipped`` and keeps its
    previous cards; the caller decides whether that fails the import.
    """
    progress = progress or NoProgress()
    started = time.perf_counter()
    origin = origin or POKEMONTCG_URL
    summary = ImportSummary(source="pokemontcg", origin=origin)
    location = location or Location(origin)
    client = PokemonTcgClient(location)
    try:
        raw_sets = client.sets()
    except FetchError as exc:
        raise ImportFailed(f"cannot read the set list: {exc}", summary) from exc
    summary.sets = len(raw_sets)
    summary.requests = 1
    with ThreadPoolExecutor(workers) as pool:
        progress.start(len(raw_sets), "pokemontcg sets")
        # Plan on this thread (SQLite), fetch and parse on the pool, store in set order.
        planned: list[tuple[dict[str, Any], dict[str, str], Any, Future[Any]]] = []
        for raw_set in raw_sets:
            set_id = str(raw_set.get("id", ""))
            try:
                check_segment(set_id)
                set_rec = set_record(raw_set)
            except FetchError as exc:
                summary.skipped.append(SkippedSet(set_id, str(exc)))
                progress.advance(set_id)
                continue
            except (KeyError, TypeError, AttributeError) as exc:
                summary.skipped.append(SkippedSet(set_id, f"malformed set entry ({exc!r})"))
                progress.advance(set_id)
                continue
            state = writer.set_state(set_id)
            existing = writer.existing_cards(set_id)
            updated_at = raw_set.get("updatedAt")
            if not force and state and existing and updated_at and state[0] == updated_at:
                summary.sets_unchanged += 1
                summary.unchanged += len(existing)
                progress.advance(set_id)
                continue
            etag = None if force or not state else state[1]
            planned.append((set_rec, existing, updated_at, pool.submit(client.cards, set_id, etag)))
        for set_rec, existing, updated_at, job in planned:
            set_id = set_rec["id"]
            progress.advance(set_id)
            summary.requests += 1
            try:
                raw_cards, fetched = job.result()
            except FetchError as exc:
                summary.skipped.append(SkippedSet(set_id, str(exc)))
                continue
            summary.bytes_downloaded += fetched.nbytes
            if raw_cards is None:  # 304 Not Modified
                summary.sets_unchanged += 1
                summary.unchanged += len(existing)
            else:
                summary.sets_downloaded += 1
                _store_set_cards(writer, raw_cards, set_rec, existing, summary)
            writer.put_set(set_rec, "pokemontcg", updated_at, fetched.etag)
        progress.finish()
    writer.set_meta("pokemontcg_imported_from", origin)
    writer.set_meta("pokemontcg_imported_at", time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
    summary.seconds = time.perf_counter() - started
    return summary


def _store_set_cards(
    writer: CatalogueWriter,
    raw_cards: list[RawCard],
    set_rec: dict[str, Any],
    existing: dict[str, str],
    summary: ImportSummary,
) -> None:
    """Transform, validate and diff one set's cards, then write what changed."""
    changed: list[tuple[dict[str, Any], str]] = []
    seen: set[str] = set()
    for raw in raw_cards:
        card_id = str(raw.get("id", "?")) if isinstance(raw, dict) else "?"
        reason = _reject_reason(raw, set_rec, card_id, seen)
        if isinstance(reason, str):
            summary.rejected.append(RejectedCard(card_id, reason))
            continue
        record, data = reason
        seen.add(card_id)
        before = existing.get(card_id)
        if before == data:
            summary.unchanged += 1
            continue
        if before is None:
            summary.added += 1
        else:
            summary.updated += 1
        changed.append((record, data))
    writer.put_cards(changed)
    gone = [card_id for card_id in existing if card_id not in seen]
    # A card rejected this time keeps its previous record rather than vanishing.
    gone = [c for c in gone if not any(r.card_id == c for r in summary.rejected)]
    writer.delete_cards(gone)
    summary.removed += len(gone)


def _reject_reason(
    raw: Any,
    set_rec: dict[str, Any],
    card_id: str,
    seen: set[str],
) -> str | tuple[dict[str, Any], str]:
    """The record and its JSON, or the one-line reason the card is rejected."""
    if card_id in seen:
        return "duplicate id in its set file"
    try:
        record = card_record(raw, set_rec)
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        return f"malformed card ({type(exc).__name__}: {exc})"
    if not is_valid_fast("card", record):
        return first_error("card", record) or "invalid record"
    return record, canonical_json(record)
