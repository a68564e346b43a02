"""Search results for people (text), programs (JSON, ``schemas/search.schema.json``) and
spreadsheets (CSV through pandas)."""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING, Any

from totemdeck.catalogue.model import Card
from totemdeck.files.cells import safe_cell
from totemdeck.i18n.terms import term, terms

if TYPE_CHECKING:
    from totemdeck.api.search import SearchResult
    from totemdeck.rules.format import FormatRules


def shown_name(card: Card, lang: str) -> str:
    return card.aliases.get(lang, card.name) if lang != "en" else card.name


def card_row(card: Card, lang: str, fmt: FormatRules) -> dict[str, Any]:
    """One card as the JSON result and the CSV row read it."""
    from totemdeck.rules.traits import identity_in_order

    return {
        "id": card.id,
        "name": card.name,
        "shown_name": shown_name(card, lang),
        "label": card.label,
        "supertype": card.supertype,
        "subtypes": list(card.subtypes),
        "stage": card.stage,
        "types": list(card.types),
        "identity": list(identity_in_order(card, fmt)),
        "hp": card.hp,
        "retreat_cost": card.retreat_cost,
        "set": {"id": card.set.id, "code": card.set.ptcgl_code, "name": card.set.name},
        "number": card.number,
        "rarity": card.rarity,
        "released": card.set.release_date,
        "regulation_mark": card.regulation_mark,
        "image": card.images.get("small"),
    }


def render_json(result: SearchResult, query: str, lang: str, fmt: FormatRules) -> str:
    """The search as ``schemas/search.schema.json``; ``prints`` is what the search listed
    (``--prints`` or ``unique:prints`` in the query, which wins)."""
    head = {
        "query": query,
        "explanation": result.explanation,
        "total": result.total,
        "shown": len(result.cards),
        "prints": result.prints,
    }
    # One card a line, each written by the C encoder (``indent`` would make json use its
    # pure-Python one: 10 s instead of 1 for the ~21,000 prints of the whole catalogue).
    compact = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": ")).encode
    rows = ",\n".join("    " + compact(card_row(c, lang, fmt)) for c in result.cards)
    fields = "".join(f"  {json.dumps(k)}: {compact(v)},\n" for k, v in head.items())
    cards = f'  "cards": [\n{rows}\n  ]' if rows else '  "cards": []'
    return "{\n" + fields + cards + "\n}\n"


# Columns a spreadsheet user wants, flat, in reading order.
CSV_COLUMNS = (
    "name", "shown_name", "supertype", "kind", "types", "identity", "hp", "retreat_cost",
    "set_code", "set_name", "number", "rarity", "released", "regulation_mark", "id",
)  # fmt: skip


def render_csv(result: SearchResult, lang: str, fmt: FormatRules) -> str:
    import pandas as pd  # ~0.3 s to import: only for this format

    rows = []
    for card in result.cards:
        row = card_row(card, lang, fmt)
        rows.append(
            {
                **row,
                "kind": card.stage or "; ".join(card.subtypes),
                "types": "; ".join(card.types),
                "identity": "; ".join(row["identity"]),
                "hp": card.hp,
                "set_code": card.set.ptcgl_code or card.set.id,
                "set_name": card.set.name,
            }
        )
    rows = [{key: safe_cell(value) for key, value in row.items()} for row in rows]
    frame = pd.DataFrame(rows, columns=list(CSV_COLUMNS))
    frame = frame.astype({"hp": "Int64", "retreat_cost": "Int64"})
    buffer = io.StringIO()
    frame.to_csv(buffer, index=False, lineterminator="\n")
    return buffer.getvalue()


def render_text(result: SearchResult, lang: str) -> str:
    """One line per card: id, name, set code and number, stage or kind, release date."""
    lines = []
    for card in result.cards:
        kind = term(card.stage) if card.stage else terms(card.subtypes) or term(card.supertype)
        code = card.set.ptcgl_code or "-"
        lines.append(
            f"{card.id:<18} {shown_name(card, lang):<32} {code:>6} {card.number:<7} "
            f"{kind:<10} {card.set.release_date}"
        )
    return "".join(line.rstrip() + "\n" for line in lines)
