"""Whether an import may build on the live catalogue, or must rebuild it from scratch.

Readers call a catalogue damaged for more than SQLite's page checks see: a card record that
does not parse, text that is not UTF-8, a table or column of this layout gone, a foreign
``meta`` table. An import that built on such a file would swap in a catalogue the readers
still refuse, so ``rebuild_reason`` looks for each of them (~1 s on the full catalogue, where
an unchanged import takes ~5 s) and for a file of another layout (older, newer, a garbled
version), which is rebuilt too: never migrated, and a newer one only with ``--force``.

A rebuild from scratch keeps only the sources this import brings: ``held_sources`` says
which the old file had, so the writer can refuse to drop the others silently.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from totemdeck.catalogue.errors import CatalogueError
from totemdeck.catalogue.schema import DDL, SCHEMA_VERSION
from totemdeck.i18n import _

__all__ = ["held_sources", "rebuild_reason"]

# Tables whose ``data`` column holds one JSON object per row, and whether the row's id is
# in it (a staged set keeps its record one level down).
_RECORDS = {"cards": True, "sets": True, "staged_cards": True, "staged_sets": False}
# The search index (catalogue/search/index.py) beside the layout's own tables, when built.
_SEARCH_TABLES = ("search", "search_text")


def _columns(db: sqlite3.Connection, table: str) -> set[str]:
    return {str(row[1]) for row in db.execute(f'PRAGMA table_info("{table}")')}


def _layout() -> dict[str, set[str]]:
    """Each table of this layout with its columns, as ``DDL`` creates them."""
    want = sqlite3.connect(":memory:")
    try:
        want.executescript(DDL)
        tables = [r[0] for r in want.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return {table: _columns(want, table) for table in tables}
    finally:
        want.close()


def _damaged(path: Path, reason: str) -> str:
    return _("{path}: catalogue damaged ({reason})").format(path=path, reason=reason)


def _version(db: sqlite3.Connection, path: Path) -> tuple[str | None, str | None]:
    """``(version, damage)``: the layout version the file says it has, or why it cannot say."""
    columns = _columns(db, "meta")
    if not columns:
        tables = db.execute("SELECT COUNT(*) FROM sqlite_master WHERE type='table'").fetchone()
        return None, (_damaged(path, "no such table: meta") if tables[0] else None)
    if not {"key", "value"} <= columns:
        return None, _damaged(path, "no such column: meta.value")
    row = db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    return (None if row is None else str(row[0])), None


def _newer(found: str) -> bool:
    return found.isdigit() and int(found) > int(SCHEMA_VERSION)


def _missing(db: sqlite3.Connection) -> str | None:
    """The first table or column of this layout the file lacks, as SQLite would say it."""
    for table, columns in _layout().items():
        have = _columns(db, table)
        if not have:
            return f"no such table: {table}"
        for column in sorted(columns - have):
            return f"no such column: {table}.{column}"
    built = db.execute("SELECT 1 FROM meta WHERE key = 'search_index'").fetchone()
    for table in _SEARCH_TABLES if built else ():
        if not _columns(db, table):
            return f"no such table: {table}"
    return None


def _bad_records(db: sqlite3.Connection) -> str | None:
    """A record that is not a JSON object with its row's id (what readers parse)."""
    for table, with_id in _RECORDS.items():
        same_id = " OR json_extract(data, '$.id') IS NOT id" if with_id else ""
        row = db.execute(
            f"SELECT id FROM {table} WHERE NOT json_valid(data) OR json_type(data) != 'object'"
            f"{same_id} LIMIT 1"
        ).fetchone()
        if row is not None:
            return _("a {table} record does not read: {id}").format(table=table, id=row[0])
    return _keyless_card(db)


def _keyless_card(db: sqlite3.Connection) -> str | None:
    """A card record that is a JSON object with its id but lacks a key the card schema
    requires (and the reader reads: ``Card.from_record``), such as ``{"id": "base1-1"}``:
    readers call it damaged, so the import must rebuild it (issue 44.3, N9). One SQL pass,
    ~0.3 s on the full catalogue (reading every record as the reader does: ~1.2 s)."""
    from totemdeck.files.schemas import load_schema

    schema = load_schema("card")
    paths = [f"$.{key}" for key in schema["required"]]
    paths += [f"$.set.{key}" for key in schema["properties"]["set"]["required"]]
    missing = " OR ".join(f"json_type(data, '{path}') IS NULL" for path in paths)
    row = db.execute(f"SELECT id FROM cards WHERE {missing} LIMIT 1").fetchone()
    if row is None:
        return None
    return _("a cards record lacks what every card has: {id}").format(id=row[0])


def _full_text(db: sqlite3.Connection) -> list[str]:
    """The FTS5 tables: their shadow tables hold binary index pages, not text to decode."""
    rows = db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'"
    )
    return [str(row[0]) for row in rows]


def _undecodable(db: sqlite3.Connection) -> str | None:
    """The first table holding text that is not UTF-8 (Python's sqlite3 cannot read it)."""
    virtual = _full_text(db)
    tables = [
        table
        for table in (*_layout(), *(t for t in ("search",) if _columns(db, t)))
        if not any(table == v or table.startswith(f"{v}_") for v in virtual)
    ]
    db.text_factory = bytes
    try:
        for table in tables:
            for row in db.execute(f'SELECT * FROM "{table}"'):
                try:
                    b"\n".join(v for v in row if type(v) is bytes).decode("utf-8")
                except UnicodeDecodeError:
                    return _("text that is not UTF-8 in table {table}").format(table=table)
    finally:
        db.text_factory = str
    return None


def rebuild_reason(db: sqlite3.Connection, path: Path, *, force: bool) -> str | None:
    """Why the import must start from an empty catalogue, in one line; None to build on it.

    A newer layout is refused (``CatalogueError``, exit 2) unless ``force``: its data would
    be thrown away by a version that cannot read it.
    """
    found, damage = _version(db, path)
    if damage is not None:
        return damage
    if found is None and not _columns(db, "cards"):
        return None  # an empty file: nothing to rebuild
    if found != SCHEMA_VERSION:
        if found is not None and _newer(found) and not force:
            raise CatalogueError(
                _(
                    "{path}: this catalogue was built by a newer version of totemdeck (catalogue "
                    "format {found}; this version writes {wanted}); upgrade totemdeck, or run "
                    "the import with --force to replace it with a new one in this version's "
                    "format"
                ).format(path=path, found=found, wanted=SCHEMA_VERSION)
            )
        return _("{path}: catalogue format {found}, not {wanted}").format(
            path=path, found=found or _("unknown"), wanted=SCHEMA_VERSION
        )
    reason = _missing(db) or _bad_records(db) or _undecodable(db)
    return None if reason is None else _damaged(path, reason)


def held_sources(db: sqlite3.Connection) -> set[str]:
    """The card sources a catalogue holds, as far as it can still tell (damaged or not)."""
    held: set[str] = set()
    for table in ("sets", "cards", "staged_sets"):
        try:
            held.update(str(r[0]) for r in db.execute(f"SELECT DISTINCT source FROM {table}"))
        except (sqlite3.Error, UnicodeError):
            continue
    # a source's other-language staging ("tcgdex-es": TCGdex's Spanish texts) is that source
    return {_base_source(name) for name in held}


def _base_source(name: str) -> str:
    base, _dash, language = name.rpartition("-")
    return base if base and len(language) == 2 and language.isalpha() else name
