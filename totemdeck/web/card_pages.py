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
from totemdeck.web.build_add import banned_marks
from totemdeck.web.finder import filters, find_cards
from totemdeck.web.pages import error_page, int_param, language, library, render
from totemdeck.web.templating import query as query_string

GRID_LIMIT = 60
MAX_PRINTS = 200


ORDERS = ("name", "released", "hp", "type", "set", "column")


def cards_page(request: Request) -> Response:
    lib = library(request)
    query = request.query_params.get("q", "")
    limit = int_param(request, "limit", GRID_LIMIT, 1, 240)
    page = int_param(request, "page", 1, 1, 500) - 1  # 1-based in the URL
    prints = request.query_params.get("prints") == "1"
    order = request.query_params.get("order", "name")
    order = order if order in ORDERS else "name"
    found = find_cards(
        lib, query, limit, language(request), prints=prints, offset=page * limit, order=order
    )
    last = max(0, (found.total - 1) // limit)

    def at(number: int) -> str:
        return "/cards" + query_string(
            q=query, page=number + 1 if number else None, prints="1" if prints else None,
            order=None if order == "name" else order,
            limit=None if limit == GRID_LIMIT else limit,
        )  # fmt: skip

    pages = {
        "previous": at(page - 1) if page > 0 else None,
        "next": at(page + 1) if page < last else None,
        "number": str(page + 1),
        "of": str(last + 1),
    }
    return render(
        request,
        "cards.html",
        {
            "q": query,
            "found": found,
            "limit": limit,
            "order": order,
            "orders": ORDERS,
            "pages": pages,
            "filter_links": filters(query),
            "marks": {c.id: banned_marks(c, lib.banlist.match(c) is not None) for c in found.cards},
        },
        400 if found.error else 200,
    )


def card_page(request: Request) -> Response:
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
