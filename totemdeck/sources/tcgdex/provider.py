"""Importing TCGdex into an open ``CatalogueWriter``: English records, other languages' names.

Tens of thousands of card requests: a bounded pool of concurrent requests on one Session,
conditional requests (each card's ETag, or a local file's size and mtime) so a second run
fetches no unchanged card. Other languages only add names, read from each set's card list
(one request a set instead of one a card).
"""

from __future__ import annotations

import datetime as dt
import json
import time
from typing import Any

from totemdeck.catalogue.names import name_key
from totemdeck.catalogue.read import CatalogueWriter, canonical_json, number_key
from totemdeck.importer.summary import (
    ImportFailed,
    ImportSummary,
    NoProgress,
    Progress,
    RejectedCard,
    SkippedSet,
)
from totemdeck.schemas import first_error, is_valid_fast
from totemdeck.sources.http import Fetched, FetchError, Location, check_segment
from totemdeck.sources.tcgdex import DEFAULT_URL as TCGDEX_URL
from totemdeck.sources.tcgdex.client import TcgdexClient, fetch_all
from totemdeck.sources.tcgdex.transform import card_record, set_record

# TCGdex is served from a CDN; 8 concurrent requests keep a full import to minutes without
# tripping its rate limits (2026-11). `--workers` changes it.
DEFAULT_WORKERS = 8
# The card lists of sets do not say when a card changed, so cards are revalidated with
# conditional requests: always for a set whose listing changed, otherwise at most this
# often (a card's text fix is rare; `--force` refetches everything).
REVALIDATE_DAYS = 7


def _set_data(raw_set: dict[str, Any]) -> dict[str, Any]:
    """What the merge needs of a TCGdex set: our set record plus TCGdex's own codes, and its
    card list (so an unchanged set needs no new listing)."""
    return {
        "record": set_record(raw_set),
        "abbreviation": (raw_set.get("abbreviation") or {}).get("official"),
        "tcg_online": raw_set.get("tcgOnline"),
        "serie": (raw_set.get("serie") or {}).get("id"),
        "cards": [
            str(c["id"]) for c in raw_set.get("cards") or [] if isinstance(c, dict) and c.get("id")
        ],
    }


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def import_tcgdex_into(
    writer: CatalogueWriter,
    origin: str | None = None,
    *,
    langs: tuple[str, ...] = ("en", "es"),
    force: bool = False,
    progress: Progress | None = None,
    location: Location | None = None,
    workers: int = DEFAULT_WORKERS,
    revalidate_days: float = REVALIDATE_DAYS,
) -> ImportSummary:
    """Fetch every English TCGdex card (conditionally) and the names in ``langs``."""
    progress = progress or NoProgress()
    started = time.perf_counter()
    origin = origin or TCGDEX_URL
    summary = ImportSummary(source="tcgdex", origin=origin)
    location = location or Location(origin)
    client = TcgdexClient(location)
    try:
        listed = client.sets("en")
    except FetchError as exc:
        raise ImportFailed(f"cannot read the TCGdex set list: {exc}", summary) from exc
    summary.requests += 1
    summary.sets = len(listed)
    set_ids = []
    for entry in listed:
        try:
            set_ids.append(check_segment(str(entry.get("id", "")), "set id"))
        except FetchError as exc:
            summary.skipped.append(SkippedSet(str(entry.get("id")), str(exc)))
    stored = {
        set_id: (etag, checked, json.loads(data))
        for set_id, etag, checked, data in writer.db.execute(
            "SELECT id, etag, cards_checked, data FROM tcgdex_sets"
        )
    }
    fresh_after = (_now() - dt.timedelta(days=revalidate_days)).isoformat()

    def fetch_set(set_id: str) -> Fetched:
        etag = None if force or set_id not in stored else stored[set_id][0]
        return client.set_fetched("en", set_id, etag)

    details: dict[str, dict[str, Any]] = {}
    for set_id, result in fetch_all(fetch_set, set_ids, workers):
        summary.requests += 1
        if isinstance(result, FetchError):
            summary.skipped.append(SkippedSet(set_id, str(result)))
            continue
        summary.bytes_downloaded += result.nbytes
        if result.not_modified:
            _etag, checked, data = stored[set_id]
            if checked and checked >= fresh_after and _complete(writer, set_id, data["cards"]):
                summary.sets_unchanged += 1
                summary.unchanged += len(data["cards"])
                continue
            details[set_id] = {"_stored": data, "_etag": result.etag}
        else:
            details[set_id] = {**result.data, "_etag": result.etag}
    _store_cards(writer, client, details, summary, force, progress, workers)
    for lang in langs:
        if lang != "en":
            summary.names[lang] = _store_names(writer, client, lang, summary, workers)
    summary.names["en"] = int(writer.db.execute("SELECT COUNT(*) FROM tcgdex_cards").fetchone()[0])
    writer.set_meta("tcgdex_imported_from", origin)
    writer.set_meta("tcgdex_imported_at", time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
    summary.seconds = time.perf_counter() - started
    return summary


def _store_cards(
    writer: CatalogueWriter,
    client: TcgdexClient,
    details: dict[str, dict[str, Any]],
    summary: ImportSummary,
    force: bool,
    progress: Progress,
    workers: int,
) -> None:
    """Every card of every fetched set: conditional fetch, transform, validate, diff, write."""
    db = writer.db
    known = {
        card_id: (etag, data)
        for card_id, etag, data in db.execute("SELECT id, etag, data FROM tcgdex_cards")
    }
    wanted: list[tuple[str, dict[str, Any]]] = []
    checked = _now().isoformat()
    for set_id, raw_set in details.items():
        try:
            data = raw_set["_stored"] if "_stored" in raw_set else _set_data(raw_set)
        except (KeyError, TypeError) as exc:
            summary.skipped.append(SkippedSet(set_id, f"malformed set ({exc!r})"))
            continue
        db.execute(
            "INSERT OR REPLACE INTO tcgdex_sets(id, etag, cards_checked, data) VALUES (?, ?, ?, ?)",
            (set_id, raw_set.get("_etag"), checked, json.dumps(data, ensure_ascii=False)),
        )
        if data["cards"]:
            summary.sets_downloaded += 1
        ids = set(data["cards"])
        gone = [i for i in _ids_in_set(writer, set_id) if i not in ids]
        db.executemany("DELETE FROM tcgdex_cards WHERE id = ?", ((i,) for i in gone))
        summary.removed += len(gone)
        wanted += [(card_id, data["record"]) for card_id in data["cards"]]
    progress.start(len(wanted), "tcgdex cards")
    set_of = dict(wanted)

    def fetch(card_id: str) -> Fetched:
        etag = None if force else (known.get(card_id) or (None, None))[0]
        return client.card("en", card_id, etag)

    rows: list[tuple[str, str, str, str, str | None, str | None, str]] = []
    for card_id, result in fetch_all(fetch, [i for i, _s in wanted], workers):
        progress.advance(card_id)
        summary.requests += 1
        if isinstance(result, FetchError):
            summary.skipped.append(SkippedSet(card_id, f"card {card_id}: {result}"))
            continue
        if result.not_modified:
            summary.unchanged += 1
            continue
        summary.bytes_downloaded += result.nbytes
        raw = result.data
        try:
            record = card_record(raw, set_of[card_id])
        except (KeyError, TypeError, AttributeError, ValueError) as exc:
            summary.rejected.append(RejectedCard(card_id, f"malformed card ({exc!r})"))
            continue
        if not is_valid_fast("card", record):
            reason = first_error("card", record) or "invalid record"
            summary.rejected.append(RejectedCard(card_id, reason))
            continue
        text = canonical_json(record)
        before = known.get(card_id)
        if before is None:
            summary.added += 1
        elif before[1] == text:
            summary.unchanged += 1
        else:
            summary.updated += 1
        rows.append(
            (
                card_id,
                record["set"]["id"],
                number_key(record["number"]),
                name_key(record["name"], record["supertype"]),
                result.etag,
                raw.get("updated"),
                text,
            )
        )
    progress.finish()
    db.executemany(
        "INSERT OR REPLACE INTO tcgdex_cards(id, set_id, number_key, name_key, etag, updated,"
        " data) VALUES (?, ?, ?, ?, ?, ?, ?)",
        rows,
    )


def _complete(writer: CatalogueWriter, set_id: str, card_ids: list[str]) -> bool:
    """Every card the set lists is stored (a previous run may have failed on some)."""
    return set(_ids_in_set(writer, set_id)) >= set(card_ids)


def _ids_in_set(writer: CatalogueWriter, set_id: str) -> list[str]:
    rows = writer.db.execute("SELECT id FROM tcgdex_cards WHERE set_id = ?", (set_id,))
    return [r[0] for r in rows]


def _store_names(
    writer: CatalogueWriter,
    client: TcgdexClient,
    lang: str,
    summary: ImportSummary,
    workers: int,
) -> int:
    """Names in ``lang`` from each set's card list; returns how many are kept."""
    try:
        listed = client.sets(lang)
    except FetchError as exc:
        summary.skipped.append(SkippedSet(f"{lang}/sets", str(exc)))
        return 0
    summary.requests += 1
    ids = [str(s.get("id")) for s in listed if s.get("id")]
    names: list[tuple[str, str, str]] = []
    failed = False
    for set_id, result in fetch_all(lambda i: client.set_fetched(lang, i), ids, workers):
        summary.requests += 1
        if isinstance(result, FetchError):
            summary.skipped.append(SkippedSet(f"{lang}/{set_id}", str(result)))
            failed = True
            continue
        summary.bytes_downloaded += result.nbytes
        for card in result.data.get("cards") or []:
            if isinstance(card, dict) and card.get("id") and card.get("name"):
                names.append((str(card["id"]), lang, str(card["name"]).strip()))
    before = set(
        writer.db.execute("SELECT card_id, lang, name FROM tcgdex_names WHERE lang = ?", (lang,))
    )
    if before != set(names):
        summary.updated_names += 1
        if not failed:  # a complete listing replaces the old one; a partial one only adds
            writer.db.execute("DELETE FROM tcgdex_names WHERE lang = ?", (lang,))
        writer.db.executemany(
            "INSERT OR REPLACE INTO tcgdex_names(card_id, lang, name) VALUES (?, ?, ?)", names
        )
    return len(names)
