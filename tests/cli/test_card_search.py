"""``totemdeck card search`` over the real catalogue: formats, exit codes, empty results."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pandas as pd
import pytest

from totemdeck.cli import main
from totemdeck.files.schemas import first_error

pytestmark = pytest.mark.full_mirrors(
    "more prints than one page of results (every radiant Pokémon)"
)


def run(folder: Path, *args: str) -> int:
    return main(["card", "search", *args, "--catalogue", str(folder)])


def test_text_rows_and_explain(catalogue_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(catalogue_dir, "totem:sv3-125 t:supporter o:draw", "--explain", "-n", "5") == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0].startswith("query: a deck with the Totem “sv3-125” may hold it")
    assert len(lines) == 6 and all("Supporter" in line for line in lines[1:])
    assert "5 of " in err and "--limit 0" in err


def test_json_follows_its_schema(
    full_catalogue_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    catalogue_dir = full_catalogue_dir  # more radiant Pokémon than one page
    assert run(catalogue_dir, "is:radiant", "--format", "json", "--order", "hp") == 0
    document = json.loads(capsys.readouterr().out)
    assert first_error("search", document) is None
    assert document["total"] == document["shown"] > 10 and not document["prints"]
    hps = [c["hp"] for c in document["cards"]]
    assert hps == sorted(hps) and all(c["name"].startswith("Radiant ") for c in document["cards"])


def test_csv_is_one_flat_row_per_card(
    full_catalogue_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    catalogue_dir = full_catalogue_dir  # Spanish names of every print
    assert run(catalogue_dir, "supercaña", "--format", "csv", "--lang", "es") == 0
    frame = pd.read_csv(io.StringIO(capsys.readouterr().out))
    assert list(frame["shown_name"]) == ["Supercaña"] and list(frame["name"]) == ["Super Rod"]
    assert {"set_code", "number", "identity", "released"} <= set(frame.columns)


def test_spanish_names_are_shown(catalogue_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(catalogue_dir, '!"Boss\'s Orders"', "--lang", "es") == 0
    assert "Órdenes de Jefes" in capsys.readouterr().out


def test_empty_result_exits_0_and_says_so(
    catalogue_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(catalogue_dir, "hp>9000") == 0
    out, err = capsys.readouterr()
    assert out == "" and "no card matches" in err


def test_percent_matches_only_a_percent(
    catalogue_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 16: `card search %` listed every card (LIKE wildcards were not escaped)."""
    assert run(catalogue_dir, "%", "--prints", "--limit", "0") == 0
    out, _err = capsys.readouterr()
    assert all("%" in line for line in out.splitlines())
    assert run(catalogue_dir, "_", "--prints", "--limit", "0") == 0
    out, _err = capsys.readouterr()
    assert 0 < len(out.splitlines()) < 20 and all("_" in line for line in out.splitlines())


@pytest.mark.parametrize("query", ["hp>>3", "hpp>3", "(t:item", 'o:"draw'])
def test_bad_query_exits_2_with_one_line(
    catalogue_dir: Path, capsys: pytest.CaptureFixture[str], query: str
) -> None:
    assert run(catalogue_dir, query) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and "character" in err


@pytest.mark.parametrize("query", ["-is:banned t:item", "-t:pokemon hp>100", "not t:pokemon"])
def test_a_query_starting_with_a_dash_is_the_query(
    catalogue_dir: Path, capsys: pytest.CaptureFixture[str], query: str
) -> None:
    assert run(catalogue_dir, query, "-n", "3") == 0
    assert capsys.readouterr().out.strip()


@pytest.mark.parametrize(
    "query", ["-(" * 20 + "pikachu" + ")" * 20, "(" * 40 + "a or b" + ")" * 40]
)
def test_too_deep_a_query_exits_2_with_one_line(
    catalogue_dir: Path, capsys: pytest.CaptureFixture[str], query: str
) -> None:
    assert run(catalogue_dir, query) == 2
    err = capsys.readouterr().err
    assert err.startswith("totemdeck: error: ") and err.count("\n") == 1 and "nest" in err


def test_eighteen_dashes_is_no_traceback(
    catalogue_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(catalogue_dir, "-" * 18 + "pikachu", "-n", "1") == 0
    assert "Pikachu" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("query", "options", "prints"),
    [
        ("unique:prints is:radiant", (), True),
        ("is:radiant", ("--prints",), True),
        ("unique:names is:radiant", ("--prints",), False),
        ("is:radiant", (), False),
    ],
)
def test_json_prints_says_what_was_listed_whether_option_or_in_the_query(
    catalogue_dir: Path,
    capsys: pytest.CaptureFixture[str],
    query: str,
    options: tuple[str, ...],
    prints: bool,
) -> None:
    assert run(catalogue_dir, query, *options, "--format", "json", "--limit", "0") == 0
    document = json.loads(capsys.readouterr().out)
    assert first_error("search", document) is None
    assert document["prints"] is prints
    names = [c["name"] for c in document["cards"]]
    assert (len(set(names)) < len(names)) is prints  # Radiant cards have reprints


@pytest.mark.parametrize("query", ["t:item", "-is:banned t:item"])
def test_a_double_dash_ends_the_options(
    catalogue_dir: Path, query: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``card search -- QUERY`` (issue 38.2): the POSIX way to pass a query that starts with
    ``-``; what follows ``--`` is the query, never an option."""
    args = ["card", "search", "--catalogue", str(catalogue_dir), "-n", "3", "--", query]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert len(out.splitlines()) == 3 and all(" Item " in line for line in out.splitlines())
