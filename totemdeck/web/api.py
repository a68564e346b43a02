"""The JSON API for bots and other sites: check a deck, search cards, a Totem's numbers.

``POST /api/check`` answers with the report of ``schemas/report.schema.json`` (200 whether
the deck is legal or not: the verdict is ``legal``); an unreadable body is 400 with
``{"error": "…"}``, the same sentence the CLI prints.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from totemdeck.decklist.read import DecklistError
from totemdeck.i18n import _
from totemdeck.rules.totem import why_not_totem
from totemdeck.sharecode import ShareCodeError
from totemdeck.web.finder import find_cards
from totemdeck.web.pages import int_param, language, library

API_HEADERS = {"Cache-Control": "no-store"}


def _error(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=API_HEADERS)


async def api_check(request: Request) -> Response:
    """Deck text (any format ``totemdeck check`` reads, the JSON deck document included).

    The body is read on the event loop; the check runs in a worker thread."""
    code = request.query_params.get("d")
    data = b"" if code is not None else await request.body()
    return await run_in_threadpool(_check, request, code, data)


def _check(request: Request, code: str | None, data: bytes) -> Response:
    lib = library(request)
    lang = language(request)
    try:
        if code is not None:
            checked = lib.check_code(code, lang)
        else:
            if not data.strip():
                return _error(_("the request body is empty: send a decklist"), 400)
            checked = lib.check(lib.read(data, "request body"), lang)
    except (DecklistError, ShareCodeError) as exc:
        return _error(str(exc), 400)
    return JSONResponse(checked.report.as_dict(), headers=API_HEADERS)


def api_cards(request: Request) -> Response:
    lib = library(request)
    query = request.query_params.get("q", "")
    if not query.strip():
        return _error(_("give a query: /api/cards?q=…"), 400)
    limit = int_param(request, "limit", 20, 1, 200)
    prints = request.query_params.get("prints") == "1"
    found = find_cards(lib, query, limit, language(request), prints=prints)
    if found.error:
        return JSONResponse(
            {"error": found.error, "position": found.position}, status_code=400, headers=API_HEADERS
        )
    return JSONResponse(
        {
            "query": query,
            "total": found.total,
            "explanation": found.explanation,
            "prints": found.prints,
            "cards": [card.to_record() for card in found.cards],
        },
        headers=API_HEADERS,
    )


def api_totem(request: Request) -> Response:
    lib = library(request)
    card_id = request.path_params["card_id"][:60]
    card = lib.catalogue.get(card_id)
    if card is None:
        return _error(_("no card has the id {card_id!r}").format(card_id=card_id), 404)
    numbers = lib.totem_numbers(card)
    return JSONResponse(
        {
            "card": card.id,
            "label": card.label,
            "totem": numbers.as_dict(extended=True) if numbers else None,
            "why_not": why_not_totem(card),
        },
        status_code=200 if numbers else 422,
        headers=API_HEADERS,
    )


ROUTES = [
    Route("/api/check", api_check, methods=["POST"], name="api_check"),
    Route("/api/cards", api_cards, name="api_cards"),
    Route("/api/totem/{card_id:path}", api_totem, name="api_totem"),
]
