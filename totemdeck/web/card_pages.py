"""The Cards pages: a search grid, and one card with its text, prints and Totem numbers."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from totemdeck.catalogue.model import ENERGY_TYPES
from totemdeck.i18n import _
from totemdeck.rules.roles import roles_of
from totemdeck.rules.totem import why_not_totem
from totemdeck.rules.traits import identity
from totemdeck.web.finder import find_cards
from totemdeck.web.pages import error_page, int_param, language, library, render

GRID_LIMIT = 60
MAX_PRINTS = 200


async def cards_page(request: Request) -> Response:
    lib = library(request)
    query = request.query_params.get("q", "")
    limit = int_param(request, "limit", GRID_LIMIT, 1, 240)
    prints = request.query_params.get("prints") == "1"
    found = find_cards(lib, query, limit, language(request), prints=prints)
    return render(
        request,
        "cards.html",
        {"q": query, "found": found, "limit": limit},
        400 if found.error else 200,
    )


async def card_page(request: Request) -> Response:
    lib = library(request)
    card_id = request.path_params["card_id"][:60]
    card = lib.catalogue.get(card_id)
    if card is None:
        return error_page(
            request,
            404,
            _("No such card"),
            _("No card has the id {card_id!r}.").format(card_id=card_id),
        )
    prints = sorted(
        lib.catalogue.by_name(card.name), key=lambda c: (c.set.release_date, c.id), reverse=True
    )[:MAX_PRINTS]
    numbers = lib.totem_numbers(card)
    colours = identity(card, lib.fmt)
    return render(
        request,
        "card.html",
        {
            "card": card,
            "prints": prints,
            "numbers": numbers,
            "why_not": why_not_totem(card),
            "identity": [t for t in ENERGY_TYPES if t in colours],
            "banned": lib.banlist.match(card),
            "roles": roles_of(card),
        },
    )


ROUTES = [
    Route("/cards", cards_page, name="cards"),
    Route("/cards/{card_id:path}", card_page, name="card"),
]
