"""What reading a collection file gave, in words (the summary every command with
``--collection`` and ``collection import`` print), the stored files (``collection show``),
and the stored collection as a CSV every reader reads back (``collection export``).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence

from totemdeck.collection import Collection
from totemdeck.collection.model import Summary
from totemdeck.i18n import _, ngettext

__all__ = ["render_collection_csv", "render_collection_summary", "render_stored_files"]

# Cells a spreadsheet would run as a formula (OWASP CSV injection); no card name starts so.
_FORMULA = ("=", "+", "-", "@", "\t", "\r")
EXPORT_COLUMNS = ("Quantity", "Name", "Set Code", "Number", "Set", "Rarity", "Artist", "Note")


def _columns(summary: Summary) -> str:
    return "; ".join(f"{role}: {', '.join(cells)}" for role, cells in summary.columns)


def render_collection_summary(source: str, summary: Summary) -> str:
    """``mine.csv (Collectr): 63 rows read, 62 matched, 1 unreadable, 0 guessed`` and, when
    they apply, the rows of other games skipped, "no count column", the columns read."""
    head = _(
        "{source} ({title}): {rows} rows read, {matched} matched, {unreadable} unreadable, "
        "{guessed} guessed"
    ).format(
        source=source,
        title=summary.title,
        rows=summary.rows,
        matched=summary.matched,
        unreadable=summary.unreadable,
        guessed=summary.guessed,
    )
    more = []
    if summary.skipped:
        more.append(
            ngettext(
                "{n} row of another game skipped",
                "{n} rows of other games skipped",
                summary.skipped,
            ).format(n=summary.skipped)
        )
    if summary.one_copy:
        more.append(_("no count column: one copy a row"))
    if summary.note:
        more.append(summary.note)
    if summary.columns:
        more.append(_("columns {columns}").format(columns=_columns(summary)))
    return head + "".join(f"; {m}" for m in more) + "\n"


def render_stored_files(files: Sequence[tuple[str, str, Summary]] | None, as_json: bool) -> str:
    """``collection show``: each stored file with when it was imported and its summary."""
    if as_json:
        rows = [
            {"file": name, "imported": when, "kind": s.kind, "app": s.title, "rows": s.rows,
             "matched": s.matched, "unreadable": s.unreadable, "guessed": s.guessed,
             "skipped": s.skipped, "one_copy": s.one_copy}
            for name, when, s in files or ()
        ]  # fmt: skip
        return json.dumps({"stored": files is not None, "files": rows}, ensure_ascii=False) + "\n"
    if not files:
        return _("No stored collection (totemdeck collection import FILE…).") + "\n"
    lines = [
        _("{when}: {summary}").format(
            when=when, summary=render_collection_summary(name, s).rstrip()
        )
        for name, when, s in files
    ]
    return "\n".join(lines) + "\n"


def _safe(cell: str) -> str:
    return "'" + cell if cell.startswith(_FORMULA) else cell


def _shared(cards: Sequence[object], kind: str) -> str:
    """The rarity or artist every print shares (what told them apart from the set's others)."""
    values = {getattr(card, kind) or "" for card in cards}
    return values.pop() if len(values) == 1 else ""


def render_collection_csv(collection: Collection) -> str:
    """Every holding as a row: one print by its set id and number; prints of one set by the
    set, and the rarity and artist they share; else the name alone — each read back by
    ``--collection`` to the same prints."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(EXPORT_COLUMNS)
    notes = dict(collection.readings)
    for holding in collection.holdings:
        first = holding.candidates[0]
        sets = {card.set.id for card in holding.candidates}
        code = first.set.id if len(sets) == 1 else ""
        number = first.number if len(holding.candidates) == 1 else ""
        set_name = first.set.name if code else ""
        shared = [
            _shared(holding.candidates, kind) if code else "" for kind in ("rarity", "artist")
        ]
        cells = [str(holding.count), first.name, code, number, set_name, *shared,
                 notes.get(holding.line, "")]  # fmt: skip
        writer.writerow([_safe(cell) for cell in cells])
    return out.getvalue()
