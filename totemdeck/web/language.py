"""The page's language: chosen per request, set for the whole request, used by templates;
the switch (``/lang``) remembers a choice.

The language comes from ``?lang=``, else the ``lang`` cookie the switch sets, else the
browser's Accept-Language, else English. ``LanguageMiddleware`` sets it with
``totemdeck.i18n.use_language`` around the request, so the templates' ``_()`` and every
library message built while answering speak it (a context variable: one per request).
"""

from __future__ import annotations

from collections.abc import Mapping

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from totemdeck.i18n import SUPPORTED, current_language, use_language

LANGUAGE_NAMES = {"en": "English", "es": "Español"}
COOKIE = "lang"


def pick_language(
    query: Mapping[str, str], cookies: Mapping[str, str], accept_language: str | None
) -> str:
    """``?lang=`` first, then the ``lang`` cookie the switch sets, then the browser's wish."""
    for wanted in (query.get("lang"), cookies.get(COOKIE)):
        if wanted in SUPPORTED:
            return str(wanted)
    for part in (accept_language or "").split(",")[:10]:
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in SUPPORTED:
            return tag
    return "en"


def request_language() -> str:
    """The language of the request being answered (set by ``LanguageMiddleware``)."""
    return current_language()


class LanguageMiddleware:
    """Speak the request's language while it is answered."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        lang = pick_language(
            request.query_params, request.cookies, request.headers.get("accept-language")
        )
        with use_language(lang):
            await self.app(scope, receive, send)


def switch_language(request: Request) -> Response:
    """Remember the chosen language in a cookie and go back (only to a page of this site)."""
    wanted = request.query_params.get("to", "en")
    back = request.query_params.get("next", "/")
    if not back.startswith("/") or back.startswith("//") or "\\" in back or "\n" in back:
        back = "/"
    response = RedirectResponse(back, status_code=303)
    if wanted in SUPPORTED:
        response.set_cookie(COOKIE, wanted, max_age=365 * 24 * 3600, samesite="lax")
    return response


ROUTES = [Route("/lang", switch_language, name="lang")]
