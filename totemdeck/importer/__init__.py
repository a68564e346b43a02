"""Importing card sources into the catalogue: incremental, validated, atomic.

``import_sources`` opens one ``CatalogueWriter`` (build aside, check, swap), runs each
source (``totemdeck.sources.registry``), which yields the records it fetched, and stores
them (``apply.py``: sources never write), re-derives the merge of the sources when anything
it reads changed, and swaps the new catalogue in only when every source succeeded (or
``keep_going``). No SQL here: the writes have a named method for each thing the loop and
the merge need.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from totemdeck.catalogue.write import CatalogueWriter, CatalogueWrites
from totemdeck.importer import merge, numbers
from totemdeck.importer.apply import import_source
from totemdeck.importer.search_facts import refresh_search_index
from totemdeck.importer.spanish_facts import refresh_spanish_index
from totemdeck.importer.summary import (
    ImportFailed,
    ImportResult,
    ImportSummary,
    MergeSummary,
    NoProgress,
    Progress,
    RejectedCard,
    SkippedSet,
)
from totemdeck.sources.http import Location
from totemdeck.sources.interface import (
    DEFAULT_WORKERS,
    REVALIDATE_DAYS,
    CardSource,
    ImportOptions,
)
from totemdeck.sources.registry import all_sources, get_source, source_names

__all__ = [
    "ImportFailed",
    "ImportOptions",
    "ImportResult",
    "ImportSummary",
    "MergeSummary",
    "NoProgress",
    "Progress",
    "RejectedCard",
    "SkippedSet",
    "import_sources",
    "run_import",
    "source_names",
]


def import_sources(
    catalogue_dir: str | None,
    sources: Sequence[str] | None = None,
    origins: Mapping[str, str | None] | None = None,
    *,
    langs: tuple[str, ...] = ("en", "es"),
    keep_going: bool = False,
    force: bool = False,
    progress: Callable[[], Progress] | None = None,
    locations: Mapping[str, Location] | None = None,
    workers: int | None = None,
    revalidate_days: float | None = None,
    notify: Callable[[str], None] | None = None,
    allow_shrink: bool = False,
) -> ImportResult:
    """Import ``sources`` (default: all) into the catalogue at ``catalogue_dir`` in one swap.

    ``origins`` maps a source to its URL or folder (default: the public one); ``locations``
    gives a ready ``Location`` instead (tests: short timeouts). ``revalidate_days``: how old
    TCGdex cards of an unchanged set may be before they are revalidated (0: every time).
    ``notify`` hears what a person should know while it runs (waiting for another import's
    lock, a damaged catalogue being rebuilt). An import that would remove over half of a set's
    cards or a language's names raises ``ShrinkRefused`` unless ``allow_shrink``.
    """
    options = ImportOptions(
        force=force,
        workers=DEFAULT_WORKERS if workers is None else workers,
        langs=langs,
        revalidate_days=REVALIDATE_DAYS if revalidate_days is None else revalidate_days,
    )
    chosen = [get_source(name) for name in sources] if sources else all_sources()
    origins, locations = origins or {}, locations or {}
    placed = [
        (s, locations.get(s.name) or Location(origins.get(s.name) or s.default_url)) for s in chosen
    ]
    return run_import(
        catalogue_dir,
        placed,
        options,
        keep_going=keep_going,
        progress=progress,
        notify=notify,
        allow_shrink=allow_shrink,
    )


def run_import(
    catalogue_dir: str | None,
    sources: Sequence[tuple[CardSource, Location]],
    options: ImportOptions,
    *,
    keep_going: bool = False,
    progress: Callable[[], Progress] | None = None,
    notify: Callable[[str], None] | None = None,
    allow_shrink: bool = False,
) -> ImportResult:
    """Import each source from its location, merge, and swap the catalogue in once."""
    make_progress = progress or NoProgress
    result = ImportResult()
    with CatalogueWriter(
        catalogue_dir,
        notify=notify,
        allow_shrink=allow_shrink,
        sources=[source.name for source, _location in sources],
        force=options.force,
    ) as writer:
        for source, location in sources:
            summary = import_source(writer, source, location, options, make_progress())
            result.summaries.append(summary)
        result.merge = _merge_if_needed(writer, result.summaries, options.force)
        writer.texts().derive()  # each print's texts in other languages, from its twin's
        refresh_search_index(writer, options.force or any(s.changed for s in result.summaries))
        refresh_spanish_index(writer.texts(), options.force)
        failed = [s for s in result.summaries if s.skipped]
        if failed and not keep_going:
            count = sum(len(s.skipped) for s in failed)
            from totemdeck.i18n import ngettext  # here: the import lines are busy (search)

            raise ImportFailed(
                ngettext(
                    "{n} set or card could not be imported; the previous catalogue is "
                    "unchanged (use --keep-going to import the rest)",
                    "{n} sets or cards could not be imported; the previous catalogue is "
                    "unchanged (use --keep-going to import the rest)",
                    count,
                ).format(n=count),
                failed[0],
            )
    for summary in result.summaries:
        summary.committed = True
    return result


def _merge_if_needed(
    writer: CatalogueWrites, summaries: Sequence[ImportSummary], force: bool
) -> MergeSummary:
    """Derive the merge again when its inputs or its code changed (or ``force``)."""
    key = merge_key(writer)
    if force or any(s.changed for s in summaries) or writer.meta("merged_inputs") != key:
        done = merge_sources(writer)
        writer.set_meta("merged_inputs", key)
        writer.set_meta("merge", json.dumps(done.as_dict()))
        return done
    # nothing the merge reads changed: keep it (and say what it was)
    return MergeSummary(**json.loads(writer.meta("merge") or "{}"))


def merge_key(writer: CatalogueWrites) -> str:
    """What defines the derived merge: the merge's version and code, its override data, and
    how many records each source holds (a changed record shows as a changed import)."""
    code = hashlib.sha256(
        Path(merge.__file__).read_bytes() + Path(numbers.__file__).read_bytes()
    ).hexdigest()[:16]
    counts = {
        s.name: [writer.count_staged_cards(s.name), writer.count_staged_names(s.name)]
        if s.merged
        else [writer.count_cards(s.name)]
        for s in all_sources()
    }
    return json.dumps([merge.MERGE_VERSION, code, merge.set_overrides(), counts], sort_keys=True)


def merge_sources(writer: CatalogueWrites) -> MergeSummary:
    """Recompute what the merged sources add: their own prints, aliases and set aliases."""
    merged = [s.name for s in all_sources() if s.merged]
    writer.clear_merged(merged)
    total = MergeSummary()
    twins: dict[str, tuple[str, int | None]] = {}  # matched print → (its other source, retreat)
    for name in merged:
        inputs = merge.MergeInputs(
            sets=writer.set_records(),
            prints=writer.prints(),
            staged_sets={i: staged.data for i, staged in writer.staged_sets(name).items()},
            staged_prints=writer.staged_prints(name),
            names=writer.all_staged_names(name),
        )
        plan = merge.plan_merge(inputs, name)
        missing = merge.names_missing_stage(plan.cards_added)
        merge.fill_missing_stages(plan.cards_added, writer.stages_by_name(missing))
        checked = numbers.names_to_check(plan.cards_added)
        numbers.correct_stages(plan.cards_added, writer.stages_by_name(checked))
        writer.put_set_aliases(plan.set_aliases)
        for record in plan.sets_added:
            writer.put_set(record, name, None, None)
        writer.put_cards(plan.cards_added)
        writer.put_aliases(plan.aliases)
        total.add(plan.summary)
        stated = writer.staged_retreats(name)
        for print_id, kind, _lang, card_id in plan.aliases:
            if kind == "id" and card_id in stated:
                twins[print_id] = (name, stated[card_id])
    fill_numbers(writer, twins)
    return total


def fill_numbers(writer: CatalogueWrites, twins: Mapping[str, tuple[str, int | None]]) -> None:
    """Fill the retreat costs records leave out (``importer.numbers``; FORMAT.md "Missing
    data is not zero")."""
    rows = [numbers.NumberRow(*row) for row in writer.pokemon_numbers()]
    silent = {s.name: s.retreat_when_silent for s in all_sources()}
    fills = numbers.plan_fills(rows, twins, silent)
    writer.fill_numbers((f.card_id, f.field, f.value, f.origin) for f in fills)
