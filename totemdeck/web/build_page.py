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

from totemdeck.api.cards import Card, name_key
from totemdeck.api.deck import (
    MAX_BYTES,
    MAX_COUNT,
    CheckedDeck,
    ShareCodeError,
    SharedDeck,
    deckedit,
    decode,
    encode,
    fit,
    readable,
)
from totemdeck.i18n import _
from totemdeck.web import build_add
from totemdeck.web.finder import filters, find_cards
from totemdeck.web.pages import error_page, int_param, language, library, render
from totemdeck.web.templating import query as query_string
from totemdeck.web.view import deck_view

SEARCH_LIMIT = 48
EMPTY = SharedDeck(())


def default_query(totem: Card | None) -> str:
    """What the search box holds before the player types: the Totem's legal cards."""
    if totem is None:
        return ""
    return f"totem:{totem.id}"


def _code(deck: SharedDeck) -> str | None:
    try:
        return encode(deck) if any(deck.lines) or deck.name else None
    except ValueError:
        return None


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


def _deck_stage(
    request: Request, deck: SharedDeck, checked: CheckedDeck, asked: str | None, page: int
) -> Response:
    lib = library(request)
    lang = language(request)
    totem = checked.deck.totem[0].card
    query = asked if asked is not None else default_query(totem)
    found = find_cards(lib, query, SEARCH_LIMIT, lang, offset=page * SEARCH_LIMIT)
    links = _Links(deck, asked, page)
    edit = deckedit.Editor(deck)  # read once: one link per row and per result below
    copies, line_of, names = _in_deck(checked)
    adds: dict[str, str] = {}
    for card in found.cards:
        if card.id in line_of and card.is_basic_energy:
            line = line_of[card.id]
            adds[card.id] = links.to(edit.with_count(line, copies[card.id] + 1))
        elif name_key(card.name) not in names or card.is_basic_energy:
            adds[card.id] = links.to(edit.add(card.id))
    judge = build_add.judge(checked)
    marks = {card.id: build_add.marks(card, judge) for card in found.cards}
    shown_adds = len(fit.new_cards(found.cards, judge)[0])  # after marks: it counts them in
    view = deck_view(checked)
    steps: dict[int, tuple[str | None, str]] = {}
    totem_lines = {e.line for e in checked.deck.totem}
    for group in view.groups:
        for row in group.rows:
            if row.line in totem_lines:
                continue
            more = None
            if row.card.is_basic_energy and row.count < MAX_COUNT:
                more = links.to(edit.with_count(row.line, row.count + 1))
            steps[row.line] = (more, links.to(edit.with_count(row.line, row.count - 1)))
    return render(
        request,
        "build.html",
        {
            "stage": "deck",
            "code": _code(deck),
            "deck": readable(checked, deck, lib.checker(lang).resolver),
            "found": found,
            "q": query,
            "asked": asked,
            "page": page,
            "pages": _pages(found.total, page, links),
            "filter_links": filters(
                query, list(checked.report.totem.identity) if checked.report.totem else None
            ),
            "adds": adds,
            "marks": marks,
            "shown_adds": shown_adds,
            "added_note": _added_note(request, checked, found.cards),
            "copies": {c.id: names.get(name_key(c.name), 0) for c in found.cards},
            "view": view,
            "steps": steps,
            "totem": totem,
            "totem_count": len(checked.deck.totem),
            "change_totem": _code(deckedit.without_totem(deck)),
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
    picks = {
        c.id: _code(deckedit.with_totem(deck, [p.id for p in lib.totem_pieces(c)])) for c in choices
    }
    kept = sum(line.count for line in deck.decklist().lines if not line.is_totem)
    return render(
        request,
        "build.html",
        {
            "stage": "totem",
            "code": _code(deck),
            "found": found,
            "choices": choices,
            "picks": picks,
            "q": query,
            "page": page,
            "pages": _pages(found.total, page, _Links(deck, asked, page)),
            "filter_links": filters(query, [])[:1] + filters(query, [])[6:],
            "kept": kept,
            "deck": deck,
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
    checked = lib.check(deck.decklist("deck being built"), language(request)) if code else None
    if checked is None or not checked.deck.totem:
        return _totem_stage(request, deck, asked, page)
    if request.query_params.get("add") == "shown":
        return RedirectResponse(_add_shown(request, deck, checked, asked, page), status_code=303)
    return _deck_stage(request, deck, checked, asked, page)


def _add_shown(
    request: Request, deck: SharedDeck, checked: CheckedDeck, asked: str | None, page: int
) -> str:
    """``?add=shown``: one copy of each result on this page that may go in; the page of
    the grown deck, saying how many went in and which were skipped."""
    lib = library(request)
    lang = language(request)
    query = asked if asked is not None else default_query(checked.deck.totem[0].card)
    found = find_cards(lib, query, SEARCH_LIMIT, lang, offset=page * SEARCH_LIMIT)
    judge = build_add.judge(checked)
    grown, gained, skipped = build_add.add_shown(deck, found.cards, judge)
    code = _code(grown)
    if code is None:  # too long for a link: the deck stays as it was, never lost
        code, gained, skipped = _code(deck), [], []
    ids = ",".join(card.id for card, _why in skipped[: build_add.MAX_SKIPPED])
    shown = page + 1 if page else None
    return "/build" + query_string(d=code, q=asked, page=shown, added=str(len(gained)), skipped=ids)


def _added_note(request: Request, checked: CheckedDeck, cards: list[Card]) -> str | None:
    """What the last "Add these N" did (``added`` and ``skipped`` of its redirect)."""
    added = int_param(request, "added", -1, -1, 10_000)
    if added < 0:
        return None
    wanted = request.query_params.get("skipped", "").split(",")
    judge = build_add.judge(checked)
    by_id = {card.id: card for card in cards}
    skipped = [(by_id[i], judge.reason(by_id[i]) or fit.HELD) for i in wanted if i in by_id]
    return build_add.note(added, skipped, checked.ctx.name_of)


def _edit(request: Request, deck: SharedDeck) -> str | None:
    """A count set in a row's field (``?line=N&n=COUNT``, the form without JavaScript): the
    page of the edited deck, back at that row."""
    line = int_param(request, "line", 0, 0, 10_000)
    if not line or "n" not in request.query_params:
        return None
    count = int_param(request, "n", 1, 0, MAX_COUNT)
    edited = deckedit.with_count(deck, line, count)
    asked = request.query_params.get("q")
    return "/build" + query_string(d=_code(edited), q=asked) + f"#line-{line}"


async def build_post(request: Request) -> Response:
    """The edit box: the list as text (and its name) becomes the deck; back to its page."""
    async with request.form(max_files=0, max_fields=4, max_part_size=MAX_BYTES + 1) as form:
        text = form.get("deck")
        name = form.get("name")
        asked = form.get("q")
    deck = SharedDeck.from_text(
        text if isinstance(text, str) else "", name if isinstance(name, str) else None
    )
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
    Route("/build", build_post, methods=["POST"], name="build_edit"),
]
