"""pokemon-tcg-data as a ``CardSource``: incremental, validated, yielded for the importer.

I/O glue: the client fetches raw payloads, a pure transform turns them into records, each
record is validated against ``schemas/card.schema.json``, and only what changed is yielded.
Its prints are the catalogue's records (TCGdex is merged into them).
"""

from __future__ import annotations

import os
import time
from collections.abc import Generator, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from totemdeck.base.records import frozen
from totemdeck.catalogue.rows import CardRow, canonical_json, card_row
from totemdeck.files.schemas import first_error, is_valid_fast
from totemdeck.i18n import _, speaking
from totemdeck.sources.http import Fetched, FetchError, Location, check_segment, json_problem
from totemdeck.sources.interface import (
    ImportFailed,
    ImportOptions,
    ImportSummary,
    Progress,
    RejectedCard,
    SkippedSet,
    SourceBase,
)
from totemdeck.sources.pokemontcg import DEFAULT_URL, SOURCE_NAME
from totemdeck.sources.pokemontcg.client import PokemonTcgClient
from totemdeck.sources.pokemontcg.transform import (
    RawSet,
    card_record,
    set_record,
    set_updated_at,
)
from totemdeck.sources.pools import process_pool, thread_pool
from totemdeck.sources.records import PrimaryCards, PrimaryCardsGone, PrimarySet, Record

if TYPE_CHECKING:
    from totemdeck.catalogue.state import SourceState


class PokemonTcgSource(SourceBase):
    """pokemon-tcg-data (pokemontcg.io's dump on GitHub): the richest records, up to 2024."""

    name = SOURCE_NAME
    default_url = DEFAULT_URL
    layout_marker = "sets/en.json"
    # pokemon-tcg-data writes Retreat Cost 0 by leaving ``retreatCost`` out: of the 639
    # Pokémon prints it leaves without one that TCGdex states, 636 say 0 (the shared mirror,
    # 2026-12-01; tests/importer/test_numbers.py). So its silence is 0 when neither the other
    # source nor another print of the card states a cost (Ultra Necrozma-GX SM126: TCGdex 2).
    retreat_when_silent: int | None = 0

    def fetch(
        self,
        state: SourceState,
        location: Location,
        options: ImportOptions,
        progress: Progress,
    ) -> Generator[Record, None, ImportSummary]:
        return fetch_pokemontcg(state, location, options, progress)


SOURCE = PokemonTcgSource()


def fetch_pokemontcg(
    state: SourceState, location: Location, options: ImportOptions, progress: Progress
) -> Generator[Record, None, ImportSummary]:
    """Fetch the pokemon-tcg-data dump found at ``location``: yield what changed since
    ``state``, return the summary.

    A set whose ``updatedAt`` (or ETag) did not change is not downloaded again, unless
    ``force``. A set that cannot be fetched is recorded in ``summary.skipped`` and keeps its
    previous cards; the caller decides whether that fails the import.
    """
    started = time.perf_counter()
    summary = ImportSummary(source=SOURCE_NAME, origin=location.origin)
    client = PokemonTcgClient(location)
    try:
        raw_sets = client.sets()
    except FetchError as exc:
        raise ImportFailed(
            _("cannot read the set list: {reason}").format(reason=exc), summary
        ) from exc
    summary.sets = len(raw_sets)
    summary.requests = 1
    # Plan on this thread (SQLite), fetch on the thread pool, turn bytes into records
    # on the process pool (CPU), store in set order.
    with thread_pool(options.workers) as pool:
        progress.start(len(raw_sets), "pokemontcg sets")
        planned = _plan(state, client, raw_sets, pool, options.force, summary, progress)
        with _cpu_pool(len(planned)) as cpu:
            converted = [_convert(one, client, cpu, summary) for one in planned]
            for one, outcome in zip(planned, converted, strict=True):
                progress.advance(one.record["id"])
                yield from _changes(one, outcome, summary)
        progress.finish()
    summary.seconds = time.perf_counter() - started
    return summary


@frozen
class _Planned:
    """A set to download: its record, its stored cards' JSON, its ``updatedAt``, the job."""

    record: dict[str, Any]
    existing: dict[str, str]
    updated_at: str | None
    job: Future[Fetched]


def _plan(
    state: SourceState,
    client: PokemonTcgClient,
    raw_sets: list[RawSet],
    pool: ThreadPoolExecutor,
    force: bool,
    summary: ImportSummary,
    progress: Progress,
) -> list[_Planned]:
    """Start downloading every set that changed (conditionally); count the rest."""
    planned = []
    for raw_set in raw_sets:
        set_id = str(raw_set.get("id", ""))
        try:
            check_segment(set_id)
            set_rec = set_record(raw_set)
        except FetchError as exc:
            summary.skipped.append(SkippedSet(set_id, str(exc)))
            progress.advance(set_id)
            continue
        except (KeyError, TypeError, AttributeError, ValueError, RecursionError) as exc:
            summary.skipped.append(SkippedSet(set_id, f"malformed set entry ({exc!r})"))
            progress.advance(set_id)
            continue
        before = state.set_state(set_id)
        existing = state.existing_cards(set_id)
        updated_at = set_updated_at(raw_set)
        if not force and before and existing and updated_at and before[0] == updated_at:
            summary.sets_unchanged += 1
            summary.unchanged += len(existing)
            progress.advance(set_id)
            continue
        etag = None if force or not before else before[1]
        job = pool.submit(speaking(client.cards_raw), set_id, etag)  # messages in our language
        planned.append(_Planned(set_rec, existing, updated_at, job))
    return planned


# A set's download: the document and its records (None: 304), or why it failed.
_Outcome = tuple[Fetched, "Future[RecordRows | str] | None"] | str


def _convert(one: _Planned, client: PokemonTcgClient, cpu: Any, summary: ImportSummary) -> _Outcome:
    """Wait for a set's download and hand its bytes to the CPU pool."""
    summary.requests += 1
    try:
        fetched = one.job.result()
    except FetchError as exc:
        return str(exc)
    if fetched.not_modified:
        return fetched, None
    where = client.describe_cards(one.record["id"])
    return fetched, cpu.submit(records_of_set, fetched.data, one.record, where)


def _changes(one: _Planned, outcome: _Outcome, summary: ImportSummary) -> Iterator[Record]:
    """What changed in one set, or (in the summary) why it was skipped."""
    set_id = one.record["id"]
    if isinstance(outcome, str):
        summary.skipped.append(SkippedSet(set_id, outcome or "failed"))
        return
    fetched, records = outcome
    summary.bytes_downloaded += fetched.nbytes
    if records is None:  # 304 Not Modified
        summary.sets_unchanged += 1
        summary.unchanged += len(one.existing)
    else:
        result = records.result()
        if isinstance(result, str):  # the file was not a JSON list of cards
            summary.skipped.append(SkippedSet(set_id, result))
            return
        summary.sets_downloaded += 1
        yield from _set_rows(result, one.existing, summary)
    yield PrimarySet(one.record, one.updated_at, fetched.etag)


# Turning 18,000 cards into records (parse, transform, validate, serialise) is ~2 s of CPU;
# on a second core it overlaps the rest. Below this many sets the pool is not worth starting.
MIN_SETS_FOR_PROCESSES = 4


class _InlinePool:
    """``submit`` that runs at once: for small imports, or where processes are unavailable."""

    def __enter__(self) -> _InlinePool:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def submit(self, fn: Any, *args: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_result(fn(*args))
        return future


def _cpu_pool(sets: int) -> Any:
    workers = min(os.cpu_count() or 1, 4)
    if sets < MIN_SETS_FOR_PROCESSES or workers < 2:
        return _InlinePool()
    return process_pool(workers)


RecordRows = tuple[list[CardRow], list[tuple[str, str]]]


def records_of_set(raw: bytes, set_rec: dict[str, Any], where: str) -> RecordRows | str:
    """Bytes of one set file → (cards rows, rejected (id, reason)); a string if unreadable.

    Pure and picklable: it runs in a worker process.
    """
    parsed = json_problem(raw)
    if isinstance(parsed, str):  # nested too deep, a number too long, not JSON at all
        return f"{where}: not valid JSON ({parsed})"  # i18n: keep (runs in a worker process)
    cards = parsed.value
    if not isinstance(cards, list):
        return f"{where}: expected a JSON list of cards"
    rows: list[CardRow] = []
    rejected: list[tuple[str, str]] = []
    seen: set[str] = set()
    for number, raw_card in enumerate(cards, start=1):
        # a card without a usable id is named by its place in the file: "base1 #3"
        given = raw_card.get("id") if isinstance(raw_card, dict) else None
        card_id = given if isinstance(given, str) and given else f"{set_rec['id']} #{number}"
        reason = _reject_reason(raw_card, set_rec, card_id, seen)
        if isinstance(reason, str):
            rejected.append((card_id, reason))
            continue
        seen.add(card_id)
        record, data = reason
        rows.append(card_row(record, data))
    return rows, rejected


def _set_rows(
    result: RecordRows, existing: dict[str, str], summary: ImportSummary
) -> Iterator[Record]:
    """Diff one set's new rows against what is stored; what changed."""
    rows, rejected = result
    summary.rejected += [RejectedCard(card_id, reason) for card_id, reason in rejected]
    changed = []
    seen = set()
    for row in rows:
        card_id, data = row[0], row[-1]
        seen.add(card_id)
        before = existing.get(card_id)
        if before == data:
            summary.unchanged += 1
            continue
        if before is None:
            summary.added += 1
        else:
            summary.updated += 1
        changed.append(row)
    yield PrimaryCards(changed)
    # A card rejected this time keeps its previous record rather than vanishing.
    kept = {card_id for card_id, _reason in rejected}
    gone = [card_id for card_id in existing if card_id not in seen and card_id not in kept]
    yield PrimaryCardsGone(gone)
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
    except (KeyError, TypeError, AttributeError, ValueError, RecursionError) as exc:
        return f"malformed card ({type(exc).__name__}: {str(exc)[:200]})"
    if not is_valid_fast("card", record):
        return first_error("card", record) or "invalid record"
    return record, canonical_json(record)
