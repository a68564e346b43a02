"""Build's routes without a browser: the edit box, counts, pages, badges, filters, name
autocomplete, the search help page and Stats' "did you mean"."""

from __future__ import annotations

import re
from html import unescape

import pytest
from starlette.testclient import TestClient

from totemdeck.catalogue.search.keys import KEYS
from totemdeck.sharecode import SharedCard, decode, encode, from_cards

pytestmark = pytest.mark.full_mirrors("the names of every print in both languages")


def _code(page_text: str) -> str:
    found = re.search(r'id="share-url"[^>]*value="[^"]*\?d=([A-Za-z0-9_-]+)"', page_text)
    assert found
    return found.group(1)


def test_the_edit_box_makes_the_deck_and_keeps_its_name(
    client: TestClient, legal_text: str
) -> None:
    answer = client.post(
        "/build", data={"deck": legal_text, "name": "  Fire  deck "}, follow_redirects=False
    )
    assert answer.status_code == 303
    code = answer.headers["location"].split("d=")[1].split("&")[0]
    assert decode(code).name == "Fire deck"
    page = client.get(answer.headers["location"])
    assert "LEGAL" in page.text and 'value="Fire deck"' in page.text


def test_a_count_field_sets_the_count_and_returns_to_the_row(client: TestClient) -> None:
    code = encode(from_cards([SharedCard("sv3-125", 1, True), SharedCard("sve-2", 3)]))
    answer = client.get("/build", params={"d": code, "line": 4, "n": 30}, follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"].endswith("#line-4")
    page = client.get(answer.headers["location"].split("#")[0])
    assert '<b id="deck-count">31</b>' in page.text


def test_results_have_pages_and_badges_and_no_add_for_a_second_copy(
    client: TestClient, legal_text: str
) -> None:
    code = _code(client.post("/check", data={"deck": legal_text}).text)
    page = client.get("/build", params={"d": code, "q": "Charmander"})
    assert "in deck ×1" in page.text
    charmander = re.search(r'data-card="(sv4pt5-7)"', page.text)
    assert charmander is None  # already in the deck (singleton): no Add
    first = client.get("/build", params={"d": code})
    assert "Page 1 of" in first.text and 'rel="next"' in first.text
    second = client.get("/build", params={"d": code, "page": 2})
    assert "Page 2 of" in second.text and 'rel="prev"' in second.text


@pytest.mark.parametrize("path", ["/cards", "/build"])
def test_filter_buttons_write_the_query(client: TestClient, path: str) -> None:
    code = encode(from_cards([SharedCard("sv3-125", 1, True)]))
    page = client.get(path, params={"q": "charizard", "d": code})
    if path == "/cards":
        found = re.findall(r'class="filter[^"]*" href="([^"]+)"', page.text)
        links = [unescape(x) for x in found]
        assert any("q=charizard+t%3Asupporter" in link for link in links), links
        on = client.get(path, params={"q": "charizard t:supporter", "d": code})
        assert 'aria-current="true"' in on.text
        return
    # Build: a button of the one form that toggles its own term in what the box holds
    assert 'name="toggle" value="t:supporter"' in page.text
    answer = client.get(
        path, params={"q": "charizard", "d": code, "toggle": "t:supporter"}, follow_redirects=False
    )
    assert "q=charizard+t%3Asupporter" in answer.headers["location"]
    on = client.get(answer.headers["location"])
    assert re.search(r'value="t:supporter" class="filter active"[^>]*aria-pressed="true"', on.text)
    off = client.get(
        path, params={"q": "Charizard T:Supporter", "d": code, "toggle": "t:supporter"},
        follow_redirects=False,
    )  # fmt: skip
    assert "q=Charizard&" in off.headers["location"] + "&"
    swapped = client.get(
        path, params={"q": "charizard t:pokemon", "d": code, "toggle": "t:supporter"},
        follow_redirects=False,
    )  # fmt: skip
    assert "q=charizard+t%3Asupporter" in swapped.headers["location"]  # one card type


def test_name_autocomplete_answers_in_both_languages(full_client: TestClient) -> None:
    client = full_client  # names in both languages of every print
    client.get("/api/names", params={"q": "x"})  # the index is built on first use
    names = client.get("/api/names", params={"q": "chariz"}).json()
    assert names[0].startswith("Charizard") and len(names) <= 20
    assert any("Supercaña" in n for n in client.get("/api/names", params={"q": "supercañ"}).json())
    assert client.get("/api/names", params={"q": ""}).json() == []
    for text in ("pika", "ultra b", "iono", "basic fire", "professor", "boss"):
        answer = client.get("/api/names", params={"q": text})
        assert answer.status_code == 200 and 0 < len(answer.json()) <= 20, (text, answer.json())
    # its speed (p50 <= 20 ms server-side) is measured by `make bench build`


def test_the_search_help_lists_every_key_with_an_example_that_runs(client: TestClient) -> None:
    page = client.get("/help/search")
    assert page.status_code == 200
    for key in KEYS:
        assert f'id="key-{key.name}"' in page.text
        answer = client.get("/cards", params={"q": key.example})
        # own: reads a collection, which a web search is not sent (the page marks owned cards)
        assert answer.status_code == (400 if key.name == "own" else 200), key.example
    spanish = client.get("/help/search", headers={"Accept-Language": "es"})
    assert "Cómo buscar cartas" in spanish.text


def test_stats_says_did_you_mean_for_a_misspelt_card(client: TestClient, legal_text: str) -> None:
    code = _code(client.post("/check", data={"deck": legal_text}).text)
    page = client.get("/stats", params={"d": code, "card": "Charmandr"})
    assert "Did you mean" in page.text
    assert re.search(r'card=Charmander[^"]*#odds">Charmander</a>', page.text)


def test_a_card_page_has_every_attack_ability_weakness_and_print(client: TestClient) -> None:
    page = unescape(client.get("/cards/sv3-125").text)
    for words in ("Infernal Reign", "search your deck for up to 3 Basic Fire Energy",
                  "Burning Darkness", "180+", "30 more damage for each Prize card",
                  "Weakness", "Retreat", "prints"):  # fmt: skip
        assert words in page, words


def test_add_these_n_is_a_form_that_adds_each_card_that_fits(client: TestClient) -> None:
    """Without JavaScript: ``?add=shown`` redirects to the grown deck, which says what it
    added and skipped; the same page again adds nothing more (each name is in)."""
    code = encode(from_cards([SharedCard("sv3-125", 1, True)]))
    query = "(s:CRZ cn:20) or (s:ASR cn:27) or (s:ASR cn:46) or (s:UNB cn:165)"
    page = client.get("/build", params={"d": code, "q": query})
    assert "Add 1 card<" in page.text and 'name="add" value="shown"' in page.text
    assert "Outside the identity" in page.text and "Banned" in page.text  # marks, in words
    answer = client.get("/build", params={"d": code, "q": query, "add": "shown"},
                        follow_redirects=False)  # fmt: skip
    assert answer.status_code == 303
    grown = client.get(answer.headers["location"])
    said = re.search(r'id="added-note">(.*?)</p>', grown.text)
    assert said
    note = unescape(said.group(1))
    assert note.startswith("Added 1 card. Skipped 3: ")
    assert "Radiant Heatran (one more than the format allows of its kind)" in note
    assert "Radiant Greninja (outside the Totem's identity)" in note
    assert "Chip-Chip Ice Axe (banned)" in note
    lines = decode(answer.headers["location"].split("d=")[1].split("&")[0]).lines
    assert lines.count("1 swsh12pt5-20") == 1 and not [x for x in lines if "swsh10-27" in x]
    assert 'id="add-shown"' not in grown.text  # nothing left that may go in


@pytest.mark.parametrize(
    ("query", "lang", "mark"),
    [
        ("is:ace t:tool", "en", "ACE SPEC"),
        ("is:radiant", "en", "Radiant"),
        ("is:star", "en", "Pokémon ★"),
        ("is:banned", "en", "Banned"),
        ("is:radiant", "es", "Radiante"),
        ("is:banned", "es", "Prohibida"),
    ],
)
def test_cards_results_wear_their_marks_in_words(
    client: TestClient, query: str, lang: str, mark: str
) -> None:
    page = client.get("/cards", params={"q": query, "lang": lang})
    marks = re.findall(
        r'<span class="mark [^"]*">(?:<span aria-hidden="true">⚠ </span>)?([^<]*)<', page.text
    )
    assert marks and set(marks) == {mark}, marks  # every result of the query, and only it


def test_every_key_description_is_marked_for_translation() -> None:
    from totemdeck.web.help_texts import KEY_HELP

    assert {key.help for key in KEYS} <= KEY_HELP  # a new or reworded key: add it there


def test_the_spanish_search_help_describes_every_key_in_spanish(client: TestClient) -> None:
    from totemdeck.i18n import translations

    english = client.get("/help/search", params={"lang": "en"}).text
    spanish = client.get("/help/search", params={"lang": "es"}).text
    catalogue = translations("es")
    for key in KEYS:
        said = catalogue.gettext(key.help)
        assert said != key.help, key.name
        assert said in unescape(spanish) and said not in unescape(english), key.name


def test_the_count_button_is_not_called_expansion_in_spanish(client: TestClient) -> None:
    """ "Set" the count, not a card's "Set" (Expansión): its own message."""
    code = encode(from_cards([SharedCard("sv3-125", 1, True), SharedCard("sve-2", 3)]))
    page = client.get("/build", params={"d": code, "lang": "es"})
    buttons = re.findall(
        r'<button type="submit" form="build-form" class="set"[^>]*>([^<]*)</button>', page.text
    )
    assert buttons == ["Fijar"], buttons
