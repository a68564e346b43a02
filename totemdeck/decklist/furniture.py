"""List furniture: what people put around a card line that names no card (issue 33).

Bullets (``-``, ``*``, ``•``), markdown emphasis (``**4 Pikachu**``), a count written after
the name (``Pikachu x4``, ``Pikachu (4)``), several cards on one line (``3 Rowlet, 3 Dartrix,
2 Decidueye GX``) and a comment in parentheses that runs onto the next line. The parser
takes the furniture off before it looks for a count; the catalogue's words decide the rest
(``vocabulary.py``).

Every pattern here is linear on any text (the pattern-safety test holds them to it): no
unbounded repeat follows another over the same characters, and each is anchored.
"""

from __future__ import annotations

import re

# "- 4 Pikachu", "• 4 Pikachu", "* 4 Pikachu", "> 4 Pikachu": a bullet and its spaces.
_BULLET = re.compile(r"^[-*•·▪►>+]++[ \t]++(?=\S)")
# "4x Pikachu" is the parser's; "Pikachu x4", "Pikachu ×4", "Pikachu (4)", "Pikachu (x4)".
_COUNT_AFTER = re.compile(
    r"^(?P<name>[^\d\s].{0,300}?) (?:[xX×] ?(?P<a>\d{1,3})|\((?:[xX×] ?)?(?P<b>\d{1,3})\))$"
)
# Where a line that names several cards splits: a comma or semicolon before the next count.
_NEXT_CARD = re.compile(r"[,;] ?(?=\d{1,3} ?[xX×]? [^\d\s])")
_LEADS_WITH_COUNT = re.compile(r"^\d{1,3} ?[xX×]? [^\d\s]")


def strip_bullet(text: str) -> str:
    """``- 4 Pikachu`` → ``4 Pikachu``; markdown ``**4 Pikachu**`` → ``4 Pikachu``."""
    if text[:1].isalnum():  # most lines: nothing to take off
        return text
    for mark in ("**", "__"):
        if len(text) > 4 and text.startswith(mark) and text.endswith(mark):
            text = text[2:-2].strip()
    return _BULLET.sub("", text, count=1)


def count_first(text: str) -> str | None:
    """``Pikachu x4`` → ``4 Pikachu`` (a count after the name), or None."""
    found = _COUNT_AFTER.match(text)
    if found is None:
        return None
    return f"{found.group('a') or found.group('b')} {found.group('name')}"


def several_cards(text: str) -> list[str]:
    """``3 Rowlet, 3 Dartrix, 2 Decidueye GX`` → one text a card; any other line alone."""
    if (", " not in text and ";" not in text) or not _LEADS_WITH_COUNT.match(text):
        return [text]
    parts = [part.strip() for part in _NEXT_CARD.split(text)]
    return parts if all(_LEADS_WITH_COUNT.match(p) for p in parts) else [text]


def open_comment(text: str) -> tuple[str, str] | None:
    """A comment in parentheses that the line opens and does not close: the line without
    it and the comment's start (``4 Pikachu (my best`` → ``4 Pikachu``, ``(my best``). The
    parser leaves out the lines that follow up to the one that closes it, but never a line
    that opens with a count: a stray ``(`` does not swallow the rest of a list."""
    opened: list[int] = []
    for at, char in enumerate(text):
        if char == "(":
            opened.append(at)
        elif char == ")" and opened:
            opened.pop()
    if not opened:
        return None
    return text[: opened[0]].rstrip(), text[opened[0] :]


# "1 × Charizard ex  (OBF 125)": the print in parentheses, as the text export writes it.
# Matched against the parentheses' inside only (found by a hand scan from the end): searched
# over the line, a leading ``\s+`` made a run of spaces quadratic (issue 44, N17).
_IN_PARENS = re.compile(r"[A-Za-z][A-Za-z0-9.-]{0,19} \S{1,8}")


def unwrapped_print(rest: str) -> str:
    """``NAME  (SET NUMBER)`` → ``NAME SET NUMBER``; any other text as it is."""
    if not rest.endswith(")"):
        return rest
    start = rest.rfind("(")
    head = rest[:start]
    if start < 1 or not head[-1:].isspace() or not _IN_PARENS.fullmatch(rest[start + 1 : -1]):
        return rest
    return f"{head.rstrip()} {rest[start + 1 : -1]}"
