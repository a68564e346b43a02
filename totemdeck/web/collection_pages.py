"""The web face of a player's collection: the Collection page (what was read, the Totems it
builds best, a first draft deck), owned and missing on Check, and ``POST /api/owned`` for
the "owned ×N" marks of Build and Cards.

The server keeps nothing: the collection lives in the browser (``static/app.js`` keeps it in
localStorage) and comes with each request that needs it; it is read once per request.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from totemdeck.api.cards import Card
from totemdeck.api.collection import (
    best_totems,
    collection_format_title,
    deck_coverage,
    draft_for,
    owned_copies,
    read_collection_bytes,
)
from totemdeck.api.deck import CheckedDeck, DecklistError
from totemdeck.errors import UsageError  # an unreadable collection (CollectionError) is one
from totemdeck.i18n import _
from totemdeck.report.collection import render_buy_list, render_draft
from totemdeck.web.pages import json_answer, json_body, language, library, render

if TYPE_CHECKING:
    from totemdeck.api.collection import Collection

# The marks of one page: Build and Cards show at most 100 results and a deck 100 lines.
MAX_IDS = 200
MAX_ID = 60
BEST = 20


def format_title(key: str) -> str:
    """The collection app a file came from, in words."""
    return collection_format_title(key) or _("a decklist")


def read_posted(request: Request, data: bytes, name: str) -> Collection:
    """The collection in posted bytes (``DecklistError`` / ``CollectionError`` if unreadable)."""
    limit = library(request).config.max_body
    return read_collection_bytes(library(request).catalogue, data, name, limit)


async def collection_page(request: Request) -> Response:
    """GET: the form; POST: what the collection holds, its best Totems, a draft deck."""
    if request.method == "GET":
        return await run_in_threadpool(render, request, "collection.html", {"text": ""})
    try:
        async with request.form(max_files=1, max_fields=4) as form:
            upload = form.get("file")
            pasted = form.get("collection")
            totem = form.get("totem")
            if isinstance(upload, UploadFile) and upload.filename:
                data = await upload.read(library(request).config.max_body + 1)
                name = upload.filename[:100]
            else:
                data = (pasted if isinstance(pasted, str) else "").encode("utf-8")
                name = _("pasted collection")
    except HTTPException as exc:
        return render(request, "collection.html", {"text": "", "problem": f"{exc.detail}."}, 400)
    wanted = totem[:MAX_ID] if isinstance(totem, str) else ""
    return await run_in_threadpool(_answer, request, data, name, wanted)


def _draft(request: Request, collection: Collection, totem: Card) -> dict[str, Any]:
    checker = library(request).checker(language(request))
    draft = draft_for(checker, collection, totem)
    head = render_draft(draft, totem, language(request)).split("\n", 1)[0]
    return {"card": totem, "head": head, "text": draft.text(), "legal": draft.report.legal}


def _answer(request: Request, data: bytes, name: str, wanted: str) -> Response:
    if not data.strip():
        problem = _("Paste your collection or choose a file.")
        return render(request, "collection.html", {"text": "", "problem": problem}, 400)
    try:
        collection = read_posted(request, data, name)
    except (DecklistError, UsageError) as exc:
        text = data.decode("utf-8", "replace") if len(data) <= 64 * 1024 else ""
        return render(request, "collection.html", {"text": text, "problem": str(exc)}, 400)
    checker = library(request).checker(language(request))
    ranked = best_totems(checker, collection, BEST)
    chosen = library(request).catalogue.get(wanted) if wanted else None
    totem = chosen or (ranked[0][1] if ranked else None)
    context: dict[str, Any] = {
        "text": data.decode("utf-8", "replace"),
        "collection": collection,
        "format": format_title(collection.format),
        "distinct": len({tuple(c.id for c in h.candidates) for h in collection.holdings}),
        "ranked": ranked,
        "draft": _draft(request, collection, totem) if totem is not None else None,
    }
    return render(request, "collection.html", context)


def coverage_context(request: Request, checked: CheckedDeck, text: str) -> dict[str, Any]:
    """What Check adds when a collection came with the deck: owned, missing, the buy list."""
    if not text.strip():
        return {}
    context: dict[str, Any] = {"collection_text": text}
    try:
        collection = read_posted(request, text.encode("utf-8"), _("your collection"))
    except (DecklistError, UsageError) as exc:
        context["owned"] = {"problem": str(exc)}
        return context
    covered = deck_coverage(checked, collection, library(request).checker(language(request)))
    buy = render_buy_list(covered, "ptcgl", language(request)) if covered.missing else ""
    context["owned"] = {
        "problem": None,
        "covered": covered,
        "buy": buy,
        "download": "data:text/plain;charset=utf-8," + quote(buy, safe=""),
        "unknown": len(collection.findings),
    }
    return context


def _owned_request(body: bytes) -> tuple[str, list[str]] | str:
    """The collection and the ids of a ``POST /api/owned`` body, or what is wrong with it."""
    asked, problem = json_body(body)  # a lone surrogate (\ud800) is refused here, not a 500
    if problem is not None:
        return f"{problem}; " + _('send JSON: {"collection": "…", "ids": ["sv3-125", …]}')
    if not isinstance(asked, dict):
        return _('send JSON: {"collection": "…", "ids": ["sv3-125", …]}')
    text, ids = asked.get("collection"), asked.get("ids")
    if not isinstance(text, str) or not text.strip():
        return _('"collection" must be the text of a collection')
    if not isinstance(ids, list) or not all(isinstance(i, str) and len(i) <= MAX_ID for i in ids):
        return _('"ids" must be a list of card ids')
    if len(ids) > MAX_IDS:
        return _("at most {n} card ids at a time").format(n=MAX_IDS)
    return text, ids


async def api_owned(request: Request) -> Response:
    """``{"collection": text, "ids": [...]}`` → ``{"owned": {id: copies}, "label": …}``."""
    body = await request.body()
    return await run_in_threadpool(_owned, request, body)


def _owned(request: Request, body: bytes) -> Response:
    asked = _owned_request(body)
    if isinstance(asked, str):
        return json_answer({"error": asked}, 400)
    text, ids = asked
    try:
        collection = read_posted(request, text.encode("utf-8"), _("your collection"))
    except (DecklistError, UsageError) as exc:
        return json_answer({"error": str(exc)}, 400)
    lib = library(request)
    owned = owned_copies(lib.catalogue, collection, ids, lib.checker(language(request)))
    return json_answer({"owned": owned, "label": _("owned ×{n}")})


ROUTES = [
    Route("/collection", collection_page, methods=["GET", "POST"], name="collection"),
    Route("/api/owned", api_owned, methods=["POST"], name="api_owned"),
]
