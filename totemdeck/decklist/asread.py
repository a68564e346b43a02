"""Lines an export wrote as the list wrote them (``export/asread.py``), read back as such.

The JSON and CSV exports write a line no one print stands for (ambiguous, naming no card,
no card line) as its text after the count, with its status and candidates beside it for
people and tools. Reading it back, the text decides: it is read as the text reader reads it,
so it is the same line again — the same ambiguity, the same unknown name, the same problem.
"""

from __future__ import annotations

from dataclasses import replace

from totemdeck.decklist.model import DeckLine, ParseProblem


def card_line_of(count: int, written: str, line: int, raw: str, section: str | None) -> DeckLine:
    """The line ``COUNT WRITTEN`` as the text reader reads it, numbered ``line``; a name
    alone when it does not read as one card line (it then names what was written)."""
    from totemdeck.decklist.parse import parse

    written = " ".join(written.split())  # one line, whatever a stranger's file holds
    read = parse(f"{count} {written}")
    if len(read.lines) == 1 and not read.problems and read.lines[0].count == count:
        return replace(read.lines[0], line=line, raw=raw, section=section)
    return DeckLine(line, raw, section, count, written[:200], written=written[:200])


def unread_of(text: str, line: int) -> list[ParseProblem | DeckLine]:
    """A line that was no card line, read again where a list's lines are read (after a
    header, so it is not taken for the deck's title): its problem, numbered ``line``."""
    from totemdeck.decklist.parse import parse

    text = " ".join(text.split())  # one line, whatever a stranger's file holds
    read = parse("Main deck:\n" + text)  # i18n: keep (a header the reader knows)
    problems: list[ParseProblem | DeckLine] = [
        replace(p, line=line, raw=text) for p in read.problems
    ]
    return problems or [replace(x, line=line, raw=text, section=None) for x in read.lines]
