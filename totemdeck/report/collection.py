"""What a collection gives: owned and missing for a deck, the Totems it builds, a draft.

Text for people (in the current language) and JSON for machines; only the values of
``totemdeck.collection`` are read.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence

from totemdeck.catalogue.model import Card, display_name
from totemdeck.collection import Collection, Coverage, Draft, TotemRank
from totemdeck.files.cells import safe_cell
from totemdeck.i18n import _, ngettext

__all__ = [
    "render_collection_problems",
    "render_coverage",
    "render_draft",
    "render_ranking",
]


def _label(card: Card, lang: str) -> str:
    return f"{display_name(card, lang)} {card.set.ptcgl_code or card.set.id} {card.number}"


def render_collection_problems(collection: Collection) -> str:
    """The collection's lines that match no card, each with the line number (never dropped)."""
    lines = [
        _("{source}: {message}").format(source=collection.source, message=f.message)
        for f in collection.findings
    ]
    return "".join(line + "\n" for line in lines)


def render_coverage(covered: Coverage, source: str, lang: str = "en") -> str:
    """``owned 87 of 100; missing 13`` and the missing lines (the buy list)."""
    head = _("Collection {source}: owned {owned} of {needed}; missing {missing}").format(
        source=source, owned=covered.owned, needed=covered.needed, missing=covered.missing
    )
    lines = [head]
    for line in covered.missing_lines:
        lines.append(
            "  "
            + _("line {line}: {count} {card}").format(
                line=line.line, count=line.missing, card=_label(line.card, lang)
            )
        )
    return "\n".join(lines) + "\n"


_RANK_COLUMNS = ("rank", "id", "totem", "fitting", "basic_energy", "shortfall", "owned")


def _rank_rows(ranked: Sequence[tuple[TotemRank, Card]], lang: str) -> list[list[str]]:
    return [
        [
            str(number),
            rank.card_id,
            _label(card, lang),
            str(rank.fitting),
            str(rank.basic_energy),
            str(rank.shortfall),
            "yes" if rank.owned else "no",
        ]
        for number, (rank, card) in enumerate(ranked, start=1)
    ]


def render_ranking(ranked: Sequence[tuple[TotemRank, Card]], output: str, lang: str = "en") -> str:
    """The Totems a collection builds best, as ``text``, ``csv`` or ``json``."""
    if output == "json":
        items = [{"rank": n, **r.as_dict()} for n, (r, _c) in enumerate(ranked, start=1)]
        return json.dumps(items, indent=1, ensure_ascii=False) + "\n"
    rows = _rank_rows(ranked, lang)
    if output == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(_RANK_COLUMNS)
        writer.writerows([safe_cell(cell) for cell in row] for row in rows)
        return out.getvalue()
    lines = []
    for number, _id, label, fitting, energy, shortfall, owned in rows:
        text = _(
            "{rank}. {totem}: {fitting} cards fit, {energy} basic Energy, short {shortfall}"
        ).format(rank=number, totem=label, fitting=fitting, energy=energy, shortfall=shortfall)
        lines.append(text + (" " + _("(owned)") if owned == "yes" else ""))
    return "\n".join(lines) + "\n"


def render_draft(draft: Draft, totem: Card, lang: str = "en") -> str:
    """The draft's verdict in one line, then the list itself (as ``check`` reads it)."""
    if draft.shortfall:
        head = ngettext(
            "Draft for {totem}: the collection is {n} card short of a full deck "
            "({available} cards and {energy} basic Energy fit)",
            "Draft for {totem}: the collection is {n} cards short of a full deck "
            "({available} cards and {energy} basic Energy fit)",
            draft.shortfall,
        )
    elif draft.report.legal:
        head = _("Draft for {totem}: legal")
    else:
        head = _("Draft for {totem}: not legal (run `totemdeck check` on it for why)")
    line = head.format(
        totem=_label(totem, lang),
        n=draft.shortfall,
        available=draft.available,
        energy=draft.basic_energy,
    )
    return line + "\n\n" + draft.text() + "\n"


_SECTION_OF = {"Pokémon": "Pokémon", "Trainer": "Trainer", "Energy": "Energy"}


def _code(card: Card) -> str:
    return card.set.ptcgl_code or card.set.id


def render_buy_list(covered: Coverage, to: str, lang: str = "en") -> str:
    """The missing copies as a list ``check`` and ``--collection`` read back: ``ptcgl`` and
    ``text`` in Pokémon TCG Live's sections (the Totem in its own), ``csv`` and ``json``
    one entry per line."""
    from totemdeck.export.formats import export_name

    missing = covered.missing_lines
    if to == "json":
        entries = [
            {"count": m.missing, "id": m.card.id, "name": m.card.name, "set": _code(m.card),
             "number": m.card.number, "totem": m.section == "totem"}
            for m in missing
        ]  # fmt: skip
        return json.dumps(entries, indent=2, ensure_ascii=False) + "\n"
    if to == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(("section", "count", "name", "set", "number", "id"))
        for m in missing:
            section = "Totem" if m.section == "totem" else _SECTION_OF[m.card.supertype]
            row = (section, m.missing, m.card.name, _code(m.card), m.card.number, m.card.id)
            writer.writerow([safe_cell(cell) for cell in row])
        return out.getvalue()
    groups: dict[str, list[str]] = {}
    for m in missing:
        section = "Totem" if m.section == "totem" else _SECTION_OF[m.card.supertype]
        name = export_name(m.card, lang)
        groups.setdefault(section, []).append(f"{m.missing} {name} {_code(m.card)} {m.card.number}")
    counts = {s: sum(int(x.split(" ", 1)[0]) for x in rows) for s, rows in groups.items()}
    lines = []
    for section in ("Totem", "Pokémon", "Trainer", "Energy"):
        if section in groups:
            lines += [f"{section}: {counts[section]}", *groups[section], ""]
    lines.append(f"Total Cards: {covered.missing}")  # i18n: keep (Live's header)
    return "\n".join(lines) + "\n"
