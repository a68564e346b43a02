"""Fixtures for the web app: the app over the session's real catalogue, a client, decks."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from starlette.testclient import TestClient
from starlette.types import ASGIApp

from totemdeck.web import WebConfig, create_app

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLES = ROOT / "examples"
DECKS = ROOT / "tests" / "decks"

# Every `expect` waits for a state; its cap is only there so that a broken page fails rather
# than hangs. Playwright's default cap (5 s) is a speed test in disguise: on a busy 2-core
# machine (load 10–13) a suggestion list took longer than that to come, and a correct page
# failed. Actions already wait up to 30 s; so does every `expect` now.
expect.set_options(timeout=30_000)


@pytest.fixture(scope="session")
def web_config(catalogue_dir: Path) -> WebConfig:
    return WebConfig(catalogue=catalogue_dir, images=True)


@pytest.fixture(scope="session")
def web_app(web_config: WebConfig) -> ASGIApp:
    return create_app(web_config)


@pytest.fixture(scope="module")
def client(web_app: ASGIApp) -> Iterator[TestClient]:
    # The context manager keeps one event loop thread, as a uvicorn worker has.
    with TestClient(web_app, raise_server_exceptions=False) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def full_client(full_catalogue_dir: Path) -> Iterator[TestClient]:
    """The app over the whole catalogue, for the tests that need every print."""
    app = create_app(WebConfig(catalogue=full_catalogue_dir, images=True))
    with TestClient(app, raise_server_exceptions=False) as test_client:
        yield test_client


@pytest.fixture(scope="session")
def legal_text() -> str:
    return (EXAMPLES / "charizard-ex.txt").read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def illegal_text() -> str:
    return (EXAMPLES / "illegal-several-codes.txt").read_text(encoding="utf-8")


# The browser tests' shared fixtures: the app on a real socket, and Debian's chromium.
@pytest.fixture(scope="module")
def base_url(web_app: ASGIApp) -> Iterator[str]:
    from tests.helpers.live import live_server

    with live_server(web_app) as url:
        yield url


@pytest.fixture(scope="module")
def full_base_url(full_catalogue_dir: Path) -> Iterator[str]:
    """The app over the whole catalogue on a real socket, for the browser tests that build
    or search with cards of every set."""
    from tests.helpers.live import live_server

    with live_server(create_app(WebConfig(catalogue=full_catalogue_dir, images=True))) as url:
        yield url


@pytest.fixture(scope="session")
def chromium() -> Iterator[Browser]:
    """Chromium through Playwright, launched once per test process (a launch is ~1 s, and
    the browser pass has ~30 modules); a missing browser fails the test, never skips it."""
    from playwright.sync_api import sync_playwright

    from tests.helpers.live import CHROMIUM, CHROMIUM_ARGS

    if not CHROMIUM.is_file():
        pytest.fail(f"{CHROMIUM} is missing: `apt-get install -y chromium` (.ci/run does)")
    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def browser(chromium: Browser) -> Iterator[Browser]:
    """The one Chromium, and after each module every context it opened closed: no page of
    one module stays open (timers, memory) under the next."""
    yield chromium
    for context in list(chromium.contexts):
        context.close()
