"""The collection verbs: read a player's cards, owned and missing, the Totems they build,
a first draft deck (``--collection`` and the Collection page)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from totemdeck.api.totems import find_card
from totemdeck.catalogue.model import Card
from totemdeck.catalogue.read import Catalogue
from totemdeck.rules.engine import Checker

COLLECTION_ENV = "TOTEMDECK_COLLECTION"
# A collection is longer than any deck: a 20,000-card binder exported as CSV is ~3 MB.
COLLECTION_MAX_BYTES = 16 * 1024 * 1024
COLLECTION_MAX_LINES = 100_000

if TYPE_CHECKING:
    from totemdeck.collection import Collection as Collection  # for a face's annotations
    from totemdeck.collection import Coverage, Draft, TotemRank
    from totemdeck.decklist.model import Decklist
    from totemdeck.rules.engine import CheckedDeck


def read_collection(catalogue: Catalogue, path: str) -> Collection:
    """The collection file at ``path`` (``-``: standard input): any decklist ``check``
    reads, or a known app's CSV export; lines that match no card are its findings."""
    from totemdeck.collection import read_collection_text
    from totemdeck.decklist.read import read_text

    text = read_text(path, COLLECTION_MAX_BYTES, COLLECTION_MAX_LINES)
    return read_collection_text(text, "<stdin>" if path == "-" else path, catalogue)


def read_collection_bytes(
    catalogue: Catalogue, data: bytes, name: str, max_bytes: int = COLLECTION_MAX_BYTES
) -> Collection:
    """A collection sent as bytes (an upload, a form field), with the file's limits."""
    from totemdeck.collection import read_collection_text
    from totemdeck.decklist.read import _text_within

    text = _text_within(data, name, max_bytes, COLLECTION_MAX_LINES)
    return read_collection_text(text, name, catalogue)


def deck_coverage(checked: CheckedDeck, collection: Collection, checker: Checker) -> Coverage:
    """Which copies of a checked deck the collection covers, and which are missing."""
    from totemdeck.collection import coverage

    return coverage(checked.deck.entries, collection, checker.ctx)


def owned_copies(
    catalogue: Catalogue, collection: Collection, ids: Iterable[str], checker: Checker
) -> dict[str, int]:
    """Copies owned of each print id (``{id: copies}``; ids of no card are left out)."""
    from totemdeck.collection.owned import owned_copies as count

    cards = [card for card in map(catalogue.get, dict.fromkeys(ids)) if card is not None]
    return count(cards, collection, checker.ctx)


def missing_decklist(covered: Coverage, source: str) -> Decklist:
    """The buy list: the missing copies of each line, as a list every reader reads back."""
    from totemdeck.decklist.model import Decklist, print_line

    lines = [
        print_line(number, m.section, m.missing, m.card.name, m.card.set.id, m.card.number)
        for number, m in enumerate(covered.missing_lines, start=1)
    ]
    return Decklist(tuple(lines), source=source)


def best_totems(
    checker: Checker, collection: Collection, best: int = 20, owned_only: bool = False
) -> list[tuple[TotemRank, Card]]:
    """The Totems this collection builds best, each with its newest print."""
    from totemdeck.collection import rank_totems

    ranks = rank_totems(checker.catalogue, collection, checker.ctx, best, owned_only)
    return [(rank, find_card(checker.catalogue, rank.card_id)) for rank in ranks]


def draft_for(checker: Checker, collection: Collection, totem: Card) -> Draft:
    """A first draft deck under ``totem`` from the collection (legal when it allows one)."""
    from totemdeck.collection import draft_deck

    return draft_deck(checker, collection, checker.pieces.pieces(totem))


def owned_prints(checker: Checker, collection: Collection) -> dict[str, int]:
    """Copies owned of each print, prints that judge alike counted (``own:`` in searches)."""
    from totemdeck.collection.owned import owned_prints as counted

    return counted(collection, checker.catalogue.by_name, checker.ctx)


def collection_format_title(key: str) -> str | None:
    """The collection app a file came from (``Collection.format``) in words; None: the file
    was read as a decklist."""
    from totemdeck.collection.formats import GENERIC, PRESETS

    return next((f.title for f in (*PRESETS, GENERIC) if f.key == key), None)
