"""The goldfish deals the model's games: its figures sit within 3 standard errors of the
exact ones, for several real decks (a fixed seed: the test deals the same games each run)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from totemdeck.banlist import load_banlist
from totemdeck.catalogue.read import Catalogue
from totemdeck.cli import main
from totemdeck.decklist import read_decklist
from totemdeck.rules import Checker
from totemdeck.stats import Ask, deck_stats

ROOT = Path(__file__).resolve().parents[2]
GAMES, SEED = 20_000, 40
DECKS = [
    ("examples/charizard-ex.txt", Ask(names=("Charmander", "Arven"), mode="all")),
    ("examples/kyogre-groudon-legend.txt", Ask(role="draw", kind="Supporter", at_least=2)),
    # two keepers only (Clefairy Doll, Mysterious Fossil): many mulligans
    ("tests/decks/legal-trainers-as-basic-pokemon.txt", Ask(kind="Energy", at_least=3)),
    ("tests/decks/legal-special-energy-beside-basic.txt", Ask(names=("Darkness Energy",))),
    ("tests/decks/no-basic-pokemon.txt", Ask(kind="Energy", at_least=3)),
]


@pytest.fixture(scope="module")
def checker(catalogue: Catalogue) -> Checker:
    banlist = load_banlist(ROOT / "banlist.yaml").banlist
    return Checker(catalogue, banlist=banlist, today=dt.date(2026, 11, 30))


def _within(simulated: float, exact: float, games: int) -> bool:
    error = (exact * (1 - exact) / games) ** 0.5
    return abs(simulated - exact) <= 3 * error + 1e-12


@pytest.mark.parametrize(("deck", "ask"), DECKS, ids=[Path(d).stem for d, _a in DECKS])
def test_simulation_within_three_standard_errors(checker: Checker, deck: str, ask: Ask) -> None:
    checked = checker.check_deck(read_decklist(str(ROOT / deck)))
    stats = deck_stats(checked, ask=ask, turn=3, games=GAMES, seed=SEED)
    if stats.keepers == 0:  # no hand is ever kept: nothing to deal, nothing to compare
        assert stats.goldfish is None and stats.invocation is None
        assert stats.card_odds["p_drawn"] is None
        return
    fish = stats.as_dict()["goldfish"]
    assert fish["games"] == GAMES and fish["seed"] == SEED
    compared = 0
    for exact, dealt in zip(stats.mulligans or (), fish["mulligans"].values(), strict=True):
        assert _within(dealt, exact, GAMES), ("mulligans", dealt, exact)
        compared += 1
    assert stats.invocation is not None
    for exact, dealt in zip(stats.invocation["curves"], fish["invocation"], strict=True):
        assert exact["cost"] == dealt["cost"] and exact["knock_outs"] == dealt["knock_outs"]
        for turn, (p, q) in enumerate(zip(exact["by_turn"], dealt["by_turn"], strict=True), 1):
            assert _within(q, p, GAMES), (exact["cost"], turn, q, p)
            compared += 1
    for turn, (p, q) in enumerate(
        zip(stats.card_odds["curve"], fish["card"]["by_turn"], strict=True)
    ):
        assert _within(q, p, GAMES), ("card", turn, q, p)
        compared += 1
    assert compared == 3 + 40 + 16


def test_the_same_seed_deals_the_same_games(checker: Checker) -> None:
    checked = checker.check_deck(read_decklist(str(ROOT / "examples/charizard-ex.txt")))
    one = deck_stats(checked, games=2000, seed=7).as_dict()["goldfish"]
    again = deck_stats(checked, games=2000, seed=7).as_dict()["goldfish"]
    other = deck_stats(checked, games=2000, seed=8).as_dict()["goldfish"]
    assert one == again and one != other


def test_goldfish_command_reports_its_seed(
    catalogue_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = str(ROOT / "examples/kyogre-groudon-legend.txt")
    cat = ["--catalogue", str(catalogue_dir)]
    assert main(["stats", deck, "--goldfish", "3000", "--seed", "5", *cat]) == 0
    text = capsys.readouterr().out
    assert "Goldfish: 3000 games dealt from seed 5" in text
    assert main(["stats", deck, "--goldfish", "3000", "--format", "json", *cat]) == 0
    data = json.loads(capsys.readouterr().out)
    seed = data["goldfish"]["seed"]  # a random seed, said so the run can be dealt again
    assert main(["stats", deck, "--goldfish", "3000", "--seed", str(seed), "--format", "json",
                 *cat]) == 0  # fmt: skip
    assert json.loads(capsys.readouterr().out)["goldfish"] == data["goldfish"]
