"""``/openapi.json`` (the OpenAPI 3.1 document of every route) and ``/api``, the same as a
page people read: each path, what it takes and what it answers, with the schemas."""

from __future__ import annotations

import threading
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from totemdeck.web.openapi import document
from totemdeck.web.pages import json_answer, library, render

_LOCK = threading.Lock()


def _document(request: Request) -> dict[str, Any]:
    """The app's document, made once per app (its routes do not change while it runs)."""
    state = request.app.state
    with _LOCK:
        made = getattr(state, "openapi", None)
        if made is None:
            made = document(request.app.routes, library(request).config.base_url)
            state.openapi = made
    return made


def openapi_json(request: Request) -> Response:
    return json_answer(_document(request))


def api_docs(request: Request) -> Response:
    doc = _document(request)
    operations = [
        (path, method.upper(), operation)
        for path, methods in doc["paths"].items()
        for method, operation in methods.items()
    ]
    operations.sort(key=lambda row: (row[2]["tags"][0] != "json", row[0], row[1]))
    return render(request, "api.html", {"doc": doc, "operations": operations})


ROUTES = [
    Route("/openapi.json", openapi_json, name="openapi"),
    Route("/api", api_docs, name="api_docs"),
]
