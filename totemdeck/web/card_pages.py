"""The Cards pages: a search grid, and one card with its text, prints and Totem numbers —
each with its JSON twin (``/cards.json?q=…``, ``/cards/sv3-125.json``; ``/api/cards`` and
``/api/totem/{id}`` are their older names, with their old defaults)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from totemdeck.api.cards import ask_card
from totemdeck.api.search import SEARCH_ORDERS
from totemdeck.i18n import _
from totemdeck.web.build_add import banned_marks
from totemdeck.web.finder import filters, find_cards
from totemdeck.web.pages import (
    JSON_SUFFIX,
    answer,
    error_page,
    int_param,
    is_api,
    json_answer,
    language,
    library,
    wants_json,
)
from totemdeck.web.templating import query as query_string

GRID_LIMIT = 60
MAX_PRINTS = 200
# /api/cards, for bots since before the twins: 20 cards by default, at most 200
API_LIMIT, API_MAX = 20, 200

ORDERS = SEARCH_ORDERS  # for the OpenAPI document


def _error(message: str, position: int | None) -> dict[str, Any]:
    """A refused query; ``position`` only where the problem has a place in it."""
    return {"error": message, **({"position": position} if position is not None else {})}


async def cards_route(request: Request) -> Response:
    """``GET /cards?q=…``: the grid (``cards_page``, in a worker thread). ``POST`` the same
    URL with the browser's collection as the form field ``collection``: the grid with
    ``own:`` reading that collection (collection.js sends it for a query that uses ``own:``;
    the collection stays in the browser, never on the server)."""
    if request.method != "POST":
        return await run_in_threadpool(cards_page, request)
    try:
        async with request.form(max_files=0, max_fields=2) as form:
            sent = form.get("collection")
            text = sent if isinstance(sent, str) else ""
    except HTTPException as exc:  # malformed form, too many fields
        return error_page(request, 400, _("Unreadable form"), f"{exc.detail}.")
    return await run_in_threadpool(_with_collection, request, text)


def _with_collection(request: Request, text: str) -> Response:
    from totemdeck.api import owned_prints
    from totemdeck.base.errors import TotemdeckError
    from totemdeck.web.collection_pages import read_posted

    try:
        collection = read_posted(request, text.encode("utf-8"), "collection")
    except TotemdeckError as exc:  # an unreadable collection: say so, as Check does
        return error_page(request, 400, _("Unreadable collection"), str(exc))
    owned = owned_prints(library(request).checker(language(request)), collection)
    return cards_page(request, owned)


def cards_page(request: Request, owned: Mapping[str, int] | None = None) -> Response:
    """The grid of ``?q=``; the twin: ``{"query", "total", "explanation", "cards"}``."""
    lib = library(request)
    query = request.query_params.get("q", "")
    if wants_json(request) and not query.strip():
        return json_answer({"error": _("give a query: /api/cards?q=…")}, 400)
    api = is_api(request)
    limit = int_param(
        request, "limit", API_LIMIT if api else GRID_LIMIT, 1, API_MAX if api else 240
    )
    page = int_param(request, "page", 1, 1, 500) - 1  # 1-based in the URL
    prints = request.query_params.get("prints") == "1"
    order = request.query_params.get("order") or "name"
    if order not in ORDERS:
        message = _("order must be one of {orders}, not {order!r}")
        raise HTTPException(400, message.format(orders=", ".join(ORDERS), order=order[:40]))
    found = find_cards(
        lib, query, limit, language(request), prints=prints, offset=page * limit, order=order,
        owned=owned,
    )  # fmt: skip
    data: dict[str, Any] = (
        _error(found.error, found.position)
        if found.error
        else {"query": query, "total": found.total, "explanation": found.explanation,
              "prints": found.prints, "cards": [card.to_record() for card in found.cards]}
    )  # fmt: skip
    last = max(0, (found.total - 1) // limit)

    def at(number: int) -> str:
        return "/cards" + query_string(
            q=query, page=number + 1 if number else None, prints="1" if prints else None,
            order=None if order == "name" else order,
            limit=None if limit == GRID_LIMIT else limit,
        )  # fmt: skip

    def context() -> dict[str, Any]:
        pages = {
            "previous": at(page - 1) if page > 0 else None,
            "next": at(page + 1) if page < last else None,
            "number": str(page + 1),
            "of": str(last + 1),
        }
        return {"q": query, "found": found, "limit": limit, "order": order, "orders": ORDERS,
                "pages": pages, "filter_links": filters(query),
                "collection_sent": owned is not None,
                "marks": {c.id: banned_marks(c, lib.banlist.match(c) is not None)
                          for c in found.cards}}  # fmt: skip

    return answer(request, "cards.html", data, context, 400 if found.error else 200)


def card_page(request: Request) -> Response:
    """One print; the twin: its Totem lookup (``{"card", "label", "totem", "why_not"}``),
    which ``/api/totem/{id}`` answers with 422 when the print cannot be a Totem."""
    lib = library(request)
    card_id = request.path_params["card_id"][:60]
    card = lib.catalogue.get(card_id)
    if card is None and wants_json(request) and not is_api(request):
        card_id = card_id.removesuffix(JSON_SUFFIX)
        card = lib.catalogue.get(card_id)
    if card is None:
        return error_page(
            request,
            404,
            _("No such card"),
            _("No card has the id {card_id!r}.").format(card_id=card_id),
        )
    asked = ask_card(lib.checker(), card)

    def context() -> dict[str, Any]:
        prints = sorted(
            lib.catalogue.by_name(card.name), key=lambda c: (c.set.release_date, c.id), reverse=True
        )[:MAX_PRINTS]
        return {
            "card": card,
            "prints": prints,
            "numbers": asked.lookup.numbers,
            "why_not": asked.lookup.why_not,
            "identity": asked.identity,
            "banned": lib.banlist.match(card),
            "roles": asked.roles,
        }

    status = 422 if is_api(request) and asked.lookup.numbers is None else 200
    return answer(request, "card.html", asked.as_dict(), context, status)


ROUTES = [
    Route("/cards", cards_route, name="cards", methods=["GET", "HEAD", "POST"]),
    Route("/cards.json", cards_route, name="cards_json", methods=["GET", "HEAD", "POST"]),
    Route("/api/cards", cards_page, name="api_cards"),
    Route("/cards/{card_id:path}", card_page, name="card"),
    Route("/api/totem/{card_id:path}", card_page, name="api_totem"),
]
