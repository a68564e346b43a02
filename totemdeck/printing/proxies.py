"""Proxy sheets: every copy of a deck's cards at true size, nine to a page, with cut marks.

Each card is the print's picture when the player's image folder has it, else a text proxy
(``printing.proxytext``). Text that does not fit at the smallest size is cut short and said,
never dropped silently.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from totemdeck.base.records import frozen
from totemdeck.catalogue.model import Card
from totemdeck.export.asread import ReadLine
from totemdeck.i18n import _
from totemdeck.printing.images import picture_of
from totemdeck.printing.paper import CARD_HEIGHT, CARD_WIDTH, PER_PAGE, Grid, grid
from totemdeck.printing.pdf import (
    FAMILY,
    PT,
    fall_back_for,
    fitted_size,
    new_document,
    output,
    unprintable,
    wrap,
)
from totemdeck.printing.placeholder import placeholder_proxy
from totemdeck.printing.proxytext import Block, ProxyText, proxy_text

if TYPE_CHECKING:
    from fpdf import FPDF

PAD = 3.0  # inside a card's edge
INNER = CARD_WIDTH - 2 * PAD
BODY_SIZES = (7.0, 6.5, 6.0, 5.5, 5.0, 4.5, 4.0)
FOOTER = 8.0  # the weakness line and the print line, above the bottom edge
# Symbol colours, close to the cards' own (text white unless the colour is light).
COLOURS = {
    "G": (60, 154, 60), "R": (224, 58, 42), "W": (47, 127, 208), "L": (242, 194, 27),
    "P": (154, 79, 184), "F": (181, 101, 43), "D": (47, 59, 69), "M": (138, 150, 160),
    "Y": (224, 91, 168), "N": (176, 144, 42), "C": (218, 218, 218), "0": (255, 255, 255),
}  # fmt: skip
LIGHT = frozenset("LC0")


@frozen
class ProxyCopy:
    """One card to print: the print, and the Totem's numbers line when it is the Totem; or
    ``held``, a line no one print stands for, printed as a placeholder (``card`` None)."""

    card: Card | None
    totem_line: str | None = None
    held: ReadLine | None = None
    could_be: tuple[str, ...] = ()  # the prints ``held`` can mean, as players name them


def _line_height(size: float) -> float:
    return size * PT * 1.18


def _block_lines(pdf: FPDF, block: Block, size: float) -> list[tuple[str, str]]:
    """A block as (style, text) lines at ``size``: its title row, then its wrapped text."""
    rows: list[tuple[str, str]] = []
    if block.kind == "ability":
        rows.append(("title", _("Ability: {name}").format(name=block.title)))
    elif block.kind == "attack":
        rows.append(("attack", block.title))
    if block.text:
        pdf.set_font(FAMILY, "", size)
        rows += [("text", line) for line in wrap(pdf, block.text, INNER)]
    return rows


def _layout(pdf: FPDF, proxy: ProxyText, room: float) -> tuple[float, list[list[tuple[str, str]]]]:
    """The largest body size whose blocks fit ``room`` mm, with the blocks' lines."""
    laid: list[list[tuple[str, str]]] = []
    for size in BODY_SIZES:
        laid = [_block_lines(pdf, block, size) for block in proxy.blocks]
        height = sum(len(rows) * _line_height(size) + 0.8 for rows in laid)
        if height <= room:
            return size, laid
    return BODY_SIZES[-1], laid


def _cost(pdf: FPDF, x: float, y: float, cost: tuple[str, ...], size: float) -> float:
    """Energy symbols as coloured discs with their letter; returns the width drawn."""
    diameter = size * PT * 1.05
    for index, letter in enumerate(cost):
        left = x + index * (diameter + 0.4)
        pdf.set_fill_color(*COLOURS.get(letter, COLOURS["0"]))
        pdf.set_draw_color(90, 90, 90)
        pdf.ellipse(left, y + 0.15, diameter, diameter, style="DF")
        pdf.set_text_color(*((30, 30, 30) if letter in LIGHT else (255, 255, 255)))
        pdf.set_font(FAMILY, "B", size * 0.8)
        pdf.set_xy(left, y + 0.15)
        pdf.cell(diameter, diameter, letter, align="C")
    pdf.set_text_color(0, 0, 0)
    return len(cost) * (diameter + 0.4)


def _body(pdf: FPDF, proxy: ProxyText, x: float, top: float, bottom: float) -> bool:
    """Draws the blocks between ``top`` and ``bottom``; False when text had to be cut."""
    size, laid = _layout(pdf, proxy, bottom - top)
    height = _line_height(size)
    y = top
    for block, rows in zip(proxy.blocks, laid, strict=True):
        for style, text in rows:
            if y + height > bottom:
                return False
            if style == "attack":
                used = _cost(pdf, x, y, block.cost, size)
                pdf.set_font(FAMILY, "B", size)
                pdf.set_xy(x + used + 0.6, y)
                pdf.cell(INNER - used - 0.6, height, text)
                if block.damage:
                    pdf.set_xy(x, y)
                    pdf.cell(INNER, height, block.damage, align="R")
            else:
                pdf.set_font(FAMILY, "B" if style == "title" else "", size)
                pdf.set_text_color(*((70, 70, 70) if block.kind == "rule" else (0, 0, 0)))
                pdf.set_xy(x, y)
                pdf.cell(INNER, height, text)
                pdf.set_text_color(0, 0, 0)
            y += height
        y += 0.8
    return True


def _text_proxy(pdf: FPDF, proxy: ProxyText, x: float, y: float) -> bool:
    left = x + PAD
    pdf.set_font(FAMILY, "B")
    fitted_size(pdf, proxy.name, INNER, 9.5, 5.0)
    pdf.set_xy(left, y + PAD)
    pdf.cell(INNER, 4.6, proxy.name)
    pdf.set_font(FAMILY, "", 6.5)
    pdf.set_xy(left, y + PAD + 4.8)
    pdf.cell(INNER, 3.0, proxy.kind_line)
    top = y + PAD + 8.2
    for extra, style in ((proxy.evolves, ""), (proxy.totem_line, "B")):
        if extra:
            pdf.set_font(FAMILY, style, 6.0)
            fitted_size(pdf, extra, INNER, 6.0, 4.0)
            pdf.set_xy(left, top)
            pdf.cell(INNER, 2.8, extra)
            top += 3.0
    bottom = y + CARD_HEIGHT - PAD - FOOTER
    whole = _body(pdf, proxy, left, top + 0.8, bottom)
    pdf.set_font(FAMILY, "", 5.5)
    if proxy.footer:
        pdf.set_xy(left, bottom + 1.2)
        pdf.cell(INNER, 2.6, proxy.footer)
    pdf.set_text_color(90, 90, 90)
    pdf.set_xy(left, bottom + 4.4)
    pdf.cell(INNER, 2.6, proxy.print_line)
    pdf.set_text_color(0, 0, 0)
    return whole


def _edge(pdf: FPDF, x: float, y: float) -> None:
    pdf.set_draw_color(150, 150, 150)
    pdf.set_line_width(0.15)
    pdf.rect(x, y, CARD_WIDTH, CARD_HEIGHT)


def _placeholder(
    pdf: FPDF, held: ReadLine, could_be: tuple[str, ...], x: float, y: float
) -> list[str]:
    """Draws a placeholder proxy; what it could not print whole."""
    notes = []
    if not placeholder_proxy(pdf, held, could_be, x, y):
        notes.append(_("line {n}: its placeholder is cut short").format(n=held.line))
    gone = unprintable(pdf, held.text)
    if gone:
        note = _("line {n}: the font has no {chars}, so they are not printed")
        notes.append(note.format(n=held.line, chars=gone))
    return notes


def _marks(pdf: FPDF, page: Grid) -> None:
    pdf.set_draw_color(0, 0, 0)
    pdf.set_line_width(0.2)
    for x1, y1, x2, y2 in page.cut_marks():
        pdf.line(x1, y1, x2, y2)


def _cover(pdf: FPDF, cover: Sequence[str], page: Grid) -> None:
    """A first page that says why the deck is not legal (``--allow-illegal``)."""
    pdf.add_page()
    pdf.set_font(FAMILY, "", 10)
    y = 15.0
    for index, line in enumerate(cover):
        pdf.set_font(FAMILY, "B" if index == 0 else "", 12 if index == 0 else 9)
        for part in wrap(pdf, line, page.width - 30) or [""]:
            if y > page.height - 15:
                return
            pdf.set_xy(15, y)
            pdf.cell(page.width - 30, 5, part)
            y += 5.0


def proxy_pdf(
    copies: Sequence[ProxyCopy],
    lang: str,
    paper: str = "a4",
    images: Path | None = None,
    cover: Sequence[str] = (),
) -> tuple[bytes, int, list[str]]:
    """The proxy sheet of ``copies`` (one proxy each), its pages, what it could not print
    whole.

    ``cover``: lines for a first page (an illegal deck's findings). ``images``: a folder of
    card pictures (``printing.images``); a print it lacks gets a text proxy.
    """
    page = grid(paper)
    pdf = new_document(page.width, page.height, _("Totem Format proxies"))
    fall_back_for(pdf, {copy.held.text for copy in copies if copy.held is not None})
    if cover:
        _cover(pdf, cover, page)
    notes: list[str] = []
    texts: dict[tuple[str, str | None], ProxyText] = {}
    for index, copy in enumerate(copies):
        if index % PER_PAGE == 0:
            pdf.add_page()
            _marks(pdf, page)
        x, y = page.slot(index)
        if copy.card is None:
            if copy.held is not None:
                notes += _placeholder(pdf, copy.held, copy.could_be, x, y)
            _edge(pdf, x, y)
            continue
        picture = picture_of(copy.card, images) if images is not None else None
        if picture is not None:
            try:
                pdf.image(str(picture), x, y, CARD_WIDTH, CARD_HEIGHT)
            except Exception as exc:  # a broken picture: say so, print the words instead
                notes.append(_("{path}: not a picture ({problem}); printed a text proxy").format(
                    path=picture, problem=type(exc).__name__))  # fmt: skip
                picture = None
        if picture is None:
            key = (copy.card.id, copy.totem_line)
            proxy = texts.get(key) or texts.setdefault(
                key, proxy_text(copy.card, lang, copy.totem_line)
            )
            if not _text_proxy(pdf, proxy, x, y):
                note = _("{card}: its text does not fit a card; the proxy is cut short")
                notes.append(note.format(card=copy.card.label))
        _edge(pdf, x, y)
    return output(pdf), pdf.pages_count, sorted(set(notes), key=notes.index)
