"""The end-of-import summary as text: one fact a line per source, then the merge, in the
current language (labels aligned to the longest, so a translation may be longer)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from totemdeck.i18n import _, decimal, ngettext
from totemdeck.importer.summary import ImportResult, ImportSummary, MergeSummary

T = TypeVar("T")
SHOWN = 20  # skipped sets and rejected cards listed in text; JSON carries them all


def _aligned(rows: list[tuple[str, str]]) -> list[str]:
    """``label:  value`` lines, values in one column across the summary and the merge."""
    labels = (_("source"), _("sets"), _("cards"), _("names"), _("download"), _("merge"))
    width = max(len(label) for label in labels) + 1
    return [f"{label + ':':<{width}}  {value}" for label, value in rows]


def _first_few(
    items: Sequence[T], line: Callable[[T], str], more: Callable[[int], str]
) -> list[str]:
    """A line for each of the first ``SHOWN`` items, then how many more there are."""
    lines = [line(item) for item in items[:SHOWN]]
    if len(items) > SHOWN:
        lines.append(more(len(items) - SHOWN))
    return lines


def _left_out(summary: ImportSummary) -> list[str]:
    """The sets skipped and the cards rejected, the first few of each by name."""
    skipped = _first_few(
        summary.skipped,
        lambda s: _("skipped {set}: {reason}").format(set=s.set_id, reason=s.reason),
        lambda n: ngettext(
            "… and {n} more skipped (see --format json)",
            "… and {n} more skipped (see --format json)",
            n,
        ).format(n=n),
    )
    rejected = _first_few(
        summary.rejected,
        lambda r: _("rejected card {id}: {reason}").format(id=r.card_id, reason=r.reason),
        lambda n: ngettext(
            "… and {n} more rejected card (see --format json)",
            "… and {n} more rejected cards (see --format json)",
            n,
        ).format(n=n),
    )
    return skipped + rejected


def render_summary(summary: ImportSummary) -> str:
    """The summary of one source, one fact per line."""
    rows = [
        (_("source"), f"{summary.source} ({summary.origin})"),
        (
            _("sets"),
            _("{sets} ({downloaded} downloaded, {unchanged} unchanged, {skipped} skipped)").format(
                sets=summary.sets,
                downloaded=summary.sets_downloaded,
                unchanged=summary.sets_unchanged,
                skipped=len(summary.skipped),
            ),
        ),
        (
            _("cards"),
            _(
                "{added} added, {updated} updated, {unchanged} unchanged, {removed} removed, "
                "{rejected} rejected"
            ).format(
                added=summary.added,
                updated=summary.updated,
                unchanged=summary.unchanged,
                removed=summary.removed,
                rejected=len(summary.rejected),
            ),
        ),
    ]
    if summary.names:
        rows.append((_("names"), ", ".join(f"{n} {lang}" for lang, n in summary.names.items())))
    rows.append(
        (
            _("download"),
            _("{requests} requests, {megabytes} MB in {seconds} s").format(
                requests=summary.requests,
                megabytes=decimal(summary.bytes_downloaded / 1e6, 1),
                seconds=decimal(summary.seconds, 1),
            ),
        )
    )
    return "\n".join([*_aligned(rows), *_left_out(summary)]) + "\n"


def render_merge(merge: MergeSummary) -> str:
    """How the sources' prints met, in one line (nothing when no source was merged)."""
    if not (merge.sets_matched or merge.sets_added):
        return ""
    text = _(
        "{matched} prints in both sources (one record each), {added} only in TCGdex added, "
        "{unmatched} TCGdex prints unmatched in matched sets (added); sets {sets_matched} "
        "matched, {sets_added} only in TCGdex"
    ).format(
        matched=merge.prints_matched,
        added=merge.prints_added,
        unmatched=merge.prints_unmatched,
        sets_matched=merge.sets_matched,
        sets_added=merge.sets_added,
    )
    return _aligned([(_("merge"), text)])[0] + "\n"


def render_import(result: ImportResult) -> str:
    """Every source's summary, the merge, and that the catalogue was swapped in."""
    text = "".join(render_summary(s) for s in result.summaries)
    text += render_merge(result.merge) if result.merge else ""
    return text + _("catalogue updated") + "\n"


def render_failed(summary: ImportSummary) -> str:
    """How far a failed import got; the catalogue was left as it was."""
    return render_summary(summary) + _("catalogue NOT changed") + "\n"
