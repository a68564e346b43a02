"""Reading a collection file: a table of cards (CSV/TSV, ``.xlsx``/``.ods``, JSON; any app's
export or a sheet of one's own, ``table``, ``columns``, ``formats``), or any list ``check``
reads (counts = copies owned), into the prints each row can be.

Every row ends in one of three places, and the summary counts them: matched to one card (a
holding), matched by a reading that is not the row's own words (a holding and a reading
that says how: "guessed"), or unreadable (a finding with its line and why). A file that
holds no table and no card at all — a picture, an empty sheet, a page of prose — is
refused in one line (``CollectionError``, exit 2), never read as an empty collection.

Rows are read as a stream (``read_rows``) so an import of a million rows holds only the
rows it has not yet stored; a memo makes a row written again (the same card in two
binders) cost a dictionary lookup.
"""

from __future__ import annotations

import io
import itertools
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import BinaryIO

from totemdeck.catalogue.lru import LRU
from totemdeck.catalogue.model import Card
from totemdeck.catalogue.read import Catalogue
from totemdeck.collection import formats
from totemdeck.collection.gcpause import paused_gc
from totemdeck.collection.match import copies, row_line
from totemdeck.collection.model import Collection, CollectionError, Holding, Summary
from totemdeck.collection.quick import exact_prints
from totemdeck.collection.sets import SetNames
from totemdeck.collection.table import MAX_LINE, NotATable, Table, TableError, open_table
from totemdeck.decklist import Resolver, parse
from totemdeck.decklist.read import decode, repair_mojibake
from totemdeck.decklist.resolved import ResolvedDeck, ResolvedLine
from totemdeck.findings import Finding
from totemdeck.i18n import _

__all__ = [
    "CollectionError",
    "RowResult",
    "read_collection_file",
    "read_collection_text",
    "read_rows",
]

_MEMO = 65_536  # distinct rows remembered while reading one file
_BATCH = 500  # rows read at a time


RowResult = tuple[Holding | None, Finding | None, str | None]


class _Rows:
    """Reads the rows of one file: the resolver, the set names, the memo of readings."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.resolver = Resolver(catalogue)
        self.sets = SetNames(catalogue.sets().values())
        self.memo: LRU[tuple[object, ...], tuple[tuple[Card, ...], str | None]] = LRU(_MEMO)

    def read(self, row: formats.CsvRow) -> RowResult:
        key = (row.name, row.number, row.set_names, row.set_code, row.artist, row.rarity)
        count = copies(row.count)
        known = self.memo.get(key) if isinstance(count, int) and row.name else None
        if known is not None and isinstance(count, int):
            return Holding(row.line, count, known[0]), None, known[1]
        resolved, finding, note = row_line(row, self.resolver, self.sets)
        if resolved is None:
            return None, finding, None
        said = note or resolved.note or None
        self.memo.put(key, (resolved.candidates, said))
        return Holding(row.line, resolved.line.count, resolved.candidates), finding, said


def _summary(kind: str, title: str, counts: list[int], **more: object) -> Summary:
    rows, matched, unreadable, guessed = counts[:4]
    return Summary(kind, title, rows, matched, unreadable, guessed, **more)  # type: ignore[arg-type]


def _table_summary(
    table: Table, preset: formats.Preset, counts: list[int], skipped: int
) -> Summary:
    """A table's summary: the counts, the columns read for each role, no count column."""
    layout = table.layout
    roles = ("id", "name", "set", "code", "number", "count" if layout.named("count") else "total")
    columns = tuple((r, layout.named(r)) for r in roles if layout.named(r))
    if preset.more_counts:
        columns = (*tuple(c for c in columns if c[0] != "count"), ("count", preset.more_counts))
    counted = layout.first("count") is not None or layout.first("total") is not None
    one_copy = not counted and not preset.more_counts
    return _summary(table.kind, preset.title, counts, skipped=skipped, one_copy=one_copy,
                    columns=columns, note=table.note)  # fmt: skip


def read_rows(
    stream: BinaryIO,
    source: str,
    catalogue: Catalogue,
    progress: Callable[[int], None] | None,
    max_lines: int | None = None,
) -> tuple[Iterator[RowResult], Callable[[], Summary]] | None:
    """The rows of the table in ``stream``, read one by one, and a function giving the
    summary once they are all read; None when the file holds no table (a list to read as
    a decklist)."""
    try:
        table = open_table(stream, source, max_lines)
    except (NotATable, TableError) as exc:
        raise CollectionError(str(exc)) from exc
    if table is None:
        return None
    preset = formats.preset_of(table.header)
    counts, skipped = [0, 0, 0, 0], [0]
    reader = _Rows(catalogue)

    def results() -> Iterator[RowResult]:
        try:
            rows = formats.rows(table, preset, skipped)
            while batch := list(itertools.islice(rows, _BATCH)):
                yield from _each(batch)
        except TableError as exc:
            raise CollectionError(str(exc)) from exc

    def _each(batch: list[formats.CsvRow]) -> Iterator[RowResult]:
        for row in batch:
            holding, finding, note = reader.read(row)
            counts[0] += 1
            counts[1] += holding is not None
            counts[2] += finding is not None
            counts[3] += note is not None
            if progress is not None and counts[0] % 50_000 == 0:
                progress(counts[0])
            yield holding, finding, note

    def summary() -> Summary:
        return _table_summary(table, preset, counts, skipped[0])

    return results(), summary


def preset_key(summary: Summary) -> str:
    """The key of the app a summary names (``Collection.format``)."""
    every = (*formats.PRESETS, formats.GENERIC)
    return next((p.key for p in every if p.title == summary.title), formats.GENERIC.key)


def _refuse_empty(collection: Collection, source: str) -> Collection:
    """A file in which no row is a card is no collection: say what it is instead."""
    summary = collection.summary
    if summary is None or summary.matched:
        return collection
    first = collection.findings[0].message if collection.findings else ""
    if summary.kind == "text":
        raise CollectionError(
            _("{source}: no line of it is a card ({first}); not a collection").format(
                source=source, first=first or _("no lines")
            )
        )
    if summary.rows == 0:
        raise CollectionError(
            _("{source}: a table with a header but no rows of cards").format(source=source)
        )
    raise CollectionError(
        _(
            "{source}: none of its {rows} rows matches a card ({first}); not a collection of "
            "Pokémon cards?"
        ).format(source=source, rows=summary.rows, first=first)
    )


def read_collection_file(
    stream: BinaryIO,
    source: str,
    catalogue: Catalogue,
    progress: Callable[[int], None] | None = None,
    max_lines: int | None = None,
) -> Collection:
    """The collection in a file (any table of cards, or a list), resolved; a text file of
    more than ``max_lines`` lines, or a list with a line past ``MAX_LINE``, is refused."""
    found = read_rows(stream, source, catalogue, progress, max_lines)
    if found is None:
        stream.seek(0)
        text = repair_mojibake(decode(stream.read(), source))
        _refuse_long(text, source, max_lines)
        return _refuse_empty(_as_list(text, source, catalogue), source)
    results, summary = found
    holdings, findings, readings = [], [], []
    for holding, finding, note in results:
        if finding is not None:
            findings.append(finding)
        if holding is not None:
            holdings.append(holding)
            if note:
                readings.append((holding.line, note))
    done = summary()
    collection = Collection(
        source, preset_key(done), tuple(holdings), tuple(findings), tuple(readings), done
    )
    return _refuse_empty(collection, source)


def _refuse_long(text: str, source: str, max_lines: int | None) -> None:
    """A list past the line limit, or with a line no card line could be, in one line."""
    lines = text.count("\n") + 1
    if max_lines is not None and lines > max_lines:
        raise CollectionError(
            _("{source}: over the {limit:,} line limit").format(source=source, limit=max_lines)
        )
    if len(text) > MAX_LINE:
        for number, line in enumerate(text.splitlines(), start=1):
            if len(line) > MAX_LINE:
                raise CollectionError(
                    _(
                        "{source}: line {line}: over {limit:,} characters; not a line of cards"
                    ).format(source=source, line=number, limit=MAX_LINE)
                )


def _resolved(text: str, source: str, catalogue: Catalogue) -> ResolvedDeck:
    """The list resolved: the lines that name one print exactly (``quick``) in bulk, the
    others by the resolver, as one deck in the list's order."""
    decklist = parse(text, source=source)
    resolver = Resolver(catalogue)
    exact = exact_prints(catalogue, resolver, decklist.lines)
    if not exact:
        return resolver.resolve(decklist)
    lines = decklist.lines
    rest = resolver.resolve(replace(decklist, lines=tuple(
        line for index, line in enumerate(lines) if index not in exact
    )))  # fmt: skip
    others = iter(rest.lines)
    merged = tuple(
        ResolvedLine(line, (exact[index],), "set+number") if index in exact else next(others)
        for index, line in enumerate(lines)
    )
    return replace(rest, decklist=decklist, lines=merged)


def _as_list(text: str, source: str, catalogue: Catalogue) -> Collection:
    with paused_gc():
        resolved = _resolved(text, source, catalogue)
        holdings = [
            Holding(r.line.line, r.line.count, r.candidates) for r in resolved.lines if r.resolved
        ]
    readings = [(r.line.line, r.note) for r in resolved.lines if r.resolved and r.note]
    # a finding on a line no card line holds (a malformed line) is a row too: one set of the
    # lines held, not a scan of them per finding (quadratic in a list of unknown lines)
    held = {r.line.line for r in resolved.lines}
    rows = len(resolved.lines) + sum(1 for f in resolved.findings if f.line and f.line not in held)
    counts = [max(rows, len(holdings)), len(holdings), len(resolved.findings), len(readings)]
    summary = _summary("text", _("a list of cards"), counts)
    return Collection(
        source, "decklist", tuple(holdings), resolved.findings, tuple(readings), summary
    )


def read_collection_text(text: str, source: str, catalogue: Catalogue) -> Collection:
    """The collection in ``text`` (a table of cards or a list), resolved."""
    return read_collection_file(io.BytesIO(text.encode("utf-8")), source, catalogue)
