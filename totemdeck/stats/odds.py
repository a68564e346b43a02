"""Exact draw odds of a *kept* opening hand (FORMAT.md "Turns, for odds and a goldfish").

The model. The main deck has ``N`` cards (the Totem is not among them), ``B`` of which let a
hand be kept (Basic Pokémon, and Trainers played as Basic Pokémon). A hand of ``H = 7`` is
drawn, and drawn again while it holds none of the ``B``: a mulligan. Then ``P = 6`` Prize
cards are set aside face down, and every player — the first included — draws one card at the
start of each of their turns, so by turn ``t`` a player has seen ``H + t`` cards (turn 0 is
the opening hand).

Why a kept hand is not a uniform 7-card sample. Each attempt is a uniform 7-card sample of the
deck; the hand kept is the first attempt that holds a Basic, so its law is the uniform law
*conditioned on* the event K = "holds at least one of the B". For any event E of the seen
cards, P(E | kept) = P(E ∩ K) / P(K), with P(K) = 1 − C(N−B, H) / C(N, H). The number of
mulligans is geometric: P(m mulligans) = (1 − P(K))^m · P(K).

Why the Prize cards change nothing but the end of the deck. After the hand is kept the other
``N − H`` cards lie in a uniformly random order (the shuffle does not know which hand was
kept). The Prize cards are the first ``P`` of them and the draws the next ones; by symmetry
the ``t`` cards drawn by turn ``t`` are a uniform ``t``-subset of the ``N − H`` cards outside
the hand, the Prize cards being unseen cards like those still in the deck. Only the number of
draws is bounded: ``N − H − P`` (a player who cannot draw is eliminated).

One set S of ``s`` cards, ``s_b`` of them among the B. Split the hand by how many cards of S
it holds, ``j``. A hand with ``j`` of S and no Basic takes its ``j`` from the ``s − s_b``
non-Basic cards of S and the rest from the ``N − s − (B − s_b)`` cards in neither, so

    P(j of S in hand, K) = [C(s, j) C(N − s, H − j) − C(s − s_b, j) C(N − s − B + s_b, H − j)]
                            / C(N, H).

Given the hand, the ``t`` draws hold a hypergeometric number of the ``s − j`` cards of S left
among ``N − H``: P(at least k of S seen by turn t | kept) =
Σ_j P(j, K) / P(K) · P(Hyp(N − H, s − j, t) ≥ k − j).

All of several cards (groups S_1 … S_m, each a name and its copies) by inclusion–exclusion:
P(every S_i seen) = Σ over subsets T of {1..m} of (−1)^|T| P(no card of ∪T seen), and "none
of U seen" is the j = 0 term above times C(N − H − u, t) / C(N − H, t).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from totemdeck.base.records import frozen

HAND = 7
MAX_ALL_OF = 10  # names an "all of" takes (a bound on the question, not on the cost)


@frozen
class Deal:
    """How a game starts for the odds: deck size, the cards that let a hand be kept, the
    opening hand and the Prize cards set aside after it."""

    size: int
    basics: int
    hand: int = HAND
    prizes: int = 6
    first_draws: bool = True  # the first player draws on turn 1 too (the format's decision)
    going_first: bool = False

    @property
    def p_kept(self) -> float:
        """The chance one 7-card attempt holds a Basic (so the hand is kept)."""
        hand = min(self.hand, self.size)
        if self.basics <= 0 or hand <= 0:
            return 0.0
        return 1.0 - comb(self.size - self.basics, hand) / comb(self.size, hand)

    @property
    def max_draws(self) -> int:
        """Draws the deck holds after the hand and the Prize cards."""
        return max(0, self.size - self.hand - self.prizes)

    def draws(self, turn: int) -> int:
        """Cards drawn by your turn ``turn``: one a turn, turn 1 included (unless the format
        file says the first player skips it and you go first)."""
        skipped = 1 if self.going_first and not self.first_draws and turn >= 1 else 0
        return max(0, min(turn - skipped, self.max_draws))

    def seen(self, turn: int) -> int:
        """Cards seen by your turn ``turn``: the opening hand plus the draws."""
        return min(self.hand, self.size) + self.draws(turn)


def mulligan_chances(deal: Deal) -> tuple[float, float, float] | None:
    """The chance of 0, 1, and 2 or more mulligans before a hand is kept (None: never kept)."""
    p = deal.p_kept
    if p <= 0:
        return None
    return p, (1 - p) * p, (1 - p) ** 2


def hand_split(deal: Deal, copies: int, basic_copies: int = 0) -> list[float]:
    """P(j cards of a set in a kept hand) for j = 0…, the set holding ``copies`` cards of
    which ``basic_copies`` let a hand be kept. Empty when no hand can be kept."""
    n, b, h = deal.size, deal.basics, min(deal.hand, deal.size)
    kept = deal.p_kept
    if kept <= 0:
        return []
    total = comb(n, h)
    plain = copies - basic_copies  # cards of the set that are not Basics
    neither = n - copies - (b - basic_copies)
    return [
        (comb(copies, j) * comb(n - copies, h - j) - comb(plain, j) * comb(neither, h - j))
        / total
        / kept
        for j in range(min(copies, h) + 1)
    ]


def hypergeometric_tail(population: int, successes: int, drawn: int, at_least: int) -> float:
    """P(at least ``at_least`` successes among ``drawn`` cards of ``population``)."""
    if at_least <= 0:
        return 1.0
    drawn = min(drawn, population)
    top = min(successes, drawn)
    if at_least > top:
        return 0.0
    total = comb(population, drawn)
    return (
        sum(
            comb(successes, i) * comb(population - successes, drawn - i)
            for i in range(at_least, top + 1)
        )
        / total
    )


def p_at_least(deal: Deal, copies: int, basic_copies: int, at_least: int, turn: int) -> float:
    """P(at least ``at_least`` cards of the set seen by ``turn`` | the hand was kept)."""
    rest = deal.size - min(deal.hand, deal.size)
    draws = deal.draws(turn)
    return sum(
        w * hypergeometric_tail(rest, copies - j, draws, at_least - j)
        for j, w in enumerate(hand_split(deal, copies, basic_copies))
    )


def p_none(deal: Deal, copies: int, basic_copies: int, turn: int) -> float:
    """P(no card of the set seen by ``turn`` | kept): no copy in the hand nor the draws."""
    split = hand_split(deal, copies, basic_copies)
    if not split:
        return 0.0
    rest = deal.size - min(deal.hand, deal.size)
    draws = deal.draws(turn)
    return split[0] * comb(rest - copies, draws) / comb(rest, draws)


def p_all_of(deal: Deal, groups: Sequence[tuple[int, int]], turn: int) -> float:
    """P(at least one card of every group seen by ``turn`` | kept); a group is
    ``(copies, basic_copies)``, one named card and its copies."""
    if len(groups) > MAX_ALL_OF:
        raise ValueError(f"at most {MAX_ALL_OF} cards for 'all of'")
    if deal.p_kept <= 0:
        return 0.0
    # The terms depend on a subset only through its (copies, basic copies): gather the signs
    # by those sums first, so ten singletons cost 11 terms, not 1,024.
    signs: dict[tuple[int, int], int] = {(0, 0): 1}
    for copies, basics in groups:
        grown = dict(signs)
        for (u, ub), sign in signs.items():
            key = (u + copies, ub + basics)
            grown[key] = grown.get(key, 0) - sign
        signs = grown
    total = sum(sign * p_none(deal, u, ub, turn) for (u, ub), sign in signs.items() if sign)
    return max(0.0, min(1.0, total))
