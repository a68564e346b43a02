"""Damage that SQLite's page checks do not see, and catalogues of another layout.

Readers must call it damaged in one line (exit 2), never a traceback; the next import must
rebuild whatever a reader calls damaged (and say so), keep every source the catalogue held,
and never throw away a newer layout's data without ``--force``.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from tests.helpers.mirrors import small_pokemontcg, small_tcgdex
from totemdeck.catalogue import Catalogue
from totemdeck.catalogue.schema import SCHEMA_VERSION
from totemdeck.cli import main
from totemdeck.importer import import_sources

DECK = "Pokémon: 1\n1 Alakazam BS 1\n"  # one line, read through the catalogue (exit 1: illegal)


@pytest.fixture(scope="module")
def mirrors(
    tmp_path_factory: pytest.TempPathFactory, pokemontcg_dir: Path, tcgdex_dir: Path
) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("mirrors")
    return (
        small_pokemontcg(root, pokemontcg_dir, ["base1"]),
        small_tcgdex(root, tcgdex_dir, ["base1", "sv03"]),
    )


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory, mirrors: tuple[Path, Path]) -> Path:
    folder = tmp_path_factory.mktemp("pristine")
    ptcg, dex = mirrors
    result = import_sources(str(folder), origins={"pokemontcg": str(ptcg), "tcgdex": str(dex)})
    assert result.ok
    return folder / "catalogue.sqlite"


def _counts(folder: Path) -> dict[str, int]:
    with sqlite3.connect(folder / "catalogue.sqlite") as db:
        rows = db.execute("SELECT source, COUNT(*) FROM cards GROUP BY source").fetchall()
    return dict(rows)


def _copy(pristine: Path, folder: Path, *statements: str) -> Path:
    folder.mkdir()
    shutil.copy(pristine, folder / "catalogue.sqlite")
    with sqlite3.connect(folder / "catalogue.sqlite") as db:
        for statement in statements:
            db.execute(statement)
    return folder


# Damage inside well-formed pages: SQLite's quick_check finds nothing wrong.
DAMAGES = {
    "garbled card records": ["UPDATE cards SET data = '{x'"],
    "a card record of the wrong shape": ["UPDATE cards SET data = '[1]'"],
    "card records without their keys": ["UPDATE cards SET data = json_object('id', id)"],
    "one card record without its keys": [  # N9 (issue 44.3): valid JSON, its own id
        "UPDATE cards SET data = json_remove(data, '$.supertype') WHERE id = 'base1-1'"
    ],
    "undecodable names": ["UPDATE cards SET name = CAST(x'ff' AS TEXT)"],
    "undecodable records": ["UPDATE cards SET data = CAST(x'7bff7d' AS TEXT)"],
    "no cards table": ["DROP TABLE cards"],
    "no sets table": ["DROP TABLE sets"],
    "no aliases table": ["DROP TABLE aliases"],
    "a foreign meta table": [
        "DROP TABLE meta",
        "CREATE TABLE meta (name TEXT, setting TEXT)",
        f"INSERT INTO meta VALUES ('schema_version', '{SCHEMA_VERSION}')",
    ],
}

READERS = {
    "check": ["check", "{deck}"],
    "stats": ["stats", "{deck}"],
    "export": ["export", "{deck}", "--to", "json", "--allow-illegal"],
    "banlist check": ["banlist", "check", "banlist.yaml"],
    "card show": ["card", "show", "base1-1"],
    "card search": ["card", "search", "Alakazam"],
}

# Which readers meet which damage (a reader that never reads the damaged column may pass).
MEETS = {
    "garbled card records": set(READERS) - {"banlist check"},
    "a card record of the wrong shape": set(READERS) - {"banlist check"},
    "card records without their keys": set(READERS) - {"banlist check"},
    "one card record without its keys": set(READERS) - {"banlist check"},
    "undecodable names": {"banlist check"},
    "undecodable records": set(READERS) - {"banlist check"},
    "no cards table": set(READERS),
    "no sets table": {"check", "stats", "export"},
    "no aliases table": set(READERS),
    "a foreign meta table": set(READERS),
}


@pytest.mark.parametrize("reader", sorted(READERS))
@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_every_reader_calls_it_damaged_in_one_line(
    pristine: Path, tmp_path: Path, damage: str, reader: str, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _copy(pristine, tmp_path / "cat", *DAMAGES[damage])
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK, encoding="utf-8")
    args = [a.format(deck=deck) for a in READERS[reader]]
    code = main([*args, "--catalogue", str(folder)])
    err = capsys.readouterr().err
    assert "Traceback" not in err
    if reader not in MEETS[damage]:
        assert code in (0, 1), err
        return
    assert code == 2, err
    path = folder / "catalogue.sqlite"
    assert err.startswith(f"totemdeck: error: {path}: catalogue damaged ("), err
    assert err.endswith("); run `totemdeck import` to rebuild it\n"), err
    assert err.count("\n") == 1


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_the_next_import_rebuilds_what_readers_call_damaged(
    pristine: Path,
    tmp_path: Path,
    mirrors: tuple[Path, Path],
    damage: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    folder = _copy(pristine, tmp_path / "cat", *DAMAGES[damage])
    ptcg, dex = mirrors
    code = main(
        ["import", "--from", f"pokemontcg={ptcg}", "--from", f"tcgdex={dex}",
         "--catalogue", str(folder)]
    )  # fmt: skip
    err = capsys.readouterr().err
    assert code == 0, err
    assert f"{folder / 'catalogue.sqlite'}: catalogue damaged (" in err
    assert err.endswith("; building a new catalogue from scratch\n"), err
    assert _counts(folder) == _counts(pristine.parent)
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK, encoding="utf-8")
    for args in READERS.values():
        assert main([*(a.format(deck=deck) for a in args), "--catalogue", str(folder)]) in (0, 1)
    assert "damaged" not in capsys.readouterr().err


def test_a_healthy_catalogue_is_built_on_not_rebuilt(
    pristine: Path, tmp_path: Path, mirrors: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _copy(pristine, tmp_path / "cat")
    for source, mirror in zip(("pokemontcg", "tcgdex"), mirrors, strict=True):
        code = main(["import", "-s", source, "--from", str(mirror), "--catalogue", str(folder)])
        out, err = capsys.readouterr()
        assert (code, err) == (0, ""), err
        assert "0 added, 0 updated" in out
    assert _counts(folder) == _counts(pristine.parent)


def test_a_damaged_catalogue_is_not_rebuilt_from_one_of_its_sources(
    pristine: Path, tmp_path: Path, mirrors: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _copy(pristine, tmp_path / "cat", "UPDATE cards SET data = '{x'")
    before = (folder / "catalogue.sqlite").read_bytes()
    code = main(
        ["import", "-s", "pokemontcg", "--from", str(mirrors[0]), "--catalogue", str(folder)]
    )
    err = capsys.readouterr().err
    assert code == 1, err
    assert err.splitlines()[-1] == (
        "totemdeck: error: refused: the catalogue is rebuilt from scratch, and it also held "
        "tcgdex, which this import leaves out; import every source (--source all), or run "
        "again with --allow-shrink to keep only pokemontcg"
    )
    assert (folder / "catalogue.sqlite").read_bytes() == before


LAYOUTS = {"older": "6", "garbled": "7½?", "missing": None}


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_another_layout_is_rebuilt_whole_and_says_so(
    pristine: Path,
    tmp_path: Path,
    mirrors: tuple[Path, Path],
    layout: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    version = LAYOUTS[layout]
    change = (
        f"UPDATE meta SET value = '{version}' WHERE key = 'schema_version'"
        if version is not None
        else "DELETE FROM meta WHERE key = 'schema_version'"
    )
    folder = _copy(pristine, tmp_path / "cat", change)
    path = folder / "catalogue.sqlite"
    ptcg, dex = mirrors
    # one source: refused, naming the other one the rebuild would lose
    code = main(["import", "-s", "tcgdex", "--from", str(dex), "--catalogue", str(folder)])
    err = capsys.readouterr().err
    assert code == 1, err
    assert "it also held pokemontcg, which this import leaves out" in err.splitlines()[-1]
    # every source: rebuilt, and said
    code = main(
        ["import", "--from", f"pokemontcg={ptcg}", "--from", f"tcgdex={dex}",
         "--catalogue", str(folder)]
    )  # fmt: skip
    err = capsys.readouterr().err
    assert code == 0, err
    shown = "unknown" if version is None else version
    assert err == (
        f"totemdeck: {path}: catalogue format {shown}, not {SCHEMA_VERSION}; "
        "building a new catalogue from scratch\n"
    )
    assert _counts(folder) == _counts(pristine.parent)
    with Catalogue.open(folder) as cat:
        assert cat.meta("schema_version") == SCHEMA_VERSION


def test_one_source_rebuild_goes_ahead_with_allow_shrink(
    pristine: Path, tmp_path: Path, mirrors: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _copy(
        pristine, tmp_path / "cat", "UPDATE meta SET value = '5' WHERE key = 'schema_version'"
    )
    code = main(
        ["import", "-s", "pokemontcg", "--allow-shrink", "--from", str(mirrors[0]),
         "--catalogue", str(folder)]
    )  # fmt: skip
    assert code == 0, capsys.readouterr().err
    assert set(_counts(folder)) == {"pokemontcg"}


def test_a_newer_layout_is_kept_unless_forced(
    pristine: Path, tmp_path: Path, mirrors: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    newer = str(int(SCHEMA_VERSION) + 1)
    folder = _copy(
        pristine,
        tmp_path / "cat",
        f"UPDATE meta SET value = '{newer}' WHERE key = 'schema_version'",
    )
    path = folder / "catalogue.sqlite"
    before = path.read_bytes()
    ptcg, dex = mirrors
    args = [
        "import",
        "--from",
        f"pokemontcg={ptcg}",
        "--from",
        f"tcgdex={dex}",
        "--catalogue",
        str(folder),
    ]
    code = main(args)
    err = capsys.readouterr().err
    assert code == 2, err
    assert err == (
        f"totemdeck: error: {path}: this catalogue was built by a newer version of totemdeck "
        f"(catalogue format {newer}; this version writes {SCHEMA_VERSION}); upgrade totemdeck, "
        "or run the import with --force to replace it with a new one in this version's format\n"
    )
    assert path.read_bytes() == before
    assert main([*args, "--force"]) == 0
    assert "building a new catalogue from scratch" in capsys.readouterr().err
    assert _counts(folder) == _counts(pristine.parent)


@pytest.mark.slow
def test_a_record_without_its_keys_is_rebuilt_by_the_next_import_process(
    pristine: Path, tmp_path: Path, mirrors: tuple[Path, Path]
) -> None:
    """N9 end to end, in real processes: check says damaged (exit 2), import rebuilds it
    (exit 0, saying so), and the same check then answers (exit 1: the deck is illegal)."""
    from tests.helpers.processes import run_cli

    folder = _copy(pristine, tmp_path / "cat", *DAMAGES["one card record without its keys"])
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK, encoding="utf-8")
    checking = ["check", str(deck), "--catalogue", str(folder)]
    before = run_cli(checking)
    assert before.returncode == 2 and "catalogue damaged" in before.stderr, before.stderr
    ptcg, dex = mirrors
    imported = run_cli(["import", "--from", f"pokemontcg={ptcg}", "--from", f"tcgdex={dex}",
                        "--catalogue", str(folder)], timeout=300)  # fmt: skip
    assert imported.returncode == 0, imported.stderr
    assert "building a new catalogue from scratch" in imported.stderr
    after = run_cli(checking)
    assert after.returncode == 1 and "damaged" not in after.stderr, after.stderr
    assert "Alakazam" in after.stdout
