"""The collection's web face in-process: the Collection page, owned and missing on Check,
``POST /api/owned``, and hostile collections (always a 4xx with a sentence, never a 5xx)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from totemdeck.api import deck_coverage, make_checker, read_collection
from totemdeck.catalogue.read import Catalogue
from totemdeck.decklist import read_decklist

SAMPLES = Path(__file__).resolve().parents[1] / "collection" / "samples"
UNKNOWN = "2 Nonexistent Card Of Nowhere"


def without_pokemon(deck: str) -> str:
    """The deck's lines but its 20 Pokémon, and a line that matches no card."""
    kept, skipping = [], False
    for line in deck.splitlines():
        if line.startswith("Pokémon:"):
            skipping = True
        elif line.endswith(":") or re.match(r"^\w+: \d+$", line):
            skipping = False
        if not skipping:
            kept.append(line)
    return "\n".join([*kept, UNKNOWN]) + "\n"


@pytest.fixture(scope="module")
def mine(legal_text: str) -> str:
    return without_pokemon(legal_text)


def test_the_collection_page_is_a_form_with_a_nav_link(client: TestClient) -> None:
    page = client.get("/collection")
    assert page.status_code == 200
    assert 'action="/collection"' in page.text and 'name="collection"' in page.text
    assert 'href="/collection" aria-current="page"' in page.text


def test_a_pasted_collection_is_read_ranked_and_drafted(client: TestClient, mine: str) -> None:
    page = client.post("/collection", data={"collection": mine})
    assert page.status_code == 200, page.text
    assert "copies of" in page.text and "a decklist" in page.text
    assert "Nonexistent Card Of Nowhere" in page.text  # the unknown line, with its number
    assert page.text.count('name="totem"') == 20  # top 20, each with a Draft button
    assert 'id="draft-text"' in page.text and "Totem:" in page.text
    assert 'action="/check"' in page.text and 'action="/build"' in page.text


def test_a_draft_button_drafts_that_totem(client: TestClient, mine: str) -> None:
    page = client.post("/collection", data={"collection": mine, "totem": "sv3-125"})
    assert page.status_code == 200
    draft = page.text.split('id="draft-text"', 1)[1]
    assert re.search(r"1 Charizard ex \S+ 125", draft.split("Main deck:", 1)[0])


def test_an_uploaded_collectr_csv_is_read(client: TestClient) -> None:
    data = (SAMPLES / "collectr-pokegridview.csv").read_bytes()
    page = client.post("/collection", files={"file": ("mine.csv", data, "text/csv")})
    assert page.status_code == 200, page.text
    assert "Collectr" in page.text
    assert "data-keep-collection" in page.text  # the browser keeps what was read


def test_check_with_a_collection_shows_owned_missing_and_the_buy_list(
    client: TestClient, legal_text: str, mine: str, catalogue: Catalogue, tmp_path: Path
) -> None:
    page = client.post("/check", data={"deck": legal_text, "collection": mine})
    assert page.status_code == 200
    checker = make_checker(catalogue)
    (tmp_path / "mine.txt").write_text(mine, encoding="utf-8")
    deck = tmp_path / "deck.txt"
    deck.write_text(legal_text, encoding="utf-8")
    covered = deck_coverage(
        checker.check_deck(read_decklist(str(deck))),
        read_collection(catalogue, str(tmp_path / "mine.txt")),
        checker,
    )
    assert covered.missing == 20
    assert f"owned {covered.owned} of {covered.needed}; missing {covered.missing}" in page.text
    link = re.search(r'id="buy-download" href="data:text/plain;charset=utf-8,([^"]*)"', page.text)
    assert link is not None
    buy = unquote(link.group(1))
    assert buy.startswith("Pokémon: 20\n") and "Total Cards: 20" in buy


def test_check_without_a_collection_has_no_owned_panel(client: TestClient, legal_text: str) -> None:
    page = client.post("/check", data={"deck": legal_text})
    assert page.status_code == 200 and 'id="owned"' not in page.text


def test_check_with_an_unreadable_collection_says_so(client: TestClient, legal_text: str) -> None:
    page = client.post("/check", data={"deck": legal_text, "collection": "Card,Qty\n"})
    assert page.status_code == 200  # the deck's verdict still stands
    assert "a header but no rows of cards" in page.text


def test_api_owned_counts_prints_that_judge_alike(client: TestClient, mine: str) -> None:
    ids = ["sv3-125", "sv3pt5-4", "no-such-id"]
    answer = client.post("/api/owned", json={"collection": mine, "ids": ids})
    assert answer.status_code == 200, answer.text
    owned = answer.json()["owned"]
    assert owned["sv3-125"] == 1  # the Totem is in the collection
    assert "no-such-id" not in owned
    assert answer.json()["label"] == "owned ×{n}"


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        (b"not json", 400, "send JSON"),
        (b"[]", 400, "send JSON"),
        (b'{"collection": 3, "ids": []}', 400, "collection"),
        (b'{"collection": "1 Pikachu", "ids": "sv3-125"}', 400, "ids"),
        (json.dumps({"collection": "1 Pikachu", "ids": ["x"] * 201}).encode(), 400, "at most"),
        (json.dumps({"collection": "1 Pikachu", "ids": ["x" * 61]}).encode(), 400, "ids"),
        (json.dumps({"collection": "a;qty\n1;2", "ids": []}).encode(), 400, "not a collection"),
        (b'{"collection": "1 Iono\\ud800", "ids": []}', 400, "lone surrogate"),
        (b'{"ids": ["sv3-125\\udfff"]}', 400, "lone surrogate"),
        (b'{"ids": [], "owned": {"zz": 1}}', 400, "owned set"),
        (b'{"ids": [], "owned": {"0123456789abcde": 1, "0123456789abcdef0": 1}}', 400, "owned"),
        (b'{"ids": [], "owned": {"0123456789ABCDEF": 1}}', 400, "owned set"),
        (b'{"ids": [], "owned": {"0123456789abcdef": true}}', 400, "owned set"),
        (b'{"ids": [], "owned": {"0123456789abcdef": 1.5}}', 400, "owned set"),
        (b'{"ids": [], "owned": {"0123456789abcdef": 1, "0123456789abcdee": -1}}', 400, "owned"),
        (b'{"ids": [], "owned": {"0123456789abcdef": 1000001}}', 400, "owned set"),
        (b'{"ids": [], "owned": {"0123456789abcde\\u00e9": 1}}', 400, "owned set"),
        (b'{"ids": [], "owned": {"0123456789abcde\\ud800": 1}}', 400, "owned set"),
        (json.dumps({"collection": "1 Iono\n" * 1000, "ids": []}).encode(), 400, "owned-set"),
        (json.dumps({"collection": "1 Pikachu\x00", "ids": []}).encode(), 400, "NUL"),
        (b'{"collection": "' + b"1 Pikachu\\n" * 120_000 + b'", "ids": []}', 413, "bytes"),
        (b"[" * 100_000 + b"]" * 100_000, 400, "send JSON"),
    ],
)
def test_api_owned_refuses_hostile_bodies_with_a_sentence(
    client: TestClient, body: bytes, status: int, words: str
) -> None:
    answer = client.post("/api/owned", content=body)
    assert answer.status_code == status, answer.text
    # past the body limit the app is never reached: the cap answers in plain text
    assert words in (answer.text if status == 413 else answer.json()["error"])


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"collection": ""}, "Paste your collection"),
        ({"collection": "Card,Quantity\n"}, "no rows of cards"),
        ({"collection": "Qty,Name\n1," + "x" * 140_000 + "\n"}, "131,072 characters"),
        ({"collection": "1 Iono PAL 185\n" + "x" * 140_000 + "\n"}, "131,072 characters"),
        ({"collection": "1 Pikachu\n" * 100_001}, "bytes"),
        ({"collection": "\n" * 100_001 + "1 Pikachu"}, "line limit"),
    ],
)
def test_the_collection_page_refuses_hostile_collections(
    client: TestClient, fields: dict[str, str], words: str
) -> None:
    page = client.post("/collection", data=fields)
    assert 400 <= page.status_code < 500, page.status_code
    assert words in page.text


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.text(max_size=300))
def test_any_pasted_collection_is_answered_without_a_server_error(
    client: TestClient, text: str
) -> None:
    page = client.post("/collection", data={"collection": text})
    assert page.status_code in (200, 400), page.status_code
    answer = client.post("/api/owned", json={"collection": text, "ids": ["sv3-125"]})
    assert answer.status_code in (200, 400), answer.text


def test_the_owned_set_is_computed_once_and_pages_send_only_ids(
    client: TestClient, catalogue: Catalogue
) -> None:
    text = "1 Ultra Ball BRS 186\n2 Iono PAL 185\n"
    page = client.post("/collection", data={"collection": text})
    shown = re.search(r'<script type="application/json" id="owned-set">(.*?)</script>', page.text)
    made = client.post("/api/owned-set", json={"collection": text})
    assert made.status_code == 200 and shown is not None
    owned = made.json()["owned"]
    assert json.loads(shown.group(1)) == owned and sorted(owned.values()) == [1, 2]
    ids = ["sv4pt5-91", "swsh9-186", "sv2-185", "sv1-1"]  # Ultra Ball PAF 91 judges alike
    keys = client.post("/api/owned", json={"ids": ids}).json()["keys"]
    assert [owned.get(keys[i], 0) for i in ids] == [1, 1, 2, 0]
    counted = client.post("/api/owned", json={"ids": ids, "owned": owned}).json()["owned"]
    assert counted == {"sv4pt5-91": 1, "swsh9-186": 1, "sv2-185": 2, "sv1-1": 0}
    assert "2 rows read, 2 matched, 0 unreadable, 0 guessed" in page.text


def test_spanish_words_on_the_page_and_in_the_api(client: TestClient, mine: str) -> None:
    headers = {"Accept-Language": "es-ES"}
    page = client.post("/collection", data={"collection": mine}, headers=headers)
    assert "Mi colección" in page.text and "Los Tótems que mejor construye" in page.text
    assert "copias de" in page.text and "Borrador" in page.text
    answer = client.post("/api/owned", json={"collection": mine, "ids": []}, headers=headers)
    assert answer.json() == {"owned": {}, "keys": {}, "label": "tienes ×{n}"}
