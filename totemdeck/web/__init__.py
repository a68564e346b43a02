"""``totemdeck serve``: the web app, a thin face of the library like the CLI.

``create_app(config)`` builds the ASGI app; ``totemdeck.web:app`` builds one from the
environment (``TOTEMDECK_CATALOGUE`` …) the first time it is asked for, so
``uvicorn totemdeck.web:app --workers 4`` works and every worker is alike (stateless: the
deck lives in the URL, the catalogue is read-only).
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

from anyio import to_thread
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp

from totemdeck.api.cards import CatalogueError
from totemdeck.base.errors import TotemdeckError
from totemdeck.web import (
    api_pages,
    build_page,
    card_pages,
    collection_pages,
    deck_pages,
    discord_pages,
    errors,
    help_pages,
    language,
    print_pages,
    table_pages,
)
from totemdeck.web.errors import CatalogueGate
from totemdeck.web.language import LanguageMiddleware
from totemdeck.web.security import BodyLimit, BodyTooLarge, BodyTooSlow, SecurityHeaders
from totemdeck.web.service import Library, WebConfig
from totemdeck.web.templating import TEMPLATES, environment

__all__ = ["WebConfig", "create_app"]

STATIC = TEMPLATES.parent / "static"
# uvicorn's exit code for a worker that cannot start (its supervisor then stops, not retries)
STARTUP_FAILURE = 3


def _lifespan(threads: int) -> Callable[[Starlette], AbstractAsyncContextManager[None]]:
    """Size the thread pool the handlers run in: each thread keeps its own catalogue
    connection and checker (~4 MB), and the GIL gains nothing from more threads than a few."""

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        to_thread.current_default_thread_limiter().total_tokens = threads
        yield

    return lifespan


async def _health(request: Request) -> Response:
    """``ok`` while the catalogue reads (``CatalogueGate`` answers 503 before this otherwise)."""
    return PlainTextResponse("ok\n", headers={"Cache-Control": "no-store"})


def create_app(config: WebConfig | None = None) -> ASGIApp:
    """The ASGI app over the catalogue of ``config`` (default: from the environment).

    Raises ``CatalogueMissing`` when there is no catalogue yet (run ``totemdeck import``).
    """
    config = config or WebConfig.from_env()
    library = Library(config)
    routes: list[Route | Mount] = [
        *deck_pages.ROUTES,
        *build_page.ROUTES,
        *card_pages.ROUTES,
        *table_pages.ROUTES,
        *collection_pages.ROUTES,
        *help_pages.ROUTES,
        *print_pages.ROUTES,
        *api_pages.ROUTES,
        *discord_pages.ROUTES,
        *language.ROUTES,
        Route("/healthz", _health, name="health"),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        debug=False,
        routes=routes,
        middleware=[Middleware(CatalogueGate, library=library)],
        lifespan=_lifespan(config.thread_count),
        exception_handlers={
            HTTPException: errors.http_error,
            BodyTooLarge: errors.too_large,
            BodyTooSlow: errors.too_slow,
            CatalogueError: errors.catalogue_broken,
            Exception: errors.server_error,
        },
    )
    app.state.library = library
    if config.discord_public_key:  # a bad key stops the start here, in one line
        from totemdeck.discord.signature import Verifier

        app.state.discord = Verifier(config.discord_public_key)
    app.state.templates = environment(images=config.images)
    return BodyLimit(SecurityHeaders(LanguageMiddleware(app)), config.max_body, config.body_seconds)


_app: ASGIApp | None = None


def __getattr__(name: str) -> Any:
    """``totemdeck.web:app`` for uvicorn: built from the environment on first use."""
    global _app
    if name == "app":
        if _app is None:
            try:
                _app = create_app()
            except TotemdeckError as exc:
                # the worker of `uvicorn totemdeck.web:app`: one line, then uvicorn's
                # "startup failure" code, so its supervisor stops instead of restarting
                print(f"totemdeck: error: {exc}", file=sys.stderr, flush=True)
                raise SystemExit(STARTUP_FAILURE) from None
        return _app
    raise AttributeError(name)
