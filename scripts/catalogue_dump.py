"""Every row of every table of a catalogue, sorted, without what differs between two runs.

To check that a change to the importer leaves the catalogue it builds the same: import the
mirror with the old and the new code into two folders, dump both, compare.

    python scripts/catalogue_dump.py cards-before > before.txt
    python scripts/catalogue_dump.py cards-after > after.txt
    cmp before.txt after.txt

Left out: when each source was imported (``*_imported_at``), when TCGdex sets' cards were
last checked (``staged_sets.cards_checked``) and the digest of the search index's code in
``meta.search_index`` (it changes with that code, not with the cards).
"""

from __future__ import annotations

import json
import re
import sqlite3
import sys
from collections.abc import Iterator
from pathlib import Path

_CODE_DIGEST = re.compile(r'^(\d+:\[)"[0-9a-f]{16}"')


def _masked(table: str, columns: list[str], row: tuple[object, ...]) -> tuple[object, ...] | None:
    values = dict(zip(columns, row, strict=True))
    if table == "meta":
        if str(values["key"]).endswith("_imported_at"):
            return None
        if values["key"] == "search_index":
            values["value"] = _CODE_DIGEST.sub(r'\1"<code>"', str(values["value"]))
    if "cards_checked" in values:
        values["cards_checked"] = "<checked>" if values["cards_checked"] else None
    return tuple(values.values())


def dump(path: Path) -> Iterator[str]:
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    for table in sorted(tables):
        cursor = db.execute(f'SELECT * FROM "{table}"')
        columns = [d[0] for d in cursor.description]
        rows = [m for row in cursor if (m := _masked(table, columns, row)) is not None]
        yield f"{table} {json.dumps(columns)} {len(rows)} rows"
        for row in sorted(rows, key=repr):
            yield f"  {json.dumps(row, ensure_ascii=False, default=repr)}"
    db.close()


if __name__ == "__main__":
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "cards")
    for line in dump(folder / "catalogue.sqlite" if folder.is_dir() else folder):
        print(line)
