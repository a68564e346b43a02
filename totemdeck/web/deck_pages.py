"""The pages about one deck: Check (paste, upload or a share link), Stats and Export, each
with its JSON twin (``/check.json``, ``/stats.json``, ``/export.json``; ``POST /api/check``
is Check's older name): one handler, one verb, HTML or JSON by the address.

Handlers are plain functions (Starlette runs them in its thread pool) or hand their work to
it: the library's CPU work never runs on the event loop.
"""

from __future__ import annotations

import json

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from totemdeck.api.deck import (
    FORMATS,
    MAX_BYTES,
    CheckedDeck,
    DecklistError,
    ExportError,
    ExportRefused,
    ShareCodeError,
    export_deck,
    share_code,
    shared_text,
)
from totemdeck.i18n import _
from totemdeck.web.collection_pages import coverage_context
from totemdeck.web.pages import (
    answer,
    error_page,
    json_answer,
    language,
    library,
    public_url,
    render,
    wants_json,
)
from totemdeck.web.stats_view import stats_answer
from totemdeck.web.view import deck_view

# Example text in the empty Check form.
PLACEHOLDER = "Totem: 1\n1 Charizard ex OBF 125\n\nPokémon: 20\n1 Charmander PAF 7\n…"


def _shared(request: Request) -> tuple[str, CheckedDeck] | Response:
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


shared_deck = _shared  # Print's pages (web/print_pages.py) read a shared deck the same way


def share_url(request: Request, code: str) -> str:
    """The link to a deck's verdict: under ``TOTEMDECK_BASE_URL``, else relative (the page's
    script shows it whole); never built from the request's Host header."""
    return public_url(request, f"/check?d={code}")


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
    """GET: the form, or a shared deck's verdict; POST: the verdict on a pasted or uploaded
    list. The JSON twin (``POST /check.json``, ``/api/check``) reads the body as the list
    (any format ``check`` reads) or checks ``?d=``, and answers the report
    (``schemas/report.schema.json``), 200 whether the deck is legal or not.

    Only reading the form happens on the event loop; the library's work (reading, checking,
    rendering) runs in a worker thread, so a long list never stalls the other visitors."""
    as_json = wants_json(request)
    if request.method == "GET" or (as_json and "d" in request.query_params):
        return await run_in_threadpool(_shared_verdict, request)
    if as_json:
        return await run_in_threadpool(_posted_verdict, request, await request.body(), "")
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
                name = ""
    except HTTPException as exc:  # malformed multipart, too many parts
        return error_page(request, 400, _("Unreadable form"), f"{exc.detail}.")
    return await run_in_threadpool(_posted_verdict, request, data, name, collection)


def _shared_verdict(request: Request) -> Response:
    if not request.query_params.get("d") and not wants_json(request):
        return render(request, "check.html", {"placeholder": PLACEHOLDER, "deck_text": ""})
    shared = _shared(request)
    if isinstance(shared, Response):
        return shared
    code, checked = shared
    checker = library(request).checker(language(request))

    def context() -> dict[str, object]:
        # the list as it was shared, every line in its place, prints as players write them
        text = shared_text(checked, code, checker)
        return _report_context(request, checked, text, checked.resolved.decklist.name)

    return answer(request, "check.html", checked.report.as_dict(), context)


def _problem(request: Request, text: str, message: str) -> Response:
    """An unreadable list: the form again with the problem, or ``{"error": …}`` (400)."""
    if wants_json(request):
        return json_answer({"error": message}, 400)
    context = {"placeholder": PLACEHOLDER, "deck_text": text, "problem": message}
    return render(request, "check.html", context, 400)


def _posted_verdict(request: Request, data: bytes, name: str, collection: str = "") -> Response:
    """The verdict on posted bytes; ``name``: the uploaded file's, or "" (pasted, a body)."""
    lib = library(request)
    if not data.strip():
        if wants_json(request):
            return _problem(request, "", _("the request body is empty: send a decklist"))
        return _problem(request, "", _("Paste a list or choose a file."))
    source = name or ("request body" if wants_json(request) else "pasted list")
    try:
        decklist = lib.read(data, source)
    except DecklistError as exc:
        text = "" if len(data) > MAX_BYTES else data.decode("utf-8", "replace")
        return _problem(request, text, str(exc))
    checked = lib.check(decklist, language(request))
    if wants_json(request):
        return json_answer(checked.report.as_dict())
    context = _report_context(
        request, checked, data.decode("utf-8", "replace"), checked.report.name or name or None
    )
    context.update(coverage_context(request, checked, collection))
    return render(request, "check.html", context)


def stats_page(request: Request) -> Response:
    """The composition and odds of ``totemdeck stats``; the twin answers ``stats --json``."""
    shared = _shared(request)
    if isinstance(shared, Response):
        return shared
    return stats_answer(request, *shared)


def _not_legal(request: Request) -> Response:
    return error_page(
        request,
        409,
        _("Not legal"),
        _("Only legal decks are exported; fix the deck first (its page lists what is wrong)."),
    )


def export_page(request: Request) -> Response:
    """PTCG Live text to copy and the downloads; the twin answers the JSON export (the deck
    document of ``schemas/deck.schema.json``), legal decks only (409 otherwise)."""
    shared = _shared(request)
    if isinstance(shared, Response):
        return shared
    code, checked = shared
    lang = language(request)
    if wants_json(request):
        if not checked.report.legal:
            return _not_legal(request)
        return json_answer(json.loads(export_deck(checked, "json", lang=lang)))
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
    if isinstance(shared, Response):
        return shared
    _code, checked = shared
    plain = request.query_params.get("plain") == "1"
    try:
        text = export_deck(checked, to, lang=language(request), plain=plain)
    except ExportRefused:
        return _not_legal(request)
    except ExportError as exc:
        return error_page(request, 500, _("Export failed"), str(exc))
    media, extension = _MEDIA[to]
    name = f"totem-deck-{to}.{extension}"
    return Response(
        text,
        media_type=media,
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


ROUTES = [
    Route("/", check_page, methods=["GET", "POST"], name="home"),
    Route("/check", check_page, methods=["GET", "POST"], name="check"),
    Route("/check.json", check_page, methods=["GET", "POST"], name="check_json"),
    Route("/api/check", check_page, methods=["POST"], name="api_check"),
    Route("/stats", stats_page, name="stats"),
    Route("/stats.json", stats_page, name="stats_json"),
    Route("/export", export_page, name="export"),
    Route("/export.json", export_page, name="export_json"),
    Route("/export/{to}", export_download, name="export_download"),
]
