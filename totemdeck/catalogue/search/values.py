"""Reading a search value of each kind (number, types, date …) and saying it in plain words.

A value that does not fit its key raises ``BadValue`` with a message; the compiler turns it
into a ``QuerySyntaxError`` pointing at the value.
"""

from __future__ import annotations

import datetime as dt
import re

from totemdeck.base.lazy import LazyPattern
from totemdeck.catalogue.model import COLORLESS, ENERGY_TYPES, TYPE_LETTERS
from totemdeck.catalogue.search.index import TYPE_BITS
from totemdeck.i18n import N_, _


class BadValue(ValueError):
    """A value the key cannot read; the message says what it expects."""


# "HP is at least 100": each operator as a whole sentence with the key's words in it.
OP_SENTENCES = {
    ":": N_("{what} is {value}"),
    "=": N_("{what} is {value}"),
    "!=": N_("{what} is not {value}"),
    "<": N_("{what} is less than {value}"),
    "<=": N_("{what} is at most {value}"),
    ">": N_("{what} is more than {value}"),
    ">=": N_("{what} is at least {value}"),
}


def compared(what: str, op: str, value: object) -> str:
    """``what`` (already in the current language) compared with ``value``, in words."""
    return _(OP_SENTENCES[op]).format(what=what, value=value)


SQL_OPS = {":": "=", "=": "=", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}
_SEPARATORS = LazyPattern(r"[\s,/+|&]+")
_DATE = LazyPattern(r"^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$")


def whole_number(value: str, what: str) -> int:
    """A whole number, or ``BadValue`` saying the key wants one."""
    text = value.strip()
    if not re.fullmatch(r"\d{1,6}", text):
        raise BadValue(
            _("{what} takes a whole number, not {value!r}").format(what=_(what), value=value)
        )
    return int(text)


def type_names(value: str) -> tuple[str, ...]:
    """Types from PTCG Live letters (``RD``) or names (``fire,dark``, ``psychic``)."""
    text = value.strip()
    if not text:
        raise BadValue(_("a type is missing: use letters (R, W, …) or names (fire, water …)"))
    if re.fullmatch(r"[GRWLPFDMYNCgrwlpfdmync]+", text) and (len(text) > 1 or text.isupper()):
        return tuple(dict.fromkeys(TYPE_LETTERS[letter] for letter in text.upper()))
    found: list[str] = []
    for word in _SEPARATORS.split(text.casefold()):
        if not word:
            continue
        if word in {"c", "colourless", "colorless", "none"}:
            found.append(COLORLESS)
            continue
        if len(word) == 1 and word.upper() in TYPE_LETTERS:
            found.append(TYPE_LETTERS[word.upper()])
            continue
        matches = [t for t in (*ENERGY_TYPES, COLORLESS) if t.casefold().startswith(word)]
        if len(matches) != 1:
            known = ", ".join(t.casefold() for t in (*ENERGY_TYPES, COLORLESS))
            raise BadValue(
                _(
                    "{word!r} is not a type; use letters G R W L P F D M Y N C or one of {known}"
                ).format(word=word, known=known)
            )
        found.append(matches[0])
    return tuple(dict.fromkeys(found))


def bits_of(types: tuple[str, ...]) -> int:
    bits = 0
    for name in types:
        bits |= TYPE_BITS[name]
    return bits


def date_range(value: str) -> tuple[str, str]:
    """``2023`` → ("2023-01-01", "2024-01-01"): the first day and the day after the end."""
    found = _DATE.match(value.strip())
    if not found:
        raise BadValue(
            _("a release date is YYYY, YYYY-MM or YYYY-MM-DD, not {value!r}").format(value=value)
        )
    year, month, day = (int(g) if g else None for g in found.groups())
    assert year is not None
    try:
        if month is None:
            return f"{year:04d}-01-01", f"{year + 1:04d}-01-01"
        start = dt.date(year, month, day or 1)
        if day is None:
            end = dt.date(year + (month == 12), month % 12 + 1, 1)
        else:
            end = start + dt.timedelta(days=1)
    except ValueError as exc:
        raise BadValue(
            _("{value!r} is not a date ({reason})").format(value=value, reason=exc)
        ) from None
    return start.isoformat(), end.isoformat()


def like_pattern(text: str) -> str:
    """``%text%`` for ``LIKE … ESCAPE '\\'``: the user's % and _ match only themselves."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def fts_query(text: str, phrase: bool) -> str:
    """An FTS5 query: every word quoted, so no FTS syntax leaks in; ``phrase`` keeps order.

    Words match by stem (``draw`` finds "draws"); a trailing ``*`` matches a prefix, in a
    phrase too (``"draw a c*"``: its last word; FTS5 takes no prefix before that).
    """
    words = re.findall(r"[\w']+\*?", text)
    if not words:
        raise BadValue(_("{text!r} has no words to look for").format(text=text))
    if phrase and len(words) > 1:
        if any(w.endswith("*") for w in words[:-1]):
            raise BadValue(
                _("in a phrase, * makes a prefix of its last word only: {text!r}").format(text=text)
            )
        star = "*" if words[-1].endswith("*") else ""
        return '"' + " ".join(w.rstrip("*").replace('"', '""') for w in words) + '"' + star
    return " ".join(
        '"' + w.rstrip("*").replace('"', '""') + '"' + ("*" if w.endswith("*") else "")
        for w in words
    )
