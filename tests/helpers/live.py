"""The web app on a real socket (uvicorn in a thread on 127.0.0.1), and Debian's chromium.

Used by the browser tests and by the screenshot scripts (``scripts/*screenshots.py``).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import uvicorn
from starlette.types import ASGIApp

CHROMIUM = Path(os.environ.get("TOTEMDECK_CHROMIUM", "/usr/bin/chromium"))
# Flags for a headless run with no network of its own (no updates, sync or first-run work).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@contextmanager
def live_server(app: ASGIApp, timeout: float = 20.0) -> Iterator[str]:
    """Serve ``app`` on a free port of 127.0.0.1; yields its base URL, stops on exit."""
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="live-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + timeout
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the web app did not start")
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout)


def local_pages(app: ASGIApp, sizes: dict[str, dict[str, int]]) -> Iterator[tuple[str, str, Any]]:
    """``(base URL, size name, page)``: a Chromium page at each viewport of ``sizes`` over
    ``app`` on a real socket, reaching only the app (text cards, no images). For the
    screenshot scripts; each page's context closes when the next is asked for."""
    from playwright.sync_api import Route, sync_playwright

    with live_server(app) as base, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            for size, viewport in sizes.items():
                context = browser.new_context(viewport=viewport, device_scale_factor=1)
                page = context.new_page()

                def only_local(route: Route) -> None:
                    (route.continue_ if route.request.url.startswith(base) else route.abort)()

                page.route("**/*", only_local)
                yield base, size, page
                context.close()
        finally:
            browser.close()
