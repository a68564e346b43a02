"""The Build page: choose a Totem, search, add and remove cards, edit the list as text, and
see the verdict as you go.

The deck lives in the URL (``?d=`` share code, ``totemdeck.sharecode``), so every step is a
plain link or form to the next state: no session, no storage, the browser's back button
undoes. Every link and form of the page carries the deck (its unmatched lines and its name
included), so no step loses a line. htmx only makes those links swap the page in place; the
verdict always comes from the same rules engine.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

import totemdeck.api.build as build
from totemdeck.api.deck import (
    MAX_BYTES,
    MAX_COUNT,
    ShareCodeError,
    SharedDeck,
    decode,
    encode,
)
from totemdeck.i18n import _
from totemdeck.web import build_add, build_form, build_suggest, build_swap
from totemdeck.web.finder import filters, find_cards
from totemdeck.web.pages import error_page, int_param, language, library, render
from totemdeck.web.templating import query as query_string

SEARCH_LIMIT = build_form.SEARCH_LIMIT
MAX_LINE = 200  # characters of an "Add a card" line
EMPTY = SharedDeck(())
default_query = build_form.default_query
_code = build_form.code_of


def _totem_stage(request: Request, deck: SharedDeck, asked: str | None, page: int) -> Response:
    lib = library(request)
    query = asked or ""
    # choosing a Totem, every print counts (identity and numbers differ between prints)
    found = find_cards(
        lib, query, SEARCH_LIMIT, language(request), prints=True, offset=page * SEARCH_LIMIT
    )
    choices = [c for c in found.cards if c.is_pokemon]
    kept = sum(line.count for line in deck.decklist().lines if not line.is_totem)
    return render(
        request,
        "build.html",
        {
            "stage": "totem",
            "code": _code(deck),
            "found": found,
            "choices": choices,
            "q": query,
            "page": page,
            "pages": build_swap.pages(found.total, page, build_swap.Links(deck, asked, page)),
            "filter_links": filters(query, [])[:1] + filters(query, [])[6:],
            "kept": kept,
            "deck": deck,
            "main_header": build.MAIN_HEADER
            if any(deck.lines) and build.ends_in_totem(deck.decklist())
            else None,
        },
        400 if found.error else 200,
    )


def build_page(request: Request) -> Response:
    lib = library(request)
    code = request.query_params.get("d", "")
    try:
        deck = decode(code) if code else EMPTY
    except ShareCodeError as exc:
        return error_page(request, 400, _("Unreadable deck link"), f"{exc}.")
    asked = request.query_params.get("q")
    page = int_param(request, "page", 1, 1, 200) - 1  # 1-based in the URL
    edit = _edit(request, deck)
    if edit is not None:
        return RedirectResponse(edit, status_code=303)
    anchor = ""
    if build_form.is_action(request.query_params):
        deck, asked, page, anchor = _act(request, deck)
        if request.query_params.get("add") != "shown":
            shown = page + 1 if page else None
            target = "/build" + query_string(d=_code(deck), q=asked, page=shown) + anchor
            return RedirectResponse(target, status_code=303)
    checked = lib.check(deck.decklist("deck being built"), language(request)) if code else None
    if checked is None or not checked.deck.totem:
        return _totem_stage(request, deck, asked, page)
    if request.query_params.get("add") == "shown":
        return RedirectResponse(
            build_add.shown_target(request, deck, checked, asked, page), status_code=303
        )
    return build_swap.deck_stage(request, deck, checked, asked, page)


def _act(request: Request, deck: SharedDeck) -> tuple[SharedDeck, str | None, int, str]:
    """A step of the one form (``build_form``): the deck, search and page it leads to, and
    the row to go back to (``#line-N``) without JavaScript."""
    lib = library(request)
    params = request.query_params
    asked = build_form.query_after(params)
    page = int_param(request, "page", 1, 1, 200) - 1
    if asked != params.get("shown", asked) or "toggle" in params:
        page = 0  # a new search starts at its first page
    before = deck
    if "totem" in params:
        deck, asked, page = build_form.choose_totem(lib, deck, params["totem"]), None, 0
    deck, touched = build_form.counts(deck, params)
    if "print" in params:
        deck = build_form.choose_print(deck, params)
    if "card" in params and any(deck.lines):
        checked = lib.check(deck.decklist("deck being built"), language(request))
        deck = build_form.add_card(lib, checked, deck, params["card"])
    if _code(deck) is None and any(deck.lines):  # too long for a link: never lost
        deck, touched = before, None
    return deck, asked, page, f"#line-{touched}" if touched else ""


def _edit(request: Request, deck: SharedDeck) -> str | None:
    """A count set in a row's field (``?line=N&n=COUNT``, the form without JavaScript): the
    page of the edited deck, back at that row."""
    line = int_param(request, "line", 0, 0, 10_000)
    if not line or "n" not in request.query_params:
        return None
    count = int_param(request, "n", 1, 0, MAX_COUNT)
    edited = build.with_count(deck, line, count)
    asked = request.query_params.get("q")
    return "/build" + query_string(d=_code(edited), q=asked) + f"#line-{line}"


async def build_post(request: Request) -> Response:
    """The edit box: the list as text (and its name) becomes the deck, with the line typed
    in "Add a card" (``add``) as its last (with JavaScript the choice is already written
    in the list and ``add`` comes empty); back to its page."""
    async with request.form(max_files=0, max_fields=7, max_part_size=MAX_BYTES + 1) as form:
        text = form.get("deck")
        name = form.get("name")
        asked = form.get("q")
        typed = form.get("add")
        shown = form.get("shown-key")
        page = form.get("page")
    deck = SharedDeck.from_text(
        text if isinstance(text, str) else "", name if isinstance(name, str) else None
    )
    if isinstance(typed, str) and typed.strip():
        deck = build.with_line(deck, typed[:MAX_LINE])
    try:
        code = encode(deck) if any(deck.lines) or deck.name else None
    except ValueError:
        return error_page(
            request,
            413,
            _("Too long"),
            _("This list is too long for a deck link; Check reads lists of any length."),
        )
    q = asked if isinstance(asked, str) and asked else None
    if code is not None and isinstance(shown, str):
        whole = isinstance(page, str) and page.isascii() and page.isdigit() and len(page) < 4
        number = max(0, min(int(page) - 1, 199)) if whole else 0  # type: ignore[arg-type]
        swapped = build_swap.edit_swap(request, decode(code), q, number, shown)
        if swapped is not None:  # with htmx, the search shown unchanged: only the deck
            return swapped
    return RedirectResponse("/build" + query_string(d=code, q=q), status_code=303)


ROUTES = [
    Route("/build", build_page, name="build"),
    Route("/build/prints", build_suggest.build_prints, name="build_prints"),
    Route("/build", build_post, methods=["POST"], name="build_edit"),
]
