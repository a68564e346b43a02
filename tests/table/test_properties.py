"""Random games: whatever sequence of taps a table makes, the rules' invariants hold.

hypothesis draws a table (3–6 seats, Totems of every cost and Prize count) and a run of
events, undos and redos; each event the rules refuse is skipped, as the page would refuse it.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from totemdeck.files.schemas import first_error
from totemdeck.table import (
    Board,
    Event,
    GameState,
    Kind,
    Seat,
    TableError,
    apply,
    as_dict,
    board,
    decode,
    encode,
    invocation_cost,
    new_game,
    parse_event,
    redo,
    undo,
)
from totemdeck.table.rules import step

TOKENS = st.one_of(
    st.just("n"),
    st.builds("k{}{}{}".format, st.integers(0, 5), st.integers(1, 3), st.sampled_from("zd ")),
    st.builds("e{}{}{}".format, st.integers(0, 5), st.sampled_from("+-"), st.sampled_from("s ")),
    st.builds(lambda x, p: f"{x}{p}", st.sampled_from("idc"), st.integers(0, 5)),
    st.builds(lambda p, t: f"m{p}{t}", st.integers(0, 5), st.sampled_from("zdo")),
)
SEATS = st.lists(
    st.builds(
        Seat,
        name=st.text(st.characters(categories=["L", "N", "Zs"]), min_size=1, max_size=24).filter(
            str.isprintable
        ),
        totem_id=st.sampled_from(["sv3-125", "hgss4-113", "exu-%3F"]),
        totem_name=st.just("A Totem"),
        base_cost=st.integers(2, 5),
        prizes=st.integers(1, 3),
        identity=st.sampled_from([(), ("Fire",), ("Fire", "Darkness")]),
    ),
    min_size=3,
    max_size=6,
)


def _candidates(players: int) -> list[str]:
    tokens = ["n"]
    for p in range(players):
        # weighted towards what makes a game go somewhere: Energy, invoking, Totem Knock Outs
        tokens += [f"k{p}{n}" for n in (1, 2, 3)] + [
            f"k{p}{n}{t}" for n in (1, 2, 3) for t in "zd"
        ] * 6
        tokens += [f"e{p}+", f"e{p}+s"] * 8 + [f"e{p}-", f"e{p}-s"] + [f"i{p}"] * 30
        tokens += [f"d{p}", f"c{p}"]
        tokens += [f"m{p}{t}" for t in "zdo"]
    return tokens


@st.composite
def games(draw: st.DrawFn) -> list[GameState]:
    """Every state a run of taps passes through, the first one fresh.

    Each tap is drawn among the events the rules allow then (so games reach their end),
    with now and then an undo, a redo, or a token the rules refuse (skipped, as the page
    refuses it).
    """
    seats = tuple(draw(SEATS))
    state = new_game(seats, draw(st.integers(0, len(seats) - 1)), 6, 1_800_000_000)
    states = [state]
    clock = 0
    candidates = _candidates(len(seats))
    for _tap in range(draw(st.integers(0, 90))):
        clock += draw(st.integers(0, 90))
        choice = draw(st.sampled_from(["event"] * 8 + ["undo", "redo", "any"]))
        try:
            if choice == "undo":
                state = undo(state)
            elif choice == "redo":
                state = redo(state)
            elif choice == "any":
                state = apply(state, parse_event(draw(TOKENS).strip(), clock))
            else:
                now = board(state)
                allowed = [t for t in candidates if _allows(state, now, t)]
                if not allowed:
                    break
                state = apply(state, parse_event(draw(st.sampled_from(allowed)), clock))
        except TableError:
            continue
        states.append(state)
    return states


def _allows(state: GameState, now: Board, token: str) -> bool:
    try:
        step(state, now, parse_event(token))
    except TableError:
        return False
    return True


def _check_invariants(before: GameState, state: GameState) -> None:
    now, then = board(state), board(before)
    out_before = {e.player for e in then.eliminated}
    out_now = {e.player for e in now.eliminated}
    for seat, mine in enumerate(now.players):
        assert 0 <= mine.prizes <= state.starting_prizes
        assert 0 <= mine.special <= mine.energy
        totem_kos = sum(1 for e in state.log if e.kind is Kind.KNOCK_OUT and e.totem
                        and e.player == seat)  # fmt: skip
        assert invocation_cost(state, seat) == state.seats[seat].base_cost + totem_kos
        assert (mine.out is not None) == (seat in out_now)
    if state.log[: len(before.log)] == before.log:  # the game went on: nobody came back
        assert out_before <= out_now
    alive = now.alive()
    assert (now.winner is not None) == (len(alive) == 1)
    if now.winner is not None:
        assert alive == [now.winner]
    else:
        assert now.current in alive


@settings(max_examples=100)
@given(games())
def test_invariants_hold_after_every_tap(states: list[GameState]) -> None:
    for before, state in pairwise(states):
        _check_invariants(before, state)
    _check_invariants(states[0], states[0])


@settings(max_examples=100)
@given(games(), TOKENS)
def test_undo_of_apply_is_the_state_before(states: list[GameState], token: str) -> None:
    state = replace(states[-1], redo=())
    at = state.log[-1].at if state.log else 0
    event = parse_event(token.strip(), at)
    try:
        after = apply(state, event)
    except TableError:
        return
    assert undo(after) == replace(state, redo=(event,))  # the same game, with ``event`` to redo
    assert board(undo(after)) == board(state)
    assert redo(undo(after)) == after


@settings(max_examples=100)
@given(games())
def test_decode_of_encode_is_the_same_game(states: list[GameState]) -> None:
    for state in states[-3:]:
        code = encode(state)
        assert decode(code) == state
        assert encode(decode(code)) == code
        assert first_error("table", as_dict(state)) is None  # the JSON twin keeps its schema


@settings(max_examples=50)
@given(games())
def test_a_finished_game_accepts_no_more_events(states: list[GameState]) -> None:
    state = states[-1]
    if board(state).winner is None:
        return
    for token in ("n", "c0", "k03"):
        try:
            apply(state, parse_event(token, state.log[-1].at))
        except TableError as exc:
            assert "over" in str(exc) or "out of the game" in str(exc)
        else:
            raise AssertionError(f"{token} applied after the game was over")


def test_an_event_cannot_go_back_in_time() -> None:
    seats = tuple(Seat(f"P{i}", "sv3-125", "Charizard ex", 4, 2) for i in range(3))
    state = apply(new_game(seats, 0, 6, 0), Event(Kind.NEXT_TURN, at=50))
    try:
        apply(state, Event(Kind.NEXT_TURN, at=10))
    except TableError as exc:
        assert "before" in str(exc)
    else:
        raise AssertionError("an event 40 s before the last one was accepted")
