"""What an import did, as data: per source (see ``sources.interface``), and the merge."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from totemdeck.sources.interface import (
    ImportFailed,
    ImportSummary,
    NoProgress,
    Progress,
    RejectedCard,
    SkippedSet,
)

__all__ = [
    "ImportFailed",
    "ImportResult",
    "ImportSummary",
    "MergeSummary",
    "NoProgress",
    "Progress",
    "RejectedCard",
    "SkippedSet",
]


@dataclass(slots=True)
class MergeSummary:
    """How the TCGdex prints met the pokemon-tcg-data prints."""

    sets_matched: int = 0
    sets_added: int = 0
    prints_matched: int = 0  # one record, the pokemontcg one, with TCGdex's id and names
    prints_added: int = 0  # only TCGdex has them (the newest sets)
    prints_unmatched: int = 0  # in a matched set, but no print with that number: added too
    unmatched_examples: list[str] = field(default_factory=list)

    def add(self, other: MergeSummary) -> None:
        """Count another merged source's merge in (one summary for the import)."""
        self.sets_matched += other.sets_matched
        self.sets_added += other.sets_added
        self.prints_matched += other.prints_matched
        self.prints_added += other.prints_added
        self.prints_unmatched += other.prints_unmatched
        self.unmatched_examples += other.unmatched_examples

    def as_dict(self) -> dict[str, Any]:
        return {
            "sets_matched": self.sets_matched,
            "sets_added": self.sets_added,
            "prints_matched": self.prints_matched,
            "prints_added": self.prints_added,
            "prints_unmatched": self.prints_unmatched,
            "unmatched_examples": self.unmatched_examples[:20],
        }


@dataclass(slots=True)
class ImportResult:
    """Every source's summary and the merge's, of one import."""

    summaries: list[ImportSummary] = field(default_factory=list)
    merge: MergeSummary | None = None

    @property
    def ok(self) -> bool:
        return all(s.ok for s in self.summaries)

    def as_dict(self) -> dict[str, Any]:
        return {
            "sources": [s.as_dict() for s in self.summaries],
            "merge": self.merge.as_dict() if self.merge else None,
        }
