"""What every page handler shares: the library, the language, rendering, error pages — and
the one way a page answers JSON.

Each page is one handler over one library verb, and answers HTML or JSON by its address
(as Datasette's views do): the page's path with ``.json`` at its end (``/check.json``,
``/cards.json?q=…``, ``/cards/sv3-125.json``, ``/stats.json?d=…``) is its JSON twin, and
the older ``/api/…`` addresses are routes to the same handlers. ``answer`` gives the
template the handler's context, or the JSON the same verb result makes; ``error_page``
gives a plain page, or ``{"error": "…"}``, with the same status.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jinja2
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from totemdeck.api.deck import load_json
from totemdeck.i18n import SUPPORTED, _
from totemdeck.web.language import request_language
from totemdeck.web.security import API_PREFIX, wants_json_path
from totemdeck.web.security import JSON_SUFFIX as JSON_SUFFIX  # the twins use it too
from totemdeck.web.service import Library

# JSON answers depend on the request (the deck, the query): never cached on the way.
API_HEADERS = {"Cache-Control": "no-store"}


def library(request: Request) -> Library:
    lib: Library = request.app.state.library
    return lib


def language(request: Request) -> str:
    """The request's language (``LanguageMiddleware`` chose it)."""
    return request_language()


def wants_json(request: Request) -> bool:
    """Whether the request asked for a page's JSON twin (``….json`` or ``/api/…``)."""
    return wants_json_path(request.url.path)


def is_api(request: Request) -> bool:
    """Whether the request came by an older ``/api/…`` name (some keep their old defaults)."""
    return request.url.path.startswith(API_PREFIX)


def render(
    request: Request, template: str, context: dict[str, Any], status: int = 200
) -> HTMLResponse:
    """Render ``template`` in the request's language; every value is autoescaped."""
    env: jinja2.Environment = request.app.state.templates
    lang = language(request)
    here = request.url.path + (f"?{request.url.query}" if request.url.query else "")
    html = env.get_template(template).render(
        lang=lang, languages=SUPPORTED, here=here, path=request.url.path, **context
    )
    return HTMLResponse(html, status_code=status, headers={"Vary": "Cookie, Accept-Language"})


def public_url(request: Request, path: str) -> str:
    """The one way an absolute link is built (Table links, QR codes, share links): under
    ``TOTEMDECK_BASE_URL``, else ``path`` as it is (relative: the browser completes it from
    its own address). Never from the request's Host header, which a stranger chooses."""
    base: str | None = library(request).config.base_url
    return f"{base}{path}" if base else path


def json_body(body: bytes) -> tuple[Any, str | None]:
    """A JSON request body, or None and a sentence saying why it is refused (not UTF-8, not
    JSON, too deep, or text with an escaped lone surrogate such as ``\\ud800``, which no
    page could write out again): every JSON body a route reads goes through here."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return None, _("the request body is not UTF-8 text")
    return load_json(text)


def json_answer(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers=API_HEADERS)


def answer(
    request: Request,
    template: str,
    data: Any,
    context: Callable[[], dict[str, Any]],
    status: int = 200,
) -> Response:
    """The JSON twin's ``data`` (the JSON of the verb's result), or the page: ``template``
    over ``context()``, built from the same result only when the page is asked for (like
    Datasette's extra template context: a bot never pays for the page's arrangement)."""
    if wants_json(request):
        return json_answer(data, status)
    return render(request, template, context(), status)


def error_page(request: Request, status: int, title: str, message: str) -> Response:
    """A plain page saying what went wrong, never a traceback (JSON: ``{"error": …}``)."""
    if wants_json(request):
        return json_answer({"error": message.removesuffix(".")}, status)
    return render(request, "error.html", {"title": title, "message": message}, status)


def int_param(request: Request, name: str, default: int, low: int, high: int) -> int:
    """An integer query parameter, clamped to ``low..high``; absent or empty gives the default.

    Anything else that is not a whole number is refused (400), never silently replaced by
    the default: a program that sends ``limit=ten`` learns it instead of getting 20 rows.
    """
    raw = request.query_params.get(name, "").strip()
    if not raw:
        return default
    if len(raw) > 12 or not raw.lstrip("-").isdigit() or not raw.lstrip("-").isascii():
        message = _("{name} must be a whole number, not {value!r}").format(
            name=name, value=raw[:40]
        )
        raise HTTPException(400, message)
    return max(low, min(high, int(raw)))
