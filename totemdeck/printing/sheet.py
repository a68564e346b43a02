"""The Totem registration sheet: the form an organiser collects, one or two pages.

Play! Pokémon's sheet has rooms for about 34 lines; a Totem deck has up to 100, so this one
is its own: the player's fields, the Totem with its Invocation Cost and Prize cards, every
line with count, name, set code and number in the list's sections (two columns), the totals
and the verdict. Every line of it is a line ``totemdeck check`` reads: the fields are
labels the reader keeps out of the deck (``decklist.parse.SHEET_FIELD_WORDS``), the card lines
are the PTCG Live export's, so the text of the PDF is the deck again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from totemdeck.base.records import frozen
from totemdeck.export.asread import ReadLine
from totemdeck.export.formats import export_name, set_code
from totemdeck.export.order import ExportLine
from totemdeck.i18n import _
from totemdeck.printing.paper import PAPERS
from totemdeck.printing.pdf import (
    FAMILY,
    fall_back_for,
    fitted_size,
    new_document,
    output,
    unprintable,
)

if TYPE_CHECKING:
    from fpdf import FPDF

MARGIN = 14.0
ROW = 4.1
GUTTER = 8.0
# The sections' headers, as the reader reads them back ("main": lines the list wrote under no
# section header, which the sheet writes as read). i18n: keep (headers the reader knows)
HEADERS = {
    "totem": "Totem",
    "pokemon": "Pokémon",
    "trainer": "Trainer",
    "energy": "Energy",
    "main": "Main deck",
}
SPANISH = {
    "pokemon": "Pokémon",
    "trainer": "Entrenador",
    "energy": "Energía",
    "main": "Mazo principal",
}


@frozen
class SheetDeck:
    """What a sheet prints about one deck (the verbs in ``api.printing`` fill it)."""

    name: str | None
    lines: tuple[ExportLine | ReadLine, ...]  # a line no one print stands for: as read
    totem_numbers: str | None  # "Invocation Cost 4 · Prize cards 2 · identity Fire"
    verdict: str  # "LEGAL under banlist.yaml of 2026-11-30"
    findings: tuple[str, ...] = ()  # an illegal deck's findings, on the first page


def _count(lines: Sequence[ExportLine | ReadLine]) -> int:
    return sum(x.count or 0 for x in lines)  # an unreadable line has no count


def _row(line: ExportLine | ReadLine, lang: str) -> str:
    """A card line as the PTCG Live export writes it; a line written as read, as read."""
    if isinstance(line, ReadLine):
        return line.text
    card = line.card
    return f"{line.count} {export_name(card, lang)} {set_code(card)} {card.number}"


def _section_header(section: str, lines: Sequence[ExportLine | ReadLine], lang: str) -> str:
    label = (SPANISH if lang == "es" else HEADERS).get(section, HEADERS[section])
    if all(x.count is None for x in lines):  # lines that are no card line: no count to say
        return f"{label}:"
    return f"{label}: {_count(lines)}"


def deck_rows(deck: SheetDeck, lang: str) -> list[tuple[str, str]]:
    """The list part as (style, text) rows: section headers, card lines, totals."""
    rows: list[tuple[str, str]] = []
    sections: dict[str, list[ExportLine | ReadLine]] = {}
    for line in deck.lines:
        sections.setdefault(line.section, []).append(line)
    for section, lines in sections.items():
        rows.append(("header", _section_header(section, lines, lang)))
        rows += [("card", _row(x, lang)) for x in lines]
        if section == "totem" and deck.totem_numbers:
            rows.append(("note", _("Totem numbers: {numbers}").format(numbers=deck.totem_numbers)))
    total = _count(deck.lines)
    rows.append(("header", _("Total Cards: {n}").format(n=total)))
    return rows


def field_rows(deck: SheetDeck) -> list[str]:
    """The player's fields and the deck's name (each a label the reader sets aside)."""
    blank = "_" * 24
    return [
        _("Player name: {blank}").format(blank=blank),
        _("Player ID: {blank}   Date of birth: ____ / ____ / ________").format(blank="_" * 14),
        _("Division: ☐ Junior   ☐ Senior   ☐ Masters"),
        _("Event: {blank}   Date: ____________").format(blank=blank),
        _("Deckname: {name}").format(name=deck.name or blank),
    ]


def _clipped(pdf: FPDF, text: str, width: float) -> str:
    """``text`` cut with an ellipsis where it is wider than ``width`` at the current font."""
    if pdf.get_string_width(text) <= width:
        return text
    while text and pdf.get_string_width(text + "…") > width:
        text = text[:-1]
    return text + "…"


def _write(pdf: FPDF, x: float, y: float, width: float, text: str, style: str = "") -> bool:
    """Writes one row; a card line wider than its column is set smaller, and past the
    smallest size cut at the column's edge (False): the PDF's text keeps it whole, so it
    still reads back, and the sheet says which line is cut on paper."""
    size = {"title": 14.0, "header": 9.5, "note": 7.5}.get(style, 8.5)
    pdf.set_font(FAMILY, "B" if style in ("title", "header") else "", size)
    pdf.set_xy(x, y)
    if style == "card":
        fitted_size(pdf, text, width, size, 5.5)  # the largest size it fits at, if any
    if style != "card" or pdf.get_string_width(text) <= width:
        pdf.cell(width, ROW, text)
        return True
    with pdf.rect_clip(x, y, width, ROW):
        pdf.cell(pdf.get_string_width(text), ROW, text)
    return False


def glyph_notes(pdf: FPDF, deck: SheetDeck) -> list[str]:
    """A note for each line written as read that holds characters the fonts cannot draw
    (a Chinese list's comment): the sheet prints that line without them, and says so."""
    notes = []
    for line in deck.lines:
        gone = unprintable(pdf, line.text) if isinstance(line, ReadLine) else ""
        if gone:
            note = _("line {n}: the font has no {chars}, so they are not printed")
            notes.append(note.format(n=line.line, chars=gone))
    return notes


def sheet_pdf(deck: SheetDeck, lang: str, paper: str = "a4") -> tuple[bytes, int, list[str]]:
    """The registration sheet of ``deck`` on ``paper`` (``a4`` or ``letter``), its pages and
    what it could not print whole."""
    width, height = PAPERS[paper]
    pdf = new_document(width, height, _("Totem Format: deck registration sheet"))
    rows = deck_rows(deck, lang)
    fall_back_for(pdf, [deck.name or "", *(text for _style, text in rows)])
    pdf.add_page()
    _write(pdf, MARGIN, MARGIN, width, _("Totem Format: deck registration sheet"), "title")
    y = MARGIN + 9
    for text in field_rows(deck):
        _write(pdf, MARGIN, y, width - 2 * MARGIN, text)
        y += ROW + 1.2
    for text in deck.findings:  # one line each, smaller where long (the report has them all)
        pdf.set_font(FAMILY, "", 8.5)
        size = fitted_size(pdf, text, width - 2 * MARGIN, 8.5, 5.5)
        pdf.set_xy(MARGIN, y)
        pdf.cell(width - 2 * MARGIN, ROW, _clipped(pdf, text, width - 2 * MARGIN))
        y += size * 0.5 + 0.6
    column_width = (width - 2 * MARGIN - GUTTER) / 2
    top, bottom = y + 3, height - MARGIN - 3.5 * ROW
    column, y = 0, top
    cut: list[str] = []
    for style, text in rows:
        if y + ROW > bottom:
            column, y = column + 1, top
            if column == 2:  # the second page: the list goes on under its name
                pdf.add_page()
                column, top = 0, MARGIN + ROW + 3
                y = top
                _write(pdf, MARGIN, MARGIN, width, _("Deckname: {name}").format(
                    name=deck.name or "—"), "header")  # fmt: skip
        x = MARGIN + column * (column_width + GUTTER)
        if not _write(pdf, x, y, column_width, text, style):
            cut.append(text)
        y += ROW + (0.8 if style == "header" else 0)
    _write(pdf, MARGIN, height - MARGIN - ROW, width / 2, deck.verdict, "header")
    signature = _("Signature: {blank}").format(blank="_" * 20)
    _write(pdf, width / 2 + GUTTER, height - MARGIN - 2.5 * ROW, width / 2 - MARGIN, signature)
    notes = [_("{line}: too long for its column, so the paper shows it cut short").format(
        line=_clipped(pdf, text, 60)) for text in cut]  # fmt: skip
    return output(pdf), pdf.pages_count, glyph_notes(pdf, deck) + notes
