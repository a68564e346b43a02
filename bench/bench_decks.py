"""Decklist and rules speed: parse + resolve, suggestions, cold CLI start-up, decks per second.

Each figure has its baseline from the same run: ``totemdeck --version`` for the cold
``check``, the first deck for the warm loop.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.common import ROOT, SHARED, median_seconds
from totemdeck.banlist import load_banlist
from totemdeck.catalogue.read import Catalogue
from totemdeck.decklist import Resolver, parse, read_decklist
from totemdeck.importer import import_sources
from totemdeck.rules import Checker

DECK = ROOT / "examples" / "charizard-ex.txt"
MISSPELLED = [
    "Charizzard ex", "Pikachuu", "Profesor Research", "Bos Orders", "Ultraball",
    "Gardevoir exx", "Arcues VSTAR", "Lugia VSTARR", "Mewtwo V-UNOIN", "Radiant Charzard",
    "Iono PAL", "Rare Candi", "Nest Bal", "Battle VIP Pas", "Double Turbo Enrgy",
    "Comfey", "Colress Experiment", "Lost Vaccum", "Mirage Gat", "Sableeye",
]  # fmt: skip


def _cold(args: list[str], runs: int = 7) -> float:
    """Median wall time of a fresh process, as a user's installed copy runs: with .pyc files
    (this workplace sets PYTHONDONTWRITEBYTECODE, which would time the compiler instead)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(args, check=False, capture_output=True, env=env)  # writes the .pyc files
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(args, check=False, capture_output=True, env=env)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = f"{tmp}/cards"
        import_sources(folder, ["pokemontcg"], {"pokemontcg": str(SHARED / "pokemontcg")})
        with Catalogue.open(folder) as cat:
            text = DECK.read_text(encoding="utf-8")
            resolver = Resolver(cat)
            resolver.resolve(parse(text))  # warm the card cache, as a long process would
            parse_resolve = median_seconds(lambda: resolver.resolve(parse(text)), 50)
            cold_resolver = median_seconds(lambda: Resolver(cat).resolve(parse(text)), 10)
            started = time.perf_counter()
            suggester = resolver.suggester
            build = time.perf_counter() - started
            per_name = median_seconds(lambda: [suggester.closest(n) for n in MISSPELLED], 5)
            checker = Checker(cat, banlist=load_banlist(ROOT / "banlist.yaml").banlist)
            decklist = read_decklist(str(DECK))
            first = median_seconds(lambda: checker.check(decklist), 1)
            started = time.perf_counter()
            for _ in range(1000):
                checker.check(decklist)
            loop = time.perf_counter() - started
        exe = str(Path(sys.executable).with_name("totemdeck"))
        version = _cold([exe, "--version"])
        os.environ["TOTEMDECK_CATALOGUE"] = folder
        check = _cold([exe, "check", str(DECK)])
        check_es = _cold([exe, "--lang", "es", "check", str(DECK)])  # + the .mo, translated help
    print(f"parse + resolve a 100-card list (warm, median of 50): {parse_resolve * 1000:7.2f} ms")
    print(f"parse + resolve with a new Resolver (median of 10):  {cold_resolver * 1000:7.2f} ms")
    print(f"suggestions: build the name index once:              {build * 1000:7.1f} ms")
    print(f"suggestions for 20 misspelled names:                  {per_name * 50:7.2f} ms per name")
    print(f"cold `totemdeck --version` (median of 7):             {version * 1000:7.1f} ms")
    print(
        f"cold `totemdeck check` of a 100-card deck:            {check * 1000:7.1f} ms "
        f"(adds {(check - version) * 1000:.1f} ms; target <= 100)"
    )
    print(
        f"cold `totemdeck --lang es check`, same deck:          {check_es * 1000:7.1f} ms "
        f"({check_es / check:.2f}× the English check)"
    )
    print(f"first check in a process:                             {first * 1000:7.1f} ms")
    print(
        f"1,000 checks of the deck in one process:              {loop:7.2f} s "
        f"= {1000 / loop:,.0f} decks/s (target >= 500)"
    )
