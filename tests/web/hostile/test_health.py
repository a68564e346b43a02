"""Items 6 and 12 of issue 20: health tells the truth; 405 says what is allowed.

A damaged or missing catalogue is a 503 on every route (never the 400 that named the
server's path); ``/healthz`` checks the file itself, cached for a moment.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from totemdeck.web import WebConfig, create_app

PAGE = 4096
ROUTES = [
    "/",
    "/check?d=abc",
    "/build",
    "/cards?q=pikachu",
    "/cards/sv3-125",
    "/stats?d=abc",
    "/export?d=abc",
    "/api/cards?q=pikachu",
    "/api/totem/sv3-125",
    "/healthz",
]


def _garble_pages(path: Path) -> None:
    data = bytearray(path.read_bytes())
    for start in range(2 * PAGE, len(data), PAGE):
        data[start + 100 : start + 300] = b"\xa5" * 200
    path.write_bytes(bytes(data))


def _truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[:-1])


def _remove(path: Path) -> None:
    path.unlink()


DAMAGES: dict[str, Callable[[Path], None]] = {
    "garbled pages": _garble_pages,
    "truncated by a byte": _truncate,
    "removed": _remove,
}


@pytest.fixture
def fragile(catalogue_dir: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "cards"
    folder.mkdir()
    shutil.copy(catalogue_dir / "catalogue.sqlite", folder / "catalogue.sqlite")
    return folder


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_a_damaged_catalogue_is_503_on_every_route(fragile: Path, damage: str) -> None:
    app = create_app(WebConfig(catalogue=fragile, health_seconds=0))
    with TestClient(app, raise_server_exceptions=False) as client:
        assert client.get("/healthz").text == "ok\n"
        assert client.get("/api/cards", params={"q": "pikachu"}).status_code == 200
        DAMAGES[damage](fragile / "catalogue.sqlite")
        for route in ROUTES:
            answer = client.get(route)
            assert answer.status_code == 503, (route, answer.text[:300])
            assert str(fragile) not in answer.text and "/tmp" not in answer.text
            assert "Traceback" not in answer.text
        posted = client.post("/api/check", content=b"Totem: 1\n1 Charizard ex OBF 125\n")
        assert posted.status_code == 503
        assert "totemdeck import" in posted.json()["error"]


def test_health_is_cached_for_a_moment(fragile: Path) -> None:
    app = create_app(WebConfig(catalogue=fragile, health_seconds=3600))
    with TestClient(app) as client:
        assert client.get("/healthz").status_code == 200
        _truncate(fragile / "catalogue.sqlite")
        assert client.get("/healthz").status_code == 200  # not checked again yet


def test_a_read_that_meets_damage_is_503_without_the_path(fragile: Path) -> None:
    """Damage a read finds before the health check does: still 503, still no path."""
    app = create_app(WebConfig(catalogue=fragile, health_seconds=3600))
    with TestClient(app, raise_server_exceptions=False) as client:
        _garble_pages(fragile / "catalogue.sqlite")
        for route in ("/api/cards?q=name:pikachu", "/cards?q=charizard", "/cards/base1-4"):
            answer = client.get(route)
            assert answer.status_code in (200, 503), route  # cached pages may still read
            assert str(fragile) not in answer.text and "Traceback" not in answer.text


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [
        ("DELETE", "/check", {"GET", "HEAD", "POST"}),
        ("PUT", "/api/check", {"POST"}),
        ("PUT", "/cards", {"GET", "HEAD", "POST"}),  # POST: a search with a collection
        ("POST", "/healthz", {"GET", "HEAD"}),
    ],
)
def test_405_says_what_is_allowed(
    client: TestClient, method: str, path: str, allowed: set[str]
) -> None:
    answer = client.request(method, path)
    assert answer.status_code == 405
    assert {m.strip() for m in answer.headers["allow"].split(",")} == allowed
