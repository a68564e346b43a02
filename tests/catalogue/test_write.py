"""The catalogue writer: build beside the live file, swap in whole, or leave it untouched."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from totemdeck.catalogue import Catalogue, CatalogueError
from totemdeck.catalogue.schema import DB_NAME, SCHEMA_VERSION
from totemdeck.catalogue.write import CatalogueWriter

SET = {"id": "s1", "name": "Set", "series": "S", "ptcgl_code": "SET", "release_date": "2024-01-01",
       "printed_total": 1, "total": 1}  # fmt: skip
CARD = {"id": "s1-1", "name": "Pikachu", "supertype": "Pokémon", "subtypes": ["Basic"],
        "stage": "Basic", "types": ["Lightning"], "hp": 60, "attacks": [], "abilities": [],
        "rules": [], "retreat_cost": 1, "evolves_from": None, "dex": [25],
        "regulation_mark": None, "set": SET, "number": "001", "rarity": None, "images": {},
        "source": "test", "legalities": {}, "aliases": {}}  # fmt: skip


def _write_one(folder: Path) -> None:
    with CatalogueWriter(folder) as writer:
        writer.put_set(SET, "test", None, None)
        writer.put_cards([CARD])


def test_a_written_catalogue_reads_back(tmp_path: Path) -> None:
    _write_one(tmp_path)
    with CatalogueWriter(tmp_path) as writer:
        assert writer.count_cards("test") == 1
        assert writer.existing_cards("s1", "test").keys() == {"s1-1"}
        assert [p.number_key for p in writer.prints()] == ["1"]  # leading zeros dropped


def test_a_failure_inside_leaves_the_live_file_and_no_temporary(tmp_path: Path) -> None:
    _write_one(tmp_path)
    before = (tmp_path / DB_NAME).read_bytes()
    with pytest.raises(RuntimeError), CatalogueWriter(tmp_path) as writer:
        writer.delete_cards(["s1-1"])
        raise RuntimeError("interrupted")
    assert (tmp_path / DB_NAME).read_bytes() == before
    # no temporary copy (the writers' lock file stays: removing it would race another writer)
    assert sorted(p.name for p in tmp_path.iterdir()) == [f".{DB_NAME}.lock", DB_NAME]


def _old_layout(folder: Path) -> None:
    db = sqlite3.connect(folder / DB_NAME)
    db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    db.execute("INSERT INTO meta VALUES ('schema_version', '4')")
    db.execute("CREATE TABLE tcgdex_cards (id TEXT)")
    db.commit()
    db.close()


def test_readers_refuse_an_older_layout_and_the_writer_rebuilds_it(tmp_path: Path) -> None:
    _old_layout(tmp_path)
    with pytest.raises(CatalogueError, match=r"older version of totemdeck.*run `totemdeck import`"):
        Catalogue.open(tmp_path)
    _write_one(tmp_path)
    with Catalogue.open(tmp_path) as catalogue:
        assert catalogue.meta("schema_version") == SCHEMA_VERSION
        assert [c.id for c in catalogue.iter_cards()] == ["s1-1"]
    tables = sqlite3.connect(tmp_path / DB_NAME).execute("SELECT name FROM sqlite_master")
    assert "tcgdex_cards" not in {name for (name,) in tables}


def test_staged_names_replace_a_language_or_only_add(tmp_path: Path) -> None:
    with CatalogueWriter(tmp_path) as writer:
        writer.stage_names("src", "es", [("a", "es", "Uno"), ("b", "es", "Dos")], replace=True)
        writer.stage_names("src", "es", [("c", "es", "Tres")], replace=False)  # partial listing
        assert {n for _id, _lang, n in writer.staged_names("src", "es")} == {"Uno", "Dos", "Tres"}
        writer.stage_names("src", "es", [("a", "es", "Uno")], replace=True)  # complete listing
        assert writer.staged_names("src", "es") == {("a", "es", "Uno")}
        assert writer.all_staged_names("src") == {"a": [("es", "Uno")]}
