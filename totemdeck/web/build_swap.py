"""Build's deck stage, drawn whole (the page) or, for an edit of the deck, as a swap.

An edit in the edit box used to answer with the whole page (~200 KB, ~3,000 nodes), which
htmx swapped and the browser laid out again: 400–650 ms on a loaded machine, most of the
edit → verdict time. When the search shown stays the same (the same Totem, query and page:
``swap_key``), the answer to an htmx edit (``edit_swap``) is only the deck panel and the
parts of the rest that depend on the deck: the deck code of the one form, the deck tab's
count, "Add these N", the pager's links, and each result's in-deck badge, marks and
Add / Remove / why. The results themselves (pictures, card text) stay on the page as they
are. Both answers are drawn from the same parts (``_build.html``), so they never differ;
without JavaScript the edit box still answers with a redirect to the whole page.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response

import totemdeck.api.build as build
from totemdeck.api.cards import Card
from totemdeck.api.deck import MAX_COUNT, CheckedDeck, SharedDeck, readable
from totemdeck.catalogue.names import name_key
from totemdeck.i18n import _
from totemdeck.web import build_add, build_form
from totemdeck.web.finder import filters, find_cards
from totemdeck.web.pages import language, library, render
from totemdeck.web.templating import query as query_string
from totemdeck.web.view import deck_view

SEARCH_LIMIT = build_form.SEARCH_LIMIT
_code = build_form.code_of


class Links:
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


def pages(total: int, page: int, links: Links) -> dict[str, str | None]:
    last = max(0, (total - 1) // SEARCH_LIMIT)
    return {
        "previous": links.to(links.deck, page - 1) if page > 0 else None,
        "next": links.to(links.deck, page + 1) if page < last else None,
        "number": str(page + 1),
        "of": str(last + 1),
    }


def swap_key(checked: CheckedDeck, query: str, page: int) -> str:
    """What the search panel shows, in a word: the Totem (its prints decide the identity,
    the filters and the default query), the query and the page. An edit whose deck has the
    same key leaves the results as they are."""
    totem = ",".join(entry.card.id for entry in checked.deck.totem)
    return f"{totem}|{page}|{query}"


def deck_context(
    request: Request, deck: SharedDeck, checked: CheckedDeck, asked: str | None, page: int
) -> dict[str, Any]:
    """Everything the deck stage draws, for the page and for the swap alike."""
    lib = library(request)
    lang = language(request)
    totem = checked.deck.totem[0].card
    query = asked if asked is not None else build_form.default_query(totem)
    found = find_cards(lib, query, SEARCH_LIMIT, lang, offset=page * SEARCH_LIMIT)
    _copies, _lines, names = _in_deck(checked)
    adds, removes, why = _result_steps(checked, found.cards)
    judge = build_add.judge(checked)
    view, steps = _row_steps(checked)
    return {
        "stage": "deck",
        "code": _code(deck),
        "deck": readable(checked, deck, lib.checker(lang)),
        "found": found,
        "q": query,
        "asked": asked,
        "page": page,
        "swap_key": swap_key(checked, query, page),
        "pages": pages(found.total, page, Links(deck, asked, page)),
        "filter_links": filters(
            query, list(checked.report.totem.identity) if checked.report.totem else None
        ),
        "adds": adds,
        "removes": removes,
        "why": why,
        "marks": {card.id: build_add.marks(card, judge) for card in found.cards},
        "shown_adds": len(build.new_cards(found.cards, judge)[0]),  # marked cards counted in
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
    }


def deck_stage(
    request: Request, deck: SharedDeck, checked: CheckedDeck, asked: str | None, page: int
) -> Response:
    """The whole Build page of a deck with its Totem."""
    context = deck_context(request, deck, checked, asked, page)
    return render(request, "build.html", context, 400 if context["found"].error else 200)


def edit_swap(
    request: Request, deck: SharedDeck, asked: str | None, page: int, shown: str
) -> Response | None:
    """The answer to an htmx edit of ``deck`` over a page showing ``shown`` (its
    ``swap_key``): the deck panel and the parts that depend on the deck, swapped in place,
    the address pushed as the redirect would have set it. None when the search panel would
    change too (another Totem, none, another query or page): then the whole page."""
    if request.headers.get("HX-Request") != "true" or not shown:
        return None
    checked = library(request).check(deck.decklist("deck being built"), language(request))
    if not checked.deck.totem:
        return None
    totem = checked.deck.totem[0].card
    query = asked if asked is not None else build_form.default_query(totem)
    if swap_key(checked, query, page) != shown:
        return None
    context = deck_context(request, deck, checked, asked, page)
    answer = render(request, "build_swap.html", context)
    address = "/build" + query_string(d=_code(deck), q=asked, page=page + 1 if page else None)
    answer.headers.update(
        {
            "HX-Push-Url": address,
            "HX-Retarget": "#build-deck",
            "HX-Reselect": "#build-deck",
            "HX-Reswap": "outerHTML show:none",
            "Vary": "Cookie, Accept-Language, HX-Request",
        }
    )
    return answer
