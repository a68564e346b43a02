"""Search results for people (text), programs (JSON, ``schemas/search.schema.json``) and
spreadsheets (CSV through pandas).

Each format is written from rows (``card_row``'s dicts): the CLI reads them in bulk from the
catalogue as it writes (``search.listed_rows``; every print of the catalogue would otherwise
be built as a ``Card`` first), a result of built cards makes them with ``card_row``.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterable, Iterator
from itertools import islice
from typing import TYPE_CHECKING, Any

from totemdeck.catalogue.model import Card
from totemdeck.files.cells import safe_cell
from totemdeck.i18n.terms import term, terms

if TYPE_CHECKING:
    from totemdeck.api.search import SearchResult
    from totemdeck.rules.format import FormatRules

Row = dict[str, Any]
# Rows encoded and handed on at a time: a stream writes the document as the rows come.
BATCH = 500


def shown_name(card: Card, lang: str) -> str:
    return card.aliases.get(lang, card.name) if lang != "en" else card.name


def card_row(card: Card, lang: str, fmt: FormatRules) -> Row:
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


def _rows(result: SearchResult, lang: str, fmt: FormatRules) -> Iterator[Row]:
    return (card_row(card, lang, fmt) for card in result.cards)


def _batches(rows: Iterable[Row]) -> Iterator[list[Row]]:
    rows = iter(rows)
    while batch := list(islice(rows, BATCH)):
        yield batch


def json_pieces(result: SearchResult, query: str, rows: Iterable[Row]) -> Iterator[str]:
    """The search as ``schemas/search.schema.json``, a batch of rows at a time (``rows``:
    the cards ``result`` shows); ``prints`` is what the search listed (``--prints`` or
    ``unique:prints`` in the query, which wins)."""
    head = {
        "query": query,
        "explanation": result.explanation,
        "total": result.total,
        "shown": len(result.shown_ids),
        "prints": result.prints,
    }
    # One card a line, each written by the C encoder (``indent`` would make json use its
    # pure-Python one: 10 s instead of 1 for the ~21,000 prints of the whole catalogue).
    compact = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": ")).encode
    yield "{\n" + "".join(f"  {json.dumps(k)}: {compact(v)},\n" for k, v in head.items())
    opened = False
    for batch in _batches(rows):
        lines = ",\n".join("    " + compact(row) for row in batch)
        yield (",\n" if opened else '  "cards": [\n') + lines
        opened = True
    yield "\n  ]\n}\n" if opened else '  "cards": []\n}\n'


def render_json(result: SearchResult, query: str, lang: str, fmt: FormatRules) -> str:
    """The search of built cards as one JSON document (``json_pieces``)."""
    return "".join(json_pieces(result, query, _rows(result, lang, fmt)))


# Columns a spreadsheet user wants, flat, in reading order.
CSV_COLUMNS = (
    "name", "shown_name", "supertype", "kind", "types", "identity", "hp", "retreat_cost",
    "set_code", "set_name", "number", "rarity", "released", "regulation_mark", "id",
)  # fmt: skip


def csv_text(rows: Iterable[Row]) -> str:
    """The rows as one CSV table of ``CSV_COLUMNS`` (formula-looking cells neutralised)."""
    import pandas as pd  # ~0.3 s to import: only for this format

    flat = []
    for row in rows:
        cells = {
            **row,
            "kind": row["stage"] or "; ".join(row["subtypes"]),
            "types": "; ".join(row["types"]),
            "identity": "; ".join(row["identity"]),
            "set_code": row["set"]["code"] or row["set"]["id"],
            "set_name": row["set"]["name"],
        }
        flat.append({key: safe_cell(value) for key, value in cells.items()})
    frame = pd.DataFrame(flat, columns=list(CSV_COLUMNS))
    frame = frame.astype({"hp": "Int64", "retreat_cost": "Int64"})
    buffer = io.StringIO()
    frame.to_csv(buffer, index=False, lineterminator="\n")
    return buffer.getvalue()


def render_csv(result: SearchResult, lang: str, fmt: FormatRules) -> str:
    """The search of built cards as CSV (``csv_text``)."""
    return csv_text(_rows(result, lang, fmt))


def text_pieces(rows: Iterable[Row]) -> Iterator[str]:
    """One line per card: id, name, set code and number, stage or kind, release date; a
    batch of lines at a time."""
    for batch in _batches(rows):
        yield "".join(_text_line(row) for row in batch)


def _text_line(row: Row) -> str:
    stage = row["stage"]
    kind = term(stage) if stage else terms(row["subtypes"]) or term(row["supertype"])
    code = row["set"]["code"] or "-"
    line = (
        f"{row['id']:<18} {row['shown_name']:<32} {code:>6} {row['number']:<7} "
        f"{kind:<10} {row['released']}"
    )
    return line.rstrip() + "\n"


def render_text(result: SearchResult, lang: str) -> str:
    """The search of built cards as text (``text_pieces``)."""
    rows = (
        {
            "id": card.id,
            "shown_name": shown_name(card, lang),
            "stage": card.stage,
            "subtypes": card.subtypes,
            "supertype": card.supertype,
            "set": {"code": card.set.ptcgl_code},
            "number": card.number,
            "released": card.set.release_date,
        }
        for card in result.cards
    )
    return "".join(text_pieces(rows))
