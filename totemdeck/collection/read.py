"""Reading a collection file: any decklist ``check`` reads (counts = copies owned), or the
CSV export of a collection app (``formats``), into the prints each line can be.

Apps name sets in words ("Base Set (Unlimited)", "SV03: Obsidian Flames"), so a CSV row's
set is found by its name, then checked against the card at that number; a row whose set is
not known is read by its card name, and the reading says so.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from totemdeck.catalogue.model import CardSet
from totemdeck.catalogue.names import fold
from totemdeck.catalogue.read import Catalogue
from totemdeck.collection import formats
from totemdeck.collection.model import Collection, Holding
from totemdeck.decklist import Resolver, parse
from totemdeck.decklist.model import DeckLine
from totemdeck.decklist.resolve import ResolvedLine
from totemdeck.errors import UsageError
from totemdeck.findings import Finding
from totemdeck.i18n import _

__all__ = ["CollectionError", "read_collection_text"]

_NUMBER_OF = re.compile(r"^\s*([A-Za-z]*\d+[A-Za-z]*)\s*/\s*[A-Za-z]*\d+\s*$")  # "223/197"
_NAME_NUMBER = re.compile(r"\s+-\s+[A-Za-z]*\d+[A-Za-z]*(?:/[A-Za-z]*\d+)?\s*$")  # "… - 125/197"
_PARENTHESES = re.compile(r"\s*\([^)]*\)")
_PREFIX = re.compile(r"^[A-Za-z0-9.]{2,8}:\s+")  # "SV03: Obsidian Flames"


class CollectionError(UsageError):
    """A collection file that cannot be read at all (an unknown CSV): exit 2."""


def _set_keys(name: str) -> list[str]:
    """The spellings of a set's name to look up, most literal first."""
    keys = [fold(name)]
    for variant in (_PARENTHESES.sub("", name), _PREFIX.sub("", name)):
        keys.append(fold(variant))
    plain = _PREFIX.sub("", _PARENTHESES.sub("", name))
    keys.append(fold(plain))
    keys.append(fold(re.sub(r"\bset\b", " ", plain, flags=re.IGNORECASE)))
    return [k for i, k in enumerate(keys) if k and k not in keys[:i]]


class _SetNames:
    """Set ids by folded name, built once per catalogue."""

    def __init__(self, sets: Iterable[CardSet]) -> None:
        self.by_name: dict[str, list[str]] = {}
        for card_set in sets:
            for key in [*_set_keys(card_set.name), fold(card_set.id)]:
                self.by_name.setdefault(key, []).append(card_set.id)
            if card_set.ptcgl_code:
                self.by_name.setdefault(fold(card_set.ptcgl_code), []).append(card_set.id)

    def find(self, names: Iterable[str]) -> list[str]:
        for name in names:
            for key in _set_keys(name):
                if key in self.by_name:
                    return self.by_name[key]
        return []


def _number(written: str | None) -> str | None:
    if not written:
        return None
    match = _NUMBER_OF.match(written)
    return match.group(1) if match else written.strip()


def _count(written: str) -> int | None:
    try:
        value = float(written.replace(",", "."))
    except ValueError:
        return None
    return int(value) if value.is_integer() and 0 <= value <= 100_000 else None


def _row_line(
    row: formats.CsvRow, resolver: Resolver, sets: _SetNames
) -> tuple[ResolvedLine | None, Finding | None, str | None]:
    count = _count(row.count)
    if count is None:
        message = _("line {line}: {count!r} is not a number of copies").format(
            line=row.line, count=row.count
        )
        return None, Finding("malformed-line", message, row.line), None
    name = _NAME_NUMBER.sub("", row.name)
    number = _number(row.number)
    set_ids = sets.find([*row.set_names, *([row.set_code] if row.set_code else [])])
    for set_id in set_ids if number else ():
        line = DeckLine(row.line, row.raw, None, count, name, set_id, number)
        resolved = resolver.resolve_line(line)
        if resolved.finding is None:
            return resolved, None, None
    line = DeckLine(row.line, row.raw, None, count, name)
    resolved = resolver.resolve_line(line)
    if resolved.finding is not None:
        return None, resolved.finding, None
    where = " / ".join(row.set_names) or row.set_code or "?"
    note = _("set {set!r} number {number} not found; read by the name {name!r}").format(
        set=where, number=row.number or "?", name=name
    )
    return resolved, None, note


def read_collection_text(text: str, source: str, catalogue: Catalogue) -> Collection:
    """The collection in ``text`` (a decklist or a known CSV export), resolved."""
    resolver = Resolver(catalogue)
    if formats.looks_like_csv(text):
        fmt, columns = formats.detect(text)
        if fmt is None:
            expected = "; ".join(f"{f.title}: {', '.join(f.required)}" for f in formats.FORMATS)
            raise CollectionError(
                _("{source}: line 1: unknown CSV columns ({columns}); expected {expected}").format(
                    source=source, columns=", ".join(columns), expected=expected
                )
            )
        sets = _SetNames(catalogue.sets().values())
        holdings, found, readings = [], [], []
        for row in formats.rows(text, fmt):
            resolved, finding, note = _row_line(row, resolver, sets)
            if finding is not None:
                found.append(finding)
            if resolved is not None:
                holdings.append(Holding(row.line, resolved.line.count, resolved.candidates))
                if note or resolved.note:
                    readings.append((row.line, note or resolved.note or ""))
        return Collection(source, fmt.key, tuple(holdings), tuple(found), tuple(readings))
    resolved_deck = resolver.resolve(parse(text, source=source))
    holdings = [
        Holding(r.line.line, r.line.count, r.candidates) for r in resolved_deck.lines if r.resolved
    ]
    readings = [(r.line.line, r.note) for r in resolved_deck.lines if r.resolved and r.note]
    return Collection(source, "decklist", tuple(holdings), resolved_deck.findings, tuple(readings))
