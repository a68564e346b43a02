"""TCGdex as a ``CardSource``: English records staged for the merge, other languages' cards.

Tens of thousands of card requests: a bounded pool of concurrent requests on one Session,
conditional requests (each card's ETag, or a local file's size and mtime) so a second run
fetches no unchanged card. Other languages add names, read from each set's card list (one
request a set), and each card's whole text (``texts.py``, one conditional request a card).
Its records are staged and merged into pokemon-tcg-data's by ``totemdeck.importer.merge``.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Generator, Iterator
from typing import TYPE_CHECKING, Any

from totemdeck.catalogue.rows import StagedCardRow, canonical_json, staged_card_row
from totemdeck.files.schemas import first_error, is_valid_fast
from totemdeck.i18n import _
from totemdeck.sources.http import Fetched, FetchError, Location, check_segment
from totemdeck.sources.interface import (
    ImportFailed,
    ImportOptions,
    ImportSummary,
    Progress,
    RejectedCard,
    SkippedSet,
    SourceBase,
)
from totemdeck.sources.records import (
    Record,
    StagedCards,
    StagedCardsGone,
    StagedNames,
    StagedSetRecord,
)
from totemdeck.sources.tcgdex import DEFAULT_URL, SOURCE_NAME
from totemdeck.sources.tcgdex.client import TcgdexClient, fetch_all
from totemdeck.sources.tcgdex.texts import Listing, text_changes
from totemdeck.sources.tcgdex.transform import (
    card_record,
    card_updated,
    listed_names,
    staged_set,
)

if TYPE_CHECKING:
    from totemdeck.catalogue.state import SourceState


class TcgdexSource(SourceBase):
    """TCGdex (api.tcgdex.net/v2): the newest sets and the cards' names in other languages."""

    name = SOURCE_NAME
    default_url = DEFAULT_URL
    layout_marker = "en/sets.json"
    merged = True
    # TCGdex writes Retreat Cost 0 as ``retreat: 0``; a record without ``retreat`` says
    # nothing (95 of them are prints pokemon-tcg-data gives a cost of 1 or more).
    retreat_when_silent: int | None = None

    def fetch(
        self,
        state: SourceState,
        location: Location,
        options: ImportOptions,
        progress: Progress,
    ) -> Generator[Record, None, ImportSummary]:
        return fetch_tcgdex(state, location, options, progress)


SOURCE = TcgdexSource()


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def fetch_tcgdex(
    state: SourceState, location: Location, options: ImportOptions, progress: Progress
) -> Generator[Record, None, ImportSummary]:
    """Fetch every English TCGdex card (conditionally) and the names in ``options.langs``."""
    started = time.perf_counter()
    force, workers = options.force, options.workers
    summary = ImportSummary(source=SOURCE_NAME, origin=location.origin)
    client = TcgdexClient(location)
    try:
        listed = client.sets("en")
    except FetchError as exc:
        raise ImportFailed(
            _("cannot read the TCGdex set list: {reason}").format(reason=exc), summary
        ) from exc
    summary.requests += 1
    summary.sets = len(listed)
    set_ids = []
    for entry in listed:
        try:
            set_ids.append(check_segment(str(entry.get("id", "")), "set id"))
        except FetchError as exc:
            summary.skipped.append(SkippedSet(str(entry.get("id")), str(exc)))
    stored = state.staged_sets()
    fresh_after = (_now() - dt.timedelta(days=options.revalidate_days)).isoformat()

    def fetch_set(set_id: str) -> Fetched:
        etag = None if force or set_id not in stored else stored[set_id].etag
        return client.set_fetched("en", set_id, etag)

    details: dict[str, dict[str, Any]] = {}
    for set_id, result in fetch_all(fetch_set, set_ids, workers):
        summary.requests += 1
        if isinstance(result, FetchError):
            summary.skipped.append(SkippedSet(set_id, str(result)))
            continue
        summary.bytes_downloaded += result.nbytes
        if result.not_modified:
            checked, data = stored[set_id].cards_checked, stored[set_id].data
            if checked and checked >= fresh_after and _complete(state, set_id, data["cards"]):
                summary.sets_unchanged += 1
                summary.unchanged += len(data["cards"])
                continue
            details[set_id] = {"_stored": data, "_etag": result.etag}
        else:
            details[set_id] = {**result.data, "_etag": result.etag}
    yield from _card_changes(state, client, details, summary, force, progress, workers)
    for lang in options.langs:
        if lang != "en":
            names = _name_changes(state, client, lang, summary, workers)
            summary.names[lang], listings, complete = yield from names
            yield from text_changes(
                state, client, lang, listings, complete, options, summary, progress
            )
    summary.names["en"] = state.count_staged_cards()
    summary.seconds = time.perf_counter() - started
    return summary


def _card_changes(
    state: SourceState,
    client: TcgdexClient,
    details: dict[str, dict[str, Any]],
    summary: ImportSummary,
    force: bool,
    progress: Progress,
    workers: int,
) -> Iterator[Record]:
    """Every card of every fetched set: conditional fetch, transform, validate, diff."""
    known = state.staged_cards()
    set_of = yield from _set_changes(state, details, summary)
    progress.start(len(set_of), "tcgdex cards")

    def fetch(card_id: str) -> Fetched:
        etag = None if force else (known.get(card_id) or (None, None))[0]
        return client.card("en", card_id, etag)

    rows: list[StagedCardRow] = []
    for card_id, result in fetch_all(fetch, list(set_of), workers):
        progress.advance(card_id)
        summary.requests += 1
        if isinstance(result, FetchError):
            summary.skipped.append(SkippedSet(card_id, f"card {card_id}: {result}"))
        elif result.not_modified:
            summary.unchanged += 1
        else:
            summary.bytes_downloaded += result.nbytes
            row = _card_row(card_id, result, set_of[card_id], known.get(card_id), summary)
            if row is not None:
                rows.append(row)
    progress.finish()
    yield StagedCards(rows)


def _set_changes(
    state: SourceState, details: dict[str, dict[str, Any]], summary: ImportSummary
) -> Generator[Record, None, dict[str, dict[str, Any]]]:
    """Keep each fetched set and drop cards it no longer lists; its cards → their set record."""
    wanted: dict[str, dict[str, Any]] = {}
    checked = _now().isoformat()
    for set_id, raw_set in details.items():
        try:
            data = raw_set["_stored"] if "_stored" in raw_set else staged_set(raw_set)
        except (KeyError, TypeError, AttributeError, ValueError, RecursionError) as exc:
            summary.skipped.append(SkippedSet(set_id, f"malformed set ({exc!r})"[:300]))
            continue
        yield StagedSetRecord(set_id, raw_set.get("_etag"), checked, data)
        if data["cards"]:
            summary.sets_downloaded += 1
        ids = set(data["cards"])
        gone = [i for i in state.staged_card_ids(set_id) if i not in ids]
        yield StagedCardsGone(gone)
        summary.removed += len(gone)
        wanted.update((card_id, data["record"]) for card_id in data["cards"])
    return wanted


def _card_row(
    card_id: str,
    fetched: Fetched,
    card_set: dict[str, Any],
    before: tuple[str | None, str] | None,
    summary: ImportSummary,
) -> StagedCardRow | None:
    """The staged row of a fetched card, counted as added, updated or unchanged; None (and
    a rejection in the summary) when it is malformed or breaks the card schema."""
    raw = fetched.data
    try:
        record = card_record(raw, card_set)
    except (KeyError, TypeError, AttributeError, ValueError, RecursionError) as exc:
        summary.rejected.append(RejectedCard(card_id, f"malformed card ({exc!r})"[:300]))
        return None
    if not is_valid_fast("card", record):
        reason = first_error("card", record) or "invalid record"
        summary.rejected.append(RejectedCard(card_id, reason))
        return None
    text = canonical_json(record)
    if before is None:
        summary.added += 1
    elif before[1] == text:
        summary.unchanged += 1
    else:
        summary.updated += 1
    return staged_card_row(record, text, fetched.etag, card_updated(raw))


def _complete(state: SourceState, set_id: str, card_ids: list[str]) -> bool:
    """Every card the set lists is stored (a previous run may have failed on some)."""
    return set(state.staged_card_ids(set_id)) >= set(card_ids)


def _name_changes(
    state: SourceState,
    client: TcgdexClient,
    lang: str,
    summary: ImportSummary,
    workers: int,
) -> Generator[Record, None, tuple[int, dict[str, Listing], bool]]:
    """Names in ``lang`` from each set's card list: how many are kept, each set's listing
    (its ETag and card ids) and whether every set listed."""
    try:
        listed = client.sets(lang)
    except FetchError as exc:
        summary.skipped.append(SkippedSet(f"{lang}/sets", str(exc)))
        return 0, {}, False
    summary.requests += 1
    ids = [str(s.get("id")) for s in listed if s.get("id")]
    names: list[tuple[str, str, str]] = []
    listings: dict[str, Listing] = {}
    failed = False
    for set_id, result in fetch_all(lambda i: client.set_fetched(lang, i), ids, workers):
        summary.requests += 1
        if isinstance(result, FetchError):
            summary.skipped.append(SkippedSet(f"{lang}/{set_id}", str(result)))
            failed = True
            continue
        summary.bytes_downloaded += result.nbytes
        listed_here = listed_names(result.data, lang)
        names += listed_here
        listings[set_id] = Listing(result.etag, [card_id for card_id, _l, _n in listed_here])
    if state.staged_names(lang) != set(names):
        summary.updated_names += 1
        # a complete listing replaces the old one; a partial one only adds
        yield StagedNames(lang, names, replace=not failed)
    return len(names), listings, not failed
