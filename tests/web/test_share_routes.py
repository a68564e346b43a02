"""Share codes on every ``?d=`` route: a count of thousands of digits is a 400, not a 500
(issue 20.8), and no share link is ever built from the request's Host header (issue 20.9)."""

from __future__ import annotations

import base64
import re
import zlib

import pytest
from starlette.testclient import TestClient

from totemdeck.web import WebConfig, create_app

ROUTES = ["/check", "/build", "/stats", "/export", "/export/ptcgl", "/api/check"]


def _old_code(payload: bytes) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return "1" + base64.urlsafe_b64encode(packer.compress(payload) + packer.flush()).decode()


@pytest.mark.parametrize("route", ROUTES)
def test_a_count_of_4301_digits_is_a_400_everywhere(client: TestClient, route: str) -> None:
    code = _old_code(b"~" + b"9" * 4301 + b"*sv3-125").rstrip("=")
    method = client.post if route == "/api/check" else client.get
    answer = method(route, params={"d": code})
    assert answer.status_code == 400, answer.text[:200]
    assert "bad count" in answer.text


def _share_url(html: str) -> str:
    found = re.search(r'id="share-url"[^>]*value="([^"]*)"', html)
    assert found, "the verdict page has a share link"
    return found.group(1)


def test_share_links_never_trust_the_host_header(client: TestClient, legal_text: str) -> None:
    page = client.post("/check", data={"deck": legal_text}, headers={"Host": "attacker.invalid"})
    assert page.status_code == 200
    assert "attacker.invalid" not in page.text
    assert _share_url(page.text).startswith("/check?d=3")


def test_share_links_use_the_configured_base_url(web_config: WebConfig, legal_text: str) -> None:
    config = WebConfig(catalogue=web_config.catalogue, base_url="https://decks.example")
    with TestClient(create_app(config)) as client:
        page = client.post("/check", data={"deck": legal_text}, headers={"Host": "evil.invalid"})
    assert _share_url(page.text).startswith("https://decks.example/check?d=3")
    assert "evil.invalid" not in page.text


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("https://decks.example/", "https://decks.example"),
        ("http://127.0.0.1:8000", "http://127.0.0.1:8000"),
        ("https://decks.example/\n", "https://decks.example"),
        ("", None),
    ],
)
def test_the_base_url_comes_from_the_environment(value: str, expected: str | None) -> None:
    config = WebConfig.from_env({"TOTEMDECK_BASE_URL": value, "TOTEMDECK_CATALOGUE": "/x"})
    assert config.base_url == expected


@pytest.mark.parametrize("value", ["javascript:alert(1)", "https://a.example/x y", "https://"])
def test_a_base_url_no_link_can_start_with_stops_the_app(value: str) -> None:
    from totemdeck.sharecode import BadBaseUrl

    with pytest.raises(BadBaseUrl, match="TOTEMDECK_BASE_URL"):
        WebConfig.from_env({"TOTEMDECK_BASE_URL": value, "TOTEMDECK_CATALOGUE": "/x"})


@pytest.mark.parametrize("to", ["ptcgl", "json", "csv", "text"])
def test_an_exported_file_keeps_the_deck_name(client: TestClient, legal_text: str, to: str) -> None:
    from totemdeck.sharecode import SharedDeck, encode

    code = encode(SharedDeck.from_text(legal_text, "Fire, Dark & more"))
    exported = client.get(f"/export/{to}", params={"d": code})
    assert exported.status_code == 200
    report = client.post("/api/check", content=exported.content).json()
    assert report["legal"] and report["name"] == "Fire, Dark & more"
    page = client.get("/export", params={"d": code})
    assert "Deckname: Fire, Dark &amp; more" in page.text  # the PTCG Live box
