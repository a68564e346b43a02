"""The Invocation turn, exact: the chance the Totem's Invocation Cost is paid by your turn n.

FORMAT.md "Turns, for odds and a goldfish": a player attaches at most one Energy card from
hand a turn, and attaching it to the Totem in the Totem Zone uses that attachment; every
Energy card — basic of any type, or Special (which counts as 1 Colorless there) — adds 1.
The player of this model attaches an Energy to the Totem on every turn they hold one.

Let e_t be the Energy cards seen by the end of turn t's draw (the kept hand's h plus the
Energy among the t draws) and a_t the Energy attached after turn t: a_0 = 0 and
a_t = min(a_{t−1} + 1, e_t) (one a turn, and only what has been drawn). The cost c is paid
by turn n when a_n ≥ c.

A dynamic programme over the draw order, not sampling. The state after turn t is (e_t, a_t)
with its probability. It starts from the law of h in a kept hand (``odds.hand_split``:
Energy cards are never Basics, so a hand with h Energy and no Basic draws its other
cards from the N − E − B cards that are neither). The d-th draw is an Energy with
probability (E − e) / (N − H − (d − 1)): after the hand, the cards not yet seen — the Prize
cards among them — lie in a uniform order, so the d-th draw is uniform over the
N − H − (d − 1) cards neither in the hand nor drawn before (``odds`` says why). Then one
Energy is attached if e > a. States number at most (H + n + 1)(n + 1), a few hundred. (A
first player who skips the turn-1 draw, if the format file says so, draws nothing then.)

Each draw adds at most one Energy, so a_n = min(n, e_n) when every turn has a draw: the
programme's figure is then P(at least c Energy seen by turn n | kept) for n ≥ c, 0 before —
the tests hold the two together; the programme stays right for turns without a draw.

After k Knock Outs the cost is c + k; the same programme reads every cost at once.
"""

from __future__ import annotations

from collections.abc import Sequence

from totemdeck.stats.odds import Deal, hand_split

TURNS = 10  # turns 1…10 of the curve
KNOCK_OUTS = 3  # curves after 0…3 Knock Outs


def invocation_curves(
    deal: Deal, energy: int, costs: Sequence[int], turns: int = TURNS
) -> dict[int, list[float]]:
    """For each cost, P(the cost is paid by turn n | kept) for n = 1…``turns``.

    Empty curves (all 0) when no hand can be kept: the game never starts.
    """
    split = hand_split(deal, energy, 0)
    curves: dict[int, list[float]] = {cost: [] for cost in costs}
    # state (energy seen, energy attached) -> probability
    states: dict[tuple[int, int], float] = {(h, 0): w for h, w in enumerate(split) if w > 0}
    seen_before = min(deal.hand, deal.size)
    for turn in range(1, turns + 1):
        if deal.draws(turn) > deal.draws(turn - 1):
            unseen = deal.size - seen_before - deal.draws(turn - 1)
            drawn: dict[tuple[int, int], float] = {}
            for (e, a), p in states.items():
                hit = (energy - e) / unseen
                if hit > 0:
                    drawn[(e + 1, a)] = drawn.get((e + 1, a), 0.0) + p * hit
                if hit < 1:
                    drawn[(e, a)] = drawn.get((e, a), 0.0) + p * (1 - hit)
            states = drawn
        attached: dict[tuple[int, int], float] = {}
        for (e, a), p in states.items():
            key = (e, a + 1) if e > a else (e, a)
            attached[key] = attached.get(key, 0.0) + p
        states = attached
        for cost in costs:
            curves[cost].append(sum(p for (_e, a), p in states.items() if a >= cost))
    return curves
