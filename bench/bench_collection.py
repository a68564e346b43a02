"""Collection speed: the Totem ranking and owned/missing, against reading the collection file.

A 5,000-row Collectr-style export of random prints (seeded) is written once; the baseline is
reading it (parse + resolve every row) in the same run. Target (issue 27): ranking all
possible Totems against a 5,000-card collection in <= 2 s.
"""

from __future__ import annotations

import csv
import random
import tempfile
from pathlib import Path

from bench.common import ROOT, SHARED, median_seconds
from totemdeck.api import deck_coverage, make_checker, read_collection
from totemdeck.catalogue.read import Catalogue
from totemdeck.collection import rank_totems
from totemdeck.decklist import read_decklist
from totemdeck.importer import import_sources

ROWS = 5000
HEADER = ["Portfolio Name", "Category", "Set", "Product Name", "Card Number", "Quantity"]


def _write_collection(cat: Catalogue, path: Path) -> None:
    cards = sorted(cat.iter_cards(), key=lambda c: c.id)
    chosen = random.Random(27).sample(cards, ROWS)
    with path.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(HEADER)
        for card in chosen:
            count = 20 if card.is_basic_energy else 1 + card.number.__len__() % 3
            writer.writerow(["Main", "Pokemon", card.set.name, card.name, card.number, count])


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = f"{tmp}/cards"
        import_sources(
            folder,
            origins={"pokemontcg": str(SHARED / "pokemontcg"), "tcgdex": str(SHARED / "tcgdex/v2")},
        )
        path = Path(tmp) / "collection.csv"
        with Catalogue.open(folder) as cat:
            _write_collection(cat, path)
            checker = make_checker(cat)
            read = median_seconds(lambda: read_collection(cat, str(path)), 3)
            collection = read_collection(cat, str(path))
            rank = median_seconds(lambda: rank_totems(cat, collection, checker.ctx, 20), 3)
            checked = checker.check_deck(read_decklist(str(ROOT / "examples" / "charizard-ex.txt")))
            cover = median_seconds(lambda: deck_coverage(checked, collection, checker), 20)
    print(f"read a {ROWS}-row collection export (baseline):     {read * 1000:8.1f} ms")
    print(
        f"rank every possible Totem against it:              {rank * 1000:8.1f} ms "
        f"({rank / read:.2f}x the read; target <= 2000 ms)"
    )
    print(
        f"owned / missing of a 100-card deck:                {cover * 1000:8.2f} ms "
        f"({cover / read:.4f}x the read)"
    )
