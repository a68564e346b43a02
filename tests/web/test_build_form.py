"""Build's one form without a browser (issue 37, issue 36 item 8): each button's word, the
server's own guard on Add, choose the print, and the print autocomplete's answer."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from totemdeck.sharecode import SharedCard, decode, encode, from_cards
from totemdeck.web.finder import toggled

pytestmark = pytest.mark.full_mirrors("the prints and Spanish text of every set")

CHARIZARD = [SharedCard("sv3-125", 1, True), SharedCard("sve-2", 3)]


def _deck_of(answer: object) -> list[str]:
    location = answer.headers["location"]  # type: ignore[attr-defined]
    return list(decode(location.split("d=")[1].split("&")[0].split("#")[0]).lines)


def test_a_filter_toggles_its_own_term_and_keeps_the_rest() -> None:
    assert toggled("arven", "t:supporter") == "arven t:supporter"
    assert toggled("arven T:Supporter", "t:supporter") == "arven"
    assert toggled("arven t:pokemon", "t:supporter") == "arven t:supporter"  # one card type
    assert toggled("type:fire", "type:darkness") == "type:fire type:darkness"  # two types
    assert toggled("stage:1 t:pokemon", "stage:2") == "t:pokemon stage:2"


def test_add_and_the_row_buttons_edit_the_deck(client: TestClient) -> None:
    code = encode(from_cards(CHARIZARD))
    added = client.get("/build", params={"d": code, "card": "sv4pt5-7"}, follow_redirects=False)
    assert added.status_code == 303 and _deck_of(added)[-1] == "1 sv4pt5-7"
    fewer = client.get("/build", params={"d": code, "set": "4:1"}, follow_redirects=False)
    assert _deck_of(fewer)[3] == "1 sve-2" and fewer.headers["location"].endswith("#line-4")
    field = client.get("/build", params={"d": code, "count-4": "20"}, follow_redirects=False)
    assert _deck_of(field)[3] == "20 sve-2"
    same = client.get("/build", params={"d": code, "count-4": "3", "q": "x"},
                      follow_redirects=False)  # fmt: skip
    assert _deck_of(same) == list(decode(code).lines)  # an unchanged field changes nothing


def test_a_forged_or_replayed_add_never_breaks_a_rule(client: TestClient) -> None:
    code = encode(from_cards([*CHARIZARD, SharedCard("sv4pt5-7", 1)]))
    for card in (
        "sv4pt5-7",
        "sv3pt5-4",
        "sm10-165",
        "swsh10-46",
    ):  # held, held name, banned, identity
        answer = client.get("/build", params={"d": code, "card": card}, follow_redirects=False)
        assert _deck_of(answer) == list(decode(code).lines), card


def test_choose_the_print_names_exactly_that_print(full_client: TestClient) -> None:
    client = full_client  # prints of every set
    code = encode(from_cards([SharedCard("sv1-86", 1, True)]))
    text = "Totem:\n1 Gardevoir ex SVI 86\nMain deck:\n1 Gastly"
    location = client.post("/build", data={"deck": text}, follow_redirects=False).headers[
        "location"
    ]
    page = client.get(location)
    assert "Choose the print" in page.text and 'name="print" value="4:' in page.text
    code = location.split("d=")[1].split("&")[0]
    answer = client.get("/build", params={"d": code, "print": "4:sv3pt5-92"},
                        follow_redirects=False)  # fmt: skip
    assert _deck_of(answer)[3] == "1 sv3pt5-92"
    assert "Choose the print" not in client.get(answer.headers["location"]).text


def test_print_autocomplete_offers_prints_that_fit_first_in_the_pages_language(
    full_client: TestClient,
) -> None:
    client = full_client  # Spanish text of every print
    found = client.get("/build/prints", params={"q": "Gastl", "totem": "sv1-86"}).json()
    assert found and all(x["line"].startswith(x["name"]) for x in found)
    fits = [x["fits"] for x in found]
    assert fits == sorted(fits, reverse=True)  # every print that fits before any other
    assert all(x["why"] for x in found if not x["fits"])
    spanish = client.get("/build/prints", params={"q": "Profes", "lang": "es"}).json()
    assert spanish[0]["name"].startswith("Profesor"), spanish[0]
    english = client.get("/build/prints", params={"q": "Profes", "lang": "en"}).json()
    assert english[0]["name"].startswith("Professor"), english[0]
    assert len(client.get("/build/prints", params={"q": "a", "limit": 99}).json()) <= 12
