"""The web's Print: the page, the two PDFs (read back), the refusals, and a real browser that
clicks Print on a verdict and downloads the sheet."""

from __future__ import annotations

import io
import re
from collections import Counter
from pathlib import Path

import pytest
from playwright.sync_api import Browser
from starlette.testclient import TestClient

from tests.web.test_browser import _open, _paste

pypdf = pytest.importorskip("pypdf", reason="pypdf is a dev dependency (make install)")

MM = 72 / 25.4


def _code(client: TestClient, text: str) -> str:
    page = client.post("/check", data={"deck": text})
    found = re.search(r'href="/print\?d=([^"&]+)"', page.text)
    assert found, "the verdict offers Print"
    return found.group(1)


def _pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages)


def test_the_print_page_offers_both_sheets_on_both_papers(
    client: TestClient, legal_text: str
) -> None:
    code = _code(client, legal_text)
    page = client.get("/print", params={"d": code})
    assert page.status_code == 200
    for kind in ("proxies", "sheet"):
        for paper in ("a4", "letter"):
            assert f"/print/{kind}.pdf?d={code}&amp;paper={paper}" in page.text


def test_the_papers_are_the_drawing_s_papers_named_once() -> None:
    """Issue 39.5: the page, its OpenAPI entry and the front door offer the papers the
    drawing knows (printing.paper.PAPERS), not a copy of their names."""
    from totemdeck.api.printing import PAPERS
    from totemdeck.printing.paper import PAPERS as SIZES
    from totemdeck.web import openapi_routes, print_pages

    assert PAPERS == tuple(SIZES) == ("a4", "letter")
    assert print_pages.PAPERS is PAPERS
    assert "PAPERS" in openapi_routes.__dict__ and openapi_routes.PAPERS is PAPERS


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_sheet_pdf_reads_back_through_check(
    client: TestClient, legal_text: str, paper: str
) -> None:
    code = _code(client, legal_text)
    answer = client.get("/print/sheet.pdf", params={"d": code, "paper": paper})
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/pdf"
    assert f'filename="totem-deck-sheet-{paper}.pdf"' in answer.headers["content-disposition"]
    again = client.post("/api/check", content=_pdf_text(answer.content).encode()).json()
    assert again["legal"] and again["totem"]["name"] == "Charizard ex"
    width = float(pypdf.PdfReader(io.BytesIO(answer.content)).pages[0].mediabox.width) / MM
    assert width == pytest.approx(210 if paper == "a4" else 215.9, abs=0.5)


def test_the_proxies_pdf_holds_every_copy(client: TestClient, legal_text: str) -> None:
    code = _code(client, legal_text)
    answer = client.get("/print/proxies.pdf", params={"d": code})
    assert answer.status_code == 200
    pages = pypdf.PdfReader(io.BytesIO(answer.content)).pages
    assert len(pages) == 12  # 100 cards, nine a page
    lines = Counter(_pdf_text(answer.content).splitlines())
    assert lines["Charizard ex"] == 1


def test_an_illegal_deck_prints_only_when_asked(client: TestClient, illegal_text: str) -> None:
    code = _code(client, illegal_text)
    refused = client.get("/print/sheet.pdf", params={"d": code})
    assert refused.status_code == 409
    page = client.get("/print", params={"d": code})
    assert "illegal=1" in page.text and "not legal" in page.text
    asked = client.get("/print/proxies.pdf", params={"d": code, "illegal": "1"})
    assert asked.status_code == 200
    assert (
        "NOT LEGAL in the Totem Format"
        in pypdf.PdfReader(io.BytesIO(asked.content)).pages[0].extract_text()
    )


@pytest.mark.parametrize(
    ("path", "params", "status"),
    [
        ("/print/poster.pdf", {"d": "x"}, 404),
        ("/print/sheet.pdf", {"paper": "a5", "d": "x"}, 404),
        ("/print/sheet.pdf", {}, 400),
        ("/print/sheet.pdf", {"d": "not-a-code"}, 400),
        ("/print", {}, 400),
    ],
)
def test_bad_requests_get_a_sentence(
    client: TestClient, path: str, params: dict[str, str], status: int
) -> None:
    answer = client.get(path, params=params)
    assert answer.status_code == status
    assert "<h1>" in answer.text


def test_more_cards_than_a_deck_holds_is_refused(client: TestClient) -> None:
    text = "Totem: 1\n1 Charizard ex OBF 125\nEnergy: 250\n250 Fire Energy SVE 2\n"
    code = _code(client, text)
    answer = client.get("/print/proxies.pdf", params={"d": code, "illegal": "1"})
    assert answer.status_code == 413 and "at most 200" in answer.text


@pytest.mark.browser
def test_print_from_the_verdict_in_a_browser(
    browser: Browser, base_url: str, legal_text: str, tmp_path: Path
) -> None:
    page, problems = _open(browser, base_url, accept_downloads=True)
    _paste(page, base_url, legal_text)
    with page.expect_navigation():
        page.click("nav.deck-actions a:has-text('Print')")
    assert page.locator("h1").inner_text() == "Print"
    with page.expect_download() as download:
        page.click("a:has-text('Registration sheet (PDF)') >> nth=0")
    saved = tmp_path / "sheet.pdf"
    download.value.save_as(saved)
    assert "Verdict: LEGAL under banlist.yaml" in _pdf_text(saved.read_bytes())
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.locator("a:has-text('Proxies (PDF)')").first.is_visible()
    assert not problems, problems


# A list with a line of each kind no one print stands for (ambiguous, no card, no card line).
HELD_TEXT = (
    "Totem:\n1 Charizard ex OBF 125\nPokemon:\n3 Charmander\n2 Blorpzilla\n"
    "see you at worlds!\nEnergy:\n20 Basic Fire Energy SVE 2\n"
)


def test_the_print_page_says_which_lines_print_as_placeholders(
    client: TestClient, legal_text: str
) -> None:
    page = client.get("/print", params={"d": _code(client, HELD_TEXT)})
    assert page.text.count('class="problem print-note"') == 2
    assert "3 lines are printed as placeholder proxies" in page.text
    assert "3 lines are written as the list has them" in page.text
    assert "print-note" not in client.get("/print", params={"d": _code(client, legal_text)}).text


@pytest.mark.browser
@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_the_placeholder_note_in_a_browser(browser: Browser, base_url: str, phone: bool) -> None:
    """The Print page shows the note beside its buttons, on a desktop and on a phone (where
    it wraps, never scrolls sideways); the proxies it downloads hold the placeholders."""
    screen = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
    page, problems = _open(browser, base_url, accept_downloads=True, **(screen if phone else {}))
    _paste(page, base_url, HELD_TEXT)
    with page.expect_navigation():
        page.click("nav.deck-actions a:has-text('Print')")
    note = page.locator(".print-note").first
    assert note.is_visible()
    assert "placeholder proxies" in note.inner_text() and "6 (not a card line)" in note.inner_text()
    box = note.bounding_box()
    assert box is not None and box["x"] + box["width"] <= page.viewport_size["width"]
    if phone:
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    with page.expect_download() as download:
        page.click("a:has-text('Proxies (PDF)') >> nth=0")
    text = _pdf_text(Path(download.value.path()).read_bytes())
    assert text.count("AMBIGUOUS LINE") == 3 and text.count("NOT A CARD LINE") == 1
    assert not problems, problems
