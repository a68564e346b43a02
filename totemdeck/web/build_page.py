"""The Build page: choose a Totem, search, add and remove cards, see the verdict as you go.

The deck lives in the URL (``?d=`` share code), so every step is a plain link to the next
state: no session, no storage, the browser's back button undoes. htmx only makes those
links swap the page in place; the verdict always comes from the same rules engine.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from totemdeck.catalogue.model import Card
from totemdeck.i18n import _
from totemdeck.web.finder import find_cards
from totemdeck.web.pages import error_page, language, library, render
from totemdeck.web.share import (
    MAX_COUNT,
    ShareCodeError,
    SharedCard,
    decode_cards,
    encode,
    to_decklist,
)
from totemdeck.web.templating import query as query_string
from totemdeck.web.view import deck_view

SEARCH_LIMIT = 48


def _with(cards: list[SharedCard], card_id: str, delta: int) -> str | None:
    """The code of the deck with ``delta`` more copies of ``card_id`` (None: nothing left)."""
    out: list[SharedCard] = []
    found = False
    for card in cards:
        if card.card_id == card_id and not card.totem:
            found = True
            count = card.count + delta
            if count > MAX_COUNT:
                count = MAX_COUNT
            if count >= 1:
                out.append(SharedCard(card.card_id, count))
        else:
            out.append(card)
    if not found and delta > 0:
        out.append(SharedCard(card_id, delta))
    return encode(out) if out else None


def default_query(totem: Card | None) -> str:
    """What the search box holds before the player types: the Totem's legal cards."""
    if totem is None:
        return ""
    return f"totem:{totem.id}"


async def build_page(request: Request) -> Response:
    lib = library(request)
    lang = language(request)
    code = request.query_params.get("d", "")
    try:
        cards = decode_cards(code) if code else []
    except ShareCodeError as exc:
        return error_page(request, 400, _("Unreadable deck link"), f"{exc}.")
    totem_ids = [c for c in cards if c.totem]
    checked = lib.check(to_decklist(cards, "deck being built"), lang) if cards else None
    totem = checked.deck.totem[0].card if checked and checked.deck.totem else None
    asked = request.query_params.get("q")
    query = asked if asked is not None else default_query(totem)
    main = [c for c in cards if not c.totem]
    # choosing a Totem, every print counts (identity and numbers differ between prints)
    found = find_cards(lib, query, SEARCH_LIMIT, lang, prints=totem is None)
    if totem is None:
        # Choosing a Totem: only Pokémon, and the pick starts a deck with its pieces.
        choices = [c for c in found.cards if c.is_pokemon]
        picks = {
            c.id: encode([*(SharedCard(p.id, 1, True) for p in lib.totem_pieces(c)), *main])
            for c in choices
        }
        return render(
            request,
            "build.html",
            {
                "stage": "totem",
                "found": found,
                "choices": choices,
                "picks": picks,
                "q": query,
                "kept": sum(c.count for c in main),
            },
            400 if found.error else 200,
        )
    adds = {c.id: _with(cards, c.id, +1) for c in found.cards}
    view = deck_view(checked) if checked else None

    def href(new_code: str | None) -> str:
        return "/build" + query_string(d=new_code, q=asked)

    steps: dict[int, tuple[str | None, str]] = {}
    for group in view.groups if view else []:
        for row in group.rows:
            shared = cards[row.line - 1]
            if shared.totem:
                continue
            more = _with(cards, shared.card_id, +1)
            steps[row.line] = (href(more) if more else None, href(_with(cards, shared.card_id, -1)))
    change_totem = encode(main) if main else None
    return render(
        request,
        "build.html",
        {
            "stage": "deck",
            "code": code,
            "found": found,
            "q": query,
            "adds": adds,
            "view": view,
            "steps": steps,
            "totem": totem,
            "totem_count": len(totem_ids),
            "change_totem": change_totem,
        },
        400 if found.error else 200,
    )


ROUTES = [Route("/build", build_page, name="build")]
