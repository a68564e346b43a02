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
from totemdeck.api.cards import Card
from totemdeck.api.deck import (
    MAX_BYTES,
    MAX_COUNT,
    CheckedDeck,
    ShareCodeError,
    SharedDeck,
    decode,
    encode,
    readable,
)
from totemdeck.catalogue.names import name_key
from totemdeck.i18n import _
from totemdeck.web import build_add, build_form, build_suggest
from totemdeck.web.finder import filters, find_cards
from totemdeck.web.pages import error_page, int_param, language, library, render
from totemdeck.web.templating import query as query_string
from totemdeck.web.view import deck_view

SEARCH_LIMIT = build_form.SEARCH_LIMIT
MAX_LINE = 200  # characters of an "Add a card" line
EMPTY = SharedDeck(())
default_query = build_form.default_query
_code = build_form.code_of


class _Links:
    """The links of one Build page: each is this page with one change made."""

    def __init__(self, deck: SharedDeck, q: str | None, page: int) -> None:
        self.deck, self.q, self.page = deck, q, page

    def to(self, deck: SharedDeck, page: int | None = None) -> str:
        """This page of results (0-based ``page``, default the current one) over ``deck``."""
        shown = self.page if page is None else page
        return "/build" + query_string(d=_code(deck), q=self.q, page=shown + 1 if shown else None)


def _in_deck(checked: CheckedDeck) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    """Copies of each print in the main deck, the line of each print, and the copies of
    each name in the whole deck (any print: singleton counts names)."""
    copies: dict[str, int] = {}
    lines: dict[str, int] = {}
    names: dict[str, int] = {}
    for entry in checked.deck.entries:
        key = name_key(entry.card.name)
        names[key] = names.get(key, 0) + entry.count
        if entry.section == "totem":
            continue
        copies[entry.card.id] = copies.get(entry.card.id, 0) + entry.count
        lines.setdefault(entry.card.id, entry.line)
    return copies, lines, names


def _result_steps(
    checked: CheckedDeck, cards: list[Card]
) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """For each result: its Add (the card id), or its Remove (``LINE:0``) when the deck
    holds it, or why it may not go in (banned, outside the identity…), in words."""
    judge = build_add.judge(checked)
    names = build_form.held_names(checked)
    line_of = {name_key(e.card.name): e.line for e in checked.deck.entries if e.section != "totem"}
    adds: dict[str, str] = {}
    removes: dict[str, str] = {}
    why: dict[str, str] = {}
    for card in cards:
        if build_form.offered(card, judge, names):
            adds[card.id] = card.id
        elif name_key(card.name) in line_of and not card.is_basic_energy:
            removes[card.id] = f"{line_of[name_key(card.name)]}:0"
        elif name_key(card.name) not in names:
            reason = judge.reason(card)
            if reason:
                why[card.id] = _(build_add.REASONS[reason])
    return adds, removes, why


def _row_steps(checked: CheckedDeck) -> tuple[object, dict[int, tuple[str | None, str]]]:
    """The deck's rows and, for each main-deck row, its + and − (``LINE:COUNT``)."""
    view = deck_view(checked)
    steps: dict[int, tuple[str | None, str]] = {}
    totem_lines = {e.line for e in checked.deck.totem}
    for group in view.groups:
        for row in group.rows:
            if row.line in totem_lines:
                continue
            more = None
            if row.card.is_basic_energy and row.count < MAX_COUNT:
                more = f"{row.line}:{row.count + 1}"
            steps[row.line] = (more, f"{row.line}:{row.count - 1}")
    return view, steps


def _deck_stage(
    request: Request, deck: SharedDeck, checked: CheckedDeck, asked: str | None, page: int
) -> Response:
    lib = library(request)
    lang = language(request)
    totem = checked.deck.totem[0].card
    query = asked if asked is not None else default_query(totem)
    found = find_cards(lib, query, SEARCH_LIMIT, lang, offset=page * SEARCH_LIMIT)
    links = _Links(deck, asked, page)
    _copies, _lines, names = _in_deck(checked)
    adds, removes, why = _result_steps(checked, found.cards)
    judge = build_add.judge(checked)
    marks = {card.id: build_add.marks(card, judge) for card in found.cards}
    shown_adds = len(build.new_cards(found.cards, judge)[0])  # after marks: it counts them in
    view, steps = _row_steps(checked)
    return render(
        request,
        "build.html",
        {
            "stage": "deck",
            "code": _code(deck),
            "deck": readable(checked, deck, lib.checker(lang)),
            "found": found,
            "q": query,
            "asked": asked,
            "page": page,
            "pages": _pages(found.total, page, links),
            "filter_links": filters(
                query, list(checked.report.totem.identity) if checked.report.totem else None
            ),
            "adds": adds,
            "removes": removes,
            "why": why,
            "marks": marks,
            "shown_adds": shown_adds,
            "added_note": build_add.added_note(request, checked, found.cards),
            "copies": {c.id: names.get(name_key(c.name), 0) for c in found.cards},
            "view": view,
            "steps": steps,
            "prints": build_form.ambiguous_prints(lib, checked),
            "totem": totem,
            "totem_count": len(checked.deck.totem),
            "change_totem": _code(build.without_totem(deck)),
            "main_header": build.MAIN_HEADER
            if build.ends_in_totem(checked.resolved.decklist)
            else None,
        },
        400 if found.error else 200,
    )


def _pages(total: int, page: int, links: _Links) -> dict[str, str | None]:
    last = max(0, (total - 1) // SEARCH_LIMIT)
    return {
        "previous": links.to(links.deck, page - 1) if page > 0 else None,
        "next": links.to(links.deck, page + 1) if page < last else None,
        "number": str(page + 1),
        "of": str(last + 1),
    }


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
            "pages": _pages(found.total, page, _Links(deck, asked, page)),
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
    return _deck_stage(request, deck, checked, asked, page)


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
    async with request.form(max_files=0, max_fields=5, max_part_size=MAX_BYTES + 1) as form:
        text = form.get("deck")
        name = form.get("name")
        asked = form.get("q")
        typed = form.get("add")
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
    return RedirectResponse("/build" + query_string(d=code, q=q), status_code=303)


ROUTES = [
    Route("/build", build_page, name="build"),
    Route("/build/prints", build_suggest.build_prints, name="build_prints"),
    Route("/build", build_post, methods=["POST"], name="build_edit"),
]
