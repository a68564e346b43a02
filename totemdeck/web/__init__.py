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
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp

from totemdeck.i18n import _
from totemdeck.web import api, build_page, card_pages, deck_pages, help_pages, table_pages
from totemdeck.web.language import LanguageMiddleware
from totemdeck.web.pages import error_page
from totemdeck.web.security import BodyLimit, BodyTooLarge, SecurityHeaders
from totemdeck.web.service import Library, WebConfig
from totemdeck.web.templating import TEMPLATES, environment

__all__ = ["WebConfig", "create_app"]

STATIC = TEMPLATES.parent / "static"


async def _health(request: Request) -> Response:
    return PlainTextResponse("ok\n")


def _wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/")


async def _http_error(request: Request, exc: Exception) -> Response:
    status = exc.status_code if isinstance(exc, HTTPException) else 500
    titles = {404: _("Not found"), 405: _("Not allowed"), 400: _("Bad request")}
    detail = exc.detail if isinstance(exc, HTTPException) else "error"
    if _wants_json(request):
        return JSONResponse({"error": str(detail)}, status_code=status)
    if status == 404:
        message = _("There is no page here. Start from Check, Build or Cards.")
    else:
        message = str(detail)
    return error_page(request, status, titles.get(status, _("Error")), message)


async def _too_large(request: Request, exc: Exception) -> Response:
    limit = request.app.state.library.config.max_body
    message = _("The request body is over {limit} bytes; a decklist is at most 1 MiB.").format(
        limit=limit
    )
    if _wants_json(request):
        return JSONResponse({"error": message}, status_code=413)
    return error_page(request, 413, _("Too large"), message)


async def _server_error(request: Request, exc: Exception) -> Response:
    """Any bug: a plain page (the traceback goes to the server's log, not the player)."""
    if _wants_json(request):
        return JSONResponse({"error": "internal error"}, status_code=500)
    try:
        return error_page(
            request, 500, _("Something broke"), _("The server could not answer this request.")
        )
    except Exception:  # the error page itself failed: the plainest answer there is
        return PlainTextResponse("Internal error\n", status_code=500)


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
        *api.ROUTES,
        *help_pages.ROUTES,
        Route("/healthz", _health, name="health"),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        debug=False,
        routes=routes,
        exception_handlers={
            HTTPException: _http_error,
            BodyTooLarge: _too_large,
            Exception: _server_error,
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
