"""Importing card sources into the catalogue: incremental, validated, atomic.

``import_sources`` opens one ``CatalogueWriter`` (build aside, check, swap), runs each
source's importer into it, re-derives the merge of the sources, and swaps the new catalogue
in only when every source succeeded (or ``keep_going``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from totemdeck.catalogue.read import CatalogueWriter
from totemdeck.importer.merge import derive
from totemdeck.sources.pokemontcg.provider import import_pokemontcg_into
from totemdeck.importer.summary import (
    ImportFailed,
    ImportSummary,
    MergeSummary,
    NoProgress,
    Progress,
    RejectedCard,
    SkippedSet,
)
from totemdeck.sources.tcgdex.provider import import_tcgdex_into
from totemdeck.sources.http import Location

__all__ = [
    "ImportFailed",
    "ImportResult",
    "ImportSummary",
    "MergeSummary",
    "NoProgress",
    "Progress",
    "RejectedCard",
    "SkippedSet",
    "import_pokemontcg",
    "import_sources",
    "import_tcgdex",
]

SOURCES = ("pokemontcg", "tcgdex")


@dataclass(slots=True)
class ImportResult:
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


def import_sources(
    catalogue_dir: str | None,
    sources: Sequence[str] = SOURCES,
    origins: dict[str, str | None] | None = None,
    *,
    langs: tuple[str, ...] = ("en", "es"),
    keep_going: bool = False,
    force: bool = False,
    progress: Callable[[], Progress] | None = None,
    locations: dict[str, Location] | None = None,
    workers: int | None = None,
    revalidate_days: float | None = None,
) -> ImportResult:
    """Import ``sources`` into the catalogue at ``catalogue_dir`` in one atomic swap.

    ``revalidate_days``: how old TCGdex cards of an unchanged set may be before they are
    revalidated (default 7; 0 revalidates every card with conditional requests).
    """
    origins = origins or {}
    locations = locations or {}
    make_progress = progress or NoProgress
    result = ImportResult()
    with CatalogueWriter(catalogue_dir) as writer:
        for source in sources:
            options: dict[str, Any] = {
                "force": force,
                "progress": make_progress(),
                "location": locations.get(source),
            }
            if workers is not None:
                options["workers"] = workers
            if source == "pokemontcg":
                summary = import_pokemontcg_into(writer, origins.get(source), **options)
            elif source == "tcgdex":
                if revalidate_days is not None:
                    options["revalidate_days"] = revalidate_days
                summary = import_tcgdex_into(writer, origins.get(source), langs=langs, **options)
            else:
                raise ValueError(f"unknown source {source!r}")
            result.summaries.append(summary)
        inputs = _merge_inputs(writer)
        if any(s.changed for s in result.summaries) or writer.meta("merged_inputs") != inputs:
            result.merge = derive(writer)
            writer.set_meta("merged_inputs", inputs)
            writer.set_meta("merge", json.dumps(result.merge.as_dict()))
        else:  # nothing the merge reads changed: keep it (and say what it was)
            result.merge = MergeSummary(**json.loads(writer.meta("merge") or "{}"))
        failed = [s for s in result.summaries if s.skipped]
        if failed and not keep_going:
            count = sum(len(s.skipped) for s in failed)
            raise ImportFailed(
                f"{count} set(s) or card(s) could not be imported; the previous catalogue is "
                "unchanged (use --keep-going to import the rest)",
                failed[0],
            )
    for summary in result.summaries:
        summary.committed = True
    return result


def _merge_inputs(writer: CatalogueWriter) -> str:
    """What the derived merge depends on besides the sources' rows: the code and its data."""
    from totemdeck import __version__
    from totemdeck.importer.merge import set_overrides

    counts = writer.db.execute(
        "SELECT (SELECT COUNT(*) FROM cards WHERE source = 'pokemontcg'),"
        " (SELECT COUNT(*) FROM tcgdex_cards), (SELECT COUNT(*) FROM tcgdex_names)"
    ).fetchone()
    return json.dumps([__version__, set_overrides(), list(counts)], sort_keys=True)


def import_pokemontcg(
    catalogue_dir: str | None, origin: str | None = None, **options: Any
) -> ImportSummary:
    """Import pokemon-tcg-data alone (see ``import_sources``); its summary."""
    location = options.pop("location", None)
    result = import_sources(
        catalogue_dir,
        ["pokemontcg"],
        {"pokemontcg": origin},
        locations={"pokemontcg": location} if location else None,
        **options,
    )
    return result.summaries[0]


def import_tcgdex(
    catalogue_dir: str | None, origin: str | None = None, **options: Any
) -> ImportResult:
    """Import TCGdex alone (see ``import_sources``)."""
    location = options.pop("location", None)
    return import_sources(
        catalogue_dir,
        ["tcgdex"],
        {"tcgdex": origin},
        locations={"tcgdex": location} if location else None,
        **options,
    )
