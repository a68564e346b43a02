"""The end of a game in numbers (the winner, who went out when and why, Knock Outs, turns),
and the whole game as JSON for the page's JSON twin."""

from __future__ import annotations

from typing import Any

from totemdeck.base.records import frozen
from totemdeck.table.model import Elimination, GameState
from totemdeck.table.rules import board


@frozen
class Summary:
    """How a game ended: its winner, who went out when, the Knock Outs."""

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


PLACE_NAMES = {"z": "zone", "p": "play", "d": "discard", "o": "elsewhere"}


def as_dict(state: GameState) -> dict[str, Any]:
    """The game as JSON (``schemas/table.schema.json``): the board, the log, the redo stack."""
    from totemdeck.table.code import encode, event_token
    from totemdeck.table.rules import invocation_cost, ready_to_invoke, turns

    now = board(state)
    players = []
    for index, (seat, mine) in enumerate(zip(state.seats, now.players, strict=True)):
        players.append(
            {
                "name": seat.name,
                "totem": {
                    "id": seat.totem_id,
                    "name": seat.totem_name,
                    "base_invocation_cost": seat.base_cost,
                    "prizes": seat.prizes,
                    "identity": list(seat.identity),
                },
                "prize_cards_left": mine.prizes,
                "invocation_cost": invocation_cost(state, index),
                "knock_outs": mine.knock_outs,
                "totem_knock_outs": mine.totem_knock_outs,
                "totem_place": PLACE_NAMES[mine.place.value],
                "energy_in_totem_zone": mine.energy,
                "special_energy": mine.special,
                "ready_to_invoke": ready_to_invoke(state, index),
                "eliminated": mine.out,
            }
        )
    log = [
        {"event": event_token(event), "turn": turn, "seconds": event.at}
        for event, turn in zip(state.log, turns(state), strict=True)
    ]
    return {
        "code": encode(state),
        "started": state.started,
        "first": state.first,
        "turn": now.turn,
        "current": now.current,
        "winner": now.winner,
        "players": players,
        "eliminated": [
            {"player": e.player, "reason": e.reason, "turn": e.turn, "seconds": e.at}
            for e in now.eliminated
        ],
        "log": log,
        "redo": [event_token(e) for e in state.redo],
    }
