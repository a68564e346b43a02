"""The collection verbs: read a player's cards, owned and missing, the Totems they build,
a first draft deck (``--collection`` and the Collection page)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from totemdeck.api.totems import find_card
from totemdeck.catalogue.model import Card
from totemdeck.catalogue.read import Catalogue
from totemdeck.collection import Coverage
from totemdeck.i18n import _
from totemdeck.rules.engine import Checker

__all__ = [
    "COLLECTION_ENV",
    "COLLECTION_MAX_BYTES",
    "COLLECTION_MAX_LINES",
    "IMPORT_MAX_BYTES",
    "STORED",
    "Coverage",
    "alike_keys",
    "best_totems",
    "clear_collection",
    "collection_format_title",
    "deck_coverage",
    "draft_for",
    "import_collection",
    "missing_decklist",
    "owned_copies",
    "owned_prints",
    "owned_set",
    "read_collection",
    "read_collection_bytes",
    "stored_files",
]

COLLECTION_ENV = "TOTEMDECK_COLLECTION"
# A collection is longer than any deck: a 20,000-card binder exported as CSV is ~3 MB.
COLLECTION_MAX_BYTES = 16 * 1024 * 1024
COLLECTION_MAX_LINES = 100_000

if TYPE_CHECKING:
    from totemdeck.collection import Collection as Collection  # for a face's annotations
    from totemdeck.collection import Coverage, Draft, TotemRank
    from totemdeck.collection.model import Summary
    from totemdeck.decklist.model import Decklist
    from totemdeck.rules.engine import CheckedDeck


STORED = "stored"  # ``--collection stored``: the collection ``collection import`` stored
IMPORT_MAX_BYTES = 1024 * 1024 * 1024  # a million-row export is ~80 MB


def _file_bytes(path: str, limit: int) -> bytes:
    """A collection file's bytes (``-``: standard input), read as safely as a deck."""
    from totemdeck.decklist.read import DecklistError, _read_stdin
    from totemdeck.files import FileReadError, read_limited

    if path == "-":
        data = _read_stdin(limit)
        if len(data) > limit:
            raise DecklistError(_("<stdin>: over the {limit} byte limit").format(limit=limit))
        return data
    try:
        return read_limited(path, limit)
    except FileReadError as exc:
        raise DecklistError(str(exc)) from exc


def read_collection(catalogue: Catalogue, path: str, lazy: bool = False) -> Collection:
    """The collection file at ``path`` (``-``: standard input; ``stored``: the collection
    ``collection import`` stored, unless a file of that name is here): any table of cards
    or list ``check`` reads; rows that match no card are its findings. ``lazy`` (a stored
    collection for ``check``): only the rows a deck's names need are read, when asked."""
    import io

    if path == STORED and not Path(path).exists():
        from totemdeck.collection.store import stored_collection

        return stored_collection(catalogue, catalogue.path.parent, lazy=lazy)
    from totemdeck.collection.read import read_collection_file

    data = _file_bytes(path, COLLECTION_MAX_BYTES)
    source = "<stdin>" if path == "-" else path
    return read_collection_file(io.BytesIO(data), source, catalogue, max_lines=COLLECTION_MAX_LINES)


def read_collection_bytes(
    catalogue: Catalogue, data: bytes, name: str, max_bytes: int = COLLECTION_MAX_BYTES
) -> Collection:
    """A collection sent as bytes (an upload, a form field), with the file's limits."""
    import io

    from totemdeck.collection.read import read_collection_file
    from totemdeck.decklist.read import DecklistError

    if len(data) > max_bytes:
        raise DecklistError(
            _("{name}: the file is over the {limit} byte limit").format(name=name, limit=max_bytes)
        )
    return read_collection_file(io.BytesIO(data), name, catalogue, max_lines=COLLECTION_MAX_LINES)


def import_collection(
    catalogue: Catalogue,
    paths: Sequence[str],
    add: bool = False,
    progress: Callable[[str, int], None] | None = None,
    lock_timeout: float | None = None,
) -> list[tuple[str, Summary]]:
    """``collection import``: read each file once and store its rows beside the catalogue
    (atomic, under the writers' lock; ``add``: keep the files stored before)."""
    import io

    from totemdeck.catalogue.collection_store import store_path
    from totemdeck.collection.store import import_streams
    from totemdeck.files import locked

    folder = catalogue.path.parent
    files = [(p, io.BytesIO(_file_bytes(p, IMPORT_MAX_BYTES))) for p in paths]
    with locked(store_path(folder), timeout=lock_timeout):
        summaries = import_streams(files, catalogue, folder, add, progress)
    return [(name, summary) for (name, _stream), summary in zip(files, summaries, strict=True)]


def stored_files(catalogue: Catalogue) -> list[tuple[str, str, Summary]] | None:
    """``collection show``: (file, when imported, summary) of each stored file, or None."""
    from totemdeck.collection.store import stored_summaries

    return stored_summaries(catalogue.path.parent)


def clear_collection(catalogue: Catalogue, lock_timeout: float | None = None) -> bool:
    """``collection clear``: forget the stored collection (False: there was none)."""
    from totemdeck.catalogue.collection_store import store_path
    from totemdeck.files import locked

    path = store_path(catalogue.path.parent)
    with locked(path, timeout=lock_timeout):
        if not path.is_file():
            return False
        path.unlink()
    return True


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


def owned_set(checker: Checker, collection: Collection) -> dict[str, int]:
    """The collection as copies by alike key (``collection.OwnedSet``): what a browser keeps
    once a collection is read, so each page's marks cost its cards, not the collection."""
    from totemdeck.collection.owned import OwnedSet

    return dict(OwnedSet.of(collection, checker.ctx).counts)


def alike_keys(catalogue: Catalogue, ids: Iterable[str], checker: Checker) -> dict[str, str]:
    """Each print id's alike key (``{id: key}``; ids of no card are left out): looked up in
    an owned set, the copies of that print owned (``collection.copies_owned``)."""
    from totemdeck.collection.owned import alike_key_text

    wanted = list(dict.fromkeys(ids))
    catalogue.get_many(wanted)  # built in a few queries; ``get`` then finds each at once
    found = ((card_id, catalogue.get(card_id)) for card_id in wanted)
    return {i: alike_key_text(card, checker.ctx) for i, card in found if card is not None}


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
    """Copies owned of each print, prints that judge alike counted (``own:`` in searches):
    the counts ``check --collection`` covers a deck with, print by print. A basic Energy
    stands for every basic Energy print of its type ("Basic Fire Energy SVE 2" covers a
    "Fire Energy" of 1999), so those are all counted."""
    from totemdeck.catalogue.model import basic_energy_type
    from totemdeck.collection.owned import owned_prints as counted

    catalogue = checker.catalogue

    def prints_named(name: str) -> list[Card]:
        found = catalogue.by_name(name)
        kinds = {basic_energy_type(c) for c in found if c.is_basic_energy}
        if not kinds:
            return found
        basics = _basic_energy(catalogue)
        return [*found, *(c for kind in kinds for c in basics.get(kind, ()))]

    return counted(collection, prints_named, checker.ctx)


def _basic_energy(catalogue: Catalogue) -> dict[str | None, list[Card]]:
    """Every basic Energy print of the catalogue, by type (the names that hold "Energy")."""
    from totemdeck.catalogue.model import basic_energy_type

    out: dict[str | None, list[Card]] = {}
    for name in catalogue.names():
        if "energ" in name.casefold():
            for card in catalogue.by_name(name):
                if card.is_basic_energy:
                    out.setdefault(basic_energy_type(card), []).append(card)
    return out


def collection_format_title(key: str) -> str | None:
    """The collection app a file came from (``Collection.format``) in words; None: the file
    was read as a decklist."""
    from totemdeck.collection.formats import GENERIC, PRESETS

    return next((f.title for f in (*PRESETS, GENERIC) if f.key == key), None)
