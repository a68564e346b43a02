"""Edits of a ``SharedDeck`` as Build makes them: one more, one fewer, a count, a new Totem,
a print for an ambiguous line — and the prints to offer while a line is typed.

Each edit returns a new deck and leaves every other line as it was (unmatched lines and
name-only lines included), so building never loses a line. An edited list no longer agrees
with the counts its headers declared (``Pokémon: 20``), so the first edit drops those
declared counts (the headers stay, as section names).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from totemdeck.base.records import frozen
from totemdeck.catalogue.model import Card, display_name
from totemdeck.catalogue.read import Catalogue
from totemdeck.decklist.model import Decklist
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
        self.after_totem = ends_in_totem(parsed)

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
        if self.after_totem:
            lines.append(MAIN_HEADER)
        lines.append(f"{min(max(count, 1), MAX_COUNT)} {card_id}")
        return SharedDeck(tuple(lines), self.deck.name)


def with_line(deck: SharedDeck, typed: str) -> SharedDeck:
    """A line as the player typed it in "Add a card" (``3 Gastly TEF 48``; no count is one
    copy) as the main deck's new last line: the edit box's text plus that line, so the
    list stays the one source of truth. It is written as typed (the reader judges it like
    any other line), under a ``Main deck:`` header when the list ends in its Totem."""
    text = " ".join(typed.split())
    if not text:
        return deck
    if _FRONT.match(text) is None:
        text = f"1 {text}"
    editor = Editor(deck)
    lines = list(editor.lines)
    while lines and not lines[-1].strip():
        lines.pop()
    if editor.after_totem:
        lines.append(MAIN_HEADER)
    return SharedDeck((*lines, text), deck.name)


def ends_in_totem(decklist: Decklist) -> bool:
    """Whether a line written last would be a Totem line (the list's last section is its
    Totem): "Add a card" then writes a ``Main deck:`` header first, as ``with_line`` does.
    It reads a decklist already parsed (a Build page has one from its check)."""
    sections = [h for h in decklist.headers if h.section is not None]
    return bool(sections) and sections[-1].section == "totem"


def with_print(deck: SharedDeck, line: int, card_id: str) -> SharedDeck:
    """Line ``line`` naming exactly the print ``card_id`` (its count kept): "choose the
    print" of an ambiguous line."""
    count = count_of(deck, line)
    if count is None or not card_id or any(c.isspace() for c in card_id):
        return deck
    lines = list(deck.lines)
    lines[line - 1] = f"{count} {card_id}"
    return SharedDeck(tuple(lines), deck.name)


def add_each(deck: SharedDeck, card_ids: Iterable[str]) -> SharedDeck:
    """One more copy of each of ``card_ids`` in the main deck, in order (one edit)."""
    for card_id in card_ids:
        deck = Editor(deck).add(card_id)
    return deck


@frozen
class PrintChoice:
    """One print offered while a line is typed: what goes on the line and what the player
    reads (its name in their language, set code and number, a short line of what it is)."""

    card_id: str
    line: str  # "Gastly TEF 48": the line's name part, read back as exactly this print
    name: str
    code: str
    about: str  # "Basic · Psychic · HP 60", "Supporter"
    fits: bool  # in the Totem's identity, not banned (always True without a Totem)


def _about(card: Card) -> str:
    from totemdeck.i18n import _
    from totemdeck.i18n.terms import term

    parts = [term(card.stage or card.supertype)]
    if card.is_trainer and card.subtypes:
        parts = [term(card.subtypes[0])]
    parts += [term(kind) for kind in card.types]
    if card.hp:
        parts.append(f"{_('HP')} {card.hp}")
    return " · ".join(parts)


def suggest_prints(
    catalogue: Catalogue,
    names: list[str],
    misfit: Callable[[Card], str | None] | None,
    lang: str = "en",
    limit: int = 8,
    per_name: int = 3,
) -> list[PrintChoice]:
    """Prints for a line being typed, from the names that match what was typed (best
    first): for each name its newest prints that fit the deck (``misfit`` None), at most
    ``per_name``; the prints that do not fit come after every one that does."""
    fitting: list[PrintChoice] = []
    others: list[PrintChoice] = []
    seen: set[str] = set()
    for name in names:
        if len(fitting) >= limit:
            break
        taken = [0, 0]  # prints of this name that do not fit, that fit
        for card in reversed(catalogue.by_name(name)):  # newest first
            fits = misfit is None or misfit(card) is None
            if card.id in seen or taken[fits] >= (per_name if fits else 1):
                continue
            seen.add(card.id)
            shown = display_name(card, lang)
            code = f"{card.set.ptcgl_code or card.set.id} {card.number}"
            choice = PrintChoice(card.id, f"{shown} {code}", shown, code, _about(card), fits)
            (fitting if fits else others).append(choice)
            taken[fits] += 1
    return (fitting + others)[:limit]
