"""Every route through Starlette's TestClient: status, content, JSON against the schemas."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from totemdeck.files.schemas import first_error
from totemdeck.sharecode import SharedCard, encode, from_cards
from totemdeck.web import WebConfig, create_app

from .conftest import DECKS, EXAMPLES


def _code(client: TestClient, text: str) -> str:
    page = client.post("/check", files={"file": ("deck.txt", text.encode())})
    found = re.search(r'id="share-url"[^>]*value="[^"]*\?d=([A-Za-z0-9_-]+)"', page.text)
    assert found, "the verdict page has a share link"
    return found.group(1)


# -- Check ------------------------------------------------------------------------------------


def test_the_check_page_has_a_form(client: TestClient) -> None:
    for path in ("/", "/check"):
        page = client.get(path)
        assert page.status_code == 200
        assert '<textarea id="deck" name="deck"' in page.text
        assert 'type="file"' in page.text


@pytest.mark.parametrize("deck", sorted(EXAMPLES.glob("*.txt")), ids=lambda p: p.stem)
def test_pasted_and_uploaded_lists_get_the_cli_verdict(client: TestClient, deck: Path) -> None:
    text = deck.read_text(encoding="utf-8")
    expected = client.post("/api/check", content=text.encode()).json()
    for page in (
        client.post("/check", data={"deck": text}),
        client.post("/check", files={"file": (deck.name, text.encode())}),
    ):
        assert page.status_code == 200
        word = "LEGAL" if expected["legal"] else "NOT LEGAL"
        assert f'<strong class="verdict-word">{word}</strong>' in page.text
        for finding in expected["findings"]:
            assert f"<code>{finding['code']}</code>" in page.text


def test_the_verdict_groups_the_deck_the_way_players_read_it(
    client: TestClient, legal_text: str
) -> None:
    page = client.post("/check", data={"deck": legal_text}).text
    order = [page.index(f"<h3>{title} ") for title in ("Totem", "Pokémon", "Supporters",
                                                         "Items", "Energy")]  # fmt: skip
    assert order == sorted(order)
    assert "Invocation Cost" in page and "Prize cards" in page
    assert 'class="sym sym-R"' in page and 'class="sym sym-D"' in page  # identity symbols


def test_unknown_lines_show_their_suggestions(client: TestClient) -> None:
    text = (DECKS / "unknown-name.txt").read_text(encoding="utf-8")
    page = client.post("/check", data={"deck": text}).text
    assert "Lines that match no card" in page
    assert "Did you mean:" in page


@pytest.mark.parametrize(
    ("data", "status", "words"),
    [
        (b"", 400, "Paste a list or choose a file"),
        (b"\x00\x01binary", 400, "binary content"),
        (b"1 Pok\xe9mon Catcher\n", 400, "not UTF-8"),
        (b"1 Pikachu\n" * 5001, 400, "line limit"),
    ],
)
def test_unreadable_uploads_say_why_in_the_page(
    client: TestClient, data: bytes, status: int, words: str
) -> None:
    page = client.post("/check", files={"file": ("bad.txt", data)})
    assert page.status_code == status
    assert words in page.text
    assert "Traceback" not in page.text


def test_a_share_link_reproduces_the_verdict(client: TestClient, illegal_text: str) -> None:
    code = _code(client, illegal_text)
    page = client.get("/check", params={"d": code})
    assert page.status_code == 200
    assert "NOT LEGAL" in page.text
    direct = client.post("/check", data={"deck": illegal_text}).text
    codes = sorted(re.findall(r'<li class="finding \w+"><code>([a-z-]+)</code>', direct))
    shared = sorted(re.findall(r'<li class="finding \w+"><code>([a-z-]+)</code>', page.text))
    # the link names prints, so only the lines that matched no card are gone from it
    assert set(shared) <= set(codes)
    assert {"identity", "singleton", "banned", "deck-size"} <= set(shared)


def test_a_legal_share_link_is_legal_and_prefills_the_form(
    client: TestClient, legal_text: str
) -> None:
    page = client.get("/check", params={"d": _code(client, legal_text)})
    assert '<strong class="verdict-word">LEGAL</strong>' in page.text
    assert "Charizard ex OBF 125" in page.text  # the list, as PTCG Live text, in the form


@pytest.mark.parametrize("code", ["", "garbage", "1AAAA", "1" + "A" * 9000])
def test_a_bad_share_link_is_a_plain_400_page(client: TestClient, code: str) -> None:
    for path in ("/check", "/stats", "/export", "/export/ptcgl", "/build"):
        page = client.get(path, params={"d": code})
        if path in ("/check", "/build") and code == "":
            assert page.status_code == 200
            continue
        assert page.status_code == 400, path
        assert "Traceback" not in page.text


# -- Stats, Export ----------------------------------------------------------------------------


def test_stats_show_composition_odds_and_a_sample_hand(client: TestClient, legal_text: str) -> None:
    code = _code(client, legal_text)
    page = client.get("/stats", params={"d": code, "card": "Charmander", "turn": 3, "seed": 7})
    assert page.status_code == 200
    assert page.text.count('<svg class="bars"') >= 5
    assert '<svg class="curve"' in page.text
    assert "by turn 3 you have seen 10 cards" in page.text
    assert page.text.count('<figure class="tile ') >= 7  # the opening hand
    again = client.get("/stats", params={"d": code, "card": "Charmander", "turn": 3, "seed": 7})

    def hand(html: str) -> list[str]:
        section = html.split('id="hand"')[1]
        return re.findall(r'<span class="tc-code">([^<]+)</span>', section)

    assert len(hand(page.text)) >= 7
    assert hand(page.text) == hand(again.text)  # a seed in the URL gives the same hand


def test_a_deck_without_basics_can_never_keep_a_hand(client: TestClient) -> None:
    code = encode(from_cards([SharedCard("sv3-125", 1, True), SharedCard("sve-2", 99)]))
    page = client.get("/stats", params={"d": code})
    assert "no opening hand can ever be kept" in page.text


def test_export_offers_every_format_for_a_legal_deck(client: TestClient, legal_text: str) -> None:
    code = _code(client, legal_text)
    page = client.get("/export", params={"d": code})
    assert page.status_code == 200
    assert 'data-copy="#ptcgl-plain"' in page.text
    for to, media in (("ptcgl", "text/plain"), ("json", "application/json"),
                      ("csv", "text/csv"), ("text", "text/plain")):  # fmt: skip
        download = client.get(f"/export/{to}", params={"d": code})
        assert download.status_code == 200
        assert download.headers["content-type"].startswith(media)
        assert "attachment" in download.headers["content-disposition"]
    document = client.get("/export/json", params={"d": code}).json()
    assert first_error("deck", document) is None
    assert "Total Cards: 100" in client.get("/export/ptcgl", params={"d": code}).text


def test_export_refuses_an_illegal_deck(client: TestClient, illegal_text: str) -> None:
    code = _code(client, illegal_text)
    assert client.get("/export", params={"d": code}).status_code == 409
    refused = client.get("/export/ptcgl", params={"d": code})
    assert refused.status_code == 409
    assert "Only legal decks" in refused.text
    assert client.get("/export/docx", params={"d": code}).status_code == 404


# -- Build, Cards -----------------------------------------------------------------------------


def test_build_starts_by_choosing_a_totem(client: TestClient) -> None:
    page = client.get("/build", params={"q": "Charizard ex"})
    assert page.status_code == 200
    assert "Choose as Totem" in page.text
    assert 'data-card="sv3-125"' in page.text


def test_build_shows_the_verdict_and_the_steps(client: TestClient) -> None:
    code = encode(from_cards([SharedCard("sv3-125", 1, True), SharedCard("sve-2", 3)]))
    page = client.get("/build", params={"d": code, "q": "Charmander"})
    assert "NOT LEGAL" in page.text and "deck-size" in page.text
    assert '<b id="deck-count">4</b>' in page.text
    assert 'class="step more"' in page.text and 'class="step less"' in page.text
    adds = re.findall(r'form="build-form" name="card" value="([^"]+)" class="add"', page.text)
    assert adds, "each search result has an Add button of the page's one form"


def test_the_cards_grid_and_a_card_page(client: TestClient) -> None:
    grid = client.get("/cards", params={"q": "charizard"})
    assert grid.status_code == 200
    assert grid.text.count('<figure class="tile ') >= 10
    card = client.get("/cards/sv3-125")
    assert card.status_code == 200
    for words in ("Charizard ex", "Obsidian Flames", "Invocation Cost", "prints"):
        assert words in card.text
    assert client.get("/cards/no-such-card").status_code == 404


def test_a_card_page_gives_the_spanish_name(client: TestClient) -> None:
    page = client.get("/cards/sv3-125", params={"lang": "es"})
    assert "Spanish name" in page.text or "Nombre" in page.text


def test_a_card_with_an_escaped_id_has_a_page(client: TestClient) -> None:
    grid = client.get("/cards", params={"q": "unown", "prints": "1", "limit": "200"}).text
    links = set(re.findall(r'href="(/cards/[^"?]+)"', grid))
    assert "/cards/exu-%253F" in links  # the id "exu-%3F", escaped once more in the link
    # (the test client decodes a path twice; test_browser opens that link on a real server)
    for link in links - {"/cards/exu-%253F"}:
        assert client.get(link).status_code == 200, link


# -- JSON API ---------------------------------------------------------------------------------


@pytest.mark.parametrize("deck", sorted(DECKS.glob("*.txt"))[:12], ids=lambda p: p.stem)
def test_api_check_answers_the_report_schema(client: TestClient, deck: Path) -> None:
    answer = client.post("/api/check", content=deck.read_bytes())
    assert answer.status_code == 200
    assert first_error("report", answer.json()) is None


def test_api_check_reads_the_json_deck_document(client: TestClient, legal_text: str) -> None:
    code = _code(client, legal_text)
    document = client.get("/export/json", params={"d": code}).text
    answer = client.post(
        "/api/check", content=document, headers={"content-type": "application/json"}
    )
    assert answer.status_code == 200
    assert answer.json()["legal"] is True
    assert client.post("/api/check", params={"d": code}).json()["legal"] is True


def test_api_check_refuses_what_is_not_a_decklist(client: TestClient) -> None:
    for body in (b"", b"\x00\x00"):
        answer = client.post("/api/check", content=body)
        assert answer.status_code == 400
        assert answer.json()["error"]


def test_api_cards_and_totem(client: TestClient) -> None:
    cards = client.get("/api/cards", params={"q": "iono", "limit": 5}).json()
    assert 1 <= len(cards["cards"]) <= 5 and cards["total"] >= len(cards["cards"])
    assert all(first_error("card", {k: v for k, v in c.items() if k != "aliases"}) is None
               for c in cards["cards"])  # fmt: skip
    assert client.get("/api/cards").status_code == 400
    totem = client.get("/api/totem/sv3-125")
    assert totem.status_code == 200
    assert totem.json()["totem"]["invocation_cost"] == 4
    assert client.get("/api/totem/sve-2").status_code == 422
    assert client.get("/api/totem/nothing-1").status_code == 404


def test_the_page_speaks_spanish_when_asked(client: TestClient, illegal_text: str) -> None:
    page = client.post("/check", params={"lang": "es"}, data={"deck": illegal_text}).text
    assert '<html lang="es">' in page
    assert '<strong class="verdict-word">NO LEGAL</strong>' in page
    assert "Coste de Invocación" in page and "Comprobar" in page
    assert "Partidarios" in page  # the Supporters group
    english = client.post("/check", data={"deck": illegal_text}).text
    assert "Invocation Cost" in english and "Coste de Invocación" not in english


def test_the_language_cookie_and_accept_language_choose_the_language(client: TestClient) -> None:
    assert "Comprobar un mazo" in client.get("/check", headers={"accept-language": "es-ES"}).text
    client.cookies.set("lang", "es")
    try:
        assert "Comprobar un mazo" in client.get("/check").text
        assert "Check a deck" in client.get("/check", params={"lang": "en"}).text
    finally:
        client.cookies.clear()


def test_images_come_from_the_sources_and_can_be_turned_off(
    client: TestClient, web_config: WebConfig, legal_text: str
) -> None:
    page = client.post("/check", data={"deck": legal_text}).text
    assert '<img class="art" src="https://images.pokemontcg.io/sv3/125_hires.png"' in page
    without = WebConfig(catalogue=web_config.catalogue, images=False)
    with TestClient(create_app(without)) as plain:
        text = plain.post("/check", data={"deck": legal_text}).text
    assert "<img" not in text
    assert '<span class="tc-name">Charizard ex</span>' in text  # the text card stands in


# -- a deck's title on line 1 (issue 25) --------------------------------------------------------


@pytest.mark.parametrize(("first", "named"), [("Night March", True), ("Gengar", False)])
def test_a_title_on_line_one_names_the_deck_unless_it_is_a_card(
    client: TestClient, legal_text: str, first: str, named: bool
) -> None:
    text = f"{first}\n{legal_text}"
    answer = client.post("/api/check", content=text.encode()).json()
    assert first_error("report", answer) is None
    assert answer.get("name") == (first if named else None)
    assert any(
        f["code"] == "malformed-line" and "title" in f["message"] for f in answer["findings"]
    )
    page = client.post("/check", data={"deck": text}).text
    assert (f'<h1 class="deck-title">{first}</h1>' in page) is named
