"""The Build verbs: whether one more card fits the deck being built (its marks, why one is
skipped), the edits of a shared deck (a count, a card added, a Totem, a typed line, the print
of an ambiguous line) and the prints to offer while a line is typed — thin functions over
``rules.fit`` and ``sharecode.edit``, so the web's Build pages ask the front door, not rules/
or sharecode (tests/test_layers.py: ``WEB_MAY_IMPORT``).

``totemdeck.api`` does not import this module (only Build needs it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from totemdeck.catalogue.model import Card
from totemdeck.rules import fit
from totemdeck.rules.engine import CheckedDeck
from totemdeck.rules.fit import Fit
from totemdeck.sharecode import SharedDeck
from totemdeck.sharecode import edit as deckedit
from totemdeck.sharecode.edit import Editor, PrintChoice

if TYPE_CHECKING:
    from totemdeck.catalogue.read import Catalogue
    from totemdeck.decklist.model import Decklist

__all__ = [
    "BANNED",
    "COLORLESS",
    "HELD",
    "IDENTITY",
    "LIMIT",
    "MAIN_HEADER",
    "Editor",
    "Fit",
    "PrintChoice",
    "add",
    "add_each",
    "count_of",
    "deck_fit",
    "editor",
    "ends_in_totem",
    "limited_kinds",
    "new_cards",
    "suggest_prints",
    "with_count",
    "with_line",
    "with_print",
    "with_totem",
    "without_totem",
]

# Why a card may not go in (``Fit.reason``, ``new_cards``): each a FORMAT.md rule's code.
HELD: str = fit.HELD  # its name is already in the deck (singleton)
BANNED: str = fit.BANNED
IDENTITY: str = fit.IDENTITY
COLORLESS: str = fit.COLORLESS
LIMIT: str = fit.LIMIT  # one more ACE SPEC / Radiant / ★ than the format allows
MAIN_HEADER: str = deckedit.MAIN_HEADER  # the header an edit writes before a new main line


def deck_fit(checked: CheckedDeck) -> Fit:
    """The checked deck's room for more cards: ``reason(card)`` says why one more copy may
    not go in (None: it may), ``misfit(card)`` why no copy may (banned, identity,
    colorless), ``take(card)`` counts one in for the next question."""
    return Fit(checked.deck, checked.ctx)


def limited_kinds(card: Card) -> tuple[str, ...]:
    """The limited kinds ``card`` is (``ace-spec``, ``radiant``, ``star``): its marks."""
    return fit.kinds(card)


def new_cards(cards: Iterable[Card], judge: Fit) -> tuple[list[Card], list[tuple[Card, str]]]:
    """Of ``cards`` in order, those the deck gains one copy of and those skipped with why
    ("Add these N"); ``judge`` then counts the gained ones in."""
    return fit.new_cards(cards, judge)


def editor(deck: SharedDeck) -> Editor:
    """Many edits of one deck (a link per row and per result), the deck read once."""
    return Editor(deck)


def with_count(deck: SharedDeck, line: int, count: int) -> SharedDeck:
    """Line ``line`` with ``count`` copies (0 removes it); every other line as it was."""
    return deckedit.with_count(deck, line, count)


def count_of(deck: SharedDeck, line: int) -> int | None:
    """The count written on line ``line`` (None when it is not a card line)."""
    return deckedit.count_of(deck, line)


def add(deck: SharedDeck, card_id: str, count: int = 1) -> SharedDeck:
    """``count`` more copies of ``card_id`` in the main deck (its line, or a new last one)."""
    return deckedit.add(deck, card_id, count)


def add_each(deck: SharedDeck, card_ids: Iterable[str]) -> SharedDeck:
    """One more copy of each of ``card_ids`` in the main deck, in order (one edit)."""
    return deckedit.add_each(deck, card_ids)


def without_totem(deck: SharedDeck) -> SharedDeck:
    """The deck with its Totem lines and header taken out ("Change the Totem")."""
    return deckedit.without_totem(deck)


def with_totem(deck: SharedDeck, card_ids: Iterable[str]) -> SharedDeck:
    """The deck with these prints (one copy each) as its Totem instead of its old one."""
    return deckedit.with_totem(deck, card_ids)


def with_line(deck: SharedDeck, typed: str) -> SharedDeck:
    """A line as typed in "Add a card" as the main deck's new last line (read like any other
    line: the list stays the one source of truth)."""
    return deckedit.with_line(deck, typed)


def with_print(deck: SharedDeck, line: int, card_id: str) -> SharedDeck:
    """Line ``line`` naming exactly the print ``card_id``, its count kept ("choose the
    print" of an ambiguous line)."""
    return deckedit.with_print(deck, line, card_id)


def ends_in_totem(decklist: Decklist) -> bool:
    """Whether a line written last would be a Totem line (then ``MAIN_HEADER`` goes first)."""
    return deckedit.ends_in_totem(decklist)


def suggest_prints(
    catalogue: Catalogue,
    names: list[str],
    misfit: Callable[[Card], str | None] | None,
    lang: str = "en",
    limit: int = 8,
) -> list[PrintChoice]:
    """Prints to offer for a line being typed, from the names that match it (best first):
    the newest that fit the deck (``misfit`` None) first, then those that do not."""
    return deckedit.suggest_prints(catalogue, names, misfit, lang, limit)
