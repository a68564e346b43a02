"""Hostile collection files (issue 43 item 5, issue 44 items 4-5, issue 36 W19), each through a
real ``totemdeck check --collection`` process: empty or blank name cells in Collectr,
TCGplayer seller and Dragon Shield exports, a short Dragon Shield row, a cell over 131,072
characters, a quote never closed, counts written ``1,000`` / ``1.000`` / ``²`` / 5,000 digits.
Each is read (the bad row reported with its line) or refused in one line with exit 2 —
never a traceback."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.helpers.processes import ROOT, run_cli

DECK = str(ROOT / "examples" / "charizard-ex.txt")
COLLECTR = "Portfolio Name,Category,Set,Product Name,Card Number,Quantity\n"
SELLER = "TCGplayer Id,Product Line,Set Name,Product Name,Number,Total Quantity\n"
SHIELD = '"sep=,"\nFolder Name,Quantity,Trade Quantity,Card Name,Set Code,Set Name,Card Number\n'
IONO = {
    COLLECTR: "Main,Pokemon,Paldea Evolved,Iono,185,{n}\n",
    SELLER: "1,Pokemon,SV02: Paldea Evolved,Iono - 185/193,185/193,{n}\n",
    SHIELD: "Binder,{n},0,Iono,PAL,Paldea Evolved,185\n",
}


@pytest.fixture(scope="module")
def own_catalogue(catalogue_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A catalogue folder of this module's own: ``collection import`` writes beside it."""
    folder = tmp_path_factory.mktemp("hostile-collections") / "cards"
    folder.mkdir()
    shutil.copy(catalogue_dir / "catalogue.sqlite", folder / "catalogue.sqlite")
    return folder


def _check(tmp_path: Path, catalogue: Path, text: str) -> tuple[int, str, str]:
    mine = tmp_path / "mine.csv"
    mine.write_text(text, encoding="utf-8")
    run = run_cli(["check", DECK, "--collection", str(mine), "--catalogue", str(catalogue)])
    assert "Traceback" not in run.stderr, run.stderr
    return run.returncode, run.stdout, run.stderr


@pytest.mark.parametrize(
    ("header", "bad"),
    [
        (COLLECTR, "Main,Pokemon,Paldea Evolved,,185,1\n"),
        (COLLECTR, "Main,Pokemon,Paldea Evolved,   ,185,1\n"),
        (SELLER, "2,Pokemon,SV02: Paldea Evolved,,185/193,1\n"),
        (SHIELD, "Binder,1,0,,PAL,Paldea Evolved,185\n"),
        (SHIELD, "Binder,1\n"),  # a short row
    ],
)
def test_an_empty_name_or_a_short_row_is_reported_with_its_line(
    tmp_path: Path, catalogue_dir: Path, header: str, bad: str
) -> None:
    code, out, err = _check(tmp_path, catalogue_dir, header + bad + IONO[header].format(n=1))
    assert code == 0 and "Collection" in out
    line = header.count("\n") + 1
    assert f"line {line}: no card name" in err


@pytest.mark.parametrize(
    "tail",
    ["Main,Pokemon,Paldea Evolved," + "x" * 140_000 + ",185,1\n",
     'Main,Pokemon,"Paldea Evolved,Iono,185,1\nMain,Pokemon,Paldea Evolved,Iono,185,1\n'],
)  # fmt: skip
def test_a_huge_cell_or_an_open_quote_is_one_line_and_exit_2(
    tmp_path: Path, catalogue_dir: Path, tail: str
) -> None:
    text = COLLECTR + IONO[COLLECTR].format(n=1) + tail
    code, _out, err = _check(tmp_path, catalogue_dir, text)
    assert code == 2 and err.count("\n") == 1 and "mine.csv: line 3:" in err


@pytest.mark.parametrize(("written", "copies"), [('"1,000"', 1000), ("1.000", 1000), ("2", 2)])
def test_counts_in_thousands_are_thousands(
    tmp_path: Path, own_catalogue: Path, written: str, copies: int
) -> None:
    text = COLLECTR + IONO[COLLECTR].format(n=written)
    mine = tmp_path / "mine.csv"
    mine.write_text(text, encoding="utf-8")
    run = run_cli(["collection", "import", str(mine), "--catalogue", str(own_catalogue)])
    assert run.returncode == 0, run.stderr
    exported = run_cli(["collection", "export", "--catalogue", str(own_catalogue)])
    assert f"\n{copies},Iono," in exported.stdout


@pytest.mark.parametrize("written", ["²", "9" * 5000, "1.5"])
def test_a_count_that_is_no_count_is_a_finding_not_a_traceback(
    tmp_path: Path, catalogue_dir: Path, written: str
) -> None:
    header = "set,name,number,unlimited,reverse\n"
    text = f"{header}Paldea Evolved,Iono,185,{written},0\nPaldea Evolved,Iono,185,1,0\n"
    code, _out, err = _check(tmp_path, catalogue_dir, text)
    assert code == 0 and "line 2:" in err and "is not a number of copies" in err
    assert len(err) < 400
