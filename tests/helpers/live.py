"""The web app on a real socket (uvicorn in a thread on 127.0.0.1), and Debian's chromium.

Used by the browser tests and by ``scripts/screenshots.py``.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

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
