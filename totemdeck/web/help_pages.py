"""The search syntax page (``/help/search``) and name autocomplete (``/api/names``).

The syntax page lists every key of the search language from the table the search itself
runs on (so it cannot fall behind), each with an example that links to its results.
"""

from __future__ import annotations

import threading

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from totemdeck.api.cards import NameIndex, name_index, search_keys
from totemdeck.i18n import _
from totemdeck.web.help_texts import KEY_HELP
from totemdeck.web.pages import int_param, library, render

_INDEXES: dict[str, NameIndex] = {}  # one per catalogue directory (a server has one)
_LOCK = threading.Lock()


def _index(request: Request) -> NameIndex:
    lib = library(request)
    key = str(lib.config.catalogue)
    with _LOCK:
        if key not in _INDEXES:
            _INDEXES.clear()  # bounded: only the catalogue in use is kept
            _INDEXES[key] = name_index(lib.catalogue)
        return _INDEXES[key]


def name_suggestions(request: Request, text: str, limit: int = 25) -> list[str]:
    """Up to ``limit`` names for what was typed (autocomplete here and on Discord)."""
    return _index(request).suggest(text, limit)


def api_names(request: Request) -> Response:
    """``["Charizard", "Charizard ex", …]``: up to 20 names for what was typed."""
    text = request.query_params.get("q", "")
    limit = int_param(request, "limit", 20, 1, 20)
    names = _index(request).suggest(text, limit)
    return JSONResponse(names, headers={"Cache-Control": "public, max-age=3600"})


def search_help(request: Request) -> Response:
    rows = search_keys()
    for row in rows:  # the descriptions in the page's language (help_texts marks them)
        row["help"] = _(row["help"]) if row["help"] in KEY_HELP else row["help"]
    return render(request, "help_search.html", {"keys": rows})


ROUTES = [
    Route("/api/names", api_names, name="api_names"),
    Route("/help/search", search_help, name="search_help"),
]
