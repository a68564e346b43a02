"""Every page and its JSON twin are one handler: ``….json`` (and the older ``/api/…`` name)
answers the JSON of the very verb result the page shows, with the page's status."""

from __future__ import annotations

import json
import re

import pytest
from starlette.testclient import TestClient

from totemdeck.api import lookup_totem
from totemdeck.catalogue.read import Catalogue
from totemdeck.files.schemas import first_error


def _code(client: TestClient, text: str) -> str:
    page = client.post("/check", data={"deck": text})
    found = re.search(r'id="share-url"[^>]*value="[^"]*\?d=([A-Za-z0-9_-]+)"', page.text)
    assert found, "the verdict page has a share link"
    return found.group(1)


def test_check_json_is_the_api_report(client: TestClient, illegal_text: str) -> None:
    body = illegal_text.encode()
    api = client.post("/api/check", content=body)
    twin = client.post("/check.json", content=body)
    assert (twin.status_code, twin.headers["content-type"]) == (200, "application/json")
    assert twin.json() == api.json()
    assert first_error("report", twin.json()) is None and twin.json()["legal"] is False


def test_a_shared_deck_answers_the_same_report_by_each_name(
    client: TestClient, legal_text: str
) -> None:
    code = _code(client, legal_text)
    posted = client.post("/check.json", content=legal_text.encode()).json()
    for answer in (
        client.get("/check.json", params={"d": code}),
        client.post("/check.json", params={"d": code}),
        client.post("/api/check", params={"d": code}),
    ):
        assert answer.status_code == 200
        assert answer.json()["legal"] is True
        assert answer.json()["findings"] == posted["findings"]


@pytest.mark.parametrize(
    ("method", "path", "body", "status"),
    [
        ("POST", "/check.json", b"", 400),
        ("POST", "/check.json", b"\x00\x00", 400),
        ("GET", "/check.json", None, 400),
        ("GET", "/check.json?d=!!", None, 400),
        ("GET", "/stats.json", None, 400),
        ("GET", "/export.json?d=x", None, 400),
        ("GET", "/cards.json", None, 400),
        ("GET", "/cards.json?q=hp>", None, 400),
        ("GET", "/cards/nothing-1.json", None, 404),
        ("GET", "/table.json", None, 400),
        ("GET", "/nope.json", None, 404),
    ],
)
def test_a_twin_says_what_is_wrong_in_json(
    client: TestClient, method: str, path: str, body: bytes | None, status: int
) -> None:
    answer = client.request(method, path, content=body)
    assert answer.status_code == status
    assert answer.headers["content-type"] == "application/json"
    message = answer.json()["error"]
    assert isinstance(message, str) and message and "Traceback" not in message


def test_cards_json_is_the_api_search(client: TestClient) -> None:
    params = {"q": "iono", "limit": 5}
    twin = client.get("/cards.json", params=params)
    assert twin.status_code == 200
    assert twin.json() == client.get("/api/cards", params=params).json()
    assert twin.json()["query"] == "iono" and twin.json()["total"] >= len(twin.json()["cards"])
    wrong = client.get("/cards.json", params={"q": "hp>"}).json()
    assert wrong == client.get("/api/cards", params={"q": "hp>"}).json()
    assert isinstance(wrong["position"], int)


def test_the_api_search_keeps_its_defaults(client: TestClient) -> None:
    """``/api/cards`` answers 20 cards unless asked, as before the twins; the grid's twin
    answers the grid's 60."""
    assert len(client.get("/api/cards", params={"q": "t:pokemon"}).json()["cards"]) == 20
    assert len(client.get("/cards.json", params={"q": "t:pokemon"}).json()["cards"]) == 60


@pytest.mark.parametrize(("card_id", "api_status"), [("sv3-125", 200), ("sve-2", 422)])
def test_a_card_json_is_its_totem_lookup(
    client: TestClient, catalogue: Catalogue, card_id: str, api_status: int
) -> None:
    expected = lookup_totem(catalogue, card_id)[0].as_dict()
    twin = client.get(f"/cards/{card_id}.json")
    api = client.get(f"/api/totem/{card_id}")
    assert twin.status_code == 200 and api.status_code == api_status
    assert twin.json() == api.json() == expected
    assert client.get(f"/cards/{card_id}").headers["content-type"].startswith("text/html")


def test_stats_json_is_the_cli_stats(client: TestClient, legal_text: str) -> None:
    code = _code(client, legal_text)
    twin = client.get("/stats.json", params={"d": code, "card": "Charmander", "turn": 3})
    assert twin.status_code == 200
    data = twin.json()
    assert data["deck_size"] == 99
    assert data["odds"]["card"]["turn"] == 3 and data["odds"]["card"]["copies"] >= 1
    assert set(data) >= {"supertypes", "pokemon_by_column", "energy", "roles", "odds"}


def test_stats_json_names_a_misspelt_card(client: TestClient, legal_text: str) -> None:
    code = _code(client, legal_text)
    answer = client.get("/stats.json", params={"d": code, "card": "Charmandr"})
    assert answer.status_code == 400
    assert "Charmander" in answer.json()["suggestions"]


def test_export_json_is_the_json_export(
    client: TestClient, legal_text: str, illegal_text: str
) -> None:
    code = _code(client, legal_text)
    twin = client.get("/export.json", params={"d": code})
    assert twin.status_code == 200
    assert twin.json() == json.loads(client.get("/export/json", params={"d": code}).text)
    assert first_error("deck", twin.json()) is None
    refused = client.get("/export.json", params={"d": _code(client, illegal_text)})
    assert refused.status_code == 409 and "legal" in refused.json()["error"]


def test_table_json_is_the_api_table(client: TestClient) -> None:
    form = {"seats": "3", "start": "1"}
    for n, name in enumerate(("Charizard ex", "Pikachu ex", "Umbreon VMAX"), start=1):
        form |= {f"name{n}": f"P{n}", f"deck{n}": name}
    started = client.post("/table", data=form, follow_redirects=False)
    code = started.headers["location"].split("g=", 1)[1]
    twin = client.get("/table.json", params={"g": code})
    assert twin.status_code == 200
    assert twin.json() == client.get("/api/table", params={"g": code}).json()
    assert first_error("table", twin.json()) is None and twin.json()["code"] == code
