"""The CSV deck ``totemdeck export --to csv`` writes, read back as the same deck.

One row a card line: ``section,count,name,set,number,…,id`` (and ``deck``, the deck's
name, when it has one). The id decides (the very
print that was exported); a row without one is read by name, set and number. Bad rows are
``ParseProblem``s like any unreadable line, never a raise.
"""

from __future__ import annotations

import io

from totemdeck.decklist.asread import card_line_of, unread_of
from totemdeck.decklist.model import MAX_COUNT, DeckLine, Decklist, ParseProblem
from totemdeck.files.cells import read_cell
from totemdeck.i18n import _

HEADER = "section,count,name,set,number"
SECTIONS = {"totem": "totem", "pokemon": "pokemon", "trainer": "trainer", "energy": "energy"}


def looks_like_csv_deck(text: str) -> bool:
    """Whether ``text`` opens with the header row of totemdeck's CSV export."""
    return text.lstrip("\ufeff \t\r\n").lower().startswith(HEADER)


def _row(number: int, raw: str, row: dict[str, str]) -> DeckLine | ParseProblem:
    count_text = (row.get("count") or "").strip()
    if not count_text and (row.get("status") or "").strip() == "unreadable":
        again = unread_of((row.get("written") or "").strip(), number)
        return again[0] if again else ParseProblem(number, raw, _("no card name"))
    if not count_text.isascii() or not count_text.isdigit() or len(count_text) > 3:
        return ParseProblem(number, raw, _("not a count: {text!r}").format(text=count_text[:20]))
    count = int(count_text)
    if not 1 <= count <= MAX_COUNT:
        return ParseProblem(
            number, raw, _("count {count} is not 1–{limit}").format(count=count, limit=MAX_COUNT)
        )
    section = SECTIONS.get((row.get("section") or "").strip().lower())
    written = (row.get("written") or "").strip()
    if (row.get("status") or "").strip() and written:  # written as read: the text decides
        return card_line_of(count, written, number, raw, section)
    card_id = (row.get("id") or "").strip() or None
    name = (row.get("name") or "").strip()
    if card_id:
        return DeckLine(number, raw, section, count, "", card_id=card_id[:60])
    if not name:
        return ParseProblem(number, raw, _("no card name"))
    set_code = (row.get("set") or "").strip() or None
    printed = (row.get("number") or "").strip() or None
    return DeckLine(number, raw, section, count, name[:200], set_code=set_code, number=printed)


def parse_csv_deck(text: str, source: str) -> Decklist:
    """The deck a CSV export holds (line numbers count the header row as line 1)."""
    rows = text.lstrip("\ufeff").splitlines()
    import csv  # here: every text deck asks whether it is this CSV, few are

    reader = csv.DictReader(io.StringIO("\n".join(rows)))
    lines: list[DeckLine] = []
    problems: list[ParseProblem] = []
    name: str | None = None
    for index, row in enumerate(reader, start=2):
        raw = rows[index - 1] if index - 1 < len(rows) else ""
        # read_cell: the text before totemdeck's writers kept it from running as a formula
        cells = {k: read_cell(v) for k, v in row.items() if isinstance(k, str) and v is not None}
        name = name or " ".join((cells.get("deck") or "").split())[:200] or None
        read = _row(index, raw, cells)
        (lines if isinstance(read, DeckLine) else problems).append(read)  # type: ignore[arg-type]
    return Decklist(tuple(lines), (), tuple(problems), source, name=name)
