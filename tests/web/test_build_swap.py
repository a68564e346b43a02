"""The edit box's smaller answer (build_swap), without a browser: with htmx and the search
shown unchanged, an edit answers with the deck panel and the parts that depend on the deck,
each exactly as the whole page of the same deck draws it; otherwise (no htmx, another Totem,
another query or page) the redirect to the whole page, as before."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

from starlette.testclient import TestClient

from totemdeck.sharecode import decode

HTMX = {"HX-Request": "true"}
OOB = ' hx-swap-oob="true"'


def _key(page_text: str) -> str:
    found = re.search(r'name="shown-key" value="([^"]*)"', page_text)
    assert found, "the edit box names the search it was drawn with"
    return unescape(found.group(1))


def _page(client: TestClient, legal_text: str, **params: str) -> str:
    answer = client.post("/build", data={"deck": legal_text}, follow_redirects=False)
    code = answer.headers["location"].split("d=")[1]
    return client.get("/build", params={"d": code, **params}).text


def _edit(legal_text: str) -> str:
    edited = legal_text.replace("17 Basic Fire Energy", "16 Basic Fire Energy")
    assert edited != legal_text
    return edited


def test_an_htmx_edit_answers_with_the_deck_panel_and_what_depends_on_the_deck(
    client: TestClient, legal_text: str
) -> None:
    key = _key(_page(client, legal_text))
    answer = client.post("/build", data={"deck": _edit(legal_text), "shown-key": key}, headers=HTMX)
    assert answer.status_code == 200
    assert answer.headers["HX-Retarget"] == answer.headers["HX-Reselect"] == "#build-deck"
    assert answer.headers["HX-Reswap"].startswith("outerHTML")
    pushed = answer.headers["HX-Push-Url"]
    code = parse_qs(urlsplit(pushed).query)["d"][0]
    assert "16 Basic Fire Energy SVE 2" in decode(code).lines
    body = answer.text
    assert 'id="build-search"' not in body and 'class="grid"' not in body  # results stay
    assert '<b id="deck-count">99</b>' in body
    assert f'id="build-code"{OOB}' in body and f'value="{code}"' in body
    for part in ("build-tabs", "build-adds", "build-pager"):
        assert f'id="{part}"{OOB}' in body, part
    # every part is the whole page's own, as the pushed address draws it
    whole = client.get(pushed).text
    panel = body.split('<input type="hidden" name="d"')[0]
    alone = re.sub(r'<template id="result-parts">.*?</template>', "", panel, flags=re.S)
    assert " ".join(alone.split()) in " ".join(whole.split())
    parts = re.findall(r"<(?:span|div|nav|input)[^>]*hx-swap-oob[^>]*>", body)
    results = re.findall(r'<(?:span|div) class="(?:held|step-slot)" id=[^>]*>', body)
    assert len(parts) == 4 and len(results) > 2 * 10  # each result's badge and step
    for tag in parts + results:
        assert tag.replace(OOB, "") in whole, tag
    assert '<template id="result-parts">' in panel and "result-parts" not in whole


def test_the_edit_keeps_the_results_page_in_the_address(
    client: TestClient, legal_text: str
) -> None:
    key = _key(_page(client, legal_text, page="2"))
    assert "|1|" in key  # the second page (0-based)
    answer = client.post(
        "/build",
        data={"deck": _edit(legal_text), "shown-key": key, "page": "2"},
        headers=HTMX,
    )
    assert answer.status_code == 200
    assert parse_qs(urlsplit(answer.headers["HX-Push-Url"]).query)["page"] == ["2"]
    assert "Page 2 of" in answer.text  # the pager's part


def test_otherwise_the_edit_box_still_redirects_to_the_whole_page(
    client: TestClient, legal_text: str
) -> None:
    key = _key(_page(client, legal_text))
    edited = _edit(legal_text)
    cases = [
        ({"deck": edited, "shown-key": key}, {}),  # no JavaScript
        ({"deck": edited}, HTMX),  # a page drawn before the key (or the Totem stage)
        ({"deck": edited, "shown-key": key, "q": "t:supporter"}, HTMX),  # another search
        ({"deck": edited, "shown-key": key, "page": "3"}, HTMX),  # another page
        ({"deck": edited.replace("Charizard ex OBF 125", "Darkrai OBF 136", 1),
          "shown-key": key}, HTMX),  # another Totem
        ({"deck": "4 Charizard ex OBF 125", "shown-key": key}, HTMX),  # no Totem at all
    ]  # fmt: skip
    for data, headers in cases:
        answer = client.post("/build", data=data, headers=headers, follow_redirects=False)
        assert answer.status_code == 303, data.keys()
        assert "HX-Retarget" not in answer.headers
    only_totem = client.post(
        "/build", data={"deck": "Totem: 1\n1 Charizard ex OBF 125", "shown-key": key}, headers=HTMX
    )
    assert only_totem.status_code == 200  # same Totem, query and page: the results stay
