"""The Spanish side of the search index: Spanish card text by Spanish stems, Spanish names.

SQLite's FTS5 stems only English (Porter). Spanish text is stemmed here instead, with
Snowball's Spanish stemmer (``snowballstemmer``, the algorithm Lucene and PostgreSQL use),
once at import time; the stems, without accents or case, go into ``search_text_es`` under a
plain ``unicode61`` tokenizer, and a query's words are stemmed the same way. ``search_es``
holds each print's Spanish attack and ability names and rarity for ``atk:``, ``ab:`` and
``rarity:``. The importer (``importer/spanish_facts.py``) computes the rows.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable
from functools import cache
from typing import Any

from totemdeck.base.lazy import LazyPattern
from totemdeck.base.records import frozen
from totemdeck.catalogue.names import fold

# Bump when a column or how a row is computed changes: the next import rebuilds it.
INDEX_VERSION = "2"
_WORD = LazyPattern(r"\w+", re.UNICODE)


@cache
def _stemmer() -> Any:
    """Snowball's Spanish stemmer, built on first use (an English search never loads it)."""
    import snowballstemmer

    return snowballstemmer.stemmer("spanish")


_STEMS: dict[str, str] = {}  # word (lower case) → stem; Spanish card text has ~6,000 words


def _stem_lower(word: str) -> str:
    found = _STEMS.get(word)
    if found is None:
        # Accents go before the stemmer: "energía" and "energia" (typed on a phone) are one
        # stem, both ways. Over the catalogue's Spanish words this parts 12 of 707 pairs the
        # accented stems joined (future tenses: "cogerá" / "coger") and joins 1.
        found = _STEMS[word] = fold(_stemmer().stemWord(fold(word)))
    return found


def stem(word: str) -> str:
    """One word's Spanish stem, without accents or case: ``Roba`` → ``rob``, ``energía`` and
    ``energia`` → ``energi``."""
    return _stem_lower(word.casefold())


def stemmed(text: str) -> str:
    """Every word of ``text`` as its stem, in order (phrases still match in order)."""
    known = _STEMS
    words = _WORD.findall(text.casefold())
    return " ".join([known.get(w) or _stem_lower(w) for w in words])


def fts_query_es(text: str, phrase: bool) -> str | None:
    """The FTS5 query of the Spanish index for ``text`` (None: no words): stems quoted,
    a trailing ``*`` keeps the typed prefix (folded, not stemmed)."""
    words = re.findall(r"\w+\*?", text)
    if not words:
        return None
    parts = [f'"{fold(w[:-1])}"*' if w.endswith("*") else f'"{stem(w)}"' for w in words]
    if phrase and len(parts) > 1 and not any(w.endswith("*") for w in words[:-1]):
        star = "*" if words[-1].endswith("*") else ""
        return '"' + " ".join(p.rstrip("*").strip('"') for p in parts) + '"' + star
    return " ".join(parts)


@frozen
class SpanishRow:
    """What a Spanish search reads about one print."""

    card_id: str
    attack_names: str  # "|oscuridad ardiente|": folded, as ``search.attack_names``
    ability_names: str
    rarity: str | None  # folded
    set_name: str | None  # folded
    text: str  # stemmed Spanish text, for FTS5
    sentences: str = ""  # folded Spanish text, SENTENCE_BREAK between sentences: for o:/…/


# The tables are declared in catalogue/schema.py; each import refills them whole (search_es
# made again: a catalogue from before ``sentences`` has it without that column).
_CLEAR = """
DELETE FROM search_text_es;
DROP TABLE IF EXISTS search_es;
CREATE TABLE search_es (
    card_id TEXT PRIMARY KEY, attack_names TEXT, ability_names TEXT, rarity TEXT, set_name TEXT,
    sentences TEXT
);
"""


def write_index(db: sqlite3.Connection, rows: Iterable[SpanishRow], inputs: str) -> int:
    """Replace the Spanish index with ``rows``; record what it was built from."""
    rows = list(rows)
    db.executescript(_CLEAR)
    db.executemany(
        "INSERT INTO search_es(card_id, attack_names, ability_names, rarity, set_name, "
        "sentences) VALUES (?, ?, ?, ?, ?, ?)",
        (
            (r.card_id, r.attack_names, r.ability_names, r.rarity, r.set_name, r.sentences)
            for r in rows
        ),
    )
    db.executemany(
        "INSERT INTO search_text_es(card_id, body) VALUES (?, ?)",
        ((r.card_id, r.text) for r in rows if r.text),
    )
    db.execute(
        "INSERT OR REPLACE INTO meta(key, value) VALUES ('search_index_es', ?)",
        (f"{INDEX_VERSION}:{inputs}",),
    )
    return len(rows)


def index_inputs(db: sqlite3.Connection) -> str | None:
    """What the stored Spanish index was built from, if it is current."""
    row = db.execute("SELECT value FROM meta WHERE key = 'search_index_es'").fetchone()
    if row is None or not str(row[0]).startswith(f"{INDEX_VERSION}:"):
        return None
    return str(row[0])[len(INDEX_VERSION) + 1 :]
