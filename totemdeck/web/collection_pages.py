"""The web face of a player's collection: the Collection page (what was read, the Totems it
builds best, a first draft deck), owned and missing on Check, and ``POST /api/owned`` for
the "owned ×N" marks of Build and Cards.

The server keeps nothing: the collection lives in the browser (``static/collection.js``
keeps it in localStorage), with its owned set — copies by alike key, computed once when the
collection is read (the Collection page, or ``POST /api/owned-set``). Build and Cards then
send only their cards' ids to ``/api/owned`` and get each one's alike key: a page's marks
cost its 48 cards, whatever the collection's size. The old form (the collection's text with
the ids) still answers, for a collection of at most ``TEXT_LINES`` lines.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from totemdeck.api.cards import Card
from totemdeck.api.collection import (
    alike_keys,
    best_totems,
    collection_format_title,
    deck_coverage,
    draft_for,
    owned_copies,
    owned_set,
    read_collection_bytes,
)
from totemdeck.api.deck import CheckedDeck, DecklistError
from totemdeck.base.errors import UsageError  # an unreadable collection (CollectionError) is one
from totemdeck.i18n import _
from totemdeck.report.collection import render_buy_list, render_draft
from totemdeck.web.pages import json_answer, language, library, render

if TYPE_CHECKING:
    from totemdeck.api.collection import Collection

# The marks of one page: Build and Cards show at most 100 results and a deck 100 lines.
MAX_IDS = 200
MAX_ID = 60
BEST = 20
TEXT_LINES = 1000  # a collection sent with each /api/owned request: read again each time
_HEX = "0123456789abcdef"  # the digits of an alike key


def format_title(key: str) -> str:
    """The collection app a file came from, in words."""
    return collection_format_title(key) or _("a decklist")


def read_posted(request: Request, data: bytes, name: str) -> Collection:
    """The collection in posted bytes (``DecklistError`` / ``CollectionError`` if unreadable)."""
    limit = library(request).config.max_body
    return read_collection_bytes(library(request).catalogue, data, name, limit)


async def collection_page(request: Request) -> Response:
    """GET: the form; POST: what the collection holds, its best Totems, a draft deck."""
    if request.method == "GET":
        return await run_in_threadpool(render, request, "collection.html", {"text": ""})
    try:
        async with request.form(max_files=1, max_fields=4) as form:
            upload = form.get("file")
            pasted = form.get("collection")
            totem = form.get("totem")
            if isinstance(upload, UploadFile) and upload.filename:
                data = await upload.read(library(request).config.max_body + 1)
                name = upload.filename[:100]
            else:
                data = (pasted if isinstance(pasted, str) else "").encode("utf-8", "replace")
                name = _("pasted collection")
    except HTTPException as exc:
        return render(request, "collection.html", {"text": "", "problem": f"{exc.detail}."}, 400)
    wanted = totem[:MAX_ID] if isinstance(totem, str) else ""
    return await run_in_threadpool(_answer, request, data, name, wanted)


def _draft(request: Request, collection: Collection, totem: Card) -> dict[str, Any]:
    checker = library(request).checker(language(request))
    draft = draft_for(checker, collection, totem)
    head = render_draft(draft, totem, language(request)).split("\n", 1)[0]
    return {"card": totem, "head": head, "text": draft.text(), "legal": draft.report.legal}


def _answer(request: Request, data: bytes, name: str, wanted: str) -> Response:
    if not data.strip():
        problem = _("Paste your collection or choose a file.")
        return render(request, "collection.html", {"text": "", "problem": problem}, 400)
    try:
        collection = read_posted(request, data, name)
    except (DecklistError, UsageError) as exc:
        text = data.decode("utf-8", "replace") if len(data) <= 64 * 1024 else ""
        return render(request, "collection.html", {"text": text, "problem": str(exc)}, 400)
    checker = library(request).checker(language(request))
    ranked = best_totems(checker, collection, BEST)
    chosen = library(request).catalogue.get(wanted) if wanted else None
    totem = chosen or (ranked[0][1] if ranked else None)
    context: dict[str, Any] = {
        "text": data.decode("utf-8", "replace"),
        "collection": collection,
        "format": format_title(collection.format),
        "distinct": len({tuple(c.id for c in h.candidates) for h in collection.holdings}),
        "ranked": ranked,
        "draft": _draft(request, collection, totem) if totem is not None else None,
        "owned_set": owned_set(checker, collection),
    }
    return render(request, "collection.html", context)


def coverage_context(request: Request, checked: CheckedDeck, text: str) -> dict[str, Any]:
    """What Check adds when a collection came with the deck: owned, missing, the buy list."""
    if not text.strip():
        return {}
    context: dict[str, Any] = {"collection_text": text}
    try:
        collection = read_posted(request, text.encode("utf-8"), _("your collection"))
    except (DecklistError, UsageError) as exc:
        context["owned"] = {"problem": str(exc)}
        return context
    covered = deck_coverage(checked, collection, library(request).checker(language(request)))
    buy = render_buy_list(covered, "ptcgl", language(request)) if covered.missing else ""
    context["owned"] = {
        "problem": None,
        "covered": covered,
        "buy": buy,
        "download": "data:text/plain;charset=utf-8," + quote(buy, safe=""),
        "unknown": len(collection.findings),
    }
    return context


def _unicode(value: object) -> bool:
    """Whether every string in a parsed body is Unicode text (``"\\ud800"`` is not)."""
    strings = [value] if isinstance(value, str) else []
    if isinstance(value, list):
        strings = [v for v in value if isinstance(v, str)]
    if isinstance(value, dict):
        strings = [s for k, v in value.items() for s in (k, v) if isinstance(s, str)]
    try:
        for text in strings:
            text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _is_owned_set(owned: object) -> bool:
    """Whether ``owned`` is ``{alike key: copies}``, judged in bulk (C loops): a 20,000-key
    set is checked in ~1 ms, where a match and two tests per key took 8 ms. JSON keys are
    strings: each is 16 long, and their join holds nothing but hex digits (``bool`` is not
    ``int`` here: ``true`` is no count)."""
    if not isinstance(owned, dict):
        return False
    if not owned:
        return True
    joined = "".join(owned)
    counts = owned.values()
    return (
        set(map(len, owned)) == {16}
        and not joined.strip(_HEX)  # every character one of them
        and set(map(type, counts)) == {int}
        and min(counts) >= 0
        and max(counts) <= 10**6
    )


def _owned_request(body: bytes) -> dict[str, Any] | str:
    """The ids (and the collection's text or owned set) of a ``POST /api/owned`` body, or
    what is wrong with it."""
    try:
        asked = json.loads(body)
    except (ValueError, RecursionError):
        return _('send JSON: {"ids": ["sv3-125", …]} (and "collection": "…" or "owned": {key: n})')
    if not isinstance(asked, dict):
        return _('send JSON: {"ids": ["sv3-125", …]} (and "collection": "…" or "owned": {key: n})')
    ids, text, owned = asked.get("ids"), asked.get("collection"), asked.get("owned")
    if not isinstance(ids, list) or not all(isinstance(i, str) and len(i) <= MAX_ID for i in ids):
        return _('"ids" must be a list of card ids')
    if len(ids) > MAX_IDS:
        return _("at most {n} card ids at a time").format(n=MAX_IDS)
    if text is not None and (not isinstance(text, str) or not text.strip()):
        return _('"collection" must be the text of a collection')
    if owned is not None and not _is_owned_set(owned):
        return _('"owned" must be an owned set: {"0123456789abcdef": copies, …}')
    if not all(_unicode(v) for v in (ids, text)):  # an owned set's keys are hex digits
        return _("the body is not Unicode text (a lone surrogate escaped in its JSON)")
    if isinstance(text, str) and text.count("\n") >= TEXT_LINES:
        return _("a collection of {n} lines or more: POST it once to /api/owned-set and send "
                 '"owned" with the ids').format(n=TEXT_LINES)  # fmt: skip
    return {"ids": ids, "collection": text, "owned": owned}


async def api_owned(request: Request) -> Response:
    """``{"ids": [...]}`` → ``{"keys": {id: alike key}, "label": …}``; with ``"owned"`` (an
    owned set) or ``"collection"`` (its text) also ``"owned": {id: copies}``."""
    body = await request.body()
    return await run_in_threadpool(_owned, request, body)


def _owned(request: Request, body: bytes) -> Response:
    asked = _owned_request(body)
    if isinstance(asked, str):
        return json_answer({"error": asked}, 400)
    lib = library(request)
    checker = lib.checker(language(request))
    answer: dict[str, Any] = {"label": _("owned ×{n}")}
    keys = alike_keys(lib.catalogue, asked["ids"], checker)
    if asked["collection"] is not None:
        try:
            collection = read_posted(
                request, asked["collection"].encode("utf-8"), _("your collection")
            )
        except (DecklistError, UsageError) as exc:
            return json_answer({"error": str(exc)}, 400)
        answer["owned"] = owned_copies(lib.catalogue, collection, asked["ids"], checker)
    elif asked["owned"] is not None:
        answer["owned"] = {i: asked["owned"].get(key, 0) for i, key in keys.items()}
    answer["keys"] = keys
    return json_answer(answer)


async def api_owned_set(request: Request) -> Response:
    """``{"collection": text}`` → ``{"owned": {alike key: copies}, "rows": …, "matched": …}``:
    the collection read once, for the browser to keep."""
    body = await request.body()
    return await run_in_threadpool(_owned_set, request, body)


def _owned_set(request: Request, body: bytes) -> Response:
    try:
        asked = json.loads(body)
    except (ValueError, RecursionError):
        asked = None
    text = asked.get("collection") if isinstance(asked, dict) else None
    if not isinstance(text, str) or not text.strip() or not _unicode(text):
        return json_answer({"error": _('send JSON: {"collection": "…"}')}, 400)
    try:
        collection = read_posted(request, text.encode("utf-8"), _("your collection"))
    except (DecklistError, UsageError) as exc:
        return json_answer({"error": str(exc)}, 400)
    checker = library(request).checker(language(request))
    summary = collection.summary
    return json_answer({
        "owned": owned_set(checker, collection),
        "rows": summary.rows if summary else 0,
        "matched": summary.matched if summary else 0,
        "unreadable": len(collection.findings),
    })  # fmt: skip


ROUTES = [
    Route("/collection", collection_page, methods=["GET", "POST"], name="collection"),
    Route("/api/owned", api_owned, methods=["POST"], name="api_owned"),
    Route("/api/owned-set", api_owned_set, methods=["POST"], name="api_owned_set"),
]
