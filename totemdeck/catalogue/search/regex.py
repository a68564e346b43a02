"""``name:/…/`` and ``o:/…/``: regular expressions run by RE2, never by a backtracking engine.

RE2 (google-re2) matches in time linear in the text whatever the pattern, and refuses what
only a backtracking engine can do (backreferences, lookaround) with a message, so a hostile
pattern (``(a+)+$``) costs what a plain one costs.

A pattern runs once per query, not once per row: the first regex on a connection gathers
each searched column's distinct values (names, sentences of card text) into one corpus, a
value a line, and RE2 scans that corpus in one pass, line by line (``never_nl``: a match
never spans two values; ``^`` and ``$`` are a value's ends). SQL gets the matching rows
back from ``re_rows(pattern, column)`` as a JSON list. A value's own ends (``\\A``, ``\\z``)
are its line's ends there; only a pattern that turns multi-line mode off runs per row instead
(``re_items`` / ``re_text``), as it reads alike either way.
"""

from __future__ import annotations

import bisect
import json
import sqlite3
import unicodedata
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from totemdeck.base.lazy import LazyPattern
from totemdeck.catalogue.search.values import BadValue
from totemdeck.i18n import _

MAX_PATTERN = 200
_MAX_MEMORY = 1 << 22  # 4 MiB per compiled pattern (RE2's default is 8)
# The columns a regex reads, and how a stored value splits into what one match may span.
ITEM_COLUMNS = ("names", "attack_names", "ability_names", "rarity", "artist")
TEXT = "text"
# A Spanish search's regexes also read each print's Spanish text and names (``search_es``).
SPANISH_TEXT = "es:sentences"
SPANISH_ITEMS = ("es:attack_names", "es:ability_names")
_PER_ROW = LazyPattern(r"\(\?[a-zA-Z]*-")  # (?-m): a whole text's ends


def _options(never_nl: bool) -> Any:
    import re2

    options = re2.Options()
    options.case_sensitive = False
    options.log_errors = False
    options.max_mem = _MAX_MEMORY
    options.never_nl = never_nl
    return options


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
    try:
        return re2.compile(pattern.encode("utf-8"), _options(False))
    except re2.error as exc:
        reason = exc.args[0].decode("utf-8", "replace") if exc.args else str(exc)
        if isinstance(reason, bytes):
            reason = reason.decode("utf-8", "replace")
        raise BadValue(
            _("{pattern!r} is not a regular expression RE2 runs ({reason})").format(
                pattern=pattern, reason=reason
            )
        ) from None


def per_row(pattern: str) -> bool:
    """Whether ``pattern`` must run on each value alone (it turns multi-line mode off)."""
    return bool(_PER_ROW.search(line_form(pattern)))


def line_form(pattern: str) -> str:
    """``pattern`` for a corpus of one value a line: a value's own ends ``\\A`` and ``\\z``
    are its line's ends there (``^``, ``$`` in multi-line mode), so a pattern naming them
    still runs once over the corpus (an escaped backslash before ``A`` stays as it is)."""
    return _TEXT_ENDS.sub(lambda m: m.group(1) + ("^" if m.group(2) == "A" else "$"), pattern)


_TEXT_ENDS = LazyPattern(r"(?<!\\)((?:\\\\)*)\\([Az])")


@lru_cache(maxsize=64)
def _line_program(pattern: str) -> Any:
    """``pattern`` for a corpus of one value a line (checked by ``compiled`` first)."""
    import re2

    compiled(pattern)
    lines = line_form(pattern).encode("utf-8")
    return re2.compile(b"(?m:" + lines + b")", _options(True))._regexp


class Corpus:
    """Distinct values, one a line of ``text``, with the rows that hold each."""

    def __init__(self, values: dict[str, list[int]]) -> None:
        self.rows = list(values.values())
        encoded = [v.replace("\n", " ").encode("utf-8") for v in values]
        self.starts: list[int] = []
        offset = 0
        for line in encoded:
            self.starts.append(offset)
            offset += len(line) + 1
        self.text = b"\n".join(encoded)

    def rowids(self, pattern: str) -> list[int]:
        """The rows a value of which ``pattern`` matches, in order: one scan of the corpus,
        which after each match goes on from the next line."""
        import re2

        match = _line_program(pattern).Match
        unanchored = re2._Anchor.UNANCHORED
        text, starts, end = self.text, self.starts, len(self.text)
        found: set[int] = set()
        pos = 0
        while pos <= end:
            start = match(unanchored, text, pos, end)[0][0]
            if start < 0:
                break
            line = bisect.bisect_right(starts, start) - 1
            found.update(self.rows[line])
            if line + 1 >= len(starts):
                break
            pos = starts[line + 1]
        return sorted(found)


def _sentences(value: str) -> list[str]:
    from totemdeck.catalogue.search.index import SENTENCE_BREAK

    return value.split(SENTENCE_BREAK)


def _items(value: str) -> list[str]:
    return [item for item in value.split("|") if item]


def without_accents(text: str) -> str:
    """``text`` with its accents dropped (not its case, nor a pattern's ``\\S``): a pattern
    and the text it reads are folded alike, so ``/energía/`` and ``/energia/`` agree."""
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFKD", text.translate(_APOSTROPHES))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'"})
_SPANISH_JOIN = "FROM main.search s JOIN main.search_es e ON e.card_id = s.card_id"


def _corpus(db: sqlite3.Connection, column: str) -> Corpus:
    if column == TEXT:
        rows, split = db.execute("SELECT rowid, body FROM main.search_text"), _sentences
    elif column in ITEM_COLUMNS:
        rows, split = db.execute(f"SELECT rowid, {column} FROM main.search"), _items
    elif column == SPANISH_TEXT:  # stored folded already
        rows, split = db.execute(f"SELECT s.rowid, e.sentences {_SPANISH_JOIN}"), _sentences
    elif column in SPANISH_ITEMS:
        rows = db.execute(f"SELECT s.rowid, e.{column[3:]} {_SPANISH_JOIN}")
        split = _items
    else:
        raise ValueError(f"no regex corpus for column {column!r}")
    values: dict[str, list[int]] = {}
    for rowid, value in rows:
        if value:
            for part in dict.fromkeys(split(value)):
                values.setdefault(without_accents(part), []).append(rowid)
    return Corpus(values)


# (catalogue file, its search index's inputs, column) → corpus: a long-lived process (the web
# app) builds each once; the few last ones are kept.
_CORPORA: dict[tuple[str, str, str], Corpus] = {}
_KEPT = 8


def _corpora(db: sqlite3.Connection) -> Callable[[str, str], str]:
    """``re_rows`` for ``db``: corpora built on first use, again when the index is rebuilt."""

    def re_rows(pattern: str, column: str) -> str:
        built = db.execute(
            "SELECT group_concat(value, ' ') FROM main.meta "
            "WHERE key IN ('search_index', 'search_index_es')"
        ).fetchone()
        path = db.execute("PRAGMA main.database_list").fetchone()[2]
        key = (str(path), str(built[0] or ""), column)
        found = _CORPORA.get(key)
        if found is None:
            while len(_CORPORA) >= _KEPT:
                del _CORPORA[next(iter(_CORPORA))]
            found = _CORPORA[key] = _corpus(db, column)
        return json.dumps(found.rowids(pattern))

    return re_rows


def _matcher(split: Callable[[str], list[str]]) -> Callable[[str, str | None], int]:
    @lru_cache(maxsize=65536)  # reprints share names and texts
    def match(pattern: str, value: str | None) -> int:
        if not value:
            return 0
        program = compiled(pattern)
        parts = (without_accents(part).encode("utf-8") for part in split(value))
        return int(any(program.search(part) for part in parts))

    return match


re_items = _matcher(_items)
re_text = _matcher(_sentences)


def register(db: sqlite3.Connection) -> None:
    """Make ``re_rows(pattern, column)``, ``re_items(pattern, "|a|b|")`` and
    ``re_text(pattern, body)`` callable in SQL."""
    db.create_function("re_rows", 2, _corpora(db))
    db.create_function("re_items", 2, re_items, deterministic=True)
    db.create_function("re_text", 2, re_text, deterministic=True)
