"""Odds speed (issue 40): the exact Invocation curve of a 100-card deck (target <= 10 ms) and
a goldfish of 100,000 games (target <= 5 s), each with a baseline from the same run.

Baselines: one exact hypergeometric figure (the unit the odds are made of) for the curve;
``deck_stats`` of the same deck without a goldfish for the goldfish, and a cold ``totemdeck
stats`` for the cold ``stats --goldfish 100000``.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from bench.bench_decks import _cold
from bench.common import ROOT, SHARED, median_seconds
from totemdeck.banlist import load_banlist
from totemdeck.catalogue.read import Catalogue
from totemdeck.decklist import read_decklist
from totemdeck.importer import import_sources
from totemdeck.rules import Checker
from totemdeck.stats import Deal, deck_stats, p_at_least
from totemdeck.stats.invocation import invocation_curves

DECK = ROOT / "examples" / "charizard-ex.txt"  # 99 cards, 25 keep a hand, 34 Energy
GAMES = 100_000


def _pure() -> tuple[float, float]:
    deal = Deal(99, 25)
    one = median_seconds(lambda: p_at_least(deal, 34, 0, 4, 5), 200)
    curve = median_seconds(lambda: invocation_curves(deal, 34, [4, 5, 6, 7]), 200)
    return one, curve


def main() -> None:
    one, curve = _pure()
    with tempfile.TemporaryDirectory() as tmp:
        folder = f"{tmp}/cards"
        import_sources(folder, ["pokemontcg"], {"pokemontcg": str(SHARED / "pokemontcg")})
        with Catalogue.open(folder) as cat:
            checker = Checker(cat, banlist=load_banlist(ROOT / "banlist.yaml").banlist)
            checked = checker.check_deck(read_decklist(str(DECK)))
            exact = median_seconds(lambda: deck_stats(checked), 20)
            fish = median_seconds(lambda: deck_stats(checked, games=GAMES, seed=1), 3)
        exe = str(Path(sys.executable).with_name("totemdeck"))
        os.environ["TOTEMDECK_CATALOGUE"] = folder
        cold = _cold([exe, "stats", str(DECK)], runs=3)
        cold_fish = _cold([exe, "stats", str(DECK), "--goldfish", str(GAMES), "--seed", "1"], 3)
    print(f"baseline: one exact hypergeometric figure (median of 200): {one * 1e6:8.1f} µs")
    print(
        f"Invocation curve, 100-card deck, 4 costs x 10 turns:       {curve * 1000:8.2f} ms "
        f"(target <= 10; {curve / one:.0f}x the baseline)"
    )
    print(f"baseline: deck_stats of the deck, exact only (median of 20): {exact * 1000:6.1f} ms")
    print(
        f"deck_stats with a goldfish of {GAMES:,} games (median of 3): {fish:8.2f} s "
        f"(target <= 5; {fish / exact:.0f}x the baseline)"
    )
    print(f"baseline: cold `totemdeck stats` (median of 3):             {cold:8.2f} s")
    print(
        f"cold `totemdeck stats --goldfish {GAMES}`:                 {cold_fish:8.2f} s "
        f"(target <= 5; adds {cold_fish - cold:.2f} s)"
    )
