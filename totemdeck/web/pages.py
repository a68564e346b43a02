"""What every page handler shares: the library, the language, rendering, error pages."""

from __future__ import annotations

from typing import Any

import jinja2
from starlette.requests import Request
from starlette.responses import HTMLResponse

from totemdeck.web.language import LANGUAGES, request_language
from totemdeck.web.service import Library


def library(request: Request) -> Library:
    lib: Library = request.app.state.library
    return lib


def language(request: Request) -> str:
    """The request's language (``LanguageMiddleware`` chose it)."""
    return request_language()


def render(
    request: Request, template: str, context: dict[str, Any], status: int = 200
) -> HTMLResponse:
    """Render ``template`` in the request's language; every value is autoescaped."""
    env: jinja2.Environment = request.app.state.templates
    lang = language(request)
    here = request.url.path + (f"?{request.url.query}" if request.url.query else "")
    html = env.get_template(template).render(
        lang=lang, languages=LANGUAGES, here=here, path=request.url.path, **context
    )
    return HTMLResponse(html, status_code=status, headers={"Vary": "Cookie, Accept-Language"})


def error_page(request: Request, status: int, title: str, message: str) -> HTMLResponse:
    """A plain page saying what went wrong, never a traceback."""
    return render(request, "error.html", {"title": title, "message": message}, status)


def int_param(request: Request, name: str, default: int, low: int, high: int) -> int:
    """An integer query parameter, clamped to ``low..high``; junk gives the default."""
    raw = request.query_params.get(name, "")
    try:
        value = int(raw[:10])
    except ValueError:
        return default
    return max(low, min(high, value))
