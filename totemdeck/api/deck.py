"""The deck verbs a face needs beyond checking: a decklist from sent bytes, share codes, the
list as it was shared, stats and a sample opening hand, exports — thin functions over those
rooms, with the types and limits they take and hand back, so a face asks the front door, not
decklist/, rules/, sharecode, stats or export/ (tests/test_front_door_rule.py).

``totemdeck.api`` does not import this module (the CLI's light commands never need it): a
face that shows decks does.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from totemdeck import export, sharecode, stats
from totemdeck.decklist import jsondeck
from totemdeck.decklist import read as reading
from totemdeck.decklist.model import Decklist
from totemdeck.decklist.read import DecklistError
from totemdeck.export.asread import as_read_lines, as_read_note
from totemdeck.export.formats import ExportError, ExportRefused
from totemdeck.export.order import ExportLine
from totemdeck.findings import Finding
from totemdeck.rules import roles
from totemdeck.rules.banlist import Banlist
from totemdeck.rules.engine import CheckedDeck, Checker, Report
from totemdeck.rules.format import FormatRules
from totemdeck.sharecode import ShareCodeError, SharedDeck
from totemdeck.stats import Ask, DeckStats, SampleOpening, UnknownCard

if TYPE_CHECKING:
    from totemdeck.api.cards import Catalogue

__all__ = [
    "FORMATS",
    "KINDS",
    "MAX_BYTES",
    "MAX_COUNT",
    "TRAINER_KINDS",
    "Ask",
    "Banlist",
    "CheckedDeck",
    "Checker",
    "DeckStats",
    "Decklist",
    "DecklistError",
    "ExportError",
    "ExportLine",
    "ExportRefused",
    "Finding",
    "FormatRules",
    "Report",
    "SampleOpening",
    "ShareCodeError",
    "SharedDeck",
    "UnknownCard",
    "check_card_name",
    "closest_names",
    "deck_stats",
    "decklist_from_bytes",
    "decode",
    "decode_decklist",
    "encode",
    "export_deck",
    "export_lines",
    "export_note",
    "is_card_name",
    "load_json",
    "readable",
    "role_names",
    "sample_opening",
    "share_code",
    "shared_text",
]

# The limits and choices the verbs below apply, for a face to say or offer them.
FORMATS: tuple[str, ...] = tuple(export.formats.FORMATS)  # what ``export_deck`` writes
KINDS: tuple[str, ...] = tuple(stats.KINDS)  # the kinds ``Ask`` asks about
MAX_BYTES: int = reading.MAX_BYTES  # the most ``decklist_from_bytes`` reads
MAX_COUNT: int = sharecode.MAX_COUNT  # the most copies of a line a share code holds
TRAINER_KINDS: tuple[str, ...] = tuple(export.order.TRAINER_KINDS)  # the export's groups


def decklist_from_bytes(data: bytes, name: str) -> Decklist:
    """A decklist from sent bytes, read with Check's limits (``MAX_BYTES``, lines).
    Raises ``DecklistError`` saying what cannot be read."""
    return reading.decklist_from_bytes(data, name)


def load_json(text: str) -> tuple[Any, str | None]:
    """The JSON value of pasted text, or None and a one-line reason it cannot be read
    (the numbers kept as written, so a JSON deck reads back exactly)."""
    return jsondeck.load_json(text)


def encode(deck: SharedDeck) -> str:
    """The share code of a deck (the same lines and name → the same code)."""
    return sharecode.encode(deck)


def decode(code: str) -> SharedDeck:
    """The deck a share code stands for (any version). Raises ``ShareCodeError``."""
    return sharecode.decode(code)


def decode_decklist(code: str, source: str = "shared deck") -> Decklist:
    """The decklist a share code stands for. Raises ``ShareCodeError``."""
    return sharecode.decode_decklist(code, source)


def share_code(checked: CheckedDeck, name: str | None = None) -> str | None:
    """The share code of a checked deck (every line in its place), None for an empty one."""
    return sharecode.share_code(checked, name)


def readable(checked: CheckedDeck, deck: SharedDeck, checker: Checker) -> SharedDeck:
    """A shared deck with its prints written as players write them, where that reads back
    to the same print."""
    return sharecode.readable(checked, deck, checker.resolver)


def export_deck(
    checked: CheckedDeck, to: str, *, lang: str = "en", plain: bool = False,
    allow_illegal: bool = False,
) -> str:  # fmt: skip
    """The deck in format ``to`` (one of ``FORMATS``). Raises ``ExportRefused`` for an
    illegal deck unless ``allow_illegal``, ``ExportError`` for one the format cannot hold."""
    return export.formats.export_deck(
        checked, to, lang=lang, plain=plain, allow_illegal=allow_illegal
    )


def export_note(checked: CheckedDeck) -> str | None:
    """One line saying which lines every export writes as the list wrote them (ambiguous,
    naming no card, no card line: no one print stands for them), None when there are none."""
    held = as_read_lines(checked)
    return as_read_note(held) if held else None


def export_lines(checked: CheckedDeck, plain: bool = False) -> list[ExportLine]:
    """The deck's lines in the canonical order of an exported list, each with its print."""
    return export.order.export_lines(checked, plain)


def deck_stats(
    checked: CheckedDeck, *, ask: Ask | None = None, card_name: str | None = None,
    turn: int = 1, going_first: bool = False, games: int | None = None, seed: int = 0,
) -> DeckStats:  # fmt: skip
    """Everything ``totemdeck stats`` shows of a checked deck: exact odds of a kept hand,
    the Invocation turn, and a goldfish of ``games`` games from ``seed``."""
    return stats.deck_stats(
        checked, ask=ask, card_name=card_name, turn=turn, going_first=going_first,
        games=games, seed=seed,
    )  # fmt: skip


def sample_opening(checked: CheckedDeck, seed: int) -> SampleOpening:
    """One opening hand dealt from the deck by ``seed``, mulligans and all."""
    return stats.sample_opening(checked.deck.main, random.Random(seed), checked.ctx.fmt)


def closest_names(catalogue: Catalogue, name: str) -> list[str]:
    """The card names nearest a misspelt one, for "did you mean"."""
    return stats.closest_names(catalogue, name)


def check_card_name(catalogue: Catalogue, name: str) -> None:
    """Nothing for a card name the catalogue has (in the deck or not: its odds are then 0);
    raises ``UnknownCard`` with the nearest names for one it has not."""
    stats.check_card_name(catalogue, name)


def is_card_name(catalogue: Catalogue, name: str) -> bool:
    """Whether the catalogue has a card of this name."""
    return stats.is_card_name(catalogue, name)


def role_names() -> tuple[str, ...]:
    """The role tags a deck's cards are counted by (draw, search, …)."""
    return roles.role_names()


def shared_text(checked: CheckedDeck, code: str, checker: Checker) -> str:
    """The list a share code holds, every line in its place, prints written as players
    write them (``1 Charizard ex OBF 125``) where that reads back to the same print."""
    return sharecode.readable(checked, sharecode.decode(code), checker.resolver).text()
