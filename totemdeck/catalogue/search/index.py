"""The search index: one row of plain columns per print, and an FTS5 table of card text.

The importer computes every fact with the rules' own functions (identity, Prize cards,
cost-table column …) and hands finished ``SearchRow``s to ``write_index``; this module only
stores them. Numbers are numbers, type sets are bit sets (``id<=RD`` is one integer test),
and card text goes into SQLite's FTS5 with Porter stems, so queries never parse JSON.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable
from dataclasses import fields

from totemdeck.base.records import frozen
from totemdeck.catalogue.model import COLORLESS, ENERGY_TYPES

# Bump when a column, a flag or how a fact is computed changes: the next import rebuilds the
# index, and readers of an older one are told to import again.
INDEX_VERSION = "5"

# Types as bits, in FORMAT.md order; Colorless last (it never counts for identity).
TYPE_BITS: dict[str, int] = {t: 1 << i for i, t in enumerate((*ENERGY_TYPES, COLORLESS))}
ALL_NAMED_TYPES = sum(TYPE_BITS[t] for t in ENERGY_TYPES)

# ``is:`` flags, each one bit of ``flags``. The importer decides each from the rules' traits.
FLAGS: tuple[str, ...] = (
    "ex", "EX", "GX", "V", "VMAX", "VSTAR", "V-UNION", "LEGEND", "BREAK", "radiant", "ace",
    "star", "prism", "tagteam", "tera", "ancient", "future", "delta", "baby", "shining",
    "rulebox", "single-strike", "rapid-strike", "fusion-strike", "promo", "levelx", "mega",
    "first", "reprint",
)  # fmt: skip
FLAG_BITS: dict[str, int] = {name: 1 << i for i, name in enumerate(FLAGS)}

# ``legal:`` formats, each one bit of ``legal`` (set when the source says "Legal").
LEGAL_BITS: dict[str, int] = {"standard": 1, "expanded": 2, "unlimited": 4}

# Cost-table columns as numbers (``column<=1``); None for cards that are not Pokémon.
COLUMN_NUMBERS = {"Basic": 0, "Stage 1": 1, "Stage 2": 2, "Stage 3": 3}


def type_bits(types: Iterable[str]) -> int:
    """The bit set of these type names (unknown names are ignored)."""
    bits = 0
    for name in types:
        bits |= TYPE_BITS.get(name, 0)
    return bits


@frozen
class SearchRow:
    """What a search reads about one print (the columns of ``search``, in order)."""

    card_id: str
    name_key: str
    names: str  # "|pikachu|pikachu δ|": keyed and printed names (Spanish …), no apostrophes
    supertype: str  # folded: "pokemon", "trainer", "energy"
    type_line: str  # "|pokemon|stage 2|ex|tera|": supertype and subtypes, folded
    stage: str | None  # folded printed stage: "stage 2", "level-up"
    types: int  # a Pokémon's printed types (0 for Trainers and Energy)
    identity: int
    weak: int
    resist: int
    hp: int | None
    retreat: int | None  # as printed: None for a BREAK (it prints none)
    prizes: int | None  # Pokémon only
    cost_column: int | None
    invocation: int | None
    damage: int | None  # the highest printed damage of its attacks (0: none prints any)
    energy: int | None  # the cheapest attack's total Energy cost
    attacks: int
    abilities: int
    costs: str  # " CRR CC ": each attack's cost as sorted letters
    attack_names: str  # "|burning darkness|": folded
    ability_names: str
    evolves_from: str | None  # name_key
    evolves_into: str  # "|charizard|charizard ex|": the names that evolve from this one
    dex: str  # "|4|": National Pokédex numbers
    series: str  # folded: "scarlet & violet"
    legal: int  # LEGAL_BITS
    roles: str  # "|draw|search-energy|": role tags (totemdeck/data/roles.yaml)
    flags: int
    can_totem: int
    colorless_pokemon: int
    provides_colorless: int
    set_id: str
    number_key: str
    number_sort: int | None
    rarity: str | None  # folded
    artist: str | None  # folded
    reg: str | None
    released: str
    year: int
    text: str  # abilities, attacks and rules text, for FTS5 (sentences apart: SENTENCE_BREAK)


COLUMNS: tuple[str, ...] = tuple(f.name for f in fields(SearchRow))
# Stored between sentences and paragraphs of ``text``: a phrase never runs across one.
SENTENCE_BREAK = " zzbreakzz "
# What the format in force changes (``use_format``): computed again when it is not packaged.
FORMAT_COLUMNS = ("identity", "cost_column", "invocation", "provides_colorless")

# Stored beside the row's facts: its name's place in name order and its place from oldest
# to newest print, so grouping by name and picking the newest print compare integers.
_RANKS = ("name_order", "recency")

_DDL = f"""
DROP TABLE IF EXISTS search;
DROP TABLE IF EXISTS search_text;
CREATE TABLE search (
    rowid INTEGER PRIMARY KEY,
    {", ".join(c for c in COLUMNS if c != "text")},
    {", ".join(_RANKS)}
);
CREATE VIRTUAL TABLE search_text USING fts5(
    body, tokenize = 'porter unicode61 remove_diacritics 2'
);
"""
_INDEXES = """
CREATE UNIQUE INDEX search_card ON search(card_id);
CREATE INDEX search_name_key ON search(name_key);
"""


def write_index(db: sqlite3.Connection, rows: Iterable[SearchRow], inputs: str) -> int:
    """Replace the whole search index with ``rows``; record what it was built from."""
    by_age = sorted(rows, key=lambda row: (row.released, row.card_id))
    recency = {row.card_id: rank for rank, row in enumerate(by_age)}
    name_order = {key: i for i, key in enumerate(sorted({row.name_key for row in by_age}))}
    # Stored in name order, newest print first: a scan in rowid order is the default
    # ordering, so the common search stops after a page instead of sorting every match.
    rows = sorted(by_age, key=lambda row: (name_order[row.name_key], -recency[row.card_id]))
    db.executescript(_DDL)
    fields = [c for c in COLUMNS if c != "text"]
    db.executemany(
        f"INSERT INTO search(rowid, {', '.join((*fields, *_RANKS))}) "
        f"VALUES ({', '.join('?' * (len(fields) + len(_RANKS) + 1))})",
        (
            (
                i + 1,
                *(getattr(row, name) for name in fields),
                name_order[row.name_key],
                recency[row.card_id],
            )
            for i, row in enumerate(rows)
        ),
    )
    db.executemany(
        "INSERT INTO search_text(rowid, body) VALUES (?, ?)",
        ((i + 1, row.text) for i, row in enumerate(rows)),
    )
    db.executescript(_INDEXES)
    db.execute(
        "INSERT OR REPLACE INTO meta(key, value) VALUES ('search_index', ?)",
        (f"{INDEX_VERSION}:{inputs}",),
    )
    return len(rows)


def use_format(
    db: sqlite3.Connection, key: str, rows: Callable[[], Iterable[tuple[object, ...]]] | None
) -> None:
    """Make searches on ``db`` read the facts of the format ``key`` names.

    ``rows`` is None for the format the stored index was built with (the packaged one);
    otherwise it yields ``(card_id, *FORMAT_COLUMNS)`` for every print, which go into a
    temporary copy of ``search`` that shadows the stored one on this connection only."""
    found = db.execute("SELECT 1 FROM temp.sqlite_master WHERE name = 'search_format'").fetchone()
    current = db.execute("SELECT key FROM temp.search_format").fetchone() if found else None
    if (current[0] if current else None) == (key if rows else None):
        return
    db.execute("DROP TABLE IF EXISTS temp.search")
    db.execute("DROP TABLE IF EXISTS temp.search_format")
    if rows is None:
        return
    db.execute("CREATE TEMP TABLE search AS SELECT * FROM main.search")
    # the index first: each UPDATE finds its row by card_id (without it, one scan a print)
    db.execute("CREATE UNIQUE INDEX temp.search_card ON search(card_id)")
    sets = ", ".join(f"{c} = ?" for c in FORMAT_COLUMNS)
    db.executemany(
        f"UPDATE temp.search SET {sets} WHERE card_id = ?", ((*r[1:], r[0]) for r in rows())
    )
    db.execute("CREATE INDEX temp.search_name_key ON search(name_key)")
    db.execute("CREATE TEMP TABLE search_format(key TEXT)")
    db.execute("INSERT INTO temp.search_format VALUES (?)", (key,))


def index_inputs(db: sqlite3.Connection) -> str | None:
    """What the stored index was built from (``write_index``'s ``inputs``), if current."""
    row = db.execute("SELECT value FROM meta WHERE key = 'search_index'").fetchone()
    if row is None or not str(row[0]).startswith(f"{INDEX_VERSION}:"):
        return None
    return str(row[0])[len(INDEX_VERSION) + 1 :]
