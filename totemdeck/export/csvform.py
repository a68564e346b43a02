"""The CSV export: one row a line, the columns a spreadsheet sorts by (read back by
``decklist/csvdeck.py``). A line written as read (``export/asread.py``) has no print's
columns but its status, its text and its candidates."""

from __future__ import annotations

import io

from totemdeck.export.asread import ReadLine
from totemdeck.export.formats import Line, deck_name, export_name, set_code
from totemdeck.files.cells import safe_cell
from totemdeck.rules.engine import CheckedDeck
from totemdeck.rules.format import FormatRules
from totemdeck.rules.traits import identity_in_order

CSV_COLUMNS = (
    "section", "count", "name", "set", "number", "supertype", "subtypes", "types", "identity",
    "id",
)  # fmt: skip
# Only when some line is written as read (a CSV of a clean deck is as it always was).
CSV_AS_READ = ("status", "written", "candidates")


def _csv_as_read(x: ReadLine) -> dict[str, object]:
    row: dict[str, object] = dict.fromkeys(CSV_COLUMNS, "")
    row.update(section=x.section, count="" if x.count is None else x.count)
    return {**row, "status": x.status, "written": x.written, "candidates": "; ".join(x.candidates)}


def to_csv(checked: CheckedDeck, lines: list[Line], lang: str, fmt: FormatRules) -> str:
    import pandas as pd  # ~0.3 s to import: only for this format

    rows = [
        _csv_as_read(x)
        if isinstance(x, ReadLine)
        else {
            "section": x.section,
            "count": x.count,
            "name": export_name(x.card, lang) if not x.card.is_basic_energy else x.card.name,
            "set": set_code(x.card),
            "number": x.card.number,
            "supertype": x.card.supertype,
            "subtypes": "; ".join(x.card.subtypes),
            "types": "; ".join(x.card.types),
            "identity": "; ".join(identity_in_order(x.card, fmt)),
            "id": x.card.id,
        }
        for x in lines
    ]
    columns = [*CSV_COLUMNS]
    if any(isinstance(x, ReadLine) for x in lines):
        columns += CSV_AS_READ
    name = deck_name(checked)
    if name:  # the deck's name on every row (the reader takes the first)
        rows = [{**row, "deck": name} for row in rows]
        columns.append("deck")
    rows = [{key: safe_cell(row.get(key, "")) for key in columns} for row in rows]
    buffer = io.StringIO()
    pd.DataFrame(rows, columns=columns).to_csv(buffer, index=False, lineterminator="\n")
    return buffer.getvalue()
