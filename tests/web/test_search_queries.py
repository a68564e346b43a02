"""Every route that takes ``q=``: a hostile or too-deep query is a 400 with one sentence,
never a 500 (issue 20 item 5, issue 24 item 6)."""

from __future__ import annotations

from contextlib import nullcontext

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from tests.helpers.regex import seen_by_re
from totemdeck.sharecode import SharedCard, encode, from_cards

ROUTES = ["/cards", "/api/cards", "/build"]
DEEP = [
    "-" * 18 + "pikachu",
    "-" * 480 + "pikachu",  # the web app reads 500 characters
    "-(" * 20 + "pikachu" + ")" * 20,
    "(" * 40 + "a or b" + ")" * 40,
    "not " * 30 + "pikachu",
]


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("query", DEEP[:2])
def test_runs_of_negations_answer(client: TestClient, route: str, query: str) -> None:
    response = client.get(route, params={"q": query})
    assert response.status_code == 200, response.text[:300]


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("query", DEEP[2:4])
def test_too_deep_is_400_with_a_sentence(client: TestClient, route: str, query: str) -> None:
    response = client.get(route, params={"q": query})
    assert response.status_code == 400
    assert "nest" in response.text and "Traceback" not in response.text


@pytest.mark.parametrize("route", ROUTES)
@given(
    query=st.text(alphabet=st.sampled_from(list('-()! orandnotpika:=<>"/\\.*+?[]{}')), max_size=120)
)
@settings(max_examples=40, deadline=None)
def test_hostile_queries_never_fail_the_server(client: TestClient, route: str, query: str) -> None:
    response = client.get(route, params={"q": query})
    assert response.status_code in (200, 400), (query, response.status_code)


@pytest.mark.parametrize(
    ("params", "prints"),
    [
        ({"q": "unique:prints is:radiant"}, True),
        ({"q": "is:radiant", "prints": "1"}, True),
        ({"q": "unique:names is:radiant", "prints": "1"}, False),
        ({"q": "is:radiant"}, False),
    ],
)
def test_api_prints_says_what_was_listed(
    client: TestClient, params: dict[str, str], prints: bool
) -> None:
    document = client.get("/api/cards", params={**params, "limit": 200}).json()
    assert document["prints"] is prints
    names = [card["name"] for card in document["cards"]]
    assert (len(set(names)) < len(names)) is prints


# Every route that reads ``q=``: the card search (the Cards page, the API, the Build page with
# and without a Totem) and the name suggester; regex bombs and odd text answer, quickly.
_DECK = encode(from_cards([SharedCard("sv3-125", 1, True)]))
EVERY_Q = [*ROUTES, f"/build?d={_DECK}", "/api/names"]
ODD = ["name:/(a+)+$/", "o:/(x+x+)+y/", "name:/(?<=a)b/", "o:/" + "(" * 60 + "/", "\x00", "é" * 600]


@pytest.mark.parametrize("route", EVERY_Q)
@pytest.mark.parametrize("query", ODD)
def test_bombs_and_odd_text_on_every_route_that_takes_q(
    client: TestClient, route: str, query: str
) -> None:
    bomb = query.partition(":/")[2].rstrip("/")
    with seen_by_re(bomb) if bomb else nullcontext([]) as seen:
        response = client.get(route, params={"q": query})
    assert response.status_code in (200, 400), (route, query, response.status_code)
    assert "Traceback" not in response.text
    assert seen == []  # a bomb never reaches Python's backtracking re (RE2 runs it): no hang


def test_the_build_form_takes_a_hostile_q_back_to_its_page(client: TestClient) -> None:
    response = client.post(
        "/build", data={"deck": "1 sv3-125", "q": "-(" * 20 + "x"}, follow_redirects=False
    )
    assert response.status_code in (200, 303, 400)
    assert "Traceback" not in response.text
