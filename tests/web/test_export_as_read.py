"""The web's exports and a deck with lines no one print stands for (an ambiguous name-only
line, a line that names no card, one that is no card line): such a deck is not legal, and the
web exports legal decks only, so every export link refuses it (409, "Only legal decks"),
never writing one reading of the line; its share link keeps every line as written."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from totemdeck.sharecode import SharedDeck, decode, encode

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
EXTRA = ["1 Charmander", "1 Blorpzilla", "please add two more"]


@pytest.fixture(scope="module")
def code() -> str:
    text = (EXAMPLES / "charizard-ex.txt").read_text("utf-8")
    text = text.replace("1 Charmander PAF 7", "\n".join(EXTRA))
    return encode(SharedDeck.from_text(text))


@pytest.mark.parametrize(
    "path", ["/export", "/export.json", "/export/ptcgl", "/export/json", "/export/csv",
             "/export/text"],
)  # fmt: skip
def test_every_export_link_refuses_a_deck_with_lines_read_as_written(
    client: TestClient, code: str, path: str
) -> None:
    answer = client.get(path, params={"d": code})
    assert answer.status_code == 409, answer.text[:300]
    assert "attachment" not in answer.headers.get("content-disposition", "")
    assert "legal" in answer.text
    assert "Charmander PAF" not in answer.text and "Charmander MEW" not in answer.text


def test_the_check_page_names_each_such_line_and_the_link_keeps_it(
    client: TestClient, code: str
) -> None:
    report = client.get("/check.json", params={"d": code}).json()
    codes = {f["code"] for f in report["findings"]}
    assert {"ambiguous-card", "unknown-card", "malformed-line"} <= codes, codes
    assert all(line in decode(code).lines for line in EXTRA)
