"""The two defects of issue 40, as the issue states them: named-card odds ignored the mulligan,
and ``--first`` dropped the first player's turn-1 draw (FORMAT.md "Turns, for odds and a
goldfish": every player, the first included, draws at the start of every turn)."""

from __future__ import annotations

import json
from math import comb
from pathlib import Path

import pytest

from totemdeck.cli import main

ROOT = Path(__file__).resolve().parents[2]
LEGEND = str(ROOT / "examples" / "kyogre-groudon-legend.txt")


def _stats(catalogue_dir: Path, capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert (
        main(["stats", LEGEND, "--format", "json", *args, "--catalogue", str(catalogue_dir)]) == 0
    )
    return json.loads(capsys.readouterr().out)


@pytest.fixture(scope="module")
def fossils_do_not_keep(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The format file with the Trainers-as-Basics decision off: only the 20 Basic Pokémon
    keep a hand, the reading of the issue's 8.83 % and 6.71 %."""
    text = (ROOT / "totemdeck" / "data" / "format.yaml").read_text(encoding="utf-8")
    path = tmp_path_factory.mktemp("format") / "format.yaml"
    path.write_text(
        text.replace("count_for_no_basic_pokemon: true", "count_for_no_basic_pokemon: false"),
        encoding="utf-8",
    )
    return str(path)


def _kept(keepers: int) -> float:
    return 1 - comb(98 - keepers, 7) / comb(98, 7)


def test_a_single_basic_in_a_kept_hand_is_8_83_percent(
    catalogue_dir: Path, capsys: pytest.CaptureFixture[str], fossils_do_not_keep: str
) -> None:
    """98 cards, 20 Basics; Alomomola is one of them: P(in hand | hand has a Basic)."""
    args = ("--card", "Alomomola", "--format-file", fossils_do_not_keep)
    odds = _stats(catalogue_dir, capsys, *args)["odds"]["card"]
    assert odds["copies"] == 1
    assert odds["curve"][0] == pytest.approx((7 / 98) / _kept(20), abs=1e-6)
    assert round(odds["curve"][0] * 100, 2) == 8.83


def test_a_single_non_basic_in_a_kept_hand_is_6_71_percent(
    catalogue_dir: Path, capsys: pytest.CaptureFixture[str], fossils_do_not_keep: str
) -> None:
    args = ("--card", "Academy at Night", "--format-file", fossils_do_not_keep)
    odds = _stats(catalogue_dir, capsys, *args)["odds"]["card"]
    with_a_basic_too = (7 / 98) * (1 - comb(77, 6) / comb(97, 6))
    assert odds["curve"][0] == pytest.approx(with_a_basic_too / _kept(20), abs=1e-6)
    assert round(odds["curve"][0] * 100, 2) == 6.71


def test_the_five_antique_fossils_keep_a_hand_too(
    catalogue_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The shipped format: Trainers played as Basic Pokémon keep a hand (FORMAT.md Words), so
    this deck keeps with any of 25 cards and a single Basic is in 8.10 % of kept hands."""
    data = _stats(catalogue_dir, capsys, "--card", "Alomomola")
    assert data["odds"]["keep_cards"] == 25 and data["odds"]["basic_pokemon"] == 20
    assert data["odds"]["card"]["curve"][0] == pytest.approx((7 / 98) / _kept(25), abs=1e-6)
    fossil = _stats(catalogue_dir, capsys, "--card", "Antique Dome Fossil")["odds"]["card"]
    assert fossil["curve"][0] == pytest.approx((7 / 98) / _kept(25), abs=1e-6)


def test_going_first_sees_eight_cards_on_turn_one(
    catalogue_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ("--card", "Academy at Night", "--turn", "1")
    first = _stats(catalogue_dir, capsys, *args, "--first")["odds"]["card"]
    second = _stats(catalogue_dir, capsys, *args)["odds"]["card"]
    assert first["cards_seen"] == 8 and first["going_first"] is True
    assert first["p_drawn"] == second["p_drawn"] and first["curve"] == second["curve"]


def test_a_format_file_can_skip_the_first_players_turn_one_draw(
    catalogue_dir: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The decision lives in the format file (``turns.first_player_draws``): turned off, the
    first player sees 7 cards on turn 1 again, and the second player still 8."""
    text = (ROOT / "totemdeck" / "data" / "format.yaml").read_text(encoding="utf-8")
    assert "first_player_draws: true" in text and "opening_hand: 7" in text
    path = tmp_path / "format.yaml"
    path.write_text(text.replace("first_player_draws: true", "first_player_draws: false"))
    args = ("--card", "Alomomola", "--turn", "1", "--format-file", str(path))
    first = _stats(catalogue_dir, capsys, *args, "--first")
    second = _stats(catalogue_dir, capsys, *args)
    assert first["odds"]["card"]["cards_seen"] == 7 and second["odds"]["card"]["cards_seen"] == 8
    assert first["odds"]["model"]["first_player_draws"] is False
    first_cost, second_cost = (d["invocation"]["curves"][0]["by_turn"] for d in (first, second))
    assert first_cost[1] < second_cost[1]  # one card fewer seen by turn 2
