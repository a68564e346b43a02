"""``totemdeck totem --all``: every Pokémon print's Totem numbers as CSV, JSON or text.

Reads only ``TotemRow`` values; an empty identity is written "none" (FORMAT.md), a print
without a printed retreat cost (a BREAK) leaves that cell empty.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable

from totemdeck.files.cells import safe_cell
from totemdeck.rules.audit import TotemRow

COLUMNS = (
    "id",
    "name",
    "printed_stage",
    "cost_column",
    "invocation_cost",
    "prizes",
    "identity",
    "retreat_cost",
    "why_not",
)


def _cells(row: TotemRow) -> list[str]:
    data = row.as_dict()
    data["identity"] = "/".join(data["identity"]) or "none"
    if data.pop("retreat_unknown", False):
        data["retreat_cost"] = "unknown"  # no source states it; empty is a BREAK's "none"
    return ["" if data[c] is None else str(data[c]) for c in COLUMNS]


def render_totem_csv(rows: Iterable[TotemRow]) -> str:
    """A header line, then one line per print (RFC 4180, ``\\n`` line ends)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    writer.writerows([safe_cell(cell) for cell in _cells(row)] for row in rows)
    return out.getvalue()


def render_totem_json(rows: Iterable[TotemRow]) -> str:
    """A JSON array (``schemas/totems.schema.json``)."""
    return json.dumps([row.as_dict() for row in rows], indent=1, ensure_ascii=False) + "\n"


def render_totem_text(rows: Iterable[TotemRow]) -> str:
    """One line per print, for people: id, name, column, cost, Prize cards, identity."""
    from totemdeck.i18n import _
    from totemdeck.i18n.terms import term, terms

    lines = []
    for row in rows:
        id_, name, stage, column, cost, prizes, _identity, retreat, why_not = _cells(row)
        line = _(
            "{id} {name} {stage} → {column} cost {cost} prizes {prizes} identity {identity} "
            "retreat {retreat}"
        ).format(
            id=f"{id_:<18}",
            name=f"{name:<32}",
            stage=f"{term(stage) if stage else '-':<9}",
            column=f"{term(column):<7}",
            cost=cost,
            prizes=prizes,
            identity=terms(row.numbers.identity, "/") or _("none"),
            retreat=_("unknown (no source states it)")
            if row.numbers.retreat_unknown
            else retreat or _("none printed"),
        )
        lines.append(line + (f" — {why_not}" if why_not else ""))
    return "\n".join(lines) + "\n"


def render_totem_table(rows: Iterable[TotemRow], output: str) -> str:
    """``output``: ``csv``, ``json`` or ``text``."""
    if output == "csv":
        return render_totem_csv(rows)
    if output == "json":
        return render_totem_json(rows)
    return render_totem_text(rows)
