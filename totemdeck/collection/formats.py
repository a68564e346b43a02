"""The CSV exports of the collection apps players use, recognised by their header row.

Each format names the columns totemdeck reads; the other columns (condition, price, …) are
ignored. A header that names none of them is an unknown CSV, refused in one line that lists
what was expected. The headers are the apps' own, as found in real exports (their sources
are in ``tests/collection/samples/SOURCES``).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator

from totemdeck.records import frozen

__all__ = ["FORMATS", "CsvFormat", "CsvRow", "detect", "looks_like_csv", "rows"]


@frozen
class CsvFormat:
    """Where one app's export keeps the count, the name, the set and the number."""

    key: str
    title: str
    count: str
    names: tuple[str, ...]  # the first non-empty one wins ("Simple Name" before "Name")
    number: str | None = None
    set_names: tuple[str, ...] = ()
    set_code: str | None = None
    game: tuple[str, str] | None = None  # (column, value prefix) of rows that are Pokémon
    marks: tuple[str, ...] = ()  # further columns only this app's export has
    artist: str | None = None  # artist and rarity tell apart the prints of one name in a set
    rarity: str | None = None
    more_counts: tuple[str, ...] = ()  # a count per printing: the copies are their sum

    @property
    def required(self) -> tuple[str, ...]:
        return (self.count, self.names[0], *self.marks)


FORMATS: tuple[CsvFormat, ...] = (
    CsvFormat(
        "collectr", "Collectr", "Quantity", ("Product Name",), "Card Number", ("Set",),
        game=("Category", "Pokemon"),
    ),
    CsvFormat(
        "tcgplayer-seller", "TCGplayer (seller inventory)", "Total Quantity", ("Product Name",),
        "Number", ("Set Name",), game=("Product Line", "Pok"),
    ),
    CsvFormat(
        "tcgplayer", "TCGplayer app", "Quantity", ("Simple Name", "Name"), "Card Number",
        ("Set",), set_code="Set Code",
    ),
    CsvFormat(
        "dragonshield", "Dragon Shield", "Quantity", ("Card Name",), "Card Number",
        ("Set Name",), set_code="Set Code",
    ),
    CsvFormat(  # the card's number ends its name: "Lugia #9", "Zapdos [Corrected] #15"
        "pricecharting", "PriceCharting", "quantity", ("product-name",), None,
        ("console-name",), game=("console-name", "Pokemon"),
    ),
    CsvFormat(  # a binder kept by name and set, without numbers (jihunkimcode's Card Storage)
        "cardstorage", "Card Storage", "Count", ("Name",), None, ("Sets",), marks=("Sets",),
        artist="Artist", rarity="Rarity",
    ),
    CsvFormat(  # a binder spreadsheet with a column of copies per printing (oibur's)
        "printings", "a spreadsheet with a count per printing (set, name, number, unlimited, …)",
        "unlimited", ("name",), "number", ("set",), marks=("set", "number"),
        more_counts=("reverse", "promo", "1st", "shadowless", "1st shadowless", "fourth",
                     "worlds"),
    ),
    CsvFormat(
        "generic", "a spreadsheet (Quantity, Name, Set, Number)", "Quantity", ("Name",),
        "Number", ("Set",),
    ),
)  # fmt: skip

_BOM = "\ufeff"  # spreadsheets saved as "CSV UTF-8" begin with it

# Excel's "sep=," first line (Dragon Shield writes it), quoted or not.
_SEPARATOR_LINE = re.compile(r'^"?sep=(.)"?\s*$', re.IGNORECASE)


@frozen
class CsvRow:
    """One card row of an export, with its line in the file."""

    line: int
    raw: str
    count: str
    name: str
    number: str | None
    set_names: tuple[str, ...]
    set_code: str | None
    artist: str | None = None
    rarity: str | None = None


def _cell(record: dict[str, str | None], column: str | None) -> str | None:
    """The trimmed cell of that column (None when the format has none, or it is empty)."""
    return (record.get(column) or "").strip() or None if column else None


def _header_line(text: str) -> tuple[int, str, str]:
    """(index of the header line, the header line, the delimiter)."""
    lines = text.removeprefix(_BOM).splitlines()
    index = 0
    delimiter = ","
    if lines and (match := _SEPARATOR_LINE.match(lines[0])):
        delimiter, index = match.group(1), 1
    header = lines[index] if index < len(lines) else ""
    if delimiter == "," and header.count(";") > header.count(","):
        delimiter = ";"  # a European spreadsheet
    return index, header, delimiter


def _columns(header: str, delimiter: str) -> list[str]:
    return [cell.strip() for cell in next(csv.reader([header], delimiter=delimiter), [])]


def looks_like_csv(text: str) -> bool:
    """Whether the text's first line is a CSV header (cells with a count column)."""
    _index, header, delimiter = _header_line(text)
    cells = {cell.casefold() for cell in _columns(header, delimiter)}
    counts = {"quantity", "total quantity", "count", "qty"} | {f.count.casefold() for f in FORMATS}
    return len(cells) >= 2 and bool(counts & cells)


def _copies(record: dict[str, str | None], fmt: CsvFormat) -> str:
    """The count cell; with a count per printing, their sum (or the first cell that is not a
    number, for the reader to report)."""
    cells = [(record.get(c) or "").strip() for c in (fmt.count, *fmt.more_counts)]
    if not fmt.more_counts:
        return cells[0]
    written = [cell for cell in cells if cell]
    if not all(cell.isdigit() for cell in written):
        return next(cell for cell in written if not cell.isdigit())
    return str(sum(int(cell) for cell in written))


def detect(text: str) -> tuple[CsvFormat | None, list[str]]:
    """The format whose required columns the header has (None if none), and the header."""
    _index, header, delimiter = _header_line(text)
    columns = _columns(header, delimiter)
    present = set(columns)
    for fmt in FORMATS:
        if set(fmt.required) <= present and (fmt.game is None or fmt.game[0] in present):
            return fmt, columns
    return None, columns


def rows(text: str, fmt: CsvFormat) -> Iterator[CsvRow]:
    """The card rows of an export in ``fmt`` (rows of other games skipped)."""
    index, _header, delimiter = _header_line(text)
    lines = text.removeprefix(_BOM).splitlines()
    reader = csv.DictReader(io.StringIO("\n".join(lines[index:])), delimiter=delimiter)
    for record in reader:
        if fmt.game is not None and not (record.get(fmt.game[0]) or "").startswith(fmt.game[1]):
            continue
        name = next((record[c].strip() for c in fmt.names if (record.get(c) or "").strip()), "")
        line = index + reader.line_num  # the record's last physical line (1-based)
        yield CsvRow(
            line=line,
            raw=lines[line - 1] if line - 1 < len(lines) else "",
            count=_copies(record, fmt),
            name=name,
            number=_cell(record, fmt.number),
            set_names=tuple((record.get(c) or "").strip() for c in fmt.set_names if record.get(c)),
            set_code=_cell(record, fmt.set_code),
            artist=_cell(record, fmt.artist),
            rarity=_cell(record, fmt.rarity),
        )
