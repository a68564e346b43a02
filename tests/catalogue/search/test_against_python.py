"""An independent check: for 300 generated queries over the fixture catalogue, ``search_cards``
returns exactly the prints a plain Python filter over every card keeps.

The filter reads the ``Card`` objects (and the rules' functions for identity, Prize cards and
the cost-table column), never the search index, so a wrong column, bit, escape or operator
in the SQL shows up as a difference.
"""

from __future__ import annotations

import operator
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache

import pytest

from totemdeck.api.search import search_cards
from totemdeck.catalogue.model import COLORLESS, ENERGY_TYPES, Card
from totemdeck.catalogue.names import fold, name_key
from totemdeck.catalogue.read import Catalogue
from totemdeck.rules.format import load_format
from totemdeck.rules.stages import CatalogueStages
from totemdeck.rules.totem import cost_column
from totemdeck.rules.traits import identity, is_ace_spec, is_radiant, prize_cards

LETTERS = dict(zip("GRWLPFDMYNC", (*ENERGY_TYPES, COLORLESS), strict=True))
OPS: dict[str, Callable[[object, object], bool]] = {
    ":": operator.eq, "=": operator.eq, "!=": operator.ne, "<": operator.lt,
    "<=": operator.le, ">": operator.gt, ">=": operator.ge,
}  # fmt: skip
Predicate = Callable[[Card], bool]


@dataclass(frozen=True)
class Atom:
    query: str
    keep: Predicate


def _compare(value: Callable[[Card], int | None], op: str, n: int) -> Predicate:
    """``!=`` is "not =": a card without the fact is ``hp!=100`` too."""

    def keep(card: Card) -> bool:
        got = value(card)
        if op == "!=":
            return got is None or got != n
        return got is not None and OPS[op](got, n)

    return keep


def _damage(card: Card) -> int | None:
    found = [int(d) for a in card.attacks for d in re.findall(r"\d+", a.damage)]
    return max(found, default=0) if card.attacks else None


def _retreat(card: Card) -> int | None:
    """What the card prints: a BREAK prints no Retreat Cost."""
    return card.retreat_cost if card.is_pokemon and card.stage != "BREAK" else None


def _names(card: Card) -> list[str]:
    """The forms a name search reads (docs/search.md): each name as FORMAT.md keys it and as
    printed — "Oak" finds "Professor's Research (Professor Oak)", whose key drops the
    parenthesis (the fixture catalogue's reg:D "Oak" found it, the filter did not)."""
    langs = [v for k, v in card.aliases.items() if len(k) == 2]
    keyed = [name_key(card.name, card.supertype), *(name_key(v) for v in langs)]
    return keyed + [fold(name) for name in (card.name, *langs)]


def atoms(catalogue: Catalogue, cards: list[Card], rng: random.Random) -> Iterator[Atom]:
    """Endless random terms, each with the Python test that says which cards it keeps."""
    fmt = load_format()
    stages = CatalogueStages(catalogue)
    columns = {"Basic": 0, "Stage 1": 1, "Stage 2": 2, "Stage 3": 3}
    set_aliases = catalogue.set_aliases()
    pokemon = [c for c in cards if c.is_pokemon]
    codes = sorted({c.set.ptcgl_code for c in cards if c.set.ptcgl_code})
    set_ids = {c.set.id.casefold() for c in cards}
    ops = list(OPS)

    def pick_word() -> str:
        name = rng.choice(cards).name
        word = rng.choice(name.split())
        return word[: rng.randint(3, max(3, len(word)))]

    def column(card: Card) -> int | None:
        return columns[cost_column(card, fmt, stages)] if card.is_pokemon else None

    while True:
        kind = rng.randrange(20)
        op = rng.choice(ops)
        if kind == 0:
            word = pick_word()
            yield Atom(f'"{word}"', lambda c, w=fold(word): any(w in n for n in _names(c)))
        elif kind == 1:
            n = rng.choice(pokemon).hp or 60
            yield Atom(f"hp{op}{n}", _compare(lambda c: c.hp, op, n))
        elif kind == 2:
            n = rng.randint(0, 4)
            yield Atom(f"retreat{op}{n}", _compare(_retreat, op, n))
        elif kind == 3:
            n = rng.randint(1, 3)
            yield Atom(
                f"prizes{op}{n}",
                _compare(lambda c: prize_cards(c) if c.is_pokemon else None, op, n),
            )
        elif kind == 4:
            n = rng.choice([0, 30, 100, 120, 200, 280])
            yield Atom(f"dmg{op}{n}", _compare(_damage, op, n))
        elif kind == 5:
            n = rng.randint(0, 3)
            yield Atom(f"attacks{op}{n}", _compare(lambda c: len(c.attacks), op, n))
        elif kind == 6:
            n = rng.randint(1999, 2025)
            yield Atom(f"year{op}{n}", _compare(lambda c: int(c.set.release_date[:4]), op, n))
        elif kind == 7:
            letter = rng.choice("GRWLPFDMYNC")
            yield Atom(f"type:{letter}", lambda c, t=LETTERS[letter]: c.is_pokemon and t in c.types)
        elif kind == 8:
            letters = "".join(rng.sample("GRWLPFDMYN", rng.randint(1, 2)))
            wanted = frozenset(LETTERS[x] for x in letters)
            how = rng.choice(["<=", ">=", "="])
            tests: dict[str, Callable[[frozenset[str]], bool]] = {
                "<=": lambda got, w=wanted: got <= w,
                ">=": lambda got, w=wanted: got >= w,
                "=": lambda got, w=wanted: got == w,
            }
            yield Atom(f"id{how}{letters}", lambda c, t=tests[how]: t(frozenset(identity(c, fmt))))
        elif kind == 9:
            word = rng.choice(["pokemon", "trainer", "energy", "supporter", "item", "stadium"])
            yield Atom(
                f"t:{word}",
                lambda c, w=word: w in {fold(x) for x in (c.supertype, *c.subtypes)},
            )
        elif kind == 10:
            stage, printed = rng.choice([("basic", "Basic"), ("1", "Stage 1"), ("2", "Stage 2")])
            yield Atom(f"stage:{stage}", lambda c, p=printed: c.stage == p)
        elif kind == 11:
            flag, test = rng.choice(
                [
                    # the printed suffix decides: the 2003 "Kyogre ex" promos that a
                    # source files as "EX" are ex (issue 38.7)
                    ("ex", lambda c: "ex" in c.subtypes or ("EX" in c.subtypes and _ex(c))),
                    ("EX", lambda c: "EX" in c.subtypes and not _ex(c)),
                    ("gx", lambda c: "GX" in c.subtypes),
                    ("v", lambda c: "V" in c.subtypes),
                    ("tera", lambda c: "Tera" in c.subtypes),
                    ("radiant", is_radiant),
                    ("ace", is_ace_spec),
                ]
            )
            yield Atom(f"is:{flag}", test)
        elif kind == 12:
            letter = rng.choice("GRWLPFDMYN")
            yield Atom(f"weak:{letter}", lambda c, t=LETTERS[letter]: t in c.weaknesses)
        elif kind == 13:
            code = rng.choice(codes)
            ids = set(set_aliases.get(code.casefold(), []))
            by_code = code.casefold() not in set_ids  # a set's own id wins over a code
            yield Atom(
                f"set:{code}",
                lambda c, k=code, i=ids, b=by_code: (
                    (b and c.set.ptcgl_code == k)
                    or c.set.id.casefold() == k.casefold()
                    or c.set.id in i
                ),
            )
        elif kind == 14:
            attack = rng.choice(list(rng.choice(pokemon).attacks) or [None])
            if attack is None:
                continue
            letters = "".join(
                sorted(x for x in "GRWLPFDMYNC" for _s in range(attack.cost.count(LETTERS[x])))
            )
            if not letters:
                continue
            yield Atom(
                f"cost:{letters}",
                lambda c, w=sorted(letters): any(
                    sorted(k for s in a.cost for k, v in LETTERS.items() if v == s) == w
                    for a in c.attacks
                ),
            )
        elif kind == 15:
            yield Atom("lang:es", lambda c: "es" in c.aliases)
        elif kind == 16:
            attack_word = rng.choice([a.name for a in rng.choice(pokemon).attacks] or ["Tackle"])
            word = attack_word.split()[0]
            yield Atom(
                f'atk:"{word}"', lambda c, w=fold(word): any(w in fold(a.name) for a in c.attacks)
            )
        elif kind == 17:
            yield Atom("has:ability", lambda c: bool(c.abilities))
        elif kind == 18:
            n = rng.randint(0, 3)
            yield Atom(f"column{op}{n}", _compare(column, op, n))
        else:
            mark = rng.choice("DEFGHI")
            yield Atom(f"reg:{mark}", lambda c, m=mark: c.regulation_mark == m)


@cache
def _everything(catalogue: Catalogue) -> list[Card]:
    return list(catalogue.iter_cards())


def generated(catalogue: Catalogue, count: int) -> list[tuple[str, set[str]]]:
    """``count`` queries (AND, OR, NOT of 1–3 terms) and the ids the Python filter keeps."""
    cards = _everything(catalogue)
    every = {c.id for c in cards}
    rng = random.Random(20261130)
    stream = atoms(catalogue, cards, rng)
    kept: dict[str, set[str]] = {}

    def ids(atom: Atom) -> set[str]:
        if atom.query not in kept:
            kept[atom.query] = {c.id for c in cards if atom.keep(c)}
        return kept[atom.query]

    out = []
    for _ in range(count):
        shape = rng.randrange(4)
        a, b, c = next(stream), next(stream), next(stream)
        if shape == 0:
            out.append((a.query, ids(a)))
        elif shape == 1:
            out.append((f"{a.query} {b.query}", ids(a) & ids(b)))
        elif shape == 2:
            out.append((f"{a.query} or -{b.query}", ids(a) | (every - ids(b))))
        else:
            out.append(
                (f"-({a.query} or {b.query}) {c.query}", (every - (ids(a) | ids(b))) & ids(c))
            )
    return out


def test_300_generated_queries_match_a_python_filter(catalogue: Catalogue) -> None:
    queries = generated(catalogue, 300)
    everything = len(_everything(catalogue))
    telling = sum(0 < len(expected) < everything for _query, expected in queries)
    assert telling > 200, "too few queries keep some cards and drop others"
    wrong = []
    for query, expected in queries:
        found = search_cards(catalogue, query, prints=True, limit=None)
        got = {c.id for c in found.cards}
        if got != expected or found.total != len(expected):
            wrong.append(f"{query}: {len(got)} found, {len(expected)} expected")
    assert not wrong, f"{len(wrong)} of 300 differ: {wrong[:5]}"


def test_one_row_per_name_keeps_the_names_and_their_newest_prints(catalogue: Catalogue) -> None:
    for query, expected in generated(catalogue, 40)[::4]:
        found = search_cards(catalogue, query, limit=None)
        by_name: dict[str, list[Card]] = {}
        for card in _everything(catalogue):
            if card.id in expected:
                by_name.setdefault(name_key(card.name, card.supertype), []).append(card)
        newest = {max(v, key=lambda c: (c.set.release_date, c.id)).id for v in by_name.values()}
        assert {c.id for c in found.cards} == newest, query


def _ex(card: Card) -> bool:
    """The name prints the lower-case suffix ex ("Kyogre ex", "Mewtwo ex (Delta)")."""
    return bool(re.search(r"(?:^|[\s-])ex(?:$|[\s)])", card.name))


@pytest.mark.parametrize("query", ["t:supporter", "totem:sv3-125 -t:energy", "hp>100"])
def test_limit_keeps_the_total_and_the_first_rows(catalogue: Catalogue, query: str) -> None:
    everything = search_cards(catalogue, query, limit=None)
    first = search_cards(catalogue, query, limit=25)
    assert first.total == everything.total == len(everything.cards) > 25
    assert [c.id for c in first.cards] == [c.id for c in everything.cards[:25]]
