"""A collection kept as JSON: an array of objects (one a card), or an object of arrays (one a
column), found at the top or under a key, up to four levels down
(``{"collection": {"cards": [...]}}``).

An object's nested objects are read as columns by their path in words
(``{"set": {"name": …, "id": …}}`` gives "set name" and "set id"), so the header words
that find a sheet's columns find these too. Of the arrays found, the one with the most
records that name a card column is the table. Entries are numbered from 1.

An entry that holds a list of objects saying a print or a count (a binder's ``"variants":
[{"set": "MEG", "num": "54", "qty": 4}]``) is one row per object: each has the entry's
fields (its name) under its own, and says its place as ``entry 4 variants 2``. A list whose
objects name no print or count (a card record's ``attacks``) is no rows. When several
objects carry no count of their own, the entry's count is theirs together, not each one's:
the entry is read as one row, as if it had no list.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from typing import Any, BinaryIO

from totemdeck.collection.columns import layout_of
from totemdeck.collection.table import MAX_LINE, NotATable, Row, Table, TableError
from totemdeck.i18n import _

__all__ = ["json_table"]

_DEPTH = 4
_PRINT_ROLES = frozenset({"set", "code", "number", "id", "count", "total"})  # a nested row's
_COUNT_ROLES = frozenset({"count", "total"})


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
    flat = [row for number, record in enumerate(best, start=1) for row in _entry(number, record)]
    header = list(dict.fromkeys(key for _label, cells in flat for key in cells))
    return Table("json", header, 0, _rows(flat, header, name))


@functools.lru_cache(maxsize=1024)
def _roles(keys: tuple[str, ...]) -> frozenset[str]:
    """The roles some of these keys have (memoized: the records of one file share keys)."""
    return frozenset(layout_of(list(keys)).columns)


def _nested(record: dict[str, Any]) -> tuple[str, list[dict[str, str]]] | None:
    """The first list of objects in a record whose objects say a print or a count (their
    key, their cells); None when there is none, or when several objects carry no count of
    their own (the record's count is theirs together, not each one's)."""
    for key, value in record.items():
        if not isinstance(value, list) or not value or not all(isinstance(v, dict) for v in value):
            continue
        cells = [_flat(v) for v in value]
        if not _roles(tuple(dict.fromkeys(k for c in cells for k in c))) & _PRINT_ROLES:
            continue
        counted = [_roles(tuple(c)) & _COUNT_ROLES for c in cells]
        return (str(key), cells) if len(cells) == 1 or all(counted) else None
    return None


def _entry(number: int, record: dict[str, Any]) -> Iterator[tuple[str, dict[str, str]]]:
    """An entry's rows, each with its place: the entry itself, or each object of its nested
    list, its own cells first (so its own set, number and count are the columns read) and
    then the entry's."""
    own = _flat(record)
    nested = _nested(record)
    if nested is None:
        yield f"entry {number}", own
        return
    key, children = nested
    for index, cells in enumerate(children, start=1):
        inherited = {k: v for k, v in own.items() if k not in cells}
        yield f"entry {number} {key} {index}", {**cells, **inherited}


def _rows(flat: list[tuple[str, dict[str, str]]], header: list[str], name: str) -> Iterator[Row]:
    """The rows, numbered from 1 (an entry's number while no entry has a nested list);
    a nested row's place in words beside its number."""
    for number, (label, cells) in enumerate(flat, start=1):
        row = tuple(cells.get(key, "").strip() for key in header)
        if any(len(cell) > MAX_LINE for cell in row):
            raise TableError(
                _("{name}: entry {line}: a value over {limit:,} characters").format(
                    name=name, line=label.split()[1], limit=MAX_LINE
                )
            )
        if any(row):
            raw = json.dumps(cells, ensure_ascii=False)[:200]
            placed = label if label != f"entry {number}" else ""
            yield Row(number, row, raw, "entry", placed)
