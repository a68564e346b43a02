"""Print (issue 41): 100 text proxies ≤ 1 s, a registration sheet ≤ 0.3 s.

Baseline from the same run: a check of the 100-card example deck by a new checker (what
every print starts with). The figures are CPU seconds of the print verbs alone, over a checked
deck, each also a ratio to the baseline, so a slower machine reads the same story.
"""

from __future__ import annotations

import datetime as dt
import tempfile

from bench.common import ROOT, SHARED, median_seconds
from totemdeck.api.printing import print_proxies, print_sheet
from totemdeck.catalogue import Catalogue
from totemdeck.decklist import read_decklist
from totemdeck.importer import import_sources
from totemdeck.rules import Checker

DECK = ROOT / "examples" / "kyogre-groudon-legend.txt"


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = f"{tmp}/cards"
        import_sources(folder, ["pokemontcg"], {"pokemontcg": str(SHARED / "pokemontcg")})
        with Catalogue.open(folder) as cat:
            checker = Checker(cat, today=dt.date(2026, 11, 30))
            deck = read_decklist(str(DECK))
            checked = checker.check_deck(deck)
            baseline = median_seconds(
                lambda: Checker(cat, today=dt.date(2026, 11, 30)).check_deck(deck), 5, cpu=True
            )
            proxies = median_seconds(lambda: print_proxies(checked), 5, cpu=True)
            spanish = median_seconds(lambda: print_proxies(checked, lang="es"), 3, cpu=True)
            sheet = median_seconds(lambda: print_sheet(checked), 5, cpu=True)
    print(f"baseline: a cold check of the 100-card deck {baseline * 1000:8.1f} ms")
    for label, seconds, budget in [
        ("100 text proxies (12 pages), English", proxies, 1.0),
        ("100 text proxies, Spanish", spanish, 1.0),
        ("registration sheet", sheet, 0.3),
    ]:
        verdict = "ok" if seconds <= budget else "OVER"
        print(
            f"{label:<40} {seconds * 1000:8.1f} ms  {seconds / baseline:5.1f}x baseline"
            f"  (budget {budget:.1f} s: {verdict})"
        )
