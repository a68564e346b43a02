"""Long decklists (issue 16): `check` stays linear in the lines, whatever they are.

Baseline from the same run: one check of the 100-card example deck. Before the fix, 400
lines of ``1 Pikachu`` took ~30 s and 5,000 lines ran past five minutes (each line re-ran
every rule once per group of its prints). Distinct name-only lines whose prints judge
differently still re-ran every rule over the whole deck per print (500 lines: ~21 s) until
each print was weighed by what it can change (``rules.reach``). 5,000 distinct misspelled
names each get their suggestions.
"""

from __future__ import annotations

import datetime as dt
import tempfile

from bench.common import ROOT, SHARED, median_seconds
from totemdeck.catalogue import Catalogue
from totemdeck.decklist import parse, read_decklist
from totemdeck.importer import import_pokemontcg
from totemdeck.rules import Checker
from totemdeck.rules.engine import alike_key

DECK = ROOT / "examples" / "charizard-ex.txt"
TOTEM = "Totem: 1 Charizard ex OBF 125\n"


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = f"{tmp}/cards"
        import_pokemontcg(folder, str(SHARED / "pokemontcg"))
        with Catalogue.open(folder) as cat:
            checker = Checker(cat, today=dt.date(2026, 11, 30))
            example = read_decklist(str(DECK))
            checker.check(example)  # warm the card cache, as a long process would
            names = sorted({card.name for card in cat.iter_cards()})
            ambiguous = [n for n in names if _judged_differently(checker, cat, n)]
            baseline = median_seconds(lambda: checker.check(example), 5)
            figures = []
            for label, text in [
                ("400 lines of '1 Pikachu'", TOTEM + "1 Pikachu\n" * 400),
                ("5,000 lines: the Totem + 4,999 of '1 Pikachu'", TOTEM + "1 Pikachu\n" * 4999),
                ("5,000 lines, 5 names repeated", TOTEM + _five_names(4999)),
                ("500 distinct ambiguous names", TOTEM + _lines(ambiguous[:500])),
                ("5,000 distinct ambiguous lines", TOTEM + _counted(ambiguous, 4999)),
                ("5,000 distinct misspelled names", TOTEM + _lines(_misspelled(names, 4999))),
            ]:
                deck = parse(text)
                seconds = median_seconds(lambda deck=deck: checker.check(deck), 3)  # type: ignore[misc]
                figures.append((label, seconds))
    print(f"check the 100-card example deck (baseline):           {baseline * 1000:7.1f} ms")
    for label, seconds in figures:
        print(f"check {label + ':':<48}{seconds:7.2f} s = {seconds / baseline:,.0f}x baseline")


def _five_names(lines: int) -> str:
    names = ["Pikachu", "Charmander", "Ultra Ball", "Professor's Research", "Rare Candy"]
    return "".join(f"1 {names[i % len(names)]}\n" for i in range(lines))


def _judged_differently(checker: Checker, cat: Catalogue, name: str) -> bool:
    """Whether a name's prints read differently to the rules (ambiguity must be weighed)."""
    return len({alike_key(card, checker.ctx) for card in cat.by_name(name)}) > 1


def _lines(names: list[str]) -> str:
    return "".join(f"1 {name}\n" for name in names)


def _counted(names: list[str], lines: int) -> str:
    """``lines`` distinct lines over ``names`` (the same name again with another count)."""
    return "".join(f"{1 + i // len(names)} {names[i % len(names)]}\n" for i in range(lines))


def _misspelled(names: list[str], count: int) -> list[str]:
    """``count`` distinct names no card has, each close to a real one."""
    return [f"{n[:-1]}{'qzxw'[i // len(names)]}{n[-1]}" for i, n in enumerate((names * 2)[:count])]
