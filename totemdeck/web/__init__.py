"""``totemdeck serve``: the web app, a thin face of the library like the CLI.

``create_app(config)`` builds the ASGI app; ``totemdeck.web:app`` builds one from the
environment (``TOTEMDECK_CATALOGUE`` …) the first time it is asked for, so
``uvicorn totemdeck.web:app --workers 4`` works and every worker is alike (stateless: the
deck lives in the URL, the catalogue is read-only).
"""

from __future__ import annotations

from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp

from totemdeck.catalogue.errors import CatalogueError
from totemdeck.web import api, build_page, card_pages, deck_pages, errors
from totemdeck.web.errors import CatalogueGate
from totemdeck.web.language import LanguageMiddleware
from totemdeck.web.security import BodyLimit, BodyTooLarge, SecurityHeaders
from totemdeck.web.service import Library, WebConfig
from totemdeck.web.templating import TEMPLATES, environment

__all__ = ["WebConfig", "create_app"]

STATIC = TEMPLATES.parent / "static"


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
        *api.ROUTES,
        Route("/healthz", _health, name="health"),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        debug=False,
        routes=routes,
        middleware=[Middleware(CatalogueGate, library=library)],
        exception_handlers={
            HTTPException: errors.http_error,
            BodyTooLarge: errors.too_large,
            CatalogueError: errors.catalogue_broken,
            Exception: errors.server_error,
        },
    )
    app.state.library = library
    app.state.templates = environment(images=config.images)
    return BodyLimit(SecurityHeaders(LanguageMiddleware(app)), config.max_body)


_app: ASGIApp | None = None


def __getattr__(name: str) -> Any:
    """``totemdeck.web:app`` for uvicorn: built from the environment on first use."""
    global _app
    if name == "app":
        if _app is None:
            _app = create_app()
        return _app
    raise AttributeError(name)
