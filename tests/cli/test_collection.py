"""``--collection`` on check, export and totem: owned and missing, the buy list, the ranking."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from totemdeck.cli import main
from totemdeck.files.schemas import is_valid_fast

ROOT = Path(__file__).resolve().parents[2]
DECK = str(ROOT / "examples" / "charizard-ex.txt")
SAMPLE = str(ROOT / "tests" / "collection" / "samples" / "collectr-pokegridview.csv")


@pytest.fixture
def where(catalogue_dir: Path) -> list[str]:
    return ["--catalogue", str(catalogue_dir)]


def test_check_says_owned_and_missing(where: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", DECK, "--collection", DECK, *where]) == 0
    assert f"Collection {DECK}: owned 100 of 100; missing 0" in capsys.readouterr().out
    assert main(["check", DECK, "--collection", SAMPLE, *where]) == 0  # legality is unchanged
    out = capsys.readouterr().out
    assert "owned 17 of 100; missing 83" in out and "line 3: 1 Charizard ex OBF 125" in out


def test_check_json_carries_the_collection(
    where: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", DECK, "--collection", SAMPLE, "--format", "json", *where]) == 0
    report = json.loads(capsys.readouterr().out)
    assert is_valid_fast("report", report)
    found = report["collection"]
    assert (found["owned"], found["missing"], found["needed"]) == (17, 83, 100)
    assert sum(m["count"] for m in found["missing_lines"]) == 83


def test_the_collection_may_come_from_the_environment(
    where: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TOTEMDECK_COLLECTION", DECK)
    assert main(["check", DECK, *where]) == 0
    assert "owned 100 of 100" in capsys.readouterr().out


@pytest.mark.parametrize("to", ["ptcgl", "text", "csv", "json"])
def test_the_buy_list_reads_back_as_what_is_missing(
    where: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path, to: str
) -> None:
    buy = tmp_path / f"buy.{to}"
    assert main(["export", DECK, "--missing", "--collection", SAMPLE, "--to", to,
                 "-o", str(buy), *where]) == 0  # fmt: skip
    capsys.readouterr()
    text = buy.read_text(encoding="utf-8")
    if to == "json":
        entries = json.loads(text)
        assert is_valid_fast("buy_list", entries) and sum(e["count"] for e in entries) == 83
        return
    if to == "csv":
        assert sum(int(r["count"]) for r in csv.DictReader(io.StringIO(text))) == 83
        return
    assert main(["check", str(buy), *where]) == 1  # 83 cards: a buy list, not a deck
    assert "83 cards" in capsys.readouterr().out
    assert main(["check", DECK, "--collection", str(buy), *where]) == 0
    assert "owned 83 of 100; missing 17" in capsys.readouterr().out


def test_missing_needs_a_collection(where: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", DECK, "--missing", "--to", "ptcgl", *where]) == 2
    assert "--missing needs --collection" in capsys.readouterr().err


def test_totem_ranks_and_drafts(where: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["totem", "--collection", SAMPLE, "--best", "5", *where]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1. ") and "5. " in out and "Draft for " in out and "Totem:" in out
    assert main(["totem", "--collection", SAMPLE, "--best", "5", "-f", "json", *where]) == 0
    ranked = json.loads(capsys.readouterr().out)
    assert is_valid_fast("totem_ranking", ranked) and [r["rank"] for r in ranked] == [1, 2, 3, 4, 5]
    assert ranked == sorted(ranked, key=lambda r: (-r["fitting"], r["shortfall"], r["id"]))
    assert main(["totem", "--collection", SAMPLE, "--best", "3", "-f", "csv", *where]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 4


def test_totem_names_a_card_for_its_draft(
    where: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["totem", "Charizard ex OBF 125", "--collection", DECK, *where]) == 0
    assert "Draft for Charizard ex OBF 125: legal" in capsys.readouterr().out


def test_a_csv_with_no_card_column_is_one_line_and_exit_2(
    where: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    odd = tmp_path / "odd.csv"
    odd.write_text("Price,Date\n1,2020-01-01\n", encoding="utf-8")
    assert main(["check", DECK, "--collection", str(odd), *where]) == 2
    err = capsys.readouterr().err
    assert err.startswith("totemdeck: error: ") and err.count("\n") == 1
    assert "no line of it is a card" in err and "not a collection" in err


def test_a_csv_of_an_unknown_app_is_read_by_its_header_words(
    where: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    odd = tmp_path / "odd.csv"
    odd.write_text("Qty,Card\n1,Pikachu\n", encoding="utf-8")
    assert main(["check", DECK, "--collection", str(odd), *where]) == 0
    assert "Collection" in capsys.readouterr().out
