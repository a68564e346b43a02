"""Print: a deck's proxy sheet and its Totem registration sheet as PDF downloads.

``/print?d=CODE`` offers both, on A4 or Letter; ``/print/proxies.pdf`` and
``/print/sheet.pdf`` answer the files (legal decks, or any deck with ``illegal=1``, whose
findings then open the PDF). The handlers are plain functions, so Starlette runs the PDF
work in its thread pool, never on the event loop; a deck of more cards than a Totem deck can
hold is refused, so one request's cost stays bounded.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from totemdeck.api.printing import (
    PAPERS,
    PrintRefused,
    print_notes,
    print_proxies,
    print_sheet,
    proxy_count,
)
from totemdeck.i18n import _
from totemdeck.web.deck_pages import shared_deck
from totemdeck.web.pages import error_page, language, library, render
from totemdeck.web.view import deck_view

MAX_PROXIES = 200  # a Totem deck is 100 cards; twice that is a generous ceiling


def _paper(request: Request) -> str:
    paper = request.query_params.get("paper", "a4")
    return paper if paper in PAPERS else ""


def print_page(request: Request) -> Response:
    """The two sheets to download, with the paper to choose."""
    shared = shared_deck(request)
    if isinstance(shared, Response):
        return shared
    code, checked = shared
    context = {
        "view": deck_view(checked),
        "code": code,
        "papers": PAPERS,
        "notes": print_notes(checked),  # the lines printed as placeholders, as read
    }
    return render(request, "print.html", context)


def print_download(request: Request) -> Response:
    """``proxies.pdf`` or ``sheet.pdf`` of the deck ``?d=`` names."""
    kind = request.path_params["kind"]
    paper = _paper(request)
    if kind not in ("proxies", "sheet") or not paper:
        return error_page(request, 404, _("No such sheet"), _("There is no such sheet to print."))
    shared = shared_deck(request)
    if isinstance(shared, Response):
        return shared
    _code, checked = shared
    cards = proxy_count(checked)  # placeholders too: one slot a copy
    if kind == "proxies" and cards > MAX_PROXIES:
        message = _("This deck has {n} cards; proxies are printed for at most {most}.")
        return error_page(
            request, 413, _("Too many cards"), message.format(n=cards, most=MAX_PROXIES)
        )
    lang, illegal = language(request), request.query_params.get("illegal") == "1"
    try:
        if kind == "proxies":
            images = library(request).config.print_images
            printed = print_proxies(checked, lang, paper, images, allow_illegal=illegal)
        else:
            printed = print_sheet(checked, lang=lang, paper=paper, allow_illegal=illegal)
    except PrintRefused:
        message = _("Only legal decks are printed unless you ask: its findings then open the PDF.")
        return error_page(request, 409, _("Not legal"), message)
    name = f"totem-deck-{kind}-{paper}.pdf"
    return Response(
        printed.data,
        media_type="application/pdf",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


ROUTES = [
    Route("/print", print_page, name="print"),
    Route("/print/{kind}.pdf", print_download, name="print_download"),
]
