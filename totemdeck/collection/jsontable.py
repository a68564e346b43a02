"""A collection kept as JSON: an array of objects (one a card), or an object of arrays (one a
column), found at the top or under a key, up to four levels down
(``{"collection": {"cards": [...]}}``).

An object's nested objects are read as columns by their path in words
(``{"set": {"name": …, "id": …}}`` gives "set name" and "set id"), so the header words
that find a sheet's columns find these too. Of the arrays found, the one with the most
records that name a card column is the table. Entries are numbered from 1.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, BinaryIO

from totemdeck.collection.columns import layout_of
from totemdeck.collection.table import MAX_LINE, NotATable, Row, Table, TableError
from totemdeck.i18n import _

__all__ = ["json_table"]

_DEPTH = 4


def _flat(record: dict[str, Any], prefix: str = "", depth: int = 0) -> dict[str, str]:
    """A record's cells by the last two steps of their path in words (``card.set.id`` is
    "set id"); lists of plain values joined with ", "; the first of two same paths wins."""
    cells: dict[str, str] = {}
    for key, value in record.items():
        path = f"{prefix.rsplit(' ', 1)[-1]} {key}".strip()
        if isinstance(value, dict) and depth < _DEPTH:
            for inner, text in _flat(value, path, depth + 1).items():
                cells.setdefault(inner, text)
        elif isinstance(value, list):
            if all(not isinstance(v, (dict, list)) for v in value):
                cells[path] = ", ".join("" if v is None else str(v) for v in value)
        elif isinstance(value, bool):
            cells[path] = "yes" if value else "no"
        elif value is not None:
            cells[path] = str(value)
    return cells


def _columns_of(value: dict[str, Any]) -> list[dict[str, Any]] | None:
    """An object of equal-length arrays, as records (None if it is not one)."""
    arrays = [v for v in value.values() if isinstance(v, list)]
    if len(arrays) < 2 or len(arrays) != len(value) or len({len(a) for a in arrays}) != 1:
        return None
    return [dict(zip(value, cells, strict=True)) for cells in zip(*arrays, strict=True)]


def _candidates(value: Any, depth: int = 0) -> Iterator[list[dict[str, Any]]]:
    """Every list of records in the document, to the depth the docs name."""
    if depth > _DEPTH:
        return
    if isinstance(value, list):
        records = [v for v in value if isinstance(v, dict)]
        if records and len(records) * 2 >= len(value):
            yield records
        for item in value[:1]:
            yield from _candidates(item, depth + 1)
    elif isinstance(value, dict):
        columns = _columns_of(value)
        if columns:
            yield columns
        for item in value.values():
            yield from _candidates(item, depth + 1)


def _score(records: list[dict[str, Any]]) -> int:
    keys = list(_flat(records[0]))
    return len(records) if "name" in layout_of(keys).columns else -1


def json_table(stream: BinaryIO, name: str) -> Table:
    """The records of a JSON collection as a table (header: every path any record has)."""
    try:
        document = json.loads(stream.read().decode("utf-8-sig"))
    except (ValueError, RecursionError) as exc:
        raise NotATable(
            _("{name}: not valid JSON ({reason})").format(
                name=name, reason=str(exc).splitlines()[0]
            )
        ) from exc
    best = max(_candidates(document), key=_score, default=None)
    if best is None or _score(best) < 0:
        raise NotATable(
            _(
                "{name}: JSON without an array of cards (objects with a card name) at any "
                "depth up to {depth}"
            ).format(name=name, depth=_DEPTH)
        )
    flat = [_flat(record) for record in best]
    header = list(dict.fromkeys(key for cells in flat for key in cells))
    return Table("json", header, 0, _rows(flat, header, name))


def _rows(flat: list[dict[str, str]], header: list[str], name: str) -> Iterator[Row]:
    for number, cells in enumerate(flat, start=1):
        row = tuple(cells.get(key, "").strip() for key in header)
        if any(len(cell) > MAX_LINE for cell in row):
            raise TableError(
                _("{name}: entry {line}: a value over {limit:,} characters").format(
                    name=name, line=number, limit=MAX_LINE
                )
            )
        if any(row):
            yield Row(number, row, json.dumps(cells, ensure_ascii=False)[:200], "entry")
