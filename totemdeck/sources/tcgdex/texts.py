"""The whole card in other languages: each listed card's document in ``lang``, staged as text.

Names come from the set listings (one request a set); the rest of a Spanish card (attacks,
abilities, effects, set name, rarity …) only from its own document, one request a card. As
for English cards, a set whose listing is unchanged and whose cards were checked lately
costs no card request; other cards are asked for conditionally (the ETag kept with the
staged text). Texts whose card the (complete) listing no longer has are dropped. Each set's
listing ETag and check time are kept as a staged set of the source ``tcgdex-<lang>``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple

from totemdeck.catalogue.rows import canonical_json
from totemdeck.files.schemas import first_error, is_valid_fast
from totemdeck.sources.http import Fetched, FetchError
from totemdeck.sources.interface import (
    ImportOptions,
    ImportSummary,
    Progress,
    RejectedCard,
    SkippedSet,
)
from totemdeck.sources.records import Record, StagedSetRecord, StagedTextRows, StagedTextsGone
from totemdeck.sources.tcgdex.client import TcgdexClient, fetch_all
from totemdeck.sources.tcgdex.localized import text_record

if TYPE_CHECKING:
    from totemdeck.catalogue.state import SourceState


class Listing(NamedTuple):
    """One set's card list in a language: its ETag and the ids it lists."""

    etag: str | None
    card_ids: list[str]


def _stale_sets(
    state: SourceState, lang: str, listings: dict[str, Listing], options: ImportOptions
) -> list[str]:
    """The sets whose cards' texts are fetched (conditionally): a listing that changed, a
    card not staged yet, or cards last checked over ``revalidate_days`` ago (or ``force``)."""
    checked = state.staged_sets(lang)
    staged = state.text_etags(lang)
    fresh_after = (dt.datetime.now(dt.UTC) - dt.timedelta(days=options.revalidate_days)).isoformat()
    stale = []
    for set_id, listing in listings.items():
        before = checked.get(set_id)
        if (
            options.force
            or before is None
            or before.etag != listing.etag
            or not before.cards_checked
            or before.cards_checked < fresh_after
            or any(card_id not in staged for card_id in listing.card_ids)
        ):
            stale.append(set_id)
    return stale


def text_changes(
    state: SourceState,
    client: TcgdexClient,
    lang: str,
    listings: dict[str, Listing],
    complete: bool,
    options: ImportOptions,
    summary: ImportSummary,
    progress: Progress,
) -> Iterator[Record]:
    """Fetch (conditionally) the text of each card of the stale sets in ``lang``, to stage.
    ``complete``: every set listed, so texts of cards no set lists any more are dropped."""
    known = state.text_etags(lang)
    stale = _stale_sets(state, lang, listings, options)
    card_ids = [card_id for set_id in stale for card_id in listings[set_id].card_ids]

    def fetch(card_id: str) -> Fetched:
        return client.card(lang, card_id, None if options.force else known.get(card_id))

    rows: list[tuple[str, str | None, str]] = []
    failed: set[str] = set()
    progress.start(len(card_ids), f"tcgdex {lang}")
    for card_id, result in fetch_all(fetch, card_ids, options.workers):
        progress.advance(card_id)
        summary.requests += 1
        if isinstance(result, FetchError):
            summary.skipped.append(SkippedSet(f"{lang}/{card_id}", str(result)))
            failed.add(card_id)
        elif not result.not_modified:
            summary.bytes_downloaded += result.nbytes
            row = _row(card_id, lang, result, summary)
            if row is not None:
                rows.append(row)
    progress.finish()
    yield from _keep(lang, listings, stale, failed)
    before = state.text_data(lang) if rows else {}
    changed = [row for row in rows if before.get(row[0]) != row[2]]
    yield StagedTextRows(lang, rows)
    listed = {card_id for listing in listings.values() for card_id in listing.card_ids}
    gone = [i for i in known if i not in listed] if complete else []
    yield StagedTextsGone(lang, gone)
    if changed or gone:
        summary.updated_names += 1  # the merge derives the prints' texts again


def _keep(
    lang: str, listings: dict[str, Listing], stale: list[str], failed: set[str]
) -> Iterator[Record]:
    """Remember each fetched set's listing ETag and when its cards were checked (not for a
    set with a failed card: the next import asks again)."""
    now = dt.datetime.now(dt.UTC).isoformat()
    for set_id in stale:
        listing = listings[set_id]
        if not failed.intersection(listing.card_ids):
            yield StagedSetRecord(set_id, listing.etag, now, {}, lang=lang)


def _row(
    card_id: str, lang: str, fetched: Fetched, summary: ImportSummary
) -> tuple[str, str | None, str] | None:
    """The staged row of one fetched card document; None (a rejection) when malformed."""
    try:
        record = text_record(fetched.data, lang)
    except (KeyError, TypeError, AttributeError, ValueError, RecursionError) as exc:
        reason = f"malformed card ({exc!r})"[:300]
        summary.rejected.append(RejectedCard(f"{lang}/{card_id}", reason))
        return None
    if not is_valid_fast("card_text", record):
        reason = first_error("card_text", record) or "invalid record"
        summary.rejected.append(RejectedCard(f"{lang}/{card_id}", reason))
        return None
    return card_id, fetched.etag, canonical_json(record)
