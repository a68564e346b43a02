"""``own:`` on the web (issues 36.8, 37.6, 38.4): the Cards page sends the browser's
collection with a search that uses ``own:``, and /help/search's ``own:`` example works."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect
from starlette.testclient import TestClient

from tests.web.test_browser import _open

pytestmark = pytest.mark.full_mirrors("more basic Energy prints than one page of results")

MINE = "3 Boss's Orders PAL 172\n1 Iono PAL 185\n10 Basic Fire Energy SVE 2\n"


def test_a_posted_collection_is_what_own_reads(full_client: TestClient) -> None:
    client = full_client  # more basic Energy than a page
    answer = client.post("/cards.json?q=own:+t:supporter", data={"collection": MINE})
    assert answer.status_code == 200, answer.text
    names = {c["name"] for c in answer.json()["cards"]}
    assert {"Boss's Orders (Ghetsis)", "Iono"} <= names or {"Boss's Orders", "Iono"} & names
    assert all("Supporter" in c["subtypes"] for c in answer.json()["cards"])
    page = client.post("/cards?q=own:+t:energy&prints=1", data={"collection": MINE})
    assert page.status_code == 200 and "data-collection-sent" in page.text
    assert page.text.count('class="item"') > 20  # every Basic Fire Energy print


def test_own_without_a_collection_says_how_on_the_web(client: TestClient) -> None:
    answer = client.get("/cards.json?q=own:")
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert "Collection page" in error and "--collection" not in error


def test_an_unreadable_collection_is_a_400_with_a_sentence(client: TestClient) -> None:
    answer = client.post("/cards?q=own:", data={"collection": "1 x\n" * 100_001})
    assert answer.status_code == 400 and "100000" in answer.text.replace(",", "")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_help_pages_own_example_lists_owned_cards(
    browser: Browser, base_url: str, lang: str
) -> None:
    page, problems = _open(browser, base_url)
    page.goto(f"{base_url}/collection")
    page.evaluate(f"localStorage.setItem('totemdeck.collection', {MINE!r})")
    page.goto(f"{base_url}/help/search?lang={lang}")
    example = page.locator("#key-own a.example")
    with page.expect_navigation(url=re.compile(r"/cards\?q=own")):
        example.click()
    grid = page.locator(".grid[data-collection-sent]")
    expect(grid).to_be_attached()
    names = page.locator(".grid .item .caption > a").all_inner_texts()
    assert names and page.locator(".problem").count() == 0
    assert any(
        n.startswith(("Iono", "Boss", "Órdenes", "Energía", "Basic", "Fire")) for n in names
    ), names
    # the first answer (the GET, no collection in it) is the 400 whose page sends it
    assert all("status of 400" in p for p in problems) and len(problems) <= 1, problems
