"""A goldfish: deal N seeded games and read the same curves the exact odds give.

Each game shuffles the main deck, draws 7 and shuffles again while the hand holds no Basic
(a mulligan), sets the next 6 cards aside as Prize cards, draws one card at the start of every
turn (the first player too) and attaches one Energy a turn to the Totem when it has one — the
model of ``odds`` and ``invocation`` played out instead of solved. Every game is one row of a
numpy array, so 100,000 games are a few array operations (no Python loop over games).

A figure p from G games has a standard error sqrt(p (1 − p) / G); the tests hold the
simulation within 3 of them of the exact figure. The seed is reported: the same seed deals
the same games.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from totemdeck.base.records import frozen
from totemdeck.stats.invocation import TURNS
from totemdeck.stats.odds import Deal

if TYPE_CHECKING:
    import numpy as np

MAX_GAMES = 1_000_000
TARGET_TURNS = 16  # turns 0…15, as the exact curve


@frozen
class Goldfish:
    """What the dealt games showed: each curve with its standard errors."""

    games: int
    seed: int
    mulligans: tuple[float, float, float]  # share of games with 0, 1, 2+ mulligans
    invocation: dict[int, list[float]]  # cost -> share paid by turn 1…10
    target: list[float] | None  # share of games that saw the asked cards by turn 0…15

    def standard_error(self, p: float) -> float:
        return float((p * (1 - p) / self.games) ** 0.5)

    def as_dict(self) -> dict[str, Any]:
        def curve(values: list[float]) -> dict[str, list[float]]:
            return {
                "by_turn": [round(p, 6) for p in values],
                "standard_error": [round(self.standard_error(p), 6) for p in values],
            }

        return {
            "games": self.games,
            "seed": self.seed,
            "mulligans": dict(
                zip(("0", "1", "2+"), (round(p, 6) for p in self.mulligans), strict=True)
            ),
            "invocation": [{"cost": cost, **curve(v)} for cost, v in self.invocation.items()],
            **({"card": curve(self.target)} if self.target is not None else {}),
        }


def _kept_orders(rng: Any, basic: np.ndarray, hand: int, games: int) -> tuple[Any, Any]:
    """One shuffle a game, shuffled again while its first ``hand`` cards hold no Basic."""
    import numpy as np

    size = basic.shape[0]
    orders = rng.permuted(np.tile(np.arange(size, dtype=np.int16), (games, 1)), axis=1)
    mulligans = np.zeros(games, dtype=np.int32)
    redo = np.flatnonzero(~basic[orders[:, :hand]].any(axis=1))
    while redo.size:
        orders[redo] = rng.permuted(orders[redo], axis=1)
        mulligans[redo] += 1
        redo = redo[~basic[orders[redo, :hand]].any(axis=1)]
    return orders, mulligans


def _invocation(
    deal: Deal, energy_hand: Any, energy_draws: Any, costs: Sequence[int]
) -> dict[int, list[float]]:
    """Share of games whose Totem holds each cost by turn 1…10: draw, then attach one."""
    import numpy as np

    seen = energy_hand.astype(np.int32)
    attached = np.zeros_like(seen)
    curves: dict[int, list[float]] = {cost: [] for cost in costs}
    for turn in range(1, TURNS + 1):
        drawn = deal.draws(turn)
        if drawn > deal.draws(turn - 1):
            seen = seen + energy_draws[:, drawn - 1]
        attached = np.minimum(attached + 1, seen)
        for cost in costs:
            curves[cost].append(float((attached >= cost).mean()))
    return curves


def _target(
    deal: Deal, groups: np.ndarray, hand: Any, draws: Any, ask: tuple[str, int, int]
) -> list[float]:
    """Share of games that saw at least k of the cards (any) or one of each of the groups."""
    import numpy as np

    mode, at_least, count = ask
    shares = []
    if mode == "all":
        held = [(groups[hand] == g).any(axis=1) for g in range(count)]
        marks = [np.cumsum(groups[draws] == g, axis=1) > 0 for g in range(count)]
    else:
        held_count = (groups[hand] >= 0).sum(axis=1)
        drawn_count = np.cumsum(groups[draws] >= 0, axis=1)
    for turn in range(TARGET_TURNS):
        step = deal.draws(turn)
        if mode == "all":
            ok = np.ones(hand.shape[0], dtype=bool)
            for g in range(count):
                ok &= held[g] | (marks[g][:, step - 1] if step else False)
        else:
            ok = held_count + (drawn_count[:, step - 1] if step else 0) >= at_least
        shares.append(float(ok.mean()))
    return shares


def goldfish(
    deal: Deal,
    cards: Sequence[tuple[bool, bool, int]],
    *,
    games: int,
    seed: int,
    costs: Sequence[int] = (),
    target: tuple[str, int, int] | None = None,
) -> Goldfish | None:
    """Deal ``games`` games of the main deck ``cards`` (one ``(lets a hand be kept, is
    Energy, target group or -1)`` a physical card); None when no hand can ever be kept.

    ``target`` is ``("any", k, groups)``: at least k cards of groups ≥ 0, or ``("all", 1,
    groups)``: a card of each of the ``groups`` groups (a group with no copy is never seen)."""
    import numpy as np

    if not 1 <= games <= MAX_GAMES:
        raise ValueError(f"games must be 1…{MAX_GAMES}")
    basic = np.array([c[0] for c in cards], dtype=bool)
    if not basic.any():
        return None
    energy = np.array([c[1] for c in cards], dtype=np.int8)
    groups = np.array([c[2] for c in cards], dtype=np.int16)
    rng = np.random.default_rng(seed)
    hand = min(deal.hand, deal.size)
    orders, mulligans = _kept_orders(rng, basic, hand, games)
    start = hand + min(deal.prizes, deal.size - hand)
    in_hand = orders[:, :hand]
    draws = orders[:, start : start + max(TURNS, TARGET_TURNS)]
    return Goldfish(
        games=games,
        seed=seed,
        mulligans=(
            float((mulligans == 0).mean()),
            float((mulligans == 1).mean()),
            float((mulligans >= 2).mean()),
        ),
        invocation=_invocation(deal, energy[in_hand].sum(axis=1), energy[draws], costs),
        target=None if target is None else _target(deal, groups, in_hand, draws, target),
    )
