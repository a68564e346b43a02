"""What every card source offers the importer, and what an import of one source gives back.

A source is a sub-package ``sources/<name>/`` with ``client.py`` (HTTP), ``transform.py``
(upstream fields → card records; the only place upstream field names are read) and
``provider.py``, whose ``SOURCE`` object implements ``CardSource``. The registry
(``totemdeck.sources.registry``) finds it by its folder: adding a source changes no other file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from totemdeck.base.errors import TotemdeckError
from totemdeck.base.records import frozen

if TYPE_CHECKING:
    from collections.abc import Generator

    from totemdeck.catalogue.state import SourceState
    from totemdeck.sources.http import Location
    from totemdeck.sources.records import Record

__all__ = [
    "CardSource",
    "ImportFailed",
    "ImportOptions",
    "ImportSummary",
    "NoProgress",
    "Progress",
    "RejectedCard",
    "SkippedSet",
]

# Concurrent downloads a source runs by default (`--workers`): raw GitHub and the TCGdex CDN
# both serve 8 at a time without tripping their limits (2026-11).
DEFAULT_WORKERS = 8
# TCGdex card lists do not say when a card changed: an unchanged set's cards are revalidated
# with conditional requests at most this often (`--revalidate-days`; `--force` refetches).
REVALIDATE_DAYS = 7.0


@frozen
class ImportOptions:
    """What the person asked of one import, the same for every source."""

    force: bool = False  # download everything, changed or not
    workers: int = DEFAULT_WORKERS
    langs: tuple[str, ...] = ("en", "es")  # languages whose card names are kept
    revalidate_days: float = REVALIDATE_DAYS


class Progress(Protocol):
    """What a source tells a progress display; the CLI draws it, tests ignore it."""

    def start(self, total: int, label: str) -> None: ...
    def advance(self, label: str) -> None: ...
    def finish(self) -> None: ...


class NoProgress:
    """A progress display that shows nothing (library use, pipes, tests)."""

    def start(self, total: int, label: str) -> None:
        pass

    def advance(self, label: str) -> None:
        pass

    def finish(self) -> None:
        pass


@frozen
class SkippedSet:
    """A set that could not be imported this time, and why (partial failure as data)."""

    set_id: str
    reason: str


@frozen
class RejectedCard:
    """A card record that failed the schema: counted, reported, never imported."""

    card_id: str
    reason: str


@dataclass(slots=True)
class ImportSummary:
    """What importing one source did: counts, skipped sets, rejected cards."""

    source: str
    origin: str
    sets: int = 0
    sets_downloaded: int = 0
    sets_unchanged: int = 0
    added: int = 0
    updated: int = 0
    unchanged: int = 0
    removed: int = 0
    requests: int = 0
    bytes_downloaded: int = 0
    seconds: float = 0.0
    committed: bool = False
    names: dict[str, int] = field(default_factory=dict)  # language → names kept
    updated_names: int = 0  # languages whose names changed
    skipped: list[SkippedSet] = field(default_factory=list)
    rejected: list[RejectedCard] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.committed and not self.skipped

    @property
    def changed(self) -> bool:
        """Whether this import changed anything the merge of the sources reads."""
        return bool(self.added or self.updated or self.removed or self.updated_names)

    def as_dict(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "from": self.origin,
            "sets": self.sets,
            "sets_downloaded": self.sets_downloaded,
            "sets_unchanged": self.sets_unchanged,
            "cards": {
                "added": self.added,
                "updated": self.updated,
                "unchanged": self.unchanged,
                "removed": self.removed,
                "rejected": len(self.rejected),
            },
            "names": dict(self.names),
            "skipped_sets": [{"set": s.set_id, "reason": s.reason} for s in self.skipped],
            "rejected_cards": [{"card": r.card_id, "reason": r.reason} for r in self.rejected],
            "requests": self.requests,
            "bytes_downloaded": self.bytes_downloaded,
            "seconds": round(self.seconds, 3),
            "committed": self.committed,
        }


class ImportFailed(TotemdeckError):
    """The import did not swap in a new catalogue; ``summary`` says how far it got."""

    exit_code = 1

    def __init__(self, message: str, summary: ImportSummary) -> None:
        super().__init__(message)
        self.summary = summary


class SourceBase:
    """The defaults of a card source: a source class derives from it and states only what
    differs (a stand-in source in a test included), so the importer reads every member of
    ``CardSource`` plainly instead of guessing at what a source left out."""

    merged: bool = False
    retreat_when_silent: int | None = None  # its silence on a retreat cost says nothing


@runtime_checkable
class CardSource(Protocol):
    """One public card source, as the importer sees it."""

    @property
    def name(self) -> str:
        """The source's name on the command line and in the catalogue (``tcgdex``)."""

    @property
    def default_url(self) -> str:
        """Where it is read from when ``--from`` does not say."""

    @property
    def layout_marker(self) -> str:
        """A file only this source's layout has: ``--from DIR`` recognises the source by it."""

    @property
    def merged(self) -> bool:
        """False: its prints are the catalogue's records. True: its records are staged and
        merged into the others' (matched prints gain its ids and names; the rest are added)."""

    @property
    def retreat_when_silent(self) -> int | None:
        """What the source means by a Pokémon record without a retreat cost, when neither
        the other source nor another print of the card states one: a number (its way of
        writing Retreat Cost 0), or None (it says nothing: the cost stays unknown;
        ``SourceBase``'s default)."""

    def fetch(
        self,
        state: SourceState,
        location: Location,
        options: ImportOptions,
        progress: Progress,
    ) -> Generator[Record, None, ImportSummary]:
        """Fetch what changed at ``location`` since ``state`` (what the last import kept):
        yield the records to store (``sources.records``), return the summary. It writes
        nothing: the importer stores each record before resuming it.

        A set that cannot be fetched is recorded in the summary's ``skipped`` and keeps its
        previous cards; raise ``ImportFailed`` when nothing can be read at all.
        """
