"""Each rule of FORMAT.md "At the table", one case at a time: what is allowed, what is refused."""

from __future__ import annotations

import pytest

from totemdeck.rules.format import load_format
from totemdeck.table import (
    Event,
    GameState,
    Kind,
    Place,
    Seat,
    TableError,
    apply,
    board,
    invocation_cost,
    new_game,
    parse_event,
    ready_to_invoke,
    rematch,
    reroll,
    summary,
)

SEATS = (
    Seat("Ana", "sv3-125", "Charizard ex", 4, 2, ("Fire", "Darkness")),
    Seat("Ben", "hgss1-113", "Rayquaza & Deoxys LEGEND", 2, 2, ("Colorless",)),
    Seat("Cai", "swsh7-110", "Umbreon VMAX", 3, 3, ("Darkness",)),
    Seat("Dee", "sv1-1", "Pineco", 2, 1, ("Grass",)),
)


def play(*tokens: str, first: int = 0) -> GameState:
    state = new_game(SEATS, first, load_format().starting_prizes, 0)
    for at, token in enumerate(tokens):
        state = apply(state, parse_event(token, at))
    return state


def test_every_player_starts_with_the_format_files_prize_cards() -> None:
    assert load_format().starting_prizes == 6  # FORMAT.md: the official 6 (decision)
    assert [p.prizes for p in board(play()).players] == [6, 6, 6, 6]


def test_a_knock_out_takes_the_players_own_prize_cards_and_nobody_elses() -> None:
    now = board(play("k12", "k03"))
    assert [p.prizes for p in now.players] == [3, 4, 6, 6]


INVOKE_ANA = ("e0+", "e0+", "e0+s", "e0+", "i0")  # cost 4: three basic and one Special


def test_a_special_energy_counts_as_one_and_the_totem_is_invoked_at_its_cost() -> None:
    state = play(*INVOKE_ANA[:-1])
    assert (board(state).players[0].energy, board(state).players[0].special) == (4, 1)
    assert ready_to_invoke(state, 0)
    assert board(play(*INVOKE_ANA)).players[0].place is Place.PLAY


def test_each_totem_knock_out_adds_one_to_the_invocation_cost_for_good() -> None:
    twice = (*INVOKE_ANA, "k02z", *("e0+",) * 5, "i0", "k02z")
    state = play(*twice)
    assert invocation_cost(state, 0) == 4 + 2
    assert board(state).players[0].prizes == 2
    assert board(state).players[0].place is Place.ZONE
    assert not ready_to_invoke(play(*twice, *("e0+",) * 5), 0)
    assert ready_to_invoke(play(*twice, *("e0+",) * 6), 0)


@pytest.mark.parametrize(
    ("tokens", "refused", "says"),
    [
        ((), "k02z", "not in play"),  # no Knock Out of a Totem in the Totem Zone
        ((*INVOKE_ANA,), "k03z", "gives 2 Prize cards"),  # the Totem's own count
        ((), "e0-", "no such Energy"),  # Energy in the Totem Zone never below 0
        (("e0+",), "e0-s", "no such Energy"),  # no Special Energy to remove
        ((*INVOKE_ANA,), "e0+", "not in the Totem Zone"),  # Energy waits in the Zone only
        (("e0+", "e0+", "e0+"), "i0", "needs 4 Energy"),
        ((), "m0z", "there already"),
        ((), "m0o", None),  # allowed: a card moved the Totem elsewhere
        ((), "d1", "start of their turn"),  # deck out: only the player whose turn starts
        (("c1",), "k11", "out of the game"),  # no Prize cards from an eliminated player
        (("c1",), "e1+", "out of the game"),
        ((), "k51", "no player 6"),
    ],
)
def test_the_rules_refuse_what_at_the_table_forbids(
    tokens: tuple[str, ...], refused: str, says: str | None
) -> None:
    state = play(*tokens)
    if says is None:
        apply(state, parse_event(refused, 99))
        return
    with pytest.raises(TableError, match=says):
        apply(state, parse_event(refused, 99))


def test_a_totem_comes_into_play_only_by_being_invoked() -> None:
    with pytest.raises(TableError, match="only by being invoked"):
        apply(play(), Event(Kind.MOVE, 0, to=Place.PLAY))
    with pytest.raises(TableError, match="not an event"):
        parse_event("m0p")  # no code or link can even say it


@pytest.mark.parametrize(
    ("tokens", "reason"),
    [
        (("k13", "k13"), "prizes"),  # took their last Prize card
        (("k13", "k12", "k12"), "prizes"),  # had to take more than they had left
        (("n", "d1"), "deck"),
        (("c1",), "conceded"),
    ],
)
def test_a_player_is_eliminated_by_the_rules(tokens: tuple[str, ...], reason: str) -> None:
    now = board(play(*tokens))
    assert now.players[1].out == reason
    assert now.players[1].prizes >= 0
    assert [e.player for e in now.eliminated] == [1]


def test_an_eliminated_player_is_skipped_in_the_turn_order() -> None:
    now = board(play("c1", "n"))
    assert now.current == 2
    # the current player going out hands the turn on
    assert board(play("c0")).current == 1


def test_the_last_player_standing_wins_and_the_summary_adds_up() -> None:
    state = play("k13", "n", "k22", "c1", "k33", "k33", "c2")
    result = summary(state)
    assert result.winner == 0
    # Ben conceded, Dee took her last Prize card, Cai conceded
    assert [(e.player, e.reason) for e in result.eliminated] == [
        (1, "conceded"),
        (3, "prizes"),
        (2, "conceded"),
    ]
    assert result.knock_outs == (0, 1, 1, 2)
    assert result.seconds == 6
    with pytest.raises(TableError, match="over"):
        apply(state, parse_event("n", 9))


def test_the_first_player_rerolls_only_before_play_and_a_rematch_starts_fresh() -> None:
    assert reroll(play(), 2).first == 2
    with pytest.raises(TableError, match="before the game starts"):
        reroll(play("n"), 2)
    again = rematch(play("k13", "k13"), 3, 1000)
    assert (again.seats, again.first, again.log, again.started) == (SEATS, 3, (), 1000)


@pytest.mark.parametrize("players", [2, 7])
def test_a_table_has_three_to_six_players(players: int) -> None:
    seats = tuple(Seat(f"P{i}", "sv3-125", "Charizard ex", 4, 2) for i in range(players))
    with pytest.raises(TableError, match="3 to 6 players"):
        new_game(seats, 0, 6, 0)
