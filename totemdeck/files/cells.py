"""Spreadsheet cells that stay text: CSV injection (OWASP) neutralised, reversibly.

A spreadsheet runs a cell that starts with ``=``, ``+``, ``-``, ``@``, a TAB or a CR as a
formula (``=HYPERLINK(…)`` in a deck's name is a live link, ``@SUM(…)`` a computation). Every
CSV totemdeck writes passes its text cells through ``safe_cell``, which puts a ``'`` before
such a cell (the spreadsheet then shows it as text and hides the quote); readers of the CSVs
totemdeck writes pass cells back through ``read_cell``, so a round trip gives the same text.

A cell that already starts with ``'`` before one of those characters gets one quote more,
so ``read_cell(safe_cell(text)) == text`` for every text.
"""

from __future__ import annotations

from typing import TypeVar

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
QUOTE = "'"

T = TypeVar("T")


def _needs_quote(text: str) -> bool:
    rest = text.lstrip(QUOTE)
    return rest.startswith(FORMULA_STARTS)


def safe_cell(value: T) -> T | str:
    """``value`` as a spreadsheet will show it, never run it (numbers pass as they are)."""
    if isinstance(value, str) and _needs_quote(value):
        return QUOTE + value
    return value


def read_cell(text: str) -> str:
    """The text ``safe_cell`` was given (a cell another program wrote passes unchanged,
    unless it starts with ``'`` before a formula's first character, as ``safe_cell`` writes)."""
    if text.startswith(QUOTE) and _needs_quote(text[1:]):
        return text[1:]
    return text
