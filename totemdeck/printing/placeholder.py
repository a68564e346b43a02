"""A placeholder proxy: a card-sized slip for a line no one print stands for.

Round trips are identities (issue 33): a proxy sheet prints every line of the list. A line
that is ambiguous (``3 Gardevoir EX``: the ex and the EX cards) is not one print, so it is
not printed as one: its slip says it is ambiguous and names its candidates. A line that names
no card, or is no card line, is not left out: its slip carries the line as written. Never a
silent pick, never a silent gap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from totemdeck.export.asread import AMBIGUOUS, STATUS_WORDS, ReadLine
from totemdeck.i18n import N_, _
from totemdeck.printing.paper import CARD_HEIGHT, CARD_WIDTH
from totemdeck.printing.pdf import FAMILY, wrap

if TYPE_CHECKING:
    from fpdf import FPDF

PAD = 3.0
INNER = CARD_WIDTH - 2 * PAD
MOST_CANDIDATES = 12  # named on the slip; the rest are counted ("and 3 more")
TITLES = {
    AMBIGUOUS: N_("AMBIGUOUS LINE"),
    "unknown": N_("UNKNOWN CARD"),
    "not-legal-print": N_("NO PLAYABLE PRINT"),
    "unreadable": N_("NOT A CARD LINE"),
}


def placeholder_words(held: ReadLine, could_be: tuple[str, ...]) -> tuple[str, list[str]]:
    """The slip's title and its lines: the line as written, its line number and why, and
    the prints it can mean as a player names them (``Charmander OBF 26``)."""
    words = [held.text, _("line {n}: {why}").format(n=held.line, why=_(STATUS_WORDS[held.status]))]
    if could_be:
        shown = ", ".join(could_be[:MOST_CANDIDATES])
        more = len(could_be) - MOST_CANDIDATES
        if more > 0:
            shown += " " + _("and {n} more").format(n=more)
        words.append(_("Could be: {candidates}").format(candidates=shown))
    words.append(_("placeholder proxy: not one print"))
    return _(TITLES[held.status]), words


def placeholder_proxy(
    pdf: FPDF, held: ReadLine, could_be: tuple[str, ...], x: float, y: float
) -> bool:
    """Draws the slip at ``x``, ``y``; False when its words had to be cut short."""
    title, words = placeholder_words(held, could_be)
    pdf.set_fill_color(235, 235, 235)
    pdf.rect(x + 1, y + 1, CARD_WIDTH - 2, 9.5, style="F")
    pdf.set_font(FAMILY, "B", 9.5)
    pdf.set_xy(x + PAD, y + 2.5)
    pdf.cell(INNER, 5, title)
    top, bottom = y + 13.0, y + CARD_HEIGHT - PAD
    for index, text in enumerate(words):
        pdf.set_font(FAMILY, "B" if index == 0 else "", 8.0 if index == 0 else 6.5)
        for part in wrap(pdf, text, INNER):
            if top + 3.6 > bottom:
                return False
            pdf.set_xy(x + PAD, top)
            pdf.cell(INNER, 3.4, part)
            top += 3.6
        top += 1.5
    return True
