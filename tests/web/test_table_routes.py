"""/table in-process: set-up from each kind of deck, one tap per event, hostile codes → 400."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.table.test_code import HOSTILE
from tests.web.conftest import EXAMPLES
from totemdeck.files.schemas import first_error
from totemdeck.sharecode import SharedCard, from_cards
from totemdeck.sharecode import encode as share_encode
from totemdeck.table import board, decode, encode

CHARIZARD_CODE = share_encode(
    from_cards([SharedCard("sv3-125", 1, True), SharedCard("sv4pt5-7", 1)])
)


def start(client: Any, decks: list[str], **extra: str) -> Any:
    form = {f"deck{n}": deck for n, deck in enumerate(decks, start=1)}
    form |= {f"name{n}": f"P{n}" for n in range(1, len(decks) + 1)}
    return client.post("/table", data={**form, "start": "1", **extra}, follow_redirects=False)


def game_of(response: Any) -> str:
    assert response.status_code == 303, response.text[:500]
    return parse_qs(urlsplit(response.headers["location"]).query)["g"][0]


def test_the_setup_form_offers_four_seats_and_each_kind_of_deck(client: Any) -> None:
    page = client.get("/table")
    assert page.status_code == 200
    assert len(re.findall(r'<textarea id="deck\d"', page.text)) == 4
    assert "share link or code, pasted list, or a Totem" in page.text


def test_each_kind_of_deck_seats_a_player_with_the_engines_numbers(client: Any) -> None:
    pasted = (EXAMPLES / "charizard-ex.txt").read_text(encoding="utf-8")
    decks = [
        f"http://example.org/build?d={CHARIZARD_CODE}",  # a share link from Build
        CHARIZARD_CODE,  # the bare code
        pasted,
        "Rayquaza & Deoxys LEGEND",  # a LEGEND Totem searched by name
    ]
    state = decode(game_of(start(client, decks)))
    totems = [(s.totem_id, s.base_cost, s.prizes) for s in state.seats]
    totem = client.get("/api/totem/sv3-125").json()["totem"]  # the engine's own numbers
    assert (totem["invocation_cost"], totem["prizes"]) == (4, 2)
    assert totems[0] == totems[1] == totems[2] == ("sv3-125", 4, 2)
    assert state.seats[3].totem_name == "Rayquaza & Deoxys LEGEND"
    assert state.seats[3].base_cost == 2  # a LEGEND uses the Basic column
    assert state.seats[0].identity == ("Fire", "Darkness")
    assert [s.name for s in state.seats] == ["P1", "P2", "P3", "P4"]
    assert state.starting_prizes == 6 and not state.log


@pytest.mark.parametrize(
    ("deck", "says"),
    [
        ("", "bring a deck"),
        ("Professor's Research", "cannot be a Totem"),
        ("Zzzzyzzx the Unknown", "Zzzzyzzx"),
        ("1AAAAAAAAAAAA", "deck code"),
        ("Pokémon: 1\n1 Pikachu", "no Totem"),
    ],
)
def test_a_deck_that_cannot_seat_a_player_says_why_by_the_seat(
    client: Any, deck: str, says: str
) -> None:
    page = start(client, ["Charizard ex", deck, "Pikachu ex"])
    assert page.status_code == 400
    problem = re.search(r'<p class="problem" id="problem2"[^>]*>([^<]*)', page.text)
    assert problem and says.lower() in problem[1].lower(), page.text[-3000:]
    assert 'id="problem1"' not in page.text  # the good seats keep their lists, no error


def test_adding_a_player_keeps_what_was_typed(client: Any) -> None:
    page = client.post(
        "/table",
        data={"name1": "Ana", "deck1": "Charizard ex", "deck2": "", "deck3": "", "seats": "4"},
    )
    assert page.status_code == 200
    assert len(re.findall(r'<textarea id="deck\d"', page.text)) == 4
    assert 'value="Ana"' in page.text and ">Charizard ex</textarea>" in page.text


def tap(client: Any, code: str, action: str) -> str:
    response = client.get("/table/do", params={"g": code, "e": action}, follow_redirects=False)
    return game_of(response)


def test_every_link_on_the_page_is_a_tap_that_applies(client: Any) -> None:
    code = game_of(start(client, ["Charizard ex", "Pikachu ex", "Umbreon VMAX"]))
    page = client.get("/table", params={"g": code}).text
    actions = {unquote(a) for a in re.findall(r'href="/table/do\?g=[^"&]+&amp;e=([^"]+)"', page)}
    assert {"n", "reroll", "e0+", "e0+s", "k01", "k02", "k03", "c1"} <= actions
    for action in sorted(actions - {"rematch"}):
        after = decode(tap(client, code, action))
        assert after.log or action == "reroll", action


def test_a_refused_event_is_400_with_the_rule(client: Any) -> None:
    code = game_of(start(client, ["Charizard ex", "Pikachu ex", "Umbreon VMAX"]))
    response = client.get("/table/do", params={"g": code, "e": "k02z"})
    assert response.status_code == 400
    assert "not in play" in response.text


def test_undo_redo_and_rematch(client: Any) -> None:
    code = game_of(start(client, ["Charizard ex", "Pikachu ex", "Umbreon VMAX"]))
    after = tap(client, code, "k13")
    undone = tap(client, after, "undo")
    assert decode(undone).log == () and len(decode(undone).redo) == 1
    assert tap(client, undone, "redo") == after
    for action in ("c1", "c2"):
        after = tap(client, after, action)
    page = client.get("/table", params={"g": after}).text
    assert "P1 wins!" in page and "Rematch" in page
    again = decode(tap(client, after, "rematch"))
    assert again.seats == decode(after).seats and again.log == ()
    assert board(again).winner is None


def test_the_page_holds_the_game_link_and_its_qr_code(client: Any) -> None:
    """Without TOTEMDECK_BASE_URL the link is relative (the page's script shows it whole)
    and there is no QR code, which a phone could not open (test_public_second_pass has the
    QR image of a server that knows its address)."""
    code = game_of(start(client, ["Charizard ex", "Pikachu ex", "Umbreon VMAX"]))
    page = client.get("/table", params={"g": code}).text
    assert f'value="/table?g={code}"' in page
    assert 'class="note qr-none"' in page and "<svg" not in page


@pytest.mark.parametrize("path", ["/table", "/table/do"])
@pytest.mark.parametrize("code", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_game_code_answers_400(client: Any, path: str, code: str) -> None:
    if not code and path == "/table":
        return  # no code at all is the set-up form
    response = client.get(path, params={"g": code, "e": "n"})
    assert response.status_code == 400, response.text[:300]
    assert "Traceback" not in response.text


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=200), st.text(max_size=12))
def test_any_game_code_or_event_is_never_a_500(client: Any, code: str, event: str) -> None:
    for path in ("/table", "/table/do"):
        response = client.get(path, params={"g": code, "e": event}, follow_redirects=False)
        assert response.status_code in (200, 303, 400), (path, code, event)


def test_an_event_token_that_is_no_event_answers_400(client: Any) -> None:
    code = encode(decode(game_of(start(client, ["Charizard ex", "Pikachu ex", "Umbreon VMAX"]))))
    for event in ("", "x", "k9", "e0*", "k0" + "1" * 50):
        assert client.get("/table/do", params={"g": code, "e": event}).status_code == 400


def test_the_json_twin_is_the_same_game_and_keeps_its_schema(client: Any) -> None:
    code = game_of(start(client, ["Charizard ex", "Rayquaza & Deoxys LEGEND", "Umbreon VMAX"]))
    for action in ("e1+", "e1+s", "i1", "k12z", "n", "c0", "undo"):
        code = tap(client, code, action)
    data = client.get("/api/table", params={"g": code}).json()
    assert first_error("table", data) is None
    assert data["code"] == code
    ben = data["players"][1]
    assert (ben["prize_cards_left"], ben["invocation_cost"], ben["totem_place"]) == (4, 3, "zone")
    assert [e["event"] for e in data["log"]] == ["e1+", "e1+s", "i1", "k12z", "n"]
    assert data["redo"] == ["c0"] and data["winner"] is None


@pytest.mark.parametrize("code", list(HOSTILE.values())[:8], ids=list(HOSTILE.keys())[:8])
def test_the_json_twin_answers_a_hostile_code_with_400(client: Any, code: str) -> None:
    response = client.get("/api/table", params={"g": code})
    assert response.status_code == 400 and response.json()["error"]


def test_the_log_lists_every_event_newest_first_with_names_escaped(client: Any) -> None:
    """The log is made in Python as one piece of HTML (issue 36, W14: a 600-event page's
    CPU): each line still has its turn and time, newest first, and a name is text."""
    decks = ["Charizard ex", "Rayquaza & Deoxys LEGEND", "Umbreon VMAX"]
    code = game_of(start(client, decks, name1="<b>Ann</b> & co"))
    for action in ("e0+", "n", "e1+s", "e0+"):
        code = tap(client, code, action)
    page = client.get("/table", params={"g": code}).text
    items = re.findall(r'<li><span class="when">turn (\d+) · (\d+:\d\d)</span> ([^<]*)</li>', page)
    assert [(turn, text) for turn, _time, text in items] == [
        ("2", "&lt;b&gt;Ann&lt;/b&gt; &amp; co attached Energy to the Totem in the Totem Zone"),
        ("2", "P2 attached Special Energy to the Totem in the Totem Zone"),
        ("1", "Next turn"),
        ("1", "&lt;b&gt;Ann&lt;/b&gt; &amp; co attached Energy to the Totem in the Totem Zone"),
    ]
    assert "<b>Ann</b>" not in page
    assert '<span class="n">4</span>' in page
