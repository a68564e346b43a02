"""The PDF writer both sheets share: fpdf2 with the vendored DejaVu Sans Condensed fonts.

fpdf2's core fonts know Latin-1 only; card names carry ★, δ, ◇ and Spanish accents, so every
PDF embeds DejaVu Sans Condensed (subset to the glyphs used, a few tens of KB a file). The
fonts ship in ``printing/fonts`` with their licence (Bitstream Vera, free to redistribute).

DejaVu has no Chinese or Japanese glyphs, and lists are written in them (``1 白蓬蓬V SSP
84``, a comment line): a line the sheet writes as read must print whole to read back the
same. So a document whose text needs them also embeds Droid Sans Fallback (Apache 2.0, the
Android CJK fallback, 3.4 MB on disk, a subset of a few KB in the PDF) as fpdf2's fallback
font — only then, since loading it costs ~0.5 s.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fpdf import FPDF

from totemdeck.base.errors import UsageError
from totemdeck.i18n import _

FONTS = Path(__file__).resolve().parent / "fonts"
FAMILY = "DejaVu"
FALLBACK = "DroidSansFallback"  # CJK; loaded only for a document that needs it
PT = 25.4 / 72  # millimetres in a point


class PrintUnavailable(UsageError):
    """fpdf2 is not installed (``pip install 'totemdeck[print]'``); exit 2."""


def new_document(width: float, height: float, title: str) -> FPDF:
    """A PDF in millimetres on ``width`` × ``height`` paper, portrait, fonts registered,
    no automatic page breaks (every position is chosen here)."""
    try:
        from fpdf import FPDF
    except ImportError as exc:  # the [print] extra is not installed
        raise PrintUnavailable(_("printing needs fpdf2: pip install 'totemdeck[print]'")) from exc
    pdf = FPDF(unit="mm", format=(width, height))
    pdf.set_auto_page_break(False)
    pdf.set_margins(0, 0, 0)
    pdf.add_font(FAMILY, "", str(FONTS / "DejaVuSansCondensed.ttf"))
    pdf.add_font(FAMILY, "B", str(FONTS / "DejaVuSansCondensed-Bold.ttf"))
    pdf.set_title(title)
    pdf.set_creator("totemdeck")
    pdf.set_font(FAMILY, size=9)
    return pdf


def unprintable(pdf: FPDF, text: str) -> str:
    """The characters of ``text`` no font of ``pdf`` has a glyph for, each once: they print
    as nothing, so whoever prints is told."""
    cmaps = [getattr(font, "cmap", {}) for font in pdf.fonts.values()]  # TTF fonts' maps
    gone = [c for c in text if not c.isspace() and not any(ord(c) in m for m in cmaps)]
    return "".join(dict.fromkeys(gone))


def fall_back_for(pdf: FPDF, texts: Iterable[str]) -> None:
    """Embeds the CJK fallback font when DejaVu cannot draw some of ``texts`` (read as the
    list wrote them); a document that needs none never loads it."""
    if FALLBACK.lower() in pdf.fonts or not unprintable(pdf, "".join(texts)):
        return
    pdf.add_font(FALLBACK, "", str(FONTS / f"{FALLBACK}.ttf"))
    pdf.set_fallback_fonts([FALLBACK], exact_match=False)  # its one style serves bold too


def output(pdf: FPDF) -> bytes:
    """The finished document's bytes."""
    return bytes(pdf.output())


def wrap(pdf: FPDF, text: str, width: float) -> list[str]:
    """``text`` broken into the lines that fit ``width`` at the current font."""
    from fpdf.enums import MethodReturnValue

    lines: Any = pdf.multi_cell(
        width, 1, text, dry_run=True, output=MethodReturnValue.LINES, padding=0
    )
    return [str(line) for line in lines]


def fitted_size(pdf: FPDF, text: str, width: float, size: float, smallest: float) -> float:
    """The largest font size from ``size`` down to ``smallest`` at which ``text`` fits one
    line of ``width`` (the current style)."""
    while size > smallest:
        pdf.set_font_size(size)
        if pdf.get_string_width(text) <= width:
            return size
        size -= 0.5
    pdf.set_font_size(smallest)
    return smallest
