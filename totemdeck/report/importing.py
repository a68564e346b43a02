"""The end-of-import summary as text: one fact a line per source, then the merge."""

from __future__ import annotations

from totemdeck.importer.summary import ImportResult, ImportSummary, MergeSummary

SHOWN = 20  # skipped sets and rejected cards listed in text; JSON carries them all


def render_summary(summary: ImportSummary) -> str:
    """The summary of one source, one fact per line."""
    lines = [
        f"source:    {summary.source} ({summary.origin})",
        f"sets:      {summary.sets} ({summary.sets_downloaded} downloaded, "
        f"{summary.sets_unchanged} unchanged, {len(summary.skipped)} skipped)",
        f"cards:     {summary.added} added, {summary.updated} updated, "
        f"{summary.unchanged} unchanged, {summary.removed} removed, "
        f"{len(summary.rejected)} rejected",
    ]
    if summary.names:
        lines.append("names:     " + ", ".join(f"{n} {lang}" for lang, n in summary.names.items()))
    lines.append(
        f"download:  {summary.requests} requests, {summary.bytes_downloaded / 1e6:.1f} MB "
        f"in {summary.seconds:.1f} s"
    )
    for skipped in summary.skipped[:SHOWN]:
        lines.append(f"skipped {skipped.set_id}: {skipped.reason}")
    if len(summary.skipped) > SHOWN:
        lines.append(f"… and {len(summary.skipped) - SHOWN} more skipped (see --format json)")
    for rejected in summary.rejected[:SHOWN]:
        lines.append(f"rejected card {rejected.card_id}: {rejected.reason}")
    if len(summary.rejected) > SHOWN:
        lines.append(
            f"… and {len(summary.rejected) - SHOWN} more rejected cards (see --format json)"
        )
    return "\n".join(lines) + "\n"


def render_merge(merge: MergeSummary) -> str:
    """How the sources' prints met, in one line (nothing when no source was merged)."""
    if not (merge.sets_matched or merge.sets_added):
        return ""
    return (
        f"merge:     {merge.prints_matched} prints in both sources (one record each), "
        f"{merge.prints_added} only in TCGdex added, {merge.prints_unmatched} TCGdex prints "
        f"unmatched in matched sets (added); sets {merge.sets_matched} matched, "
        f"{merge.sets_added} only in TCGdex\n"
    )


def render_import(result: ImportResult) -> str:
    """Every source's summary, the merge, and that the catalogue was swapped in."""
    text = "".join(render_summary(s) for s in result.summaries)
    text += render_merge(result.merge) if result.merge else ""
    return text + "catalogue updated\n"


def render_failed(summary: ImportSummary) -> str:
    """How far a failed import got; the catalogue was left as it was."""
    return render_summary(summary) + "catalogue NOT changed\n"
