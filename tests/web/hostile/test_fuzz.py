"""Hostile share codes and query strings on every route: an answer, never a 5xx.

Share codes are drawn three ways: any text, text of the code alphabet, and real DEFLATE
codes of arbitrary payloads (so the decoder's inner checks are reached, not only its
first). Query strings are any names and values. (Query nesting is bounded elsewhere, so
``q`` values here stay short.)
"""

from __future__ import annotations

import base64
import zlib
from urllib.parse import urlencode

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from totemdeck.sharecode import VERSION, SharedCard, from_cards
from totemdeck.sharecode import encode as encode_deck

DECK_ROUTES = ["/check", "/build", "/stats", "/export", "/export/ptcgl", "/export/json",
               "/check.json", "/stats.json", "/export.json"]  # fmt: skip
ROUTES = [*DECK_ROUTES, "/", "/cards", "/cards/sv3-125", "/api/cards", "/api/totem/sv3-125",
          "/cards.json", "/cards/sv3-125.json", "/table.json", "/lang", "/healthz"]  # fmt: skip
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LEGAL_CODE = encode_deck(from_cards([SharedCard("sv3-125", 1, True), SharedCard("sv4pt5-7", 4)]))


def _deflated(payload: str) -> str:
    squeezer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = squeezer.compress(payload.encode("utf-8", "surrogatepass")) + squeezer.flush()
    return VERSION + base64.urlsafe_b64encode(raw).decode().rstrip("=")


PAYLOADS = st.text(alphabet="0123456789*,~-abcsv.!?%x ", max_size=120) | st.text(max_size=60)
CODES = st.one_of(
    st.text(max_size=300),
    st.text(
        alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", max_size=400
    ),
    PAYLOADS.map(_deflated),
    st.integers(0, len(LEGAL_CODE)).map(lambda cut: LEGAL_CODE[:cut]),
)


def _never_5xx(client: TestClient, method: str, url: str) -> None:
    answer = client.request(method, url)
    assert answer.status_code < 500, (url, answer.status_code, answer.text[:300])
    assert "Traceback" not in answer.text


@SETTINGS
@given(route=st.sampled_from(DECK_ROUTES), code=CODES)
def test_any_share_code_on_any_deck_route(client: TestClient, route: str, code: str) -> None:
    _never_5xx(client, "GET", route + "?" + urlencode({"d": code}))


@SETTINGS
@given(code=CODES)
def test_any_share_code_on_the_api(client: TestClient, code: str) -> None:
    _never_5xx(client, "POST", "/api/check?" + urlencode({"d": code}))


NAMES = st.sampled_from(["d", "q", "limit", "prints", "card", "turn", "first", "seed", "plain",
                         "to", "next", "lang"]) | st.text(max_size=10)  # fmt: skip
VALUES = st.text(max_size=16) | st.integers(-(10**30), 10**30).map(str)


@SETTINGS
@given(route=st.sampled_from(ROUTES), params=st.lists(st.tuples(NAMES, VALUES), max_size=6))
def test_any_query_string_on_any_route(
    client: TestClient, route: str, params: list[tuple[str, str]]
) -> None:
    _never_5xx(client, "GET", route + "?" + urlencode(params))


@SETTINGS
@given(route=st.sampled_from(ROUTES), raw=st.binary(max_size=80))
def test_any_raw_query_bytes_on_any_route(client: TestClient, route: str, raw: bytes) -> None:
    query = "".join(chr(b) if chr(b).isalnum() or chr(b) in "=&" else f"%{b:02X}" for b in raw)
    _never_5xx(client, "GET", route + "?" + query)
