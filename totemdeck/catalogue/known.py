"""Which written names name a print (``Catalogue.known_names``), for the decklist reader that
tries a line's words as names (the whole line first, then shorter runs of its words).

A deck's candidate names are asked in one query (``cards`` by its name-key index, and the
other languages' names of ``aliases``, which has no index on the key: one scan a query). A
name asked alone (a line no candidate named, read again in players' shorthand) would scan
``aliases`` once each; so the other languages' keys are read once, the first time, and a
lone name asks only the indexed ``cards``. A long list asks thousands of names (5,000
misspelled lines: ~11,000 queries); once a catalogue has been asked more than ``_MANY`` keys,
both tables' keys are held in memory (~35,000 keys, read once) and no name costs a query.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from typing import TYPE_CHECKING

from totemdeck.catalogue.lru import LRU
from totemdeck.catalogue.names import name_key

if TYPE_CHECKING:
    from totemdeck.catalogue.read import Catalogue

_BOTH = (
    "SELECT name_key FROM cards WHERE name_key IN ({marks}) UNION SELECT alias_key "
    "FROM aliases WHERE kind = 'name' AND alias_key IN ({marks})"
)
_CARDS = "SELECT name_key FROM cards WHERE name_key IN ({marks})"
# Fewer keys than this unknown at once: the aliases' keys are held in memory instead.
_FEW = 8
# More keys than this asked of one open catalogue: every name key is held in memory.
_MANY = 2000


def known_names(
    catalogue: Catalogue,
    db: sqlite3.Connection,
    memo: LRU[tuple[str, ...], list[str]],
    names: Iterable[str],
) -> set[str]:
    """The names of ``names`` that name a print, its name or another language's."""
    pairs = [(n, name_key(n), name_key(n, "Pokémon")) for n in names]
    held = _held_keys(catalogue, db, 2 * len(pairs))
    if held is not None:
        return {n for n, plain, pokemon in pairs if plain in held or pokemon in held}
    known: dict[str, bool] = {}
    for key in {k for _name, *keys in pairs for k in keys}:
        hit = memo.get(("known", key))
        if hit is not None:
            known[key] = bool(hit)
    missing = sorted({k for _name, *keys in pairs for k in keys} - known.keys())
    if missing:
        marks = ",".join("?" * len(missing))
        if len(missing) < _FEW:
            aliases = _alias_keys(catalogue, db)
            found = {row[0] for row in db.execute(_CARDS.format(marks=marks), missing)}
            found |= aliases.intersection(missing)
        else:
            found = {row[0] for row in db.execute(_BOTH.format(marks=marks), (*missing, *missing))}
        for key in missing:
            known[key] = key in found
            memo.put(("known", key), ["1"] if known[key] else [])
    return {n for n, plain, pokemon in pairs if known[plain] or known[pokemon]}


def _alias_keys(catalogue: Catalogue, db: sqlite3.Connection) -> frozenset[str]:
    """Every other-language name key, read once per open catalogue (~15,000 keys)."""
    held = getattr(catalogue, "_alias_keys", None)
    if held is None:
        rows = db.execute("SELECT DISTINCT alias_key FROM aliases WHERE kind = 'name'")
        held = frozenset(row[0] for row in rows)
        catalogue._alias_keys = held  # type: ignore[attr-defined]
    return held


def _held_keys(catalogue: Catalogue, db: sqlite3.Connection, asking: int) -> frozenset[str] | None:
    """Every name key of ``cards`` and of the other languages' names, once this catalogue
    has been asked more than ``_MANY`` keys (a short list never pays for reading them)."""
    held: frozenset[str] | None = getattr(catalogue, "_name_keys", None)
    if held is not None:
        return held
    asked = getattr(catalogue, "_keys_asked", 0) + asking
    catalogue._keys_asked = asked  # type: ignore[attr-defined]
    if asked <= _MANY:
        return None
    rows = db.execute("SELECT DISTINCT name_key FROM cards")
    held = frozenset(row[0] for row in rows) | _alias_keys(catalogue, db)
    catalogue._name_keys = held  # type: ignore[attr-defined]
    return held
