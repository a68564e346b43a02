"""The Spanish search rows of each print, from its Spanish text (``card_texts``).

Kept apart from ``search_facts.py`` (the facts the rules compute): these are words only.
Rebuilt when the Spanish texts or this code change; the stems come from
``catalogue/search/spanish.py``.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from pathlib import Path

from totemdeck.catalogue.names import fold
from totemdeck.catalogue.search import spanish
from totemdeck.catalogue.search.index import SENTENCE_BREAK
from totemdeck.catalogue.texts import StagedTexts

LANG = "es"
# {R} / [R] in Spanish text → the Spanish type word, so o:fuego finds them.
_SYMBOL = re.compile(r"[\[{]([GRWLPFDMYNC])[\]}]")
_SPANISH_LETTERS = {
    "G": "Planta", "R": "Fuego", "W": "Agua", "L": "Rayo", "P": "Psíquico", "F": "Lucha",
    "D": "Oscura", "M": "Metálica", "Y": "Hada", "N": "Dragón", "C": "Incolora",
}  # fmt: skip


def _items(names: list[str]) -> str:
    return "|" + "|".join(dict.fromkeys(fold(n) for n in names if n)) + "|" if names else ""


def spanish_row(card_id: str, text: dict[str, object]) -> spanish.SpanishRow:
    attacks = [a for a in text["attacks"] if isinstance(a, dict)]  # type: ignore[attr-defined]
    abilities = [a for a in text["abilities"] if isinstance(a, dict)]  # type: ignore[attr-defined]
    body = " ".join(
        [
            *(f"{a['name']}. {a['text']}" for a in abilities),
            *(f"{a['name']}. {a['text']}" for a in attacks),
            *(str(line) for line in text["rules"]),  # type: ignore[attr-defined]
        ]
    )
    body = _SYMBOL.sub(lambda m: _SPANISH_LETTERS[m.group(1)], body)
    rarity, set_name = text.get("rarity"), text.get("set_name")
    return spanish.SpanishRow(
        card_id=card_id,
        attack_names=_items([str(a["name"]) for a in attacks]),
        ability_names=_items([str(a["name"]) for a in abilities]),
        rarity=fold(str(rarity)) if rarity else None,
        set_name=fold(str(set_name)) if set_name else None,
        text=spanish.stemmed(body),
        sentences=_sentences([*abilities, *attacks], text["rules"]),  # type: ignore[arg-type]
    )


def _sentences(parts: list[dict[str, object]], rules: list[object]) -> str:
    """The folded Spanish text a regex reads: each name, then its text, sentence by sentence
    (``$`` ends a name as it ends a sentence), as ``search_facts`` stores the English."""
    from totemdeck.importer.search_facts import sentences

    paragraphs = [str(p) for a in parts for p in (a["name"], a["text"]) if p]
    paragraphs += [str(line) for line in rules]
    text = SENTENCE_BREAK.join(sentences(p) for p in paragraphs)
    return fold(_SYMBOL.sub(lambda m: _SPANISH_LETTERS[m.group(1)], text))


def spanish_rows(texts: dict[str, str]) -> Iterator[spanish.SpanishRow]:
    for card_id, data in texts.items():
        yield spanish_row(card_id, json.loads(data))


def refresh_spanish_index(texts: StagedTexts, changed: bool) -> int | None:
    """Rebuild the Spanish search index when the texts or its code changed; None when the
    stored one is current."""
    digest = hashlib.sha256()
    for module in (__file__, spanish.__file__):
        digest.update(Path(module).read_bytes())
    records = texts.all_texts(LANG)
    digest.update(hashlib.sha256("".join(sorted(records.values())).encode()).digest())
    inputs = digest.hexdigest()[:16]
    if not changed and texts.search_index_inputs() == inputs:
        return None
    return texts.put_search_index(spanish_rows(records), inputs)
