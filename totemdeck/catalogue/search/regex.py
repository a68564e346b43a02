"""``name:/…/`` and ``o:/…/``: regular expressions run by RE2, never by a backtracking engine.

RE2 (google-re2) matches in time linear in the text whatever the pattern, and refuses what
only a backtracking engine can do (backreferences, lookaround) with a message, so a hostile
pattern (``(a+)+$``) costs what a plain one costs. SQLite calls ``re_items`` / ``re_text``
(registered on the catalogue's connection by ``register``) for the rows it reads.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from totemdeck.catalogue.search.values import BadValue
from totemdeck.i18n import _

MAX_PATTERN = 200
_MAX_MEMORY = 1 << 22  # 4 MiB per compiled pattern (RE2's default is 8)


@lru_cache(maxsize=64)
def compiled(pattern: str) -> Any:
    """The RE2 program of ``pattern`` (case-insensitive), or ``BadValue`` saying why not."""
    import re2

    if not pattern:
        raise BadValue(_("the regular expression is empty"))
    if len(pattern) > MAX_PATTERN:
        raise BadValue(
            _("a regular expression has at most {limit} characters").format(limit=MAX_PATTERN)
        )
    options = re2.Options()
    options.case_sensitive = False
    options.log_errors = False
    options.max_mem = _MAX_MEMORY
    try:
        return re2.compile(pattern.encode("utf-8"), options)
    except re2.error as exc:
        reason = exc.args[0].decode("utf-8", "replace") if exc.args else str(exc)
        if isinstance(reason, bytes):
            reason = reason.decode("utf-8", "replace")
        raise BadValue(
            _("{pattern!r} is not a regular expression RE2 runs ({reason})").format(
                pattern=pattern, reason=reason
            )
        ) from None


def _matcher(split: Callable[[str], list[str]]) -> Callable[[str, str | None], int]:
    @lru_cache(maxsize=65536)  # reprints share names and texts
    def match(pattern: str, value: str | None) -> int:
        if not value:
            return 0
        program = compiled(pattern)
        return int(any(program.search(part.encode("utf-8")) for part in split(value)))

    return match


def _items(value: str) -> list[str]:
    return [item for item in value.split("|") if item]


def _sentences(value: str) -> list[str]:
    from totemdeck.catalogue.search.index import SENTENCE_BREAK

    return value.split(SENTENCE_BREAK)


re_items = _matcher(_items)
re_text = _matcher(_sentences)


def register(db: sqlite3.Connection) -> None:
    """Make ``re_items(pattern, "|a|b|")`` and ``re_text(pattern, body)`` callable in SQL."""
    db.create_function("re_items", 2, re_items, deterministic=True)
    db.create_function("re_text", 2, re_text, deterministic=True)
