"""Items 1 and 2 of issue 20: a page costs what its input costs.

A 5,000-line list answers in under 1 MB of HTML, whatever its lines are (one card repeated,
distinct cards, names that match nothing); every page and API answer grows linearly with the
lines; a JSON deck is counted before it is validated. Their times are `make bench`'s
(long-decks), never a test's: a shared machine stretches any clock.
"""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

from totemdeck.catalogue.read import Catalogue
from totemdeck.decklist import jsondeck
from totemdeck.decklist.jsondeck import MAX_ENTRIES
from totemdeck.decklist.read import MAX_LINES, decklist_from_bytes
from totemdeck.decklist.resolve import SUGGESTION_BUDGET
from totemdeck.sharecode import MAX_ENTRIES as SHARE_ENTRIES
from totemdeck.sharecode import SharedCard, from_cards
from totemdeck.sharecode import encode as encode_deck

TOTEM = "Totem: 1\n1 Charizard ex OBF 125\n\nPokémon: 1\n"
MEGABYTE = 1_000_000
# (measured: 0.3–0.6 s warm, 1–1.5 s for 5,000 distinct cards read cold, at load average 20)


def _repeated(n: int, catalogue: Catalogue) -> str:
    return TOTEM + "1 Charmander PAF 7\n" * n


def _distinct(n: int, catalogue: Catalogue) -> str:
    ids = _ids(catalogue, n)
    return TOTEM + "".join(f"1 {card_id}\n" for card_id in ids)


def _unknown(n: int, catalogue: Catalogue) -> str:
    return TOTEM + "".join(f"1 Zyxwvut Qqq{i}\n" for i in range(n))


def _ids(catalogue: Catalogue, n: int) -> list[str]:
    rows = catalogue._db.execute("SELECT id FROM cards ORDER BY id LIMIT ?", (n,)).fetchall()
    return [str(row[0]) for row in rows]


SHAPES = {"one card repeated": _repeated, "distinct cards": _distinct, "unknown names": _unknown}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_5000_line_list_is_a_small_page(
    client: TestClient, catalogue: Catalogue, shape: str
) -> None:
    text = SHAPES[shape](MAX_LINES - 10, catalogue)
    page = client.post("/check", data={"deck": text})
    assert page.status_code == 200
    assert "NOT LEGAL" in page.text
    assert len(page.content) < MEGABYTE, len(page.content)
    # its time is measured by `make bench long-decks` (a test on a shared machine cannot)
    answer = client.post("/api/check", content=text.encode())
    assert answer.status_code == 200
    # every finding once (the report names each wrong line): a few hundred bytes a line
    assert len(answer.content) < 400 * MAX_LINES


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_pages_grow_linearly_with_the_lines(
    client: TestClient, catalogue: Catalogue, shape: str
) -> None:
    """Twice the lines, at most about twice the bytes (a quadratic page would be 4×)."""
    sizes = {}
    for n in (1000, 2000):
        text = SHAPES[shape](n, catalogue)
        sizes[n] = (
            len(client.post("/check", data={"deck": text}).content),
            len(client.post("/api/check", content=text.encode()).content),
        )
    for small, large in zip(sizes[1000], sizes[2000], strict=True):
        assert large <= 2.3 * small, sizes


def test_a_finding_about_every_line_is_shown_once(client: TestClient) -> None:
    page = client.post("/check", data={"deck": _repeated(2000, None)}).text  # type: ignore[arg-type]
    assert page.count("<code>singleton</code>") == 1
    assert 'href="#finding-' in page  # the rows point at it


def test_the_build_page_of_a_long_share_code_is_bounded(client: TestClient) -> None:
    sizes = []
    for n in (SHARE_ENTRIES // 4, SHARE_ENTRIES - 1):
        code = encode_deck(
            from_cards([SharedCard("sv3-125", 1, True)] + [SharedCard("sv4pt5-7", 1)] * n)
        )
        for route in ("/build", "/check", "/stats", "/export"):
            answer = client.get(route, params={"d": code})
            assert answer.status_code < 500
            assert len(answer.content) < MEGABYTE, (route, len(answer.content))
        sizes.append(len(client.get("/build", params={"d": code}).content))
    assert sizes[1] <= 4.5 * sizes[0]  # 4× the entries: linear, not 16×


def _json_deck(entries: list[object]) -> bytes:
    document = {"format": "totem", "version": 1, "totem": [], "cards": entries}
    return json.dumps(document, separators=(",", ":")).encode()


@pytest.fixture
def no_schema_walk(monkeypatch: pytest.MonkeyPatch) -> None:
    """ "At once" as a state: the entry count refuses the deck before the schema walks it
    (300,000 schema errors were what made it slow), so the validator must not be called."""

    def walked(*_args: object) -> None:
        raise AssertionError("the schema walked a deck the entry limit refuses")

    monkeypatch.setattr(jsondeck, "first_error", walked)


@pytest.mark.usefixtures("no_schema_walk")
def test_a_json_deck_of_300000_bad_entries_is_refused_at_once() -> None:
    data = _json_deck([0] * 300_000)
    assert len(data) < 1024 * 1024
    deck = decklist_from_bytes(data, "big.json")
    assert len(deck.problems) == 1
    assert "300000 entries" in deck.problems[0].message
    assert str(MAX_ENTRIES) in deck.problems[0].message


def test_a_json_deck_within_the_limit_names_its_first_schema_error() -> None:
    deck = decklist_from_bytes(_json_deck([0] * (MAX_ENTRIES - 1)), "bad.json")
    assert len(deck.problems) == 1
    assert "cards[0]" in deck.problems[0].message


@pytest.mark.usefixtures("no_schema_walk")
def test_the_api_refuses_a_huge_json_deck_quickly(client: TestClient) -> None:
    answer = client.post("/api/check", content=_json_deck([0] * 300_000))
    assert answer.status_code == 200  # read: one malformed-line finding, a clear verdict
    assert "entry limit" in answer.text


def test_suggestions_have_a_budget_per_deck(client: TestClient) -> None:
    """Item 3: "did you mean" (~1 ms a name) for the first names only, the rest say so."""
    names = "".join(f"1 Charizzard Number {i}\n" for i in range(SUGGESTION_BUDGET + 15))
    report = client.post("/api/check", content=(TOTEM + names).encode()).json()
    unknown = [f for f in report["findings"] if f["code"] == "unknown-card"]
    assert len(unknown) == SUGGESTION_BUDGET + 15
    skipped = [f for f in unknown if f["context"].get("suggestions_skipped")]
    assert len(skipped) == 15
    assert all(f"first {SUGGESTION_BUDGET} unknown names" in f["message"] for f in skipped)
    assert all(f["context"]["suggestions"] for f in unknown[:SUGGESTION_BUDGET])
    again = client.post("/api/check", content=(TOTEM + names).encode()).json()
    assert again == report  # the budget is per deck, not per server
