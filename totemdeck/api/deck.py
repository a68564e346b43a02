"""The deck verbs a face needs beyond checking: a decklist from sent bytes, share codes, the
list as it was shared, edits, stats and a sample opening hand, exports — with the types
and limits they hand back, so a face asks the front door, not decklist/, rules/,
sharecode, stats or export/.

``totemdeck.api`` does not import this module (the CLI's light commands never need it): a
face that shows decks does.
"""

from __future__ import annotations

from totemdeck.decklist.jsondeck import load_json
from totemdeck.decklist.model import Decklist
from totemdeck.decklist.read import MAX_BYTES, DecklistError, decklist_from_bytes
from totemdeck.export.formats import FORMATS, ExportError, ExportRefused, export_deck
from totemdeck.export.order import TRAINER_KINDS, export_lines
from totemdeck.findings import Finding
from totemdeck.rules import fit
from totemdeck.rules.banlist import Banlist
from totemdeck.rules.engine import CheckedDeck, Checker, Report
from totemdeck.rules.format import FormatRules
from totemdeck.rules.roles import role_names
from totemdeck.sharecode import (
    MAX_COUNT,
    ShareCodeError,
    SharedDeck,
    decode,
    decode_decklist,
    encode,
    readable,
    share_code,
)
from totemdeck.sharecode import edit as deckedit
from totemdeck.stats import (
    KINDS,
    Ask,
    DeckStats,
    SampleOpening,
    closest_names,
    deck_stats,
    is_card_name,
    sample_opening,
)

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
    "ExportRefused",
    "Finding",
    "FormatRules",
    "Report",
    "SampleOpening",
    "ShareCodeError",
    "SharedDeck",
    "closest_names",
    "deck_stats",
    "deckedit",
    "decklist_from_bytes",
    "decode",
    "decode_decklist",
    "encode",
    "export_deck",
    "export_lines",
    "fit",
    "is_card_name",
    "load_json",
    "readable",
    "role_names",
    "sample_opening",
    "share_code",
    "shared_text",
]


def shared_text(checked: CheckedDeck, code: str, checker: Checker) -> str:
    """The list a share code holds, every line in its place, prints written as players
    write them (``1 Charizard ex OBF 125``) where that reads back to the same print."""
    return readable(checked, decode(code), checker.resolver).text()
