"""The /api page in a real browser: every operation listed, the document one click away."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser

from tests.web.test_browser import _open
from totemdeck.web.openapi_routes import OPERATIONS


@pytest.mark.browser
def test_the_api_page_shows_every_operation_and_links_the_document(
    browser: Browser, base_url: str
) -> None:
    page, problems = _open(browser, base_url)
    page.goto(f"{base_url}/api")
    assert page.locator("h1").inner_text() == "The totemdeck API"
    assert page.locator("section[id]").count() == len(OPERATIONS)
    assert "POST /check.json" in page.locator("#check_json_post h2").inner_text()
    with page.expect_navigation():
        page.click("a[href='/openapi.json']")
    document = json.loads(page.locator("body").inner_text())
    assert document["openapi"] == "3.1.0"
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{base_url}/api")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390 + 1, width  # no sideways scrolling on a phone
    assert not problems, problems
