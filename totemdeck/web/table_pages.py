"""The /table page: a game companion for a Totem game of 3–6 players (FORMAT.md "At the table").

The whole game lives in the URL (``?g=`` game code): every tap is a plain link to
``/table/do``, which applies one event with the rules of ``totemdeck.table`` and redirects
to the next state's URL. Nothing is stored on the server; any phone that opens the link (or
scans its QR code) has the same game, and reloading loses nothing. htmx only swaps the page
in place.

Reading a code, applying a tap, seating the decks (a check each) and drawing the QR code are
the library's CPU work: they run in the worker threads, never on the event loop; only the
form is read there. Links and the QR code come from ``public_url`` (TOTEMDECK_BASE_URL),
never from the request's Host header.
"""

from __future__ import annotations

import secrets
import time

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from totemdeck.api import table_seat
from totemdeck.api.cards import Card
from totemdeck.api.deck import CheckedDeck, Decklist
from totemdeck.base.errors import TotemdeckError
from totemdeck.i18n import _
from totemdeck.table import (
    MAX_PLAYERS,
    MAX_SECONDS,
    MIN_PLAYERS,
    GameState,
    Seat,
    TableError,
    apply,
    as_dict,
    board,
    decode,
    encode,
    new_game,
    parse_event,
    redo,
    rematch,
    reroll,
    undo,
)
from totemdeck.web.pages import (
    answer,
    error_page,
    int_param,
    language,
    library,
    public_url,
    render,
    wants_json,
)
from totemdeck.web.qr import qr_svg
from totemdeck.web.table_view import log_html, summary_view, tiles

MAX_DECK_TEXT = 64 * 1024  # a pasted 100-card list is ~3 KB


def _game_url(request: Request, state: GameState) -> str:
    return public_url(request, "/table?g=" + encode(state))


def _qr_src(request: Request, state: GameState) -> str | None:
    """The address of the game's QR image, when the game's link is a whole address (with
    TOTEMDECK_BASE_URL; a bare path would scan to nothing a phone can open)."""
    if not library(request).config.base_url:
        return None
    return "/table/qr.svg?g=" + encode(state)


def table_qr(request: Request) -> Response:
    """The QR code of a game's link, as its own image (a plain function: Starlette runs it
    in a worker thread): the page stays cheap, and the image, a function of the code alone,
    is cached by the browser for good, and by the server (``web.qr``: bounded) keyed by
    the link, which holds the game's canonical code (a code written another way that
    reads as the same game is the same image)."""
    base = library(request).config.base_url
    try:
        state = decode(request.query_params.get("g", ""))
    except TableError as exc:
        return error_page(request, 400, _("Unreadable game link"), f"{exc}.")
    svg = qr_svg(_game_url(request, state)) if base else None
    if svg is None:
        return error_page(request, 404, _("No QR code"), _("This game's link has no QR code."))
    headers = {"Cache-Control": "public, max-age=31536000, immutable"}
    return Response(svg, media_type="image/svg+xml", headers=headers)


def _cards(request: Request, state: GameState) -> dict[str, Card | None]:
    catalogue = library(request).catalogue
    return {seat.totem_id: catalogue.get(seat.totem_id) for seat in state.seats}


def _setup_form(
    request: Request,
    seats: int,
    values: FormData | None = None,
    errors: dict[int, str] | None = None,
    status: int = 200,
) -> Response:
    rows = []
    for n in range(1, seats + 1):
        name = str(values.get(f"name{n}", "")) if values else ""
        deck = str(values.get(f"deck{n}", "")) if values else ""
        rows.append({"n": n, "name": name, "deck": deck, "error": (errors or {}).get(n)})
    return render(
        request,
        "table_setup.html",
        {"rows": rows, "seats": seats, "low": MIN_PLAYERS, "high": MAX_PLAYERS},
        status,
    )


def _game_page(request: Request, state: GameState) -> Response:
    """The game; the twin: the game as data (``schemas/table.schema.json``)."""

    def context() -> dict[str, object]:
        url = _game_url(request, state)
        now = board(state)
        return {
            "code": encode(state),
            "state": state,
            "board": now,
            "tiles": tiles(state, _cards(request, state)),
            "log": log_html(state),
            "summary": summary_view(state) if now.over else None,
            "current": state.seats[now.current].name,
            "game_url": url,
            "qr": _qr_src(request, state),
        }

    data = as_dict(state) if wants_json(request) else None  # the log once more: only for JSON
    return answer(request, "table.html", data, context)


async def table_page(request: Request) -> Response:
    """GET: the set-up form, or the game of ``?g=``; POST: seat the players and start. The
    twin (``/table.json?g=``, ``/api/table?g=``) answers the game as data."""
    if request.method == "POST":
        return await _start(request)
    return await run_in_threadpool(_shown, request)


def _shown(request: Request) -> Response:
    """The form or the game (in a worker thread: decoding folds the whole log)."""
    code = request.query_params.get("g", "")
    if not code and not wants_json(request):
        return _setup_form(request, int_param(request, "n", 4, MIN_PLAYERS, MAX_PLAYERS))
    try:
        state = decode(code)
    except TableError as exc:
        return error_page(request, 400, _("Unreadable game link"), f"{exc}.")
    return _game_page(request, state)


async def _form(request: Request) -> FormData:
    try:
        async with request.form(max_files=0, max_fields=20, max_part_size=MAX_DECK_TEXT) as form:
            return form
    except HTTPException as exc:
        raise TableError(str(exc.detail)) from exc


async def _start(request: Request) -> Response:
    try:
        form = await _form(request)
    except TableError as exc:
        return error_page(request, 400, _("Unreadable form"), f"{exc}.")
    wanted = str(form.get("seats", "") or "")
    count = sum(1 for n in range(1, MAX_PLAYERS + 1) if f"deck{n}" in form)
    count = min(max(count, MIN_PLAYERS), MAX_PLAYERS)
    if wanted.isdigit() and "start" not in form:  # "add a player" / "remove the last one"
        return _setup_form(request, min(max(int(wanted), MIN_PLAYERS), MAX_PLAYERS), form)
    return await run_in_threadpool(_seat_all, request, form, count)


def _seat_all(request: Request, form: FormData, count: int) -> Response:
    """Seat every player (a check of each deck, with Check's limits: ``Library.check``),
    in a worker thread; the form again with each seat's problem, or the new game."""
    lib = library(request)
    lang = language(request)

    def check(decklist: Decklist) -> CheckedDeck:
        return lib.check(decklist, lang)

    seats: list[Seat] = []
    errors: dict[int, str] = {}
    for n in range(1, count + 1):
        name = str(form.get(f"name{n}", "") or "") or _("Player {n}").format(n=n)
        deck = str(form.get(f"deck{n}", "") or "")
        try:
            seats.append(table_seat(lib.checker(lang), name, deck, check=check))
        except TotemdeckError as exc:
            errors[n] = str(exc)
    if errors:
        return _setup_form(request, count, form, errors, status=400)
    state = new_game(
        tuple(seats), secrets.randbelow(len(seats)), lib.fmt.starting_prizes, int(time.time())
    )
    return RedirectResponse(_game_url(request, state), status_code=303)


def _other_first(state: GameState) -> int:
    others = [i for i in range(len(state.seats)) if i != state.first]
    return others[secrets.randbelow(len(others))]


def _next(state: GameState, action: str) -> GameState:
    """The state after one tap: an event token, or undo / redo / reroll / rematch."""
    if action == "undo":
        return undo(state)
    if action == "redo":
        return redo(state)
    if action == "reroll":
        return reroll(state, _other_first(state))
    if action == "rematch":
        return rematch(state, secrets.randbelow(len(state.seats)), int(time.time()))
    last = state.log[-1].at if state.log else 0
    # the server's clock, never before the last event (another server's clock may differ)
    at = min(max(int(time.time()) - state.started, last), MAX_SECONDS)
    return apply(state, parse_event(action[:8], at))


async def table_do(request: Request) -> Response:
    return await run_in_threadpool(_tapped, request)


def _tapped(request: Request) -> Response:
    """One tap applied (in a worker thread), then the next state's address."""
    try:
        state = _next(decode(request.query_params.get("g", "")), request.query_params.get("e", ""))
    except TableError as exc:
        return error_page(request, 400, _("Not allowed at this table"), f"{exc}.")
    return RedirectResponse(_game_url(request, state), status_code=303)


ROUTES = [
    Route("/table", table_page, methods=["GET", "POST"], name="table"),
    Route("/table.json", table_page, name="table_json"),
    Route("/api/table", table_page, name="api_table"),
    Route("/table/do", table_do, name="table_do"),
    Route("/table/qr.svg", table_qr, name="table_qr"),
]
