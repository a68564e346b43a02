"""The collection read once: stored beside the catalogue with where each row came from,
shown, exported (read back to the same prints), cleared; ``--collection stored`` in check;
ownership by what judges alike; every buy-list format reads back as a collection."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from totemdeck.api import (
    STORED,
    clear_collection,
    deck_coverage,
    import_collection,
    make_checker,
    read_collection,
    stored_files,
)
from totemdeck.catalogue.read import Catalogue
from totemdeck.collection import CollectionError, OwnedSet, copies_owned, read_collection_text
from totemdeck.collection.read import read_collection_file
from totemdeck.decklist import read_decklist
from totemdeck.files.schemas import is_valid_fast
from totemdeck.report import render_collection_csv

pytestmark = pytest.mark.full_mirrors(
    "the whole catalogue, as the real exports the store reads name cards of every set"
)

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = Path(__file__).resolve().parent / "samples"
DECK = ROOT / "examples" / "charizard-ex.txt"
SMALL = ["collectr-pokegridview.csv", "pricecharting-pokemoncards.csv",
         "cardstorage-jihunkimcode.csv"]  # fmt: skip


@pytest.fixture
def own_catalogue(full_catalogue_dir: Path, tmp_path: Path) -> Path:
    """A catalogue folder of this test's own (the store is written beside it): the whole
    catalogue, as the real exports name cards of every set."""
    catalogue_dir = full_catalogue_dir
    folder = tmp_path / "cards"
    folder.mkdir()
    shutil.copy(catalogue_dir / "catalogue.sqlite", folder / "catalogue.sqlite")
    return folder


def _held(collection: object) -> list[tuple[int, tuple[str, ...]]]:
    return sorted((h.count, tuple(c.id for c in h.candidates)) for h in collection.holdings)  # type: ignore[attr-defined]


def test_import_show_export_read_back_and_clear(own_catalogue: Path) -> None:
    paths = [str(SAMPLES / name) for name in SMALL]
    with Catalogue.open(own_catalogue) as cat:
        done = import_collection(cat, paths)
        assert [s.matched for _n, s in done] == [63, 74, 417]
        files = stored_files(cat)
        assert files is not None and [f[0] for f in files] == paths
        stored = read_collection(cat, STORED)
        read = [read_collection(cat, p) for p in paths]
        assert _held(stored) == sorted(h for c in read for h in _held(c))
        # what `collection export` writes reads back to the same prints and counts
        text = render_collection_csv(stored)
        again = read_collection_text(text, "export.csv", cat)
        assert _held(again) == _held(stored) and not again.findings
        assert clear_collection(cat) and stored_files(cat) is None
        assert not clear_collection(cat)
        with pytest.raises(CollectionError, match="no stored collection"):
            read_collection(cat, STORED)


def test_add_keeps_the_files_stored_before_and_a_failed_import_keeps_all(
    own_catalogue: Path, tmp_path: Path
) -> None:
    first, second = (str(SAMPLES / name) for name in SMALL[:2])
    bad = tmp_path / "picture.png"
    bad.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 64)
    with Catalogue.open(own_catalogue) as cat:
        import_collection(cat, [first])
        import_collection(cat, [second], add=True)
        assert [f[0] for f in stored_files(cat) or ()] == [first, second]
        with pytest.raises(CollectionError, match="PNG"):
            import_collection(cat, [first, str(bad)])
        assert [f[0] for f in stored_files(cat) or ()] == [first, second]


def test_check_with_the_stored_collection_covers_what_the_file_does(own_catalogue: Path) -> None:
    path = str(SAMPLES / "pricecharting-bilalsi20.csv")
    with Catalogue.open(own_catalogue) as cat:
        import_collection(cat, [path])
        checker = make_checker(cat)
        checked = checker.check_deck(read_decklist(str(DECK)))
        from_file = deck_coverage(checked, read_collection(cat, path), checker)
        lazy = read_collection(cat, STORED, lazy=True)
        assert not lazy.holdings  # nothing is read until a deck asks
        from_store = deck_coverage(checked, lazy, checker)
    assert from_store.lines == from_file.lines and from_store.owned > 0
    run = subprocess.run(
        [sys.executable, "-m", "totemdeck", "check", str(DECK), "--collection", "stored",
         "--catalogue", str(own_catalogue)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert f"owned {from_file.owned} of 100" in run.stdout


def test_the_import_command_says_each_file_and_its_unreadable_rows(
    own_catalogue: Path, tmp_path: Path
) -> None:
    mine = tmp_path / "mine.csv"
    mine.write_text("Qty,Name,Set,No.\n2,Iono,PAL,185\n1,Pikachuu,,\n", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "totemdeck", "collection", "import", str(mine),
         "--catalogue", str(own_catalogue)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert run.returncode == 1
    assert "2 rows read, 1 matched, 1 unreadable, 0 guessed" in run.stdout
    assert "line 3" in run.stderr and "Traceback" not in run.stderr
    show = subprocess.run(
        [sys.executable, "-m", "totemdeck", "collection", "show", "--catalogue",
         str(own_catalogue)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert "mine.csv" in show.stdout and "1 matched" in show.stdout
    shown = subprocess.run(
        [sys.executable, "-m", "totemdeck", "collection", "show", "-f", "json", "--catalogue",
         str(own_catalogue)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    document = json.loads(shown.stdout)
    assert is_valid_fast("collection_files", document)
    assert [(f["rows"], f["matched"], f["unreadable"]) for f in document["files"]] == [(2, 1, 1)]


def test_not_a_collection_exits_2_in_one_line(own_catalogue: Path, tmp_path: Path) -> None:
    deck = tmp_path / "notes.txt"
    deck.write_text("my favourite cards\nare the shiny ones\n", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "totemdeck", "check", str(DECK), "--collection", str(deck),
         "--catalogue", str(own_catalogue)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert run.stderr.count("\n") == 1 and "not a collection" in run.stderr


def test_owning_a_reprint_with_the_same_rules_text_owns_the_card(catalogue: Catalogue) -> None:
    checker = make_checker(catalogue)
    owned = OwnedSet.of(read_collection_text("1 Ultra Ball BRS 186\n", "x", catalogue), checker.ctx)
    paf = catalogue.get("sv4pt5-91")  # Ultra Ball PAF 91: its rules split in three sentences
    assert paf is not None and copies_owned(paf, owned, checker.ctx) == 1


@pytest.mark.parametrize("to", ["csv", "ptcgl", "json", "text"])
def test_every_buy_list_format_reads_back_as_a_collection(
    own_catalogue: Path, tmp_path: Path, to: str
) -> None:
    mine = tmp_path / "mine.txt"
    mine.write_text("1 Charizard ex OBF 125\n4 Arven OBF 186\n", encoding="utf-8")
    buy = tmp_path / f"buy.{to}"
    subprocess.run(
        [sys.executable, "-m", "totemdeck", "export", str(DECK), "--missing", "--collection",
         str(mine), "--to", to, "-o", str(buy), "--catalogue", str(own_catalogue)],
        capture_output=True, check=True,
    )  # fmt: skip
    with Catalogue.open(own_catalogue) as cat:
        checker = make_checker(cat)
        checked = checker.check_deck(read_decklist(str(DECK)))
        had = deck_coverage(checked, read_collection(cat, str(mine)), checker)
        bought = read_collection_file(io.BytesIO(buy.read_bytes()), buy.name, cat)
        assert not bought.findings
        got = deck_coverage(checked, bought, checker)
    assert got.owned == had.missing  # the buy list is exactly what was missing
