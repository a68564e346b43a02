"""What the app answers when a request cannot be served: each a plain page (or, for a JSON
twin, ``….json`` or under ``/api/``, ``{"error": …}``) with a sentence, never a traceback
and never a server path.

A damaged or missing catalogue is the server's fault, not the request's: 503 on every route
(``CatalogueGate`` asks the library's cached health before routing), the real reason in the
server's log only.
"""

from __future__ import annotations

import logging

from anyio import to_thread
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from totemdeck.i18n import _
from totemdeck.web.pages import error_page, wants_json
from totemdeck.web.service import Library

LOG = logging.getLogger("totemdeck.web")


async def http_error(request: Request, exc: Exception) -> Response:
    status = exc.status_code if isinstance(exc, HTTPException) else 500
    headers = (exc.headers if isinstance(exc, HTTPException) else None) or {}
    titles = {404: _("Not found"), 405: _("Not allowed"), 400: _("Bad request")}
    detail = exc.detail if isinstance(exc, HTTPException) else "error"
    response: Response
    if wants_json(request):
        response = JSONResponse({"error": str(detail)}, status_code=status)
    else:
        if status == 404:
            message = _("There is no page here. Start from Check, Build or Cards.")
        else:
            message = str(detail)
        response = error_page(request, status, titles.get(status, _("Error")), message)
    response.headers.update(headers)  # 405's Allow (RFC 9110 §15.5.6)
    return response


async def too_large(request: Request, exc: Exception) -> Response:
    limit = request.app.state.library.config.max_body
    message = _("The request body is over {limit} bytes; a decklist is at most 1 MiB.").format(
        limit=limit
    )
    if wants_json(request):
        return JSONResponse({"error": message}, status_code=413)
    return error_page(request, 413, _("Too large"), message)


async def too_slow(request: Request, exc: Exception) -> Response:
    message = _("The request body did not arrive in time; send it again.")
    headers = {"Connection": "close"}
    if wants_json(request):
        return JSONResponse({"error": message}, status_code=408, headers=headers)
    response = error_page(request, 408, _("Too slow"), message)
    response.headers.update(headers)
    return response


# A refused request may come again soon: a check takes well under a second.
BUSY_RETRY_SECONDS = 2


def busy(request: Request) -> Response:
    """Every worker thread is taken and the queue for them is full: 503 + Retry-After."""
    message = _(
        "The server is answering as many requests as it can right now; send this again in "
        "a few seconds."
    )
    headers = {"Retry-After": str(BUSY_RETRY_SECONDS), "Cache-Control": "no-store"}
    if wants_json(request):
        return JSONResponse({"error": message}, status_code=503, headers=headers)
    response = error_page(request, 503, _("Busy"), message)
    response.headers.update(headers)
    return response


def unavailable_message() -> str:
    return _(
        "The card catalogue of this server cannot be read; the people who run it have to "
        "rebuild it (totemdeck import). Try again later."
    )


async def catalogue_broken(request: Request, exc: Exception) -> Response:
    """A read met a damaged catalogue: 503, the reason (with its path) to the log only."""
    LOG.error("catalogue: %s", exc)
    return unavailable(request)


def unavailable(request: Request) -> Response:
    headers = {"Retry-After": "60", "Cache-Control": "no-store"}
    if wants_json(request):
        return JSONResponse({"error": unavailable_message()}, status_code=503, headers=headers)
    try:
        response: Response = error_page(
            request, 503, _("Catalogue unavailable"), unavailable_message()
        )
    except Exception:  # pragma: no cover - the page itself failed: the plainest answer
        response = PlainTextResponse(unavailable_message() + "\n", status_code=503)
    response.headers.update(headers)
    return response


async def server_error(request: Request, exc: Exception) -> Response:
    """Any bug: a plain page (the traceback goes to the server's log, not the player)."""
    if wants_json(request):
        return JSONResponse({"error": "internal error"}, status_code=500)
    try:
        return error_page(
            request, 500, _("Something broke"), _("The server could not answer this request.")
        )
    except Exception:  # the error page itself failed: the plainest answer there is
        return PlainTextResponse("Internal error\n", status_code=500)


def queued() -> int:
    """Requests of this process waiting for a worker thread (anyio's limiter: the pool
    Starlette runs handlers and ``run_in_threadpool`` in). On the event loop only."""
    waiting: int = to_thread.current_default_thread_limiter().statistics().tasks_waiting
    return waiting


# Answered without a worker thread: they are never refused for want of one.
NO_THREAD = ("/healthz", "/static/")


class CatalogueGate:
    """503 for every request while the library's catalogue is damaged or missing, and for
    a request that would join a full queue for the worker threads (``config.queue``): a
    middleware inside Starlette, so the error page can render."""

    def __init__(self, app: ASGIApp, library: Library) -> None:
        self.app = app
        self.library = library

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            path = scope["path"]
            if not path.startswith(NO_THREAD) and queued() >= self.library.config.queue:
                await busy(Request(scope, receive))(scope, receive, send)
                return
            if self.library.health_due():  # a probe reads the file: never on the loop
                problem = await run_in_threadpool(self.library.health)
            else:
                problem = self.library.health()
            if problem is not None:
                LOG.error("catalogue: %s", problem)
                request = Request(scope, receive)
                if scope["path"] == "/healthz":
                    answer: Response = PlainTextResponse("catalogue unavailable\n", status_code=503)
                else:
                    answer = unavailable(request)
                await answer(scope, receive, send)
                return
        await self.app(scope, receive, send)
