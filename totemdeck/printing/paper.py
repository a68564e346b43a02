"""Paper and the proxy grid: where nine true-size cards and their cut marks go on a page.

A Pokémon card is 63 × 88 mm. Three across and three down (189 × 264 mm) fit A4 (210 × 297)
and US Letter (215.9 × 279.4), centred, the cards touching so one cut serves two cards; cut
marks stand outside the grid on every cut line, where a guillotine or a craft knife starts.
"""

from __future__ import annotations

from totemdeck.base.errors import UsageError
from totemdeck.base.records import frozen
from totemdeck.i18n import _

CARD_WIDTH = 63.0
CARD_HEIGHT = 88.0
COLUMNS = 3
ROWS = 3
PER_PAGE = COLUMNS * ROWS
# Paper sizes in millimetres (ISO 216 A4; ANSI Letter, 8.5 × 11 in).
PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARK_GAP = 1.0  # between the grid and a cut mark
MARK_LENGTH = 4.0


@frozen
class Grid:
    """The page and the top-left corner of its grid of cards, in millimetres."""

    paper: str
    width: float
    height: float
    left: float
    top: float

    def slot(self, index: int) -> tuple[float, float]:
        """The top-left corner of card ``index`` (0–8) on its page, row by row."""
        row, column = divmod(index % PER_PAGE, COLUMNS)
        return self.left + column * CARD_WIDTH, self.top + row * CARD_HEIGHT

    def cut_marks(self) -> list[tuple[float, float, float, float]]:
        """Segments (x1, y1, x2, y2) on every cut line, outside the grid on both ends."""
        right = self.left + COLUMNS * CARD_WIDTH
        bottom = self.top + ROWS * CARD_HEIGHT
        marks = []
        for column in range(COLUMNS + 1):
            x = self.left + column * CARD_WIDTH
            marks.append((x, self.top - MARK_GAP - MARK_LENGTH, x, self.top - MARK_GAP))
            marks.append((x, bottom + MARK_GAP, x, bottom + MARK_GAP + MARK_LENGTH))
        for row in range(ROWS + 1):
            y = self.top + row * CARD_HEIGHT
            marks.append((self.left - MARK_GAP - MARK_LENGTH, y, self.left - MARK_GAP, y))
            marks.append((right + MARK_GAP, y, right + MARK_GAP + MARK_LENGTH, y))
        return marks


class UnknownPaper(UsageError):
    """``--paper`` names a size totemdeck does not know (exit 2)."""


def grid(paper: str) -> Grid:
    """The centred grid of nine cards on ``paper`` (``a4`` or ``letter``)."""
    key = paper.strip().lower()
    if key not in PAPERS:
        raise UnknownPaper(
            _("unknown paper {paper!r}: use one of {known}").format(
                paper=paper, known=", ".join(PAPERS)
            )
        )
    width, height = PAPERS[key]
    left = (width - COLUMNS * CARD_WIDTH) / 2
    top = (height - ROWS * CARD_HEIGHT) / 2
    return Grid(key, width, height, left, top)
