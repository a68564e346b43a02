"""Finding the table of cards in a file, whatever holds it: CSV or TSV text (any delimiter,
a byte order mark, Excel's ``sep=`` line, UTF-8/16/32 or Windows-1252), an ``.xlsx`` or
``.ods`` workbook (``sheets``), or JSON (``jsontable``).

The reader only finds rows and cells; which column holds what is ``columns``' business, and
naming the card ``match``'s. A file that holds no table (a picture, an archive, an old
``.xls``, an empty sheet) is told apart here, so the caller can say what it is in one line.
Text is read as a stream: a million-row CSV never sits in memory as one string of cells.
"""

from __future__ import annotations

import codecs
import csv
import io
from collections.abc import Iterator
from typing import BinaryIO

from totemdeck.base.errors import UsageError
from totemdeck.base.records import frozen
from totemdeck.collection.columns import Layout, layout_of
from totemdeck.i18n import _

__all__ = ["MAX_LINE", "NotATable", "Row", "Table", "TableError", "open_table"]

MAX_LINE = 131_072  # characters in one line or cell (the csv module's own field limit)
_DELIMITERS = (",", ";", "\t", "|")
_HEADER_SEARCH = 10  # lines above the header a sheet may have (a title, a blank line)
_PICTURES = (
    (b"\x89PNG", "PNG"),
    (b"\xff\xd8\xff", "JPEG"),
    (b"GIF8", "GIF"),
    (b"%PDF", "PDF"),
    (b"BM", "BMP"),
)


class TableError(UsageError):
    """A table that cannot be read on (a cell past the limit, a quote never closed): exit 2."""


class NotATable(UsageError):
    """A file that holds no table of cards (a picture, an archive, an empty sheet): exit 2."""


@frozen
class Row:
    """One row of a table: where it is (line, row of a sheet, entry of a JSON array), its
    cells and the text to show for it."""

    line: int
    cells: tuple[str, ...]
    raw: str
    place: str = "line"  # "line" of text, "row" of a sheet ("Sheet2 row"), "entry" of JSON
    label: str = ""  # the place in words when the number alone is not it ("entry 4 variants 2")


class Table:
    """A table found in a file: its kind, header, the layout of its columns, and its rows
    (an iterator: read once)."""

    def __init__(
        self, kind: str, header: list[str], header_line: int, rows: Iterator[Row], note: str = ""
    ) -> None:
        self.kind, self.header, self.header_line = kind, header, header_line
        self.layout: Layout = layout_of(header)
        self.rows = rows
        self.note = note  # how the file was read when not plainly ("read as Windows-1252")


def _refuse_binary(head: bytes, name: str) -> None:
    for magic, kind in _PICTURES:
        if head.startswith(magic):
            raise NotATable(
                _("{name}: a {kind} file (a picture or a document), not a table of cards").format(
                    name=name, kind=kind
                )
            )
    if head.startswith(b"\xd0\xcf\x11\xe0"):
        raise NotATable(
            _("{name}: an old Excel .xls workbook; save it as .xlsx, .ods or CSV").format(name=name)
        )


def _encoding(stream: BinaryIO, name: str) -> tuple[str, str]:
    """The text's encoding, from its byte order mark or by trying UTF-8 over the whole file
    (in chunks: constant memory); else Windows-1252, as Excel saves "CSV" there."""
    head = stream.read(4)
    stream.seek(0)
    for bom, codec in (
        (codecs.BOM_UTF32_LE, "utf-32"),
        (codecs.BOM_UTF32_BE, "utf-32"),
        (codecs.BOM_UTF16_LE, "utf-16"),
        (codecs.BOM_UTF16_BE, "utf-16"),
    ):
        if head.startswith(bom):
            return codec, ""
    decoder = codecs.getincrementaldecoder("utf-8")()
    try:
        while chunk := stream.read(1 << 20):
            if b"\x00" in chunk:
                raise NotATable(
                    _("{name}: binary content (NUL bytes), not a table of cards").format(name=name)
                )
            decoder.decode(chunk)
        decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return "cp1252", _("not UTF-8: read as Windows-1252")
    finally:
        stream.seek(0)
    return "utf-8-sig", ""


def _lines(text: io.TextIOBase, name: str, max_lines: int | None) -> Iterator[str]:
    """The physical lines, each refused past ``MAX_LINE`` characters (with its number), and
    the file past ``max_lines`` lines."""
    number = 0
    while True:
        line = text.readline(MAX_LINE + 2)
        if not line:
            return
        number += 1
        if max_lines is not None and number > max_lines:
            raise TableError(
                _(
                    "{name}: over the {limit:,} line limit (store a longer collection once with "
                    "`totemdeck collection import`)"
                ).format(name=name, limit=max_lines)
            )
        if len(line.rstrip("\r\n")) > MAX_LINE:
            raise TableError(
                _("{name}: line {line}: over {limit:,} characters; not a row of cards").format(
                    name=name, line=number, limit=MAX_LINE
                )
            )
        yield line


def _split(line: str, delimiter: str) -> list[str]:
    return [c.strip() for c in next(csv.reader([line], delimiter=delimiter), [])]


def _header(first: list[str]) -> tuple[int, str] | None:
    """(index of the header among the first lines, its delimiter): the first line whose
    cells name a card column and another one, by the delimiter that names most."""
    best: tuple[int, int, str] | None = None
    for index, line in enumerate(first):
        for delimiter in _DELIMITERS:
            if delimiter not in line:
                continue
            layout = layout_of(_split(line, delimiter))
            known = len(layout.columns)
            if "name" in layout.columns and known >= 2 and (best is None or known > best[0]):
                best = (known, index, delimiter)
        if best is not None:
            return best[1], best[2]
    return None


def _records(lines: Iterator[str], delimiter: str, start: int, name: str) -> Iterator[Row]:
    """The rows after the header, with the line each begins on; a quote never closed or a
    cell past the limit ends the reading with that line."""
    reader = csv.reader(lines, delimiter=delimiter, strict=True)
    before = start
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            raise TableError(
                _(
                    "{name}: line {line}: {reason} (a quote opened here is never closed, or a "
                    "cell is over {limit:,} characters)"
                ).format(name=name, line=before + 1, reason=exc, limit=MAX_LINE)
            ) from exc
        line = before + 1
        before = start + reader.line_num
        if any(cell.strip() for cell in cells):
            raw = delimiter.join(cells)
            yield Row(line, tuple(c.strip() for c in cells), raw[:200])


def text_table(stream: BinaryIO, name: str, max_lines: int | None = None) -> Table | None:
    """The table in a text file, or None when its first lines head no table (a decklist)."""
    codec, note = _encoding(stream, name)
    text = io.TextIOWrapper(stream, encoding=codec, newline="", errors="strict")
    lines = _lines(text, name, max_lines)
    first: list[str] = []
    for line in lines:
        first.append(line.lstrip("\ufeff"))
        if len(first) > _HEADER_SEARCH:
            break
    delimiter = None
    if first and first[0].strip().strip('"').casefold().startswith("sep="):
        delimiter = first[0].strip().strip('"')[4:5] or ","
    found = _header(first)
    if found is None:
        text.detach()  # the stream stays open, to be read again as a list
        return None
    index, sniffed = found
    delimiter = delimiter or sniffed
    header = _split(first[index], delimiter)
    rest = iter(first[index + 1 :])

    def body() -> Iterator[str]:
        yield from rest
        yield from lines

    kind = "tsv" if delimiter == "\t" else "csv"
    return Table(kind, header, index + 1, _records(body(), delimiter, index + 1, name), note)


def open_table(stream: BinaryIO, name: str, max_lines: int | None = None) -> Table | None:
    """The table of cards in a file (None: text that is no table, to read as a list)."""
    head = stream.read(256)
    stream.seek(0)
    _refuse_binary(head, name)
    if head.startswith(b"PK\x03\x04"):
        from totemdeck.collection.sheets import workbook_table

        return workbook_table(stream, name)
    start = head.lstrip(b"\xef\xbb\xbf \t\r\n")[:1]
    if start in (b"[", b"{"):
        from totemdeck.collection.jsontable import json_table

        return json_table(stream, name)
    return text_table(stream, name, max_lines)
