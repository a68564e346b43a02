"""The page's language: chosen per request, set for the whole request, used by templates.

The language comes from ``?lang=``, else the ``lang`` cookie the switch sets, else the
browser's Accept-Language, else English. ``LanguageMiddleware`` sets it with
``totemdeck.i18n.use_language`` around the request, so the templates' ``_()`` and every
library message built while answering speak it (a context variable: one per request).
"""

from __future__ import annotations

from collections.abc import Mapping

from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from totemdeck.i18n import SUPPORTED, current_language, use_language

LANGUAGES = SUPPORTED
LANGUAGE_NAMES = {"en": "English", "es": "Español"}
COOKIE = "lang"


def pick_language(
    query: Mapping[str, str], cookies: Mapping[str, str], accept_language: str | None
) -> str:
    """``?lang=`` first, then the ``lang`` cookie the switch sets, then the browser's wish."""
    for wanted in (query.get("lang"), cookies.get(COOKIE)):
        if wanted in LANGUAGES:
            return str(wanted)
    for part in (accept_language or "").split(",")[:10]:
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in LANGUAGES:
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
