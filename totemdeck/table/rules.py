"""The rules of "At the table" (FORMAT.md) as pure functions over ``GameState``.

``apply(state, event)`` checks the event against the board the log adds up to and returns
the next state, or raises ``TableError`` with a sentence a player understands; ``undo`` and
``redo`` move one event between the log and the redo stack. Nothing here knows the time,
chance or the catalogue: the caller passes them in.
"""

from __future__ import annotations

from dataclasses import replace

from totemdeck.i18n import _
from totemdeck.table.model import (
    MAX_ENERGY,
    MAX_LOG,
    MAX_PLAYERS,
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


def new_game(seats: tuple[Seat, ...], first: int, starting_prizes: int, started: int) -> GameState:
    """A game about to start: every Totem in its Totem Zone, every Prize pile full."""
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise TableError(
            _("a Totem game has {low} to {high} players, not {n}").format(
                low=MIN_PLAYERS, high=MAX_PLAYERS, n=len(seats)
            )
        )
    if not 0 <= first < len(seats):
        raise TableError(_("the first player must be one of the players"))
    return GameState(seats, first, starting_prizes, started)


def invocation_cost(state: GameState, player: int) -> int:
    """The Totem's base cost plus 1 for every time it was Knocked Out (permanently)."""
    return state.seats[player].base_cost + board(state).players[player].totem_knock_outs


def ready_to_invoke(state: GameState, player: int) -> bool:
    mine = board(state).players[player]
    return mine.place is Place.ZONE and mine.energy >= invocation_cost(state, player)


def _folded(state: GameState, now: Board, turns: tuple[int, ...] | None = None) -> GameState:
    """``state`` carrying the board its log adds up to (the next ``board`` call is free) and,
    when known, the turn of each logged event."""
    object.__setattr__(state, "folded", now)
    if turns is not None:
        object.__setattr__(state, "turns", turns)
    return state


def start_board(state: GameState) -> Board:
    """The board before the first event: every Totem in its Zone, every Prize pile full."""
    return Board(
        players=tuple(PlayerBoard(prizes=state.starting_prizes) for _seat in state.seats),
        turn=1,
        current=state.first,
    )


def board(state: GameState) -> Board:
    """The board after every event of the log (each one checked as it was when applied),
    folded once per state: the state keeps it, so a page's many calls cost one fold, and
    ``apply`` hands the next state its board, so a game read event by event is linear."""
    if state.folded is not None:
        return state.folded
    now = start_board(state)
    turns = []
    for event in state.log:
        turns.append(now.turn)
        now = step(state, now, event)
    _folded(state, now, tuple(turns))
    return now


def turns(state: GameState) -> tuple[int, ...]:
    """The turn each event of the log happened on (from the same one fold as ``board``)."""
    if state.turns is None:
        object.__setattr__(state, "folded", None)
        board(state)
    assert state.turns is not None
    return state.turns


def replay(state: GameState, events: tuple[Event, ...]) -> GameState:
    """``state`` with ``events`` applied in turn (the redo stack dropped): one fold, each
    event checked as ``apply`` checks it, the log built once (reading a game code)."""
    if len(state.log) + len(events) > MAX_LOG:
        raise TableError(_("the log is full ({n} events): start a rematch").format(n=MAX_LOG))
    now = board(state)
    last = state.log[-1].at if state.log else 0
    new_turns = []
    for event in events:
        if event.at < last:
            raise TableError(_("an event cannot happen before the one logged last"))
        new_turns.append(now.turn)
        now = step(state, now, event)
        last = event.at
    before = () if not state.log else state.turns
    known = None if before is None else (*before, *new_turns)
    return _folded(replace(state, log=(*state.log, *events), redo=()), now, known)


def apply(state: GameState, event: Event) -> GameState:
    """The game after ``event`` (the redo stack is dropped); ``TableError`` if not allowed."""
    return replay(state, (event,))


def undo(state: GameState) -> GameState:
    """The game before its last event; that event can be redone."""
    if not state.log:
        raise TableError(_("there is nothing to undo"))
    return replace(state, log=state.log[:-1], redo=(state.log[-1], *state.redo))


def redo(state: GameState) -> GameState:
    """The last event undone, applied again (its original time kept)."""
    if not state.redo:
        raise TableError(_("there is nothing to redo"))
    event, *rest = state.redo
    return with_redo(apply(state, event), tuple(rest))


def with_redo(state: GameState, events: tuple[Event, ...]) -> GameState:
    """``state`` with ``events`` as its redo stack (newest undone first), its board kept."""
    now = board(state)
    return _folded(replace(state, redo=events), now, state.turns)


def reroll(state: GameState, first: int) -> GameState:
    """Another first player, before anything has happened."""
    if state.log:
        raise TableError(_("the first player can change only before the game starts"))
    return new_game(state.seats, first, state.starting_prizes, state.started)


def rematch(state: GameState, first: int, started: int) -> GameState:
    """The same seats and decks, a new first player, everything else fresh."""
    return new_game(state.seats, first, state.starting_prizes, started)


def _next_alive(players: tuple[PlayerBoard, ...], after: int) -> int:
    count = len(players)
    for offset in range(1, count + 1):
        seat = (after + offset) % count
        if players[seat].out is None:
            return seat
    return after


def _eliminate(now: Board, player: int, reason: str, at: int) -> Board:
    players = list(now.players)
    players[player] = replace(players[player], out=reason)
    out = (*now.eliminated, Elimination(player, reason, now.turn, at))
    alive = [i for i, p in enumerate(players) if p.out is None]
    after = replace(now, players=tuple(players), eliminated=out)
    if len(alive) == 1:
        return replace(after, winner=alive[0])
    if player == now.current:  # their turn ends with them: the next player's begins
        return replace(after, current=_next_alive(after.players, player), turn=now.turn + 1)
    return after


def _name(state: GameState, player: int) -> str:
    return state.seats[player].name


def _check_player(state: GameState, now: Board, event: Event) -> PlayerBoard:
    if not 0 <= event.player < len(state.seats):
        raise TableError(_("there is no player {n} at this table").format(n=event.player + 1))
    mine = now.players[event.player]
    if mine.out is not None:
        raise TableError(_("{name} is out of the game").format(name=_name(state, event.player)))
    return mine


def step(state: GameState, now: Board, event: Event) -> Board:
    """The board after one event, or ``TableError`` saying which rule forbids it."""
    if now.over:
        raise TableError(_("the game is over: undo, or start a rematch"))
    if event.kind is Kind.NEXT_TURN:
        # built directly, as in ``_with``: next turn and Energy are most of a real log
        following = _next_alive(now.players, now.current)
        return Board(now.players, now.turn + 1, following, now.eliminated, now.winner)
    mine = _check_player(state, now, event)
    player = event.player
    if event.kind is Kind.KNOCK_OUT:
        return _knock_out(state, now, event, mine)
    if event.kind is Kind.DECK_OUT:
        if player != now.current:
            raise TableError(
                _("{name} can run out of cards to draw only at the start of their turn").format(
                    name=_name(state, player)
                )
            )
        return _eliminate(now, player, "deck", event.at)
    if event.kind is Kind.CONCEDE:
        return _eliminate(now, player, "conceded", event.at)
    return _with(now, player, _totem_event(state, now, event, mine))


def _with(now: Board, player: int, mine: PlayerBoard) -> Board:
    """``now`` with one player's numbers changed (built directly: ``replace`` costs ~5 µs,
    a third of a step, and a game is read event by event)."""
    players = (*now.players[:player], mine, *now.players[player + 1 :])
    return Board(players, now.turn, now.current, now.eliminated, now.winner)


def _knock_out(state: GameState, now: Board, event: Event, mine: PlayerBoard) -> Board:
    name = _name(state, event.player)
    if event.totem:
        if mine.place is not Place.PLAY:
            raise TableError(
                _("{name}'s Totem is not in play, so it cannot be Knocked Out").format(name=name)
            )
        if event.prizes != state.seats[event.player].prizes:
            raise TableError(
                _("{name}'s Totem gives {n} Prize cards when Knocked Out").format(
                    name=name, n=state.seats[event.player].prizes
                )
            )
        if event.to not in (Place.ZONE, Place.DISCARD):
            raise TableError(_("a Knocked Out Totem goes to the Totem Zone or the discard pile"))
    elif not 1 <= event.prizes <= 3:
        raise TableError(_("a Knock Out gives 1, 2 or 3 Prize cards"))
    left = mine.prizes - event.prizes
    mine = replace(mine, prizes=max(left, 0), knock_outs=mine.knock_outs + 1)
    if event.totem:
        place = event.to or Place.ZONE
        mine = replace(
            mine, totem_knock_outs=mine.totem_knock_outs + 1, place=place, energy=0, special=0
        )
    now = _with(now, event.player, mine)
    if left <= 0:  # took their last Prize card, or had to take more than they had
        return _eliminate(now, event.player, "prizes", event.at)
    return now


def _totem_event(state: GameState, now: Board, event: Event, mine: PlayerBoard) -> PlayerBoard:
    name = _name(state, event.player)
    if event.kind is Kind.ENERGY:
        if mine.place is not Place.ZONE:
            raise TableError(
                _("{name}'s Totem is not in the Totem Zone: Energy waits there only").format(
                    name=name
                )
            )
        if event.delta not in (1, -1):
            raise TableError(_("Energy is attached or removed one card at a time"))
        special = mine.special + (event.delta if event.special else 0)
        energy = mine.energy + event.delta
        if energy < 0 or special < 0 or special > energy:
            raise TableError(
                _("there is no such Energy on {name}'s Totem to remove").format(name=name)
            )
        if energy > MAX_ENERGY:
            raise TableError(_("a Totem holds at most {n} Energy here").format(n=MAX_ENERGY))
        return PlayerBoard(
            mine.prizes, mine.knock_outs, mine.totem_knock_outs, mine.place, energy, special,
            mine.out,
        )  # fmt: skip
    if event.kind is Kind.INVOKE:
        if mine.place is not Place.ZONE:
            raise TableError(_("{name}'s Totem is not in the Totem Zone").format(name=name))
        cost = state.seats[event.player].base_cost + mine.totem_knock_outs
        if mine.energy < cost:
            raise TableError(
                _("{name}'s Totem needs {cost} Energy to be invoked and has {n}").format(
                    name=name, cost=cost, n=mine.energy
                )
            )
        return replace(mine, place=Place.PLAY, energy=0, special=0)
    # Kind.MOVE: a card moved the Totem (to the hand, deck, discard pile or back to the Zone)
    if event.to is None or event.to is mine.place:
        raise TableError(_("the Totem is there already"))
    if event.to is Place.PLAY:
        raise TableError(_("a Totem comes into play only by being invoked"))
    return replace(mine, place=event.to, energy=0, special=0)
