"""Long decklists (issue 16): `check` stays linear in the lines, whatever they are.

Baseline from the same run: one check of the 100-card example deck. Before the fix, 400
lines of ``1 Pikachu`` took ~30 s and 5,000 lines ran past five minutes (each line re-ran
every rule once per group of its prints). Distinct name-only lines whose prints judge
differently still re-ran every rule over the whole deck per print (500 lines: ~21 s) until
each print was weighed by what it can change (``rules.reach``). 5,000 distinct misspelled
names each get their suggestions.

Issue 25's readings (``decklist/patterns.py``, ``decklist/loose.py``) each get a 5,000-line
list of their own, measured in turn with today's worst case (the slowest list above, checked
again beside each): each must stay within 1.2x of it. Their indexes are one dictionary per
catalogue, built once.
"""

from __future__ import annotations

import datetime as dt
import statistics
import tempfile

from bench.common import ROOT, SHARED, median_seconds
from totemdeck.catalogue import Catalogue
from totemdeck.decklist import Decklist, parse, read_decklist
from totemdeck.decklist.setcodes import SetIndex
from totemdeck.importer import import_sources
from totemdeck.rules import Checker
from totemdeck.rules.engine import alike_key

DECK = ROOT / "examples" / "charizard-ex.txt"
TOTEM = "Totem: 1 Charizard ex OBF 125\n"


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = f"{tmp}/cards"
        import_sources(folder, ["pokemontcg"], {"pokemontcg": str(SHARED / "pokemontcg")})
        with Catalogue.open(folder) as cat:
            checker = Checker(cat, today=dt.date(2026, 11, 30))
            example = read_decklist(str(DECK))
            checker.check(example)  # warm the card cache, as a long process would
            names = sorted({card.name for card in cat.iter_cards()})
            ambiguous = [n for n in names if _judged_differently(checker, cat, n)]
            baseline = median_seconds(lambda: checker.check(example), 5)
            figures = []
            decks = {}
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
                decks[label] = deck
            worst_label = max(figures, key=lambda figure: figure[1])[0]
            patterns = []
            for label, text in _pattern_lists(cat, names, ambiguous):
                mine, worst = _paired(checker, parse(text), decks[worst_label])
                patterns.append((label, mine, worst))
    print(f"check the 100-card example deck (baseline):           {baseline * 1000:7.1f} ms")
    for label, seconds in figures:
        print(f"check {label + ':':<48}{seconds:7.2f} s = {seconds / baseline:,.0f}x baseline")
    print(f"today's worst case: {worst_label} (measured again beside each list below)")
    for label, seconds, worst in patterns:
        print(
            f"check {label + ':':<48}{seconds:7.2f} s = {seconds / baseline:,.0f}x baseline"
            f" = {seconds / worst:.2f}x today's worst (limit 1.20x)"
        )


def _paired(
    checker: Checker, mine: Decklist, worst: Decklist, runs: int = 3
) -> tuple[float, float]:
    """Median seconds of ``mine`` and of today's worst list, checked in turn (a machine whose
    load changes shifts both alike, so their ratio holds)."""
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(runs):
        for deck, into in ((mine, times[0]), (worst, times[1])):
            into.append(median_seconds(lambda deck=deck: checker.check(deck), 1))  # type: ignore[misc]
    return statistics.median(times[0]), statistics.median(times[1])


def _pattern_lists(cat: Catalogue, names: list[str], ambiguous: list[str]) -> list[tuple[str, str]]:
    """5,000-line lists of each of issue 25's readings, every line distinct (the deck title
    heads today's worst list: what the title costs is all it measures)."""
    glued = [n.replace("-", "").replace(" ", "") for n in names if n.endswith(("-EX", " V", "-GX"))]
    spaced = [n.replace("-", " ").replace(".", "") for n in names if "-" in n or "." in n]
    affixed = [n.split(" G-1")[-1][2:] for n in names if n.startswith("Team Galactic")]
    affixed += [n.removesuffix(" Team Flare Gear") for n in names if n.endswith("Flare Gear")]
    types = ["Grass", "Fire", "Water", "Lightning", "Psychic", "Fighting", "Dark", "Metal"]
    headers = "".join(
        f"Pokémon {i % 60}\n" if i % 10 == 0 else f"{i // 10 % 4 + 1} {names[i % len(names)]}\n"
        for i in range(4999)
    )
    return [
        ("5,000 lines: comma counts throughout", TOTEM + _comma(names, 4999)),
        ("5,000 lines: basic Energy as a type word", TOTEM + _counted(types, 4999)),
        ("5,000 lines: suffixes glued to the name", TOTEM + _counted(glued, 4999)),
        ("5,000 lines: printed affixes left off", TOTEM + _counted(affixed, 4999)),
        ("5,000 lines: spacing and punctuation", TOTEM + _counted(spaced, 4999)),
        ("5,000 lines: headers without a colon", TOTEM + headers),
        ("5,000 lines: Chinese names, set + number", TOTEM + _foreign(cat, 4999)),
        ("5,000 lines: subsets numbered on", TOTEM + _subset_numbers(cat, 4999)),
        ("5,000 lines under a deck title", "Night March\n" + TOTEM + _counted(ambiguous, 4998)),
    ]


def _comma(names: list[str], lines: int) -> str:
    return "".join(f"{1 + i // len(names)},{names[i % len(names)]}\n" for i in range(lines))


def _foreign(cat: Catalogue, lines: int) -> str:
    """``1 盖诺赛克特V FST 255``-style lines over the catalogue's prints with a code."""
    prints = [c for c in cat.iter_cards() if c.set.ptcgl_code][:lines]
    return "".join(
        f"{1 + i // len(prints)} 盖诺赛克特 {c.set.ptcgl_code} {c.number}\n"
        for i, c in ((i, prints[i % len(prints)]) for i in range(lines))
    )


def _subset_numbers(cat: Catalogue, lines: int) -> str:
    """``1 Flareon BRS 187``: subset cards numbered after their main set's cards."""
    index = SetIndex.build(cat)
    written = []
    for code, sets in index.by_code.items():
        if len(sets) < 2 or not sets[0].total:
            continue
        main = sets[0]
        for subset in sets[1:]:
            for card in cat.in_set(subset.id):
                digits = "".join(ch for ch in card.number if ch.isdigit())
                if digits and not card.number.isdigit():
                    written.append(f"{card.name} {code.upper()} {main.total + int(digits)}")
    return _counted(sorted(set(written)), lines)


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
