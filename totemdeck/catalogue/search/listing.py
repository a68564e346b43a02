"""The rows a search lists (``card search`` as text, JSON or CSV), read in bulk.

A listing shows a dozen facts of each print. Building each print as a ``Card`` (its whole
~1 KB record parsed in Python, its aliases and its texts in other languages read beside it)
made every print of the catalogue as JSON cost seconds, nearly all of it on what the
listing never shows (issue 38.9). Here one query reads the whole result: SQLite takes the
dozen facts out of each stored record (one parse, in C) and the identity from the search
index, whose facts the importer computed with the rules' own functions; Python only turns
each short array into the row. The rows come out as the cursor goes, in the result's order,
so a face writes them as they come; ``tests/catalogue/search/test_listing.py`` holds them
equal to ``report.search.card_row`` of the built card for every print.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Generator, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from totemdeck.catalogue.damage import unreadable_record
from totemdeck.catalogue.model import ENERGY_TYPES
from totemdeck.catalogue.search.index import TYPE_BITS, use_format

if TYPE_CHECKING:
    from totemdeck.catalogue.read import Catalogue
    from totemdeck.catalogue.search.context import FormatRows

# What a row reads of the stored record, in this order (one json_extract, one parse).
_PATHS = (
    "$.name", "$.supertype", "$.subtypes", "$.stage", "$.types", "$.hp", "$.retreat_cost",
    "$.set.id", "$.set.ptcgl_code", "$.set.name", "$.number", "$.rarity",
    "$.set.release_date", "$.regulation_mark", "$.images.small",
)  # fmt: skip

# The ids go in as one JSON array (no limit on SQLite's bound variables), and the rows come
# back in its order; the shown name is the alias in the language asked for (the last one
# stored, as a built card's ``aliases`` keeps it), none asked for in English.
_SQL = (
    f"SELECT c.id, json_extract(c.data, {', '.join(repr(p) for p in _PATHS)}), s.identity, "
    "(SELECT a.value FROM aliases a WHERE a.card_id = c.id AND a.lang = ? "
    "ORDER BY a.rowid DESC LIMIT 1) "
    "FROM json_each(?) w JOIN cards c ON c.id = w.value JOIN search s ON s.card_id = c.id "
    "ORDER BY w.key"
)


def _identity(bits: int, known: dict[int, list[str]]) -> list[str]:
    """The identity types of a bit set, in FORMAT.md's order (one list per bit set seen)."""
    names = known.get(bits)
    if names is None:
        names = known[bits] = [t for t in ENERGY_TYPES if bits & TYPE_BITS[t]]
    return list(names)


def _well_shaped(name: Any, supertype: Any, subtypes: Any, set_id: Any, number: Any) -> bool:
    """Whether a record's facts have the shapes every imported record has (a damaged one,
    e.g. ``[1]`` or a record without its keys, gives nulls: a listing must say damage, as
    building the card would, never write nulls or fail on them)."""
    texts = (name, supertype, set_id, number)
    return all(type(v) is str for v in texts) and type(subtypes) is list


def _guarded(catalogue: Catalogue, parameters: tuple[Any, ...]) -> Generator[Any, None, None]:
    """The query's rows; a record SQLite cannot read as JSON (garbled, not UTF-8) is damage,
    said in one line as building its card would (SQLite calls it an SQL error, not damage)."""
    try:
        yield from catalogue._db.execute(_SQL, parameters)
    except sqlite3.OperationalError as exc:
        if "JSON" not in str(exc):
            raise
        raise unreadable_record(catalogue.path, exc) from exc


def listing_rows(
    catalogue: Catalogue,
    ids: Sequence[str],
    lang: str,
    in_force: tuple[str, FormatRows | None] = ("packaged", None),
) -> Iterator[dict[str, Any]]:
    """The row of each print of ``ids``, in that order (ids a search gave: each is in the
    catalogue), as ``schemas/search.schema.json``'s cards, with the identity of the format
    ``in_force`` names (``SearchContext.format_in_force``: the stored index's, or another's)."""
    if not ids:
        return
    db = catalogue._db  # the catalogue package's own connection (read-only)
    use_format(db, *in_force)
    known: dict[int, list[str]] = {}
    loads = json.loads
    rows = _guarded(catalogue, (None if lang == "en" else lang, json.dumps(list(ids))))
    try:
        for card_id, facts, bits, alias in rows:
            (name, supertype, subtypes, stage, types, hp, retreat, set_id, code, set_name, number,
             rarity, released, mark, image) = loads(facts)  # fmt: skip
            if not _well_shaped(name, supertype, subtypes, set_id, number):
                # the import validated every record: one whose facts are not there is damage
                raise unreadable_record(catalogue.path, card_id)
            yield {
                "id": card_id,
                "name": name,
                "shown_name": name if alias is None else alias,
                "label": f"{name} {code or set_id} {number}",
                "supertype": supertype,
                "subtypes": subtypes,
                "stage": stage,
                "types": types,
                "identity": _identity(bits, known),
                "hp": hp,
                "retreat_cost": retreat,
                "set": {"id": set_id, "code": code, "name": set_name},
                "number": number,
                "rarity": rarity,
                "released": released,
                "regulation_mark": mark,
                "image": image,
            }
    finally:
        rows.close()  # now, while the catalogue is open (not when collected, after it closed)
