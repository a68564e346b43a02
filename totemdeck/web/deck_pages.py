"""The pages about one deck: Check (paste, upload or a share link), Stats and Export.

Handlers are plain functions (Starlette runs them in its thread pool) or hand their work to
it: the library's CPU work never runs on the event loop.
"""

from __future__ import annotations

import random
import secrets

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from totemdeck.decklist.read import MAX_BYTES, DecklistError
from totemdeck.export.formats import FORMATS, ExportError, ExportRefused, export_deck
from totemdeck.i18n import _
from totemdeck.rules.engine import CheckedDeck
from totemdeck.sharecode import ShareCodeError, decode, readable, share_code
from totemdeck.stats import closest_names, deck_stats, is_card_name, sample_opening
from totemdeck.web.charts import bar_chart, odds_curve
from totemdeck.web.collection_pages import coverage_context
from totemdeck.web.language import COOKIE, LANGUAGES
from totemdeck.web.pages import error_page, int_param, language, library, render
from totemdeck.web.view import deck_view

# Example text in the empty Check form.
PLACEHOLDER = "Totem: 1\n1 Charizard ex OBF 125\n\nPokémon: 20\n1 Charmander PAF 7\n…"


def _shared(request: Request) -> tuple[str, CheckedDeck] | HTMLResponse:
    """The deck of ``?d=`` checked, or the error page a bad or missing code deserves."""
    code = request.query_params.get("d", "")
    if not code:
        return error_page(
            request, 400, _("No deck"), _("This page shows a deck: open it from a checked deck.")
        )
    try:
        return code, library(request).check_code(code, language(request))
    except ShareCodeError as exc:
        return error_page(request, 400, _("Unreadable deck link"), f"{exc}.")


def share_url(request: Request, code: str) -> str:
    """The link to a deck's verdict: under ``TOTEMDECK_BASE_URL``, else relative (the page's
    script shows it whole); never built from the request's Host header."""
    base = library(request).config.base_url or ""
    return f"{base}/check?d={code}"


def _report_context(
    request: Request, checked: CheckedDeck, text: str, title: str | None = None
) -> dict[str, object]:
    code = share_code(checked, title)
    return {
        "deck_title": title,
        "view": deck_view(checked),
        "deck_text": text,
        "code": code,
        "share_url": share_url(request, code) if code else None,
    }


async def check_page(request: Request) -> Response:
    """GET: the form, or a shared deck's verdict; POST: the verdict on a pasted or uploaded list.

    Only reading the form happens on the event loop; the library's work (reading, checking,
    rendering) runs in a worker thread, so a long list never stalls the other visitors."""
    if request.method == "GET":
        return await run_in_threadpool(_shared_verdict, request)
    try:
        async with request.form(max_files=1, max_fields=4, max_part_size=MAX_BYTES + 1) as form:
            upload = form.get("file")
            pasted = form.get("deck")
            owned = form.get("collection")  # the player's collection, if the form sends it
            collection = owned if isinstance(owned, str) else ""
            if isinstance(upload, UploadFile) and upload.filename:
                data = await upload.read(MAX_BYTES + 1)
                name = upload.filename[:100]
            else:
                data = (pasted if isinstance(pasted, str) else "").encode("utf-8")
                name = "pasted list"
    except HTTPException as exc:  # malformed multipart, too many parts
        return error_page(request, 400, _("Unreadable form"), f"{exc.detail}.")
    return await run_in_threadpool(_posted_verdict, request, data, name, collection)


def _shared_verdict(request: Request) -> Response:
    if not request.query_params.get("d"):
        return render(request, "check.html", {"placeholder": PLACEHOLDER, "deck_text": ""})
    shared = _shared(request)
    if isinstance(shared, HTMLResponse):
        return shared
    code, checked = shared
    lib = library(request)
    lang = language(request)
    # the list as it was shared, every line in its place, prints as players write them
    text = readable(checked, decode(code), lib.checker(lang).resolver).text()
    context = _report_context(request, checked, text, checked.resolved.decklist.name)
    return render(request, "check.html", context)


def _posted_verdict(request: Request, data: bytes, name: str, collection: str = "") -> Response:
    lib = library(request)
    if not data.strip():
        return render(
            request,
            "check.html",
            {
                "placeholder": PLACEHOLDER,
                "deck_text": "",
                "problem": _("Paste a list or choose a file."),
            },
            400,
        )
    try:
        decklist = lib.read(data, name)
    except DecklistError as exc:
        text = "" if len(data) > MAX_BYTES else data.decode("utf-8", "replace")
        return render(
            request,
            "check.html",
            {"placeholder": PLACEHOLDER, "deck_text": text, "problem": str(exc)},
            400,
        )
    checked = lib.check(decklist, language(request))
    text = data.decode("utf-8", "replace")
    title = checked.report.name or (name if name != "pasted list" else None)
    context = _report_context(request, checked, text, title)
    context.update(coverage_context(request, checked, collection))
    return render(request, "check.html", context)


def stats_page(request: Request) -> Response:
    shared = _shared(request)
    if isinstance(shared, HTMLResponse):
        return shared
    code, checked = shared
    lib = library(request)
    card = request.query_params.get("card", "")[:100].strip() or None
    turn = int_param(request, "turn", 2, 0, 15)
    first = request.query_params.get("first") == "1"
    stats = deck_stats(checked, card_name=card, turn=turn, going_first=first)
    # a misspelt card: "did you mean", as the CLI says (not a silent 0 %)
    unknown = card is not None and not is_card_name(lib.catalogue, card)
    suggestions = closest_names(lib.catalogue, card) if card and unknown else []
    seed = int_param(request, "seed", 0, 0, 2**31)
    if not seed:
        seed = secrets.randbelow(2**31 - 1) + 1
    opening = sample_opening(checked.deck.main, random.Random(seed))
    charts = {
        "supertypes": bar_chart(stats.supertypes),
        "columns": bar_chart(stats.pokemon_by_column),
        "types": bar_chart(stats.pokemon_by_type),
        "trainers": bar_chart(stats.trainers_by_kind),
        "energy": bar_chart(stats.energy_by_type),
        "coverage": bar_chart(stats.identity_coverage),
        "roles": bar_chart(stats.roles),
    }
    curve = odds_curve(stats.card_odds.get("curve", [])) if stats.card_odds else None
    return render(
        request,
        "stats.html",
        {
            "view": deck_view(checked),
            "code": code,
            "stats": stats,
            "charts": charts,
            "curve": curve,
            "card": card or "",
            "unknown_card": unknown,
            "suggestions": suggestions,
            "turn": turn,
            "first": first,
            "opening": opening,
            "next_seed": secrets.randbelow(2**31 - 1) + 1,
        },
    )


def export_page(request: Request) -> Response:
    shared = _shared(request)
    if isinstance(shared, HTMLResponse):
        return shared
    code, checked = shared
    lang = language(request)
    context: dict[str, object] = {"view": deck_view(checked), "code": code, "formats": FORMATS}
    if checked.report.legal:
        context["ptcgl"] = export_deck(checked, "ptcgl", lang=lang)
        context["ptcgl_plain"] = export_deck(checked, "ptcgl", lang=lang, plain=True)
    return render(request, "export.html", context, 200 if checked.report.legal else 409)


_MEDIA = {
    "ptcgl": ("text/plain; charset=utf-8", "txt"),
    "json": ("application/json", "json"),
    "csv": ("text/csv; charset=utf-8", "csv"),
    "text": ("text/plain; charset=utf-8", "txt"),
}


def export_download(request: Request) -> Response:
    """The deck as a file, legal decks only (as ``totemdeck export``)."""
    to = request.path_params["to"]
    if to not in _MEDIA:
        return error_page(
            request, 404, _("No such export"), _("There is no export called {to!r}.").format(to=to)
        )
    shared = _shared(request)
    if isinstance(shared, HTMLResponse):
        return shared
    _code, checked = shared
    plain = request.query_params.get("plain") == "1"
    try:
        text = export_deck(checked, to, lang=language(request), plain=plain)
    except ExportRefused:
        return error_page(
            request,
            409,
            _("Not legal"),
            _("Only legal decks are exported; fix the deck first (its page lists what is wrong)."),
        )
    except ExportError as exc:
        return error_page(request, 500, _("Export failed"), str(exc))
    media, extension = _MEDIA[to]
    name = f"totem-deck-{to}.{extension}"
    return Response(
        text,
        media_type=media,
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


def switch_language(request: Request) -> Response:
    """Remember the chosen language in a cookie and go back (only to a page of this site)."""
    wanted = request.query_params.get("to", "en")
    back = request.query_params.get("next", "/")
    if not back.startswith("/") or back.startswith("//") or "\\" in back or "\n" in back:
        back = "/"
    response = RedirectResponse(back, status_code=303)
    if wanted in LANGUAGES:
        response.set_cookie(COOKIE, wanted, max_age=365 * 24 * 3600, samesite="lax")
    return response


ROUTES = [
    Route("/", check_page, methods=["GET", "POST"], name="home"),
    Route("/check", check_page, methods=["GET", "POST"], name="check"),
    Route("/stats", stats_page, name="stats"),
    Route("/export", export_page, name="export"),
    Route("/export/{to}", export_download, name="export_download"),
    Route("/lang", switch_language, name="lang"),
]
