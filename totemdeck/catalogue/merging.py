"""The merge's side of the catalogue: read both sources' prints, replace what it derives.

``importer.merge`` is pure; these methods hand it the stored prints and sets and store its
plan (merged prints and sets, id and name aliases, other sources' set codes). A part of
``writes.CatalogueWrites``.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from totemdeck.catalogue.names import name_key
from totemdeck.catalogue.rows import Print

__all__ = ["MergeWrites"]


class MergeWrites:
    """What the merge reads and writes in the copy being built."""

    _db: sqlite3.Connection

    def clear_merged(self, sources: Sequence[str]) -> None:
        """Drop what earlier merges derived: merged sources' prints and sets, every alias."""
        for source in sources:
            self._db.execute("DELETE FROM cards WHERE source = ?", (source,))
            self._db.execute("DELETE FROM sets WHERE source = ?", (source,))
        self._db.execute("DELETE FROM aliases")
        self._db.execute("DELETE FROM set_aliases")
        # numbers an earlier merge filled (``fill_numbers``) are left out again, as recorded
        self._db.execute(
            "UPDATE cards SET data = json_remove(json_set(data, '$.retreat_cost', NULL),"
            " '$.filled') WHERE json_extract(data, '$.filled.retreat_cost') IS NOT NULL"
        )

    def set_records(self) -> dict[str, dict[str, Any]]:
        """Every set record in the cards' tables, by id."""
        rows = self._db.execute("SELECT id, data FROM sets")
        return {set_id: json.loads(data) for set_id, data in rows}

    def prints(self) -> list[Print]:
        """Every print in the cards' table (after ``clear_merged``: the primary sources')."""
        rows = self._db.execute("SELECT id, set_id, number_key, name_key FROM cards")
        return [Print(*row) for row in rows]

    def staged_prints(self, source: str) -> list[Print]:
        """Every staged print of ``source`` with its record's JSON, in id order."""
        rows = self._db.execute(
            "SELECT id, set_id, number_key, name_key, data FROM staged_cards WHERE source = ?"
            " ORDER BY id",
            (source,),
        )
        return [Print(*row) for row in rows]

    def all_staged_names(self, source: str) -> dict[str, list[tuple[str, str]]]:
        """``{card id: [(lang, name), …]}`` of every staged name of ``source``."""
        names: dict[str, list[tuple[str, str]]] = {}
        rows = self._db.execute(
            "SELECT card_id, lang, name FROM staged_names WHERE source = ?", (source,)
        )
        for card_id, lang, name in rows:
            names.setdefault(card_id, []).append((lang, name))
        return names

    def stages_by_name(self, keys: Iterable[str]) -> dict[str, Counter[str]]:
        """How often each printed stage occurs among the stored prints of these names."""
        found: dict[str, Counter[str]] = {}
        for key in keys:
            counted: Counter[str] = Counter()
            rows = self._db.execute("SELECT data FROM cards WHERE name_key = ?", (key,))
            for (data,) in rows:
                stage = json.loads(data)["stage"]
                if stage:
                    counted[stage] += 1
            found[key] = counted
        return found

    def pokemon_numbers(self) -> list[tuple[str, str, str, int | None, str, str | None, Any]]:
        """``(id, source, name, hp, attacks JSON, stage, retreat cost)`` of every Pokémon
        print in the cards' table: what filling the numbers records leave out reads."""
        rows = self._db.execute(
            "SELECT id, source, name, json_extract(data, '$.hp'), json_extract(data,"
            " '$.attacks'), json_extract(data, '$.stage'), json_extract(data, '$.retreat_cost')"
            " FROM cards WHERE supertype = 'Pokémon' ORDER BY id"
        )
        return list(rows)

    def staged_retreats(self, source: str) -> dict[str, int | None]:
        """Each staged Pokémon print of ``source``: the retreat cost its record states."""
        rows = self._db.execute(
            "SELECT id, json_extract(data, '$.retreat_cost') FROM staged_cards"
            " WHERE source = ? AND json_extract(data, '$.supertype') = 'Pokémon'",
            (source,),
        )
        return dict(rows)

    def fill_numbers(self, fills: Iterable[tuple[str, str, int, str]]) -> None:
        """``(card id, field, value, origin)``: the print takes the number, and its record
        says where from (``filled``), so the next merge can leave it out again."""
        self._db.executemany(
            "UPDATE cards SET data = json_set(data, '$.' || ?2, ?3,"
            " '$.filled', json_object(?2, ?4)) WHERE id = ?1",
            list(fills),
        )

    def put_set_aliases(self, pairs: Iterable[tuple[str, str]]) -> None:
        """Another source's set codes as ``(code, set id)``; codes compare without case."""
        self._db.executemany(
            "INSERT OR REPLACE INTO set_aliases(code, set_id) VALUES (?, ?)",
            ((code.casefold(), set_id) for code, set_id in pairs),
        )

    def put_aliases(self, rows: Iterable[tuple[str, str, str, str]]) -> None:
        """Aliases as ``(card_id, kind, lang, value)``: kind ``name`` (lang: its language)
        or ``id`` (lang: the source that uses that id)."""
        self._db.executemany(
            "INSERT OR REPLACE INTO aliases(alias_key, card_id, kind, lang, value)"
            " VALUES (?, ?, ?, ?, ?)",
            (
                (name_key(v) if kind == "name" else v.casefold(), card_id, kind, lang, v)
                for card_id, kind, lang, v in rows
            ),
        )
