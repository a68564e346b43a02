"""The JSON deck document (``schemas/deck.schema.json``): read here, written by the exporter."""

from __future__ import annotations

import json
from typing import Any

from totemdeck.decklist.model import DeckLine, Decklist, ParseProblem
from totemdeck.schemas import first_error

FORMAT_NAME = "totem"
DOCUMENT_VERSION = 1


def parse_json_deck(text: str, source: str = "<json>") -> Decklist:
    """A Decklist from the JSON document; entries are numbered 1… in document order."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        return Decklist(
            (), (), (ParseProblem(exc.lineno, "", f"not valid JSON: {exc.msg}"),), source
        )
    problem = first_error("deck", document)
    if problem is not None:
        return Decklist((), (), (ParseProblem(1, "", f"not a deck document: {problem}"),), source)
    lines: list[DeckLine] = []
    entries: list[tuple[str, dict[str, Any]]] = [("totem", e) for e in document["totem"]]
    entries += [(None, e) for e in document["cards"]]  # type: ignore[misc]
    for ordinal, (section, entry) in enumerate(entries, start=1):
        lines.append(
            DeckLine(
                line=ordinal,
                raw=json.dumps(entry, ensure_ascii=False),
                section=section,
                count=entry["count"],
                name=entry.get("name", ""),
                set_code=entry.get("set"),
                number=entry.get("number"),
                card_id=entry.get("id"),
            )
        )
    return Decklist(tuple(lines), (), (), source, name=document.get("name"))


def to_document(deck: Decklist, ids: dict[int, str] | None = None) -> dict[str, Any]:
    """The JSON document of a decklist; ``ids`` maps line numbers to resolved card ids."""
    ids = ids or {}

    def entry(line: DeckLine) -> dict[str, Any]:
        out: dict[str, Any] = {"count": line.count}
        card_id = ids.get(line.line) or line.card_id
        if card_id:
            out["id"] = card_id
        if line.name:
            out["name"] = line.name
        if line.set_code:
            out["set"] = line.set_code
        if line.number:
            out["number"] = line.number
        return out

    document: dict[str, Any] = {
        "format": FORMAT_NAME,
        "version": DOCUMENT_VERSION,
        "totem": [entry(x) for x in deck.totem_lines],
        "cards": [entry(x) for x in deck.main_lines],
    }
    if deck.name:
        document["name"] = deck.name
    return document
