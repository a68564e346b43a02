"""What an import did, as data: per source, and what the merge of the sources matched."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol


class Progress(Protocol):
    """What the importer tells a progress display; the CLI draws it, tests ignore it."""

    def start(self, total: int, label: str) -> None: ...
    def advance(self, label: str) -> None: ...
    def finish(self) -> None: ...


class NoProgress:
    def start(self, total: int, label: str) -> None:
        pass

    def advance(self, label: str) -> None:
        pass

    def finish(self) -> None:
        pass


@dataclass(frozen=True, slots=True)
class SkippedSet:
    """A set that could not be imported this time, and why (partial failure as data)."""

    set_id: str
    reason: str


@dataclass(frozen=True, slots=True)
class RejectedCard:
    """A card record that failed the schema: counted, reported, never imported."""

    card_id: str
    reason: str


@dataclass(slots=True)
class ImportSummary:
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


@dataclass(slots=True)
class MergeSummary:
    """How the TCGdex prints met the pokemon-tcg-data prints."""

    sets_matched: int = 0
    sets_added: int = 0
    prints_matched: int = 0  # one record, the pokemontcg one, with TCGdex's id and names
    prints_added: int = 0  # only TCGdex has them (the newest sets)
    prints_unmatched: int = 0  # in a matched set, but no print with that number: added too
    unmatched_examples: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "sets_matched": self.sets_matched,
            "sets_added": self.sets_added,
            "prints_matched": self.prints_matched,
            "prints_added": self.prints_added,
            "prints_unmatched": self.prints_unmatched,
            "unmatched_examples": self.unmatched_examples[:20],
        }


class ImportFailed(Exception):
    """The import did not swap in a new catalogue; ``summary`` says how far it got."""

    def __init__(self, message: str, summary: ImportSummary) -> None:
        super().__init__(message)
        self.summary = summary
