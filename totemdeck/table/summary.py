"""The end of a game in numbers: the winner, who went out when and why, Knock Outs, turns."""

from __future__ import annotations

from dataclasses import dataclass

from totemdeck.table.model import Elimination, GameState
from totemdeck.table.rules import board


@dataclass(frozen=True, slots=True)
class Summary:
    winner: int | None
    eliminated: tuple[Elimination, ...]  # in the order they went out
    knock_outs: tuple[int, ...]  # each player's Pokémon Knocked Out
    totem_knock_outs: tuple[int, ...]
    turns: int
    seconds: int  # from the set-up to the last event
    events: int


def summary(state: GameState) -> Summary:
    """The numbers a finished (or unfinished) game adds up to."""
    now = board(state)
    return Summary(
        winner=now.winner,
        eliminated=now.eliminated,
        knock_outs=tuple(p.knock_outs for p in now.players),
        totem_knock_outs=tuple(p.totem_knock_outs for p in now.players),
        turns=now.turn,
        seconds=state.log[-1].at if state.log else 0,
        events=len(state.log),
    )
