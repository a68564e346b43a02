"""Option values that cannot work are refused in one line, with what would."""

from __future__ import annotations

from pathlib import Path

import pytest

from totemdeck.cli import main

ROOT = Path(__file__).resolve().parent.parent.parent
DECK = str(ROOT / "examples/charizard-ex.txt")


@pytest.mark.parametrize(
    ("args", "value"),
    [
        (["check", DECK, "--lang", "xx"], "xx"),
        (["export", DECK, "--to", "text", "--lang", "fr"], "fr"),
        (["card", "show", "sv3-125", "--lang", "xx"], "xx"),
    ],
)
def test_an_unknown_language_is_refused_with_the_known_ones(
    args: list[str], value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    assert capsys.readouterr().err == (
        f"totemdeck: error: --lang: unknown language {value!r} (choose one of: en, es)\n"
    )


def test_a_catalogue_path_part_over_255_bytes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    long = str(tmp_path / ("x" * 300) / "cards")
    assert main(["card", "show", "sv3-125", "--catalogue", long]) == 2
    assert capsys.readouterr().err == (
        "totemdeck: error: --catalogue: a part of the path is 300 bytes long; "
        "file systems allow 255\n"
    )
    assert main(["check", DECK, "--catalogue", str(tmp_path / ("é" * 128))]) == 2
    assert "256 bytes long" in capsys.readouterr().err


def test_stats_card_that_no_card_has_is_refused_with_suggestions(
    catalogue_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cat = ["--catalogue", str(catalogue_dir)]
    assert main(["stats", DECK, "--card", "Charmandr", *cat]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(
        "totemdeck: error: --card 'Charmandr': no card has that name; did you mean 'Charmander'"
    )
    assert main(["stats", DECK, "--card", "Qwxzvqqjj", *cat]) == 2
    assert capsys.readouterr().err == (
        "totemdeck: error: --card 'Qwxzvqqjj': no card has that name\n"
    )
    # a real card the deck lacks is an answer (0 %), not an error
    assert main(["stats", DECK, "--card", "Rare Candy", "--format", "json", *cat]) == 0
