"""A Totem game as data (FORMAT.md "At the table"): the game companion's library.

Pure functions over frozen values: ``new_game`` seats 3–6 players, ``apply(state, event)``
checks an event against the rules and returns the next state, ``undo``/``redo`` step through
the log, ``board`` is what the log adds up to, ``encode``/``decode`` put the whole game in a
URL. No time, chance, catalogue or storage here: the web page passes them in.
"""

from totemdeck.table.code import decode, encode, event_token, parse_event
from totemdeck.table.model import (
    MAX_LOG,
    MAX_PLAYERS,
    MAX_SECONDS,
    MIN_PLAYERS,
    Board,
    Elimination,
    Event,
    GameState,
    Kind,
    Place,
    PlayerBoard,
    Seat,
    TableError,
)
from totemdeck.table.rules import (
    apply,
    board,
    invocation_cost,
    new_game,
    ready_to_invoke,
    redo,
    rematch,
    reroll,
    step,
    turns,
    undo,
)
from totemdeck.table.summary import Summary, as_dict, summary

__all__ = [
    "MAX_LOG",
    "MAX_PLAYERS",
    "MAX_SECONDS",
    "MIN_PLAYERS",
    "Board",
    "Elimination",
    "Event",
    "GameState",
    "Kind",
    "Place",
    "PlayerBoard",
    "Seat",
    "Summary",
    "TableError",
    "apply",
    "as_dict",
    "board",
    "decode",
    "encode",
    "event_token",
    "invocation_cost",
    "new_game",
    "parse_event",
    "ready_to_invoke",
    "redo",
    "rematch",
    "reroll",
    "step",
    "summary",
    "turns",
    "undo",
]
