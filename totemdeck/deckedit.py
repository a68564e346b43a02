"""Edits of a ``SharedDeck`` as Build makes them: one more, one fewer, a count, a new Totem.

Each edit returns a new deck and leaves every other line as it was (unmatched lines and
name-only lines included), so building never loses a line. An edited list no longer agrees
with the counts its headers declared (``Pokémon: 20``), so the first edit drops those
declared counts (the headers stay, as section names).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from totemdeck.decklist.parse import parse
from totemdeck.sharecode import MAX_COUNT, SharedDeck

# The count at the front of a card line: "20 Name", "4x Name", "* 2 Name", "x3 Name".
_FRONT = re.compile(r"^(?P<head>\s*(?:\*\s*)?(?:[xX×]\s*)?)(?P<count>\d{1,4})(?P<tail>.*)$")
_LABEL = re.compile(r"^\s*(?:##\s*)?(?P<label>[^\d:：(–-]*?)\s*(?:[:：(–-]|$)")
MAIN_HEADER = "Main deck:"  # i18n: keep (a decklist header, read back by the parser)
TOTEM_HEADER = "Totem:"  # i18n: keep


def _undeclared(deck: SharedDeck) -> list[str]:
    """The deck's lines with the counts of its headers dropped (totals dropped whole)."""
    lines = list(deck.lines)
    for header in parse(deck.text()).headers:
        if header.declared is None:
            continue
        if header.section is None:
            lines[header.line - 1] = ""
            continue
        found = _LABEL.match(header.raw)
        label = found.group("label").strip() if found else ""
        lines[header.line - 1] = f"{label}:" if label else ""
    return lines


def with_count(deck: SharedDeck, line: int, count: int) -> SharedDeck:
    """Line ``line`` with ``count`` copies (0 removes the line; at most ``MAX_COUNT``)."""
    return Editor(deck).with_count(line, count)


def count_of(deck: SharedDeck, line: int) -> int | None:
    """The count written on line ``line`` (None when it is not a card line)."""
    if not 1 <= line <= len(deck.lines):
        return None
    found = _FRONT.match(deck.lines[line - 1])
    return int(found.group("count")) if found else None


def add(deck: SharedDeck, card_id: str, count: int = 1) -> SharedDeck:
    """``count`` more copies of ``card_id`` in the main deck (its line, or a new last line)."""
    return Editor(deck).add(card_id, count)


def without_totem(deck: SharedDeck) -> SharedDeck:
    """The deck with its Totem lines and Totem header taken out (the rest stays)."""
    parsed = parse(deck.text())
    drop = {x.line for x in parsed.lines if x.is_totem}
    drop |= {h.line for h in parsed.headers if h.section == "totem"}
    lines = [text for number, text in enumerate(_undeclared(deck), 1) if number not in drop]
    while lines and not lines[0].strip():
        lines.pop(0)
    if lines and lines[0].strip() == MAIN_HEADER:
        lines.pop(0)
    return SharedDeck(tuple(lines), deck.name)


def with_totem(deck: SharedDeck, card_ids: Iterable[str]) -> SharedDeck:
    """The deck with these prints as its Totem (one copy each) instead of its old Totem."""
    rest = without_totem(deck).lines
    totem = [f"1 {card_id}" for card_id in card_ids]
    return SharedDeck((TOTEM_HEADER, *totem, MAIN_HEADER, *rest), deck.name)


def named(deck: SharedDeck, name: str | None) -> SharedDeck:
    from totemdeck.sharecode import clean_name

    return SharedDeck(deck.lines, clean_name(name))


class Editor:
    """Many edits of one deck (a Build page makes one link per row and per result): the
    deck is read once, each edit is then a copy of its lines with one line changed."""

    def __init__(self, deck: SharedDeck) -> None:
        self.deck = deck
        self.lines = _undeclared(deck)
        parsed = parse("\n".join(self.lines))
        self._by_id = {
            x.card_id: x.line for x in parsed.lines if x.card_id and not x.is_totem and not x.name
        }
        sections = [h for h in parsed.headers if h.section is not None]
        self._after_totem = bool(sections) and sections[-1].section == "totem"

    def with_count(self, line: int, count: int) -> SharedDeck:
        if not 1 <= line <= len(self.lines):
            return self.deck
        found = _FRONT.match(self.lines[line - 1])
        if found is None:
            return self.deck
        lines = list(self.lines)
        count = min(max(count, 0), MAX_COUNT)
        lines[line - 1] = f"{found.group('head')}{count}{found.group('tail')}" if count else ""
        return SharedDeck(tuple(lines), self.deck.name)

    def add(self, card_id: str, count: int = 1) -> SharedDeck:
        at = self._by_id.get(card_id)
        if at is not None:
            found = _FRONT.match(self.lines[at - 1])
            return self.with_count(at, (int(found.group("count")) if found else 0) + count)
        lines = list(self.lines)
        while lines and not lines[-1].strip():
            lines.pop()
        if self._after_totem:
            lines.append(MAIN_HEADER)
        lines.append(f"{min(max(count, 1), MAX_COUNT)} {card_id}")
        return SharedDeck(tuple(lines), self.deck.name)


def add_each(deck: SharedDeck, card_ids: Iterable[str]) -> SharedDeck:
    """One more copy of each of ``card_ids`` in the main deck, in order (one edit)."""
    for card_id in card_ids:
        deck = Editor(deck).add(card_id)
    return deck
