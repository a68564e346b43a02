"""Exact figures of small decks, worked by hand (fractions in the comments) and by brute
force over every order of a deck, matched by the library to 1e-9.

Deck A: 10 cards — 3 Basic Pokémon, 2 Energy, 5 others; a 3-card hand, 2 Prize cards, so 5
draws. P(kept) = 1 − C(7,3)/C(10,3) = 85/120. The Energy in a kept hand, j = 0, 1, 2:
[C(8,3) − C(5,3), 2·C(8,2) − 2·C(5,2), C(8,1) − C(5,1)] / 85 = 46/85, 36/85, 3/85.
"""

from __future__ import annotations

from fractions import Fraction as F  # noqa: N817 -- the table reads as fractions
from itertools import permutations
from math import comb

import pytest

from totemdeck.stats.invocation import invocation_curves
from totemdeck.stats.odds import (
    Deal,
    hand_split,
    mulligan_chances,
    p_all_of,
    p_at_least,
    p_none,
)

A = Deal(size=10, basics=3, hand=3, prizes=2)
W0, W1, W2 = F(46, 85), F(36, 85), F(3, 85)


def both_energy_by(n: int) -> F:
    """Both Energy among the hand and n draws: the hand's j, then the 7 others' n drawn."""
    n = min(n, 5)
    return W2 + W1 * F(n, 7) + W0 * F(comb(n, 2), comb(7, 2))


TABLE = [
    # (what, library figure, worked by hand)
    ("P(kept)", lambda: A.p_kept, F(85, 120)),
    ("0 mulligans", lambda: mulligan_chances(A)[0], F(17, 24)),
    ("1 mulligan", lambda: mulligan_chances(A)[1], F(7, 24) * F(17, 24)),
    ("2+ mulligans", lambda: mulligan_chances(A)[2], F(7, 24) ** 2),
    # a Basic keeps the hand it is in: P(in hand) / P(kept) = (3/10) / (85/120)
    ("one Basic in a kept hand", lambda: p_at_least(A, 1, 1, 1, 0), F(36, 85)),
    # a non-Basic: (3/10 − C(6,2)/C(10,3)) / (85/120) = (36 − 15) / 85
    ("one other card in a kept hand", lambda: p_at_least(A, 1, 0, 1, 0), F(21, 85)),
    ("Energy split j=0", lambda: hand_split(A, 2, 0)[0], W0),
    ("Energy split j=1", lambda: hand_split(A, 2, 0)[1], W1),
    ("Energy split j=2", lambda: hand_split(A, 2, 0)[2], W2),
    ("any Energy in a kept hand", lambda: p_at_least(A, 2, 0, 1, 0), 1 - W0),
    ("no Energy by turn 2", lambda: p_none(A, 2, 0, 2), W0 * F(comb(5, 2), comb(7, 2))),
    ("both Energy by turn 2", lambda: p_at_least(A, 2, 0, 2, 2), F(65, 357)),
    ("both Energy by turn 3", lambda: p_at_least(A, 2, 0, 2, 3), F(5, 17)),
    ("both Energy by turn 9 (5 draws)", lambda: p_at_least(A, 2, 0, 2, 9), F(1063, 1785)),
    # a Basic and another card, both in the hand: C(8,1)/C(10,3) / (85/120)
    ("all of a Basic and a card, hand", lambda: p_all_of(A, [(1, 1), (1, 0)], 0), F(8, 85)),
    ("all of two Energy = both", lambda: p_all_of(A, [(1, 0), (1, 0)], 3), F(5, 17)),
    # the Invocation Cost 2 is paid by turn n when 2 Energy are seen by turn n (n >= 2)
    ("cost 2 paid by turn 1", lambda: invocation_curves(A, 2, [2])[2][0], F(0)),
    ("cost 2 paid by turn 2", lambda: invocation_curves(A, 2, [2])[2][1], F(65, 357)),
    ("cost 2 paid by turn 3", lambda: invocation_curves(A, 2, [2])[2][2], F(5, 17)),
    ("cost 2 paid by turn 10", lambda: invocation_curves(A, 2, [2])[2][9], F(1063, 1785)),
    ("cost 3 with 2 Energy, turn 10", lambda: invocation_curves(A, 2, [3])[3][9], F(0)),
]


@pytest.mark.parametrize(("what", "figure", "by_hand"), TABLE, ids=[t[0] for t in TABLE])
def test_hand_worked_figures(what: str, figure: object, by_hand: F) -> None:
    assert figure() == pytest.approx(float(by_hand), abs=1e-9), what  # type: ignore[operator]


# -- brute force: every order of an 8-card deck, the mulligan as "the top 3 hold a Basic" ----

# 0, 1 Basic Pokémon; 2, 3, 4 Energy; 5, 6, 7 others. Hand 3, Prize cards 2, so 3 draws.
BASICS, ENERGY = {0, 1}, {2, 3, 4}
B = Deal(size=8, basics=2, hand=3, prizes=2)


def _orders() -> list[tuple[int, ...]]:
    return [p for p in permutations(range(8)) if BASICS & set(p[:3])]


ORDERS = _orders()


def _seen(order: tuple[int, ...], turn: int) -> set[int]:
    return set(order[:3]) | set(order[5 : 5 + min(turn, 3)])


def _brute(event: object) -> float:
    return sum(1 for o in ORDERS if event(o)) / len(ORDERS)  # type: ignore[operator]


def _attached(order: tuple[int, ...], turn: int) -> int:
    """Play the turns out: draw, then attach one Energy if any is in hand."""
    in_hand = len(ENERGY & set(order[:3]))
    attached = 0
    for t in range(1, turn + 1):
        if t <= 3 and order[4 + t] in ENERGY:
            in_hand += 1
        if in_hand:
            in_hand -= 1
            attached += 1
    return attached


@pytest.mark.parametrize("turn", range(0, 5))
def test_sets_match_brute_force(turn: int) -> None:
    assert p_at_least(B, 1, 1, 1, turn) == pytest.approx(_brute(lambda o: 0 in _seen(o, turn)))
    assert p_at_least(B, 1, 0, 1, turn) == pytest.approx(_brute(lambda o: 5 in _seen(o, turn)))
    two_energy = _brute(lambda o: len(ENERGY & _seen(o, turn)) >= 2)
    assert p_at_least(B, 3, 0, 2, turn) == pytest.approx(two_energy, abs=1e-9)
    # any of a Basic and an Energy: a set with one Basic among its 2 cards
    any_of = _brute(lambda o: bool({0, 2} & _seen(o, turn)))
    assert p_at_least(B, 2, 1, 1, turn) == pytest.approx(any_of, abs=1e-9)
    all_of = _brute(lambda o: {0, 2, 5} <= _seen(o, turn))
    assert p_all_of(B, [(1, 1), (1, 0), (1, 0)], turn) == pytest.approx(all_of, abs=1e-9)


@pytest.mark.parametrize("cost", [1, 2, 3])
def test_invocation_matches_the_turns_played_out(cost: int) -> None:
    curve = invocation_curves(B, 3, [cost], turns=6)[cost]
    for turn, p in enumerate(curve, start=1):
        paid = _brute(lambda o, t=turn: _attached(o, t) >= cost)  # type: ignore[misc]
        assert p == pytest.approx(paid, abs=1e-9)


def test_brute_force_kept_share_is_p_kept() -> None:
    assert len(ORDERS) / 40320 == pytest.approx(B.p_kept, abs=1e-12)


@pytest.mark.parametrize("size", [60, 96, 98, 99])
@pytest.mark.parametrize("energy", [8, 20, 33])
def test_the_programme_is_min_of_turn_and_energy_seen(size: int, energy: int) -> None:
    """Each draw adds at most one Energy, so a_n = min(n, e_n): the programme's figure is
    P(at least c Energy seen by turn n | kept) for n >= c, 0 before."""
    deal = Deal(size, 20)
    curves = invocation_curves(deal, energy, [2, 3, 4, 5, 6, 7, 8])
    for cost, curve in curves.items():
        for turn, p in enumerate(curve, start=1):
            expected = p_at_least(deal, energy, 0, cost, turn) if turn >= cost else 0.0
            assert p == pytest.approx(expected, abs=1e-12)


def test_no_basic_no_kept_hand() -> None:
    deal = Deal(99, 0)
    assert deal.p_kept == 0 and mulligan_chances(deal) is None and hand_split(deal, 5) == []
    assert invocation_curves(deal, 20, [2])[2] == [0.0] * 10


@pytest.mark.parametrize(("copies", "basics"), [(12, 3), (1, 0), (20, 20), (40, 0)])
def test_a_kept_hands_split_is_a_law(copies: int, basics: int) -> None:
    split = hand_split(Deal(99, 20), copies, basics)
    assert sum(split) == pytest.approx(1.0, abs=1e-12) and min(split) >= 0


def test_all_of_gathers_the_inclusion_exclusion_terms_without_changing_them() -> None:
    """The subsets' terms gathered by their sums give the sum over every subset."""
    from itertools import combinations

    deal = Deal(99, 25)
    groups = [(1, 0), (1, 1), (4, 0), (1, 0), (2, 2), (1, 0), (10, 0), (1, 1)]
    for turn in (0, 3, 9):
        every = sum(
            (-1) ** size
            * p_none(deal, sum(c for c, _b in chosen), sum(b for _c, b in chosen), turn)
            for size in range(len(groups) + 1)
            for chosen in combinations(groups, size)
        )
        assert p_all_of(deal, groups, turn) == pytest.approx(every, abs=1e-12)


# -- the decision turned off in a format file: the first player skips the turn-1 draw -------

SKIP = Deal(size=8, basics=2, hand=3, prizes=2, first_draws=False, going_first=True)


def _attached_skipping(order: tuple[int, ...], turn: int) -> int:
    """Turns played out by a first player who does not draw on turn 1."""
    in_hand = len(ENERGY & set(order[:3]))
    attached = drawn = 0
    for t in range(1, turn + 1):
        if t >= 2 and drawn < 3:
            drawn += 1
            in_hand += order[4 + drawn] in ENERGY
        if in_hand:
            in_hand, attached = in_hand - 1, attached + 1
    return attached


@pytest.mark.parametrize("turn", range(0, 6))
def test_going_first_without_a_turn_one_draw(turn: int) -> None:
    assert SKIP.draws(turn) == max(0, min(turn - 1, 3))
    seen = _brute(lambda o: 5 in set(o[:3]) | set(o[5 : 5 + SKIP.draws(turn)]))
    assert p_at_least(SKIP, 1, 0, 1, turn) == pytest.approx(seen, abs=1e-9)
    assert Deal(8, 2, 3, 2, first_draws=False, going_first=False).draws(turn) == B.draws(turn)


@pytest.mark.parametrize("cost", [1, 2, 3])
def test_invocation_going_first_without_a_turn_one_draw(cost: int) -> None:
    curve = invocation_curves(SKIP, 3, [cost], turns=6)[cost]
    for turn, p in enumerate(curve, start=1):
        paid = _brute(lambda o, t=turn: _attached_skipping(o, t) >= cost)  # type: ignore[misc]
        assert p == pytest.approx(paid, abs=1e-9)
