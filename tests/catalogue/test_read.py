"""Readers refuse a catalogue of another layout with a clear one-line error (exit 2).

Name keys are stored in the catalogue, so a change to ``name_key`` (format 6: "Mewtwo EX" =
"Mewtwo-EX" ≠ "Mewtwo ex", δ dropped on Pokémon only) makes an older file give wrong answers
("Mewtwo EX" found nowhere): such a file must be refused, and rebuilt by the next import.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.catalogue.test_write import CARD, SET
from totemdeck.base.errors import EXIT_USAGE
from totemdeck.catalogue import Catalogue, CatalogueError
from totemdeck.catalogue.names import name_key
from totemdeck.catalogue.schema import DB_NAME, SCHEMA_VERSION
from totemdeck.catalogue.write import CatalogueWriter
from totemdeck.cli import main

MEWTWO = {**CARD, "id": "s1-2", "name": "Mewtwo-EX", "number": "2", "subtypes": ["Basic", "EX"]}


def _write(folder: Path) -> None:
    with CatalogueWriter(folder) as writer:
        writer.put_set(SET, "test", None, None)
        writer.put_cards([CARD, MEWTWO])


def _as_format(folder: Path, version: str, old_key: str | None = None) -> None:
    """Pretend the file was written by another version (with its name keys, if given)."""
    db = sqlite3.connect(folder / DB_NAME)
    db.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (version,))
    if old_key is not None:  # format 5 folded "Mewtwo-EX" to "mewtwo-ex", not "mewtwo-EX"
        db.execute("UPDATE cards SET name_key = ? WHERE id = 's1-2'", (old_key,))
    db.commit()
    db.close()


def test_the_name_key_change_is_a_new_format() -> None:
    assert int(SCHEMA_VERSION) >= 6
    assert name_key("Mewtwo EX") == name_key("Mewtwo-EX") != name_key("Mewtwo ex")


@pytest.mark.parametrize(
    ("version", "said"),
    [
        ("5", r"built by an older version of totemdeck \(catalogue format 5; this version reads"),
        ("1", r"older version of totemdeck \(catalogue format 1;"),
        ("99", r"newer version of totemdeck \(catalogue format 99;.*upgrade totemdeck"),
        ("garbage", r"older version of totemdeck \(catalogue format garbage;"),
    ],
)
def test_readers_refuse_another_format_with_what_to_do(
    tmp_path: Path, version: str, said: str
) -> None:
    _write(tmp_path)
    _as_format(tmp_path, version)
    with pytest.raises(CatalogueError, match=said) as caught:
        Catalogue.open(tmp_path)
    message = str(caught.value)
    assert "run `totemdeck import` to rebuild it" in message and "\n" not in message
    assert caught.value.exit_code == EXIT_USAGE


def test_the_cli_exits_2_with_one_line_and_import_rebuilds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _write(tmp_path)
    _as_format(tmp_path, "5", old_key="mewtwo-ex")  # as an import before format 6 wrote it
    assert main(["card", "show", "Mewtwo EX", "--catalogue", str(tmp_path)]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "older version of totemdeck" in err
    assert "Traceback" not in err
    _write(tmp_path)  # the next import starts afresh: the keys are today's
    with Catalogue.open(tmp_path) as catalogue:
        assert [c.id for c in catalogue.by_name("Mewtwo EX")] == ["s1-2"]
        assert catalogue.by_name("Mewtwo ex") == []


@pytest.mark.parametrize(
    "names", [("Pikachu", "Boss's Orders"), ("Charizard ex", "Nope", "Pikachu"), ("Nope", "Zzz")]
)
def test_by_name_of_several_names_finds_each_ones_prints(
    catalogue: Catalogue, names: tuple[str, ...]
) -> None:
    """One query for a banlist's names gives what a query a name gives, oldest first."""
    each = {card.id: card for name in names for card in catalogue.by_name(name)}
    assert bool(each) == (names[0] != "Nope")  # the names the fixture catalogue holds
    together = catalogue.by_name(*names)
    assert {card.id for card in together} == set(each)
    assert together == sorted(each.values(), key=lambda c: (c.set.release_date, c.id))
