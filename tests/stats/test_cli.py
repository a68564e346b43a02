"""``totemdeck stats``: the asked cards in every form (several, any/all, a role, a kind, at
least k), the Invocation turn and the goldfish in text, JSON (its schema) and the plot."""

from __future__ import annotations

import json
import struct
from math import comb
from pathlib import Path

import pytest

from totemdeck.cli import main
from totemdeck.files.schemas import first_error

ROOT = Path(__file__).resolve().parents[2]
LEGEND = str(ROOT / "examples" / "kyogre-groudon-legend.txt")
CHARIZARD = str(ROOT / "examples" / "charizard-ex.txt")


def _run(catalogue_dir: Path, capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main(["stats", *args, "--format", "json", "--catalogue", str(catalogue_dir)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert first_error("stats", data) is None, first_error("stats", data)
    return data


def test_the_json_has_the_invocation_turn_by_default(
    catalogue_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _run(catalogue_dir, capsys, LEGEND)
    inv = data["invocation"]
    assert inv["totem"] == "Kyogre & Groudon LEGEND" and inv["base_cost"] == 2
    assert inv["energy"] == 33 and inv["turns"] == list(range(1, 11))
    assert [c["cost"] for c in inv["curves"]] == [2, 3, 4, 5]
    for curve in inv["curves"]:
        by_turn = curve["by_turn"]
        assert by_turn[: curve["cost"] - 1] == [0] * (curve["cost"] - 1)  # one a turn
        assert by_turn == sorted(by_turn) and by_turn[-1] < 1
    mulligans = data["odds"]["mulligans"]
    assert sum(mulligans.values()) == pytest.approx(1, abs=1e-5)
    assert mulligans["0"] == data["odds"]["p_basic_in_opening_hand"]


def test_any_of_all_of_and_at_least(
    catalogue_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cards = ("--card", "Alomomola", "--card", "Academy at Night", "--turn", "2")
    one = _run(catalogue_dir, capsys, LEGEND, "--card", "Alomomola", "--turn", "2")
    other = _run(catalogue_dir, capsys, LEGEND, "--card", "Academy at Night", "--turn", "2")
    any_of = _run(catalogue_dir, capsys, LEGEND, *cards)["odds"]["card"]
    all_of = _run(catalogue_dir, capsys, LEGEND, *cards, "--all")["odds"]["card"]
    p, q = one["odds"]["card"]["p_drawn"], other["odds"]["card"]["p_drawn"]
    assert any_of["mode"] == "any" and all_of["mode"] == "all" and any_of["copies"] == 2
    # inclusion–exclusion holds between the three figures
    assert any_of["p_drawn"] + all_of["p_drawn"] == pytest.approx(p + q, abs=2e-6)
    assert all_of["p_drawn"] < min(p, q) <= max(p, q) < any_of["p_drawn"]
    two = _run(catalogue_dir, capsys, LEGEND, *cards, "--at-least", "2")["odds"]["card"]
    assert two["p_drawn"] == pytest.approx(all_of["p_drawn"], abs=1e-6)  # 2 singletons


def test_a_role_and_a_kind(catalogue_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    draw = _run(catalogue_dir, capsys, LEGEND, "--role", "draw", "--turn", "0")["odds"]
    supporters = _run(
        catalogue_dir, capsys, LEGEND, "--role", "draw", "--kind", "Supporter", "--turn", "0"
    )["odds"]["card"]
    assert draw["card"]["copies"] == 12 and draw["card"]["role"] == "draw"
    assert 0 < supporters["copies"] <= 12 and supporters["kind"] == "Supporter"
    assert supporters["name"] == "role:draw Supporter"
    # none of them keeps a hand: P(in hand | kept) = (P(any in hand) - P(some, no keeper)) / P
    n, s, keep = 98, supporters["copies"], 25
    kept = 1 - comb(n - keep, 7) / comb(n, 7)
    joint = (1 - comb(n - s, 7) / comb(n, 7)) - (comb(n - keep, 7) - comb(n - keep - s, 7)) / comb(
        n, 7
    )
    assert supporters["p_drawn"] == pytest.approx(joint / kept, abs=1e-6)
    energy = _run(catalogue_dir, capsys, LEGEND, "--kind", "Energy", "--at-least", "3")
    assert energy["odds"]["card"]["copies"] == 33 and energy["odds"]["card"]["at_least"] == 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--role", "drawing"], "--role 'drawing': no such role"),
        (["--kind", "Spell"], "--kind 'Spell': the kinds are"),
        (["--card", "Iono", "--card", "Arven", "--all", "--at-least", "2"], "not with --all"),
    ],
)
def test_a_bad_ask_is_one_line_and_exit_2(
    catalogue_dir: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(["stats", LEGEND, *args, "--catalogue", str(catalogue_dir)]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_text_and_plot_with_a_goldfish(
    catalogue_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    png = tmp_path / "odds.png"
    args = ["stats", CHARIZARD, "--card", "Charmander", "--goldfish", "2000", "--seed", "3"]
    assert main([*args, "--plot", str(png), "--catalogue", str(catalogue_dir)]) == 0
    out = capsys.readouterr().out
    assert "Invocation of Charizard ex OBF 125 (cost 4; 34 Energy in deck" in out
    assert "cost 7 (3 Knock Outs):" in out and "mulligans: none " in out
    assert (
        "Goldfish: 2000 games dealt from seed 3" in out
        and "Charmander drawn by your turn 1:" in out
    )
    head = png.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", head[16:24]) == (1500, 500)


def test_a_deck_without_basics_says_no_hand_is_kept(
    catalogue_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = str(ROOT / "tests" / "decks" / "no-basic-pokemon.txt")
    data = _run(catalogue_dir, capsys, deck, "--card", "Iono", "--goldfish", "100")
    assert data["invocation"] is None and data["odds"]["mulligans"] is None
    assert data["odds"]["card"]["p_drawn"] is None and "goldfish" not in data
    assert main(["stats", deck, "--goldfish", "100", "--catalogue", str(catalogue_dir)]) == 0
    assert "Goldfish: no game was dealt" in capsys.readouterr().out


def test_a_card_named_and_found_by_its_role_counts_once(
    catalogue_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    role = _run(catalogue_dir, capsys, LEGEND, "--role", "draw")["odds"]["card"]
    named = role["names"][0]
    both = _run(catalogue_dir, capsys, LEGEND, "--role", "draw", "--card", named)
    assert both["odds"]["card"]["copies"] == role["copies"]
    assert both["odds"]["card"]["p_drawn"] == role["p_drawn"]
