"""A Totem game as plain frozen data: who sits where, what happened, what the board is now.

``GameState`` is the whole game (the seats, the first player, the log of events and the
events undone that can be redone); ``Board`` is what the log adds up to and is never stored:
``totemdeck.table.rules.board`` computes it again from the log, so a state read from a URL
can only hold what the rules allow.
"""

from __future__ import annotations

import re
from dataclasses import field
from enum import StrEnum

from totemdeck.base.errors import TotemdeckError
from totemdeck.base.records import frozen

MIN_PLAYERS = 3  # FORMAT.md: a multiplayer format for 3–6 players
MAX_PLAYERS = 6
MAX_LOG = 600  # events in the log (and again in the redo stack); a long game has ~200
MAX_ENERGY = 40  # Energy attached to one Totem in the Totem Zone: far past any cost
MAX_SECONDS = 7 * 24 * 3600  # an event's time after the start: a week is plenty
MAX_NAME = 24  # a player's name, in characters
MAX_TOTEM_NAME = 60
# Card ids as both sources write them (the share code's own pattern).
CARD_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._!?%-]{0,39}$")


class TableError(TotemdeckError):
    """An event the rules of "At the table" do not allow, or a game that cannot be read."""


class Place(StrEnum):
    """Where a player's Totem is."""

    ZONE = "z"  # the Totem Zone: Energy waits on it there
    PLAY = "p"  # invoked: in play
    DISCARD = "d"
    ELSEWHERE = "o"  # hand, deck, Prize cards…: moved there by a card


class Kind(StrEnum):
    """The events of a game, one letter each (the code and the web page's links use it)."""

    KNOCK_OUT = "k"
    ENERGY = "e"
    INVOKE = "i"
    MOVE = "m"
    DECK_OUT = "d"
    CONCEDE = "c"
    NEXT_TURN = "n"


@frozen
class Seat:
    """A player at the table and the Totem numbers of their deck (from the rules engine)."""

    name: str
    totem_id: str
    totem_name: str
    base_cost: int  # the Totem's base Invocation Cost
    prizes: int  # Prize cards its Knock Out gives (its Rule Box: 1, 2 or 3)
    identity: tuple[str, ...] = ()  # Energy types, as the catalogue names them


@frozen
class Event:
    """One thing that happened: ``kind``, about ``player`` (a seat index), at ``at`` seconds.

    ``prizes``: Prize cards a Knock Out makes the player take; ``totem``: the Knocked Out
    Pokémon was the Totem; ``to``: where the Totem goes (after its Knock Out, or moved);
    ``delta`` and ``special``: Energy attached (+1) or removed (−1) in the Totem Zone, a
    Special Energy or not (either counts as 1).
    """

    kind: Kind
    player: int = -1  # -1: the event is about nobody in particular (next turn)
    prizes: int = 0
    totem: bool = False
    to: Place | None = None
    delta: int = 0
    special: bool = False
    at: int = 0


@frozen
class GameState:
    """The whole game: set-up, the log of events, and what was undone (newest first)."""

    seats: tuple[Seat, ...]
    first: int  # the seat who plays first (chosen at random, re-rollable before play)
    starting_prizes: int  # FORMAT.md "At the table": 6, from the format file
    started: int  # Unix time of the set-up, in seconds
    log: tuple[Event, ...] = ()
    redo: tuple[Event, ...] = ()
    # What the log adds up to, once ``rules.board`` or ``rules.apply`` has folded it: not a
    # field of the game (never compared, hashed, shown or copied by ``replace``), so a state
    # read from a URL still holds only what the rules allow, and a tap costs one step.
    folded: Board | None = field(default=None, init=False, compare=False, repr=False)
    # The turn each logged event happened on, and the game's code, once worked out (the same
    # kind of memo: the log's page and its links cost no second fold or encoding).
    turns: tuple[int, ...] | None = field(default=None, init=False, compare=False, repr=False)
    encoded: str | None = field(default=None, init=False, compare=False, repr=False)


@frozen
class PlayerBoard:
    """One player's numbers now."""

    prizes: int
    knock_outs: int = 0  # their Pokémon Knocked Out, every one
    totem_knock_outs: int = 0  # of which their Totem: each one adds 1 to its Invocation Cost
    place: Place = Place.ZONE
    energy: int = 0  # attached to the Totem in the Totem Zone, Special Energy included
    special: int = 0  # of which Special Energy (each counts as 1 Colorless)
    out: str | None = None  # why they were eliminated: prizes | deck | conceded


@frozen
class Elimination:
    """A player out of the game: who, why, on which turn, at which event."""

    player: int
    reason: str  # prizes | deck | conceded
    turn: int
    at: int


@frozen
class Board:
    """What the log adds up to: every player's numbers, whose turn, who is out, who won."""

    players: tuple[PlayerBoard, ...]
    turn: int  # 1 is the first player's first turn
    current: int
    eliminated: tuple[Elimination, ...] = ()
    winner: int | None = None

    @property
    def over(self) -> bool:
        return self.winner is not None

    def alive(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if p.out is None]
