"""A collection kept as a workbook: ``.xlsx`` (openpyxl) or ``.ods`` (odfpy), read with
pandas, every cell as text, from the first sheet whose first rows head a table of cards.

Rows are numbered as the spreadsheet shows them (row 1 is the sheet's first), so a row
reported as unreadable is found where the player keeps it.
"""

from __future__ import annotations

import zipfile
from collections.abc import Iterator
from typing import BinaryIO

from totemdeck.collection.columns import layout_of
from totemdeck.collection.table import MAX_LINE, NotATable, Row, Table, TableError
from totemdeck.i18n import _

__all__ = ["workbook_table"]

_HEADER_SEARCH = 10
_ODS = b"application/vnd.oasis.opendocument.spreadsheet"


def _engine(stream: BinaryIO, name: str) -> str:
    """Which reader the ZIP archive needs, or why it is no workbook."""
    try:
        with zipfile.ZipFile(stream) as archive:
            names = set(archive.namelist())
            if "xl/workbook.xml" in names:
                return "openpyxl"
            if "mimetype" in names and archive.read("mimetype").strip() == _ODS:
                return "odf"
    except (zipfile.BadZipFile, OSError, KeyError) as exc:
        raise NotATable(
            _("{name}: a damaged ZIP archive ({reason})").format(name=name, reason=exc)
        ) from exc
    finally:
        stream.seek(0)
    raise NotATable(
        _("{name}: a ZIP archive that is no .xlsx or .ods workbook, not a table of cards").format(
            name=name
        )
    )


def _cell(value: object) -> str:
    """A cell as text: a whole number a spreadsheet stored as 4.0 is "4"."""
    if value is None:
        return ""
    if isinstance(value, float):
        if value != value:  # NaN: an empty cell
            return ""
        return str(int(value)) if value.is_integer() else repr(value)
    return str(value).strip()


def _header_at(rows: list[list[str]]) -> int | None:
    for index, cells in enumerate(rows[:_HEADER_SEARCH]):
        layout = layout_of(cells)
        if "name" in layout.columns and len(layout.columns) >= 2:
            return index
    return None


def workbook_table(stream: BinaryIO, name: str) -> Table:
    """The first sheet of a workbook that heads a table of cards, its rows as text."""
    engine = _engine(stream, name)
    import pandas as pd

    try:
        sheets = pd.read_excel(stream, sheet_name=None, header=None, dtype=object, engine=engine)  # type: ignore[call-overload]
    except Exception as exc:  # a broken workbook: openpyxl and odfpy raise many kinds
        raise NotATable(
            _("{name}: a workbook that cannot be read ({reason})").format(
                name=name, reason=str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            )
        ) from exc
    for index, (sheet, frame) in enumerate(sheets.items()):
        rows = [[_cell(v) for v in record] for record in frame.itertuples(index=False)]
        at = _header_at(rows)
        if at is None:
            continue
        place = "row" if index == 0 else f"{sheet} row"
        return Table(engine_kind(engine), rows[at], at + 1, _rows(rows, at, place, name))
    raise NotATable(
        _(
            "{name}: no sheet of this workbook heads a table of cards (a column of card "
            "names and one of counts, sets or numbers)"
        ).format(name=name)
    )


def engine_kind(engine: str) -> str:
    return "xlsx" if engine == "openpyxl" else "ods"


def _rows(rows: list[list[str]], at: int, place: str, name: str) -> Iterator[Row]:
    for index in range(at + 1, len(rows)):
        cells = rows[index]
        if not any(cells):
            continue
        if any(len(cell) > MAX_LINE for cell in cells):
            raise TableError(
                _("{name}: row {line}: a cell over {limit:,} characters").format(
                    name=name, line=index + 1, limit=MAX_LINE
                )
            )
        yield Row(index + 1, tuple(cells), ",".join(cells)[:200], place)
