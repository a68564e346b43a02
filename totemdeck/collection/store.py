"""A collection read once and kept: ``totemdeck collection import`` reads each file as
``--collection`` would and stores every row with where it came from
(``catalogue.collection_store``); ``--collection stored`` and the other commands then read
the stored rows instead of the file, and ``check`` only those of the names its deck asks
for (an index by name key), so a binder of 8,645 rows costs a check what its deck's names
cost.

Rows are stored as they are read (a stream), so a million-row file imports in the memory
of a batch, with progress every 50,000 rows.
"""

from __future__ import annotations

import datetime
import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import BinaryIO

from totemdeck.catalogue.collection_store import CollectionStore, StoredRow, StoreWriter
from totemdeck.catalogue.model import Card
from totemdeck.catalogue.read import Catalogue
from totemdeck.collection.model import Collection, CollectionError, Holding, Summary
from totemdeck.collection.owned import holding_name
from totemdeck.findings import Finding
from totemdeck.i18n import _

__all__ = ["import_streams", "stored_collection", "stored_summaries"]

_BATCH = 5_000


def _digest(stream: BinaryIO) -> str:
    import hashlib  # here: OpenSSL's loading is a check's cost, and only an import digests

    digest = hashlib.sha256()
    while chunk := stream.read(1 << 20):
        digest.update(chunk)
    stream.seek(0)
    return digest.hexdigest()


def _stored(source: int, holding: Holding, note: str | None) -> StoredRow:
    ids = " ".join(card.id for card in holding.candidates)
    return source, holding.line, holding.count, holding_name(holding.candidates[0]), ids, note


def _store_one(
    writer: StoreWriter,
    stream: BinaryIO,
    name: str,
    catalogue: Catalogue,
    progress: Callable[[int], None] | None,
) -> Summary:
    from totemdeck.collection.read import read_collection_file, read_rows

    now = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
    digest = _digest(stream)
    found = read_rows(stream, name, catalogue, progress)
    if found is None:  # a list of cards: small enough to read whole, as --collection does
        stream.seek(0)
        collection = read_collection_file(stream, name, catalogue)
        listed = collection.summary or Summary("text", "", 0, 0, 0, 0)
        notes = dict(collection.readings)
        results: Iterator[tuple[Holding | None, Finding | None, str | None]] = itertools.chain(
            ((h, None, notes.get(h.line)) for h in collection.holdings),
            ((None, f, None) for f in collection.findings),
        )

        def done() -> Summary:
            return listed

    else:
        results, done = found
    source = writer.add_source((name, digest, now, "", "", 0, 0, 0, 0, 0, 0, ""))
    while batch := list(itertools.islice(results, _BATCH)):
        writer.add_holdings(_stored(source, h, n) for h, _f, n in batch if h is not None)
        writer.add_problems(
            (source, f.line or 0, f.code, f.message) for _h, f, _n in batch if f is not None
        )
    summary = done()
    if not summary.matched:
        raise CollectionError(
            _("{source}: none of its {rows} rows matches a card; nothing stored").format(
                source=name, rows=summary.rows
            )
        )
    counts = (summary.rows, summary.matched, summary.unreadable, summary.guessed,
              summary.skipped, int(summary.one_copy))  # fmt: skip
    writer.update_source(source, (summary.kind, summary.title, summary.note), counts)
    return summary


def _told(progress: Callable[[str, int], None] | None, name: str) -> Callable[[int], None] | None:
    if progress is None:
        return None
    return lambda rows: progress(name, rows)


def import_streams(
    files: Sequence[tuple[str, BinaryIO]],
    catalogue: Catalogue,
    folder: Path,
    add: bool = False,
    progress: Callable[[str, int], None] | None = None,
) -> list[Summary]:
    """Store these files as the collection (``add``: beside the files stored already, a file
    of the same name replaced); the summary of each. The caller holds the writers' lock."""
    summaries = []
    with StoreWriter(folder, keep=add, replacing=[name for name, _s in files]) as writer:
        for name, stream in files:
            told = _told(progress, name)
            summaries.append(_store_one(writer, stream, name, catalogue, told))
    return summaries


def _holdings(
    catalogue: Catalogue,
    rows: Iterable[StoredRow],
    gone: list[Finding],
    notes: list[tuple[int, str]],
) -> list[Holding]:
    """Stored rows as holdings; a print id the catalogue no longer has is said, not dropped."""
    rows = list(rows)
    cards = {c.id: c for c in catalogue.get_many(i for row in rows for i in row[4].split())}
    holdings = []
    for _source, line, count, _name, ids, note in rows:
        known: tuple[Card, ...] = tuple(cards[i] for i in ids.split() if i in cards)
        if known:
            holdings.append(Holding(line, count, known))
            if note:
                notes.append((line, note))
        else:
            message = _("line {line}: {ids} is no longer in the catalogue").format(
                line=line, ids=ids
            )
            gone.append(Finding("unknown-card", message, line))
    return holdings


def stored_summaries(folder: Path) -> list[tuple[str, str, Summary]] | None:
    """(file, when imported, summary) of each stored file; None when nothing is stored."""
    store = CollectionStore.open(folder)
    if store is None:
        return None
    try:
        return [
            (row[1], row[3], Summary(row[4], row[5], *row[6:11], bool(row[11]), note=row[12]))
            for row in store.sources()
        ]
    finally:
        store.close()


def _open(folder: Path) -> CollectionStore:
    store = CollectionStore.open(folder)
    if store is None:
        raise CollectionError(
            _(
                "no stored collection in {folder}/ (run `totemdeck collection import FILE` "
                "first, or give --collection FILE)"
            ).format(folder=folder)
        )
    return store


def stored_collection(
    catalogue: Catalogue, folder: Path, names: Iterable[str] | None = None, lazy: bool = False
) -> Collection:
    """The stored collection (``names``: only the rows of these name keys, ``holding_name``;
    ``lazy``: none yet, and a ``loader`` that fetches those a deck's names need); its
    problems are the stored rows' that matched no card."""
    store = _open(folder)
    try:
        gone: list[Finding] = []
        notes: list[tuple[int, str]] = []
        rows = iter(()) if lazy else store.holdings(names)
        holdings = _holdings(catalogue, rows, gone, notes)
        findings = [Finding(code, message, line) for _s, line, code, message in store.problems()]
        sources = store.sources()
    finally:
        store.close()
    counts = [sum(row[i] for row in sources) for i in range(6, 11)]  # type: ignore[misc]
    rows_read, matched, unreadable, guessed, skipped = counts
    summary = Summary("stored", _("the stored collection"), rows_read, matched, unreadable,
                      guessed, skipped)  # fmt: skip
    where = ", ".join(str(row[1]) for row in sources)

    def loader(wanted: Iterable[str]) -> Collection:
        return stored_collection(catalogue, folder, wanted)

    return Collection(
        where, "stored", tuple(holdings), tuple(findings + gone), tuple(notes), summary,
        loader if lazy else None,
    )  # fmt: skip
