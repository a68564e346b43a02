"""The Stats page and its JSON twin: odds of kept hands, the Invocation curve (issue 40)."""

from __future__ import annotations

import re

from starlette.testclient import TestClient


def _code(client: TestClient, text: str) -> str:
    page = client.post("/check", data={"deck": text})
    found = re.search(r'id="share-url"[^>]*value="[^"]*\?d=([A-Za-z0-9_-]+)"', page.text)
    assert found, "the verdict page has a share link"
    return found.group(1)


def test_going_first_draws_on_turn_one_in_the_json_twin(
    client: TestClient, legal_text: str
) -> None:
    code = _code(client, legal_text)
    params = {"d": code, "card": "Charmander", "turn": 1}
    first = client.get("/stats.json", params={**params, "first": "1"}).json()["odds"]["card"]
    second = client.get("/stats.json", params=params).json()["odds"]["card"]
    assert first["cards_seen"] == 8 and first["going_first"] is True
    assert first["p_drawn"] == second["p_drawn"]
