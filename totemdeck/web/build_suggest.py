"""Build's print autocomplete (``/build/prints?q=…&totem=…``): while a line is typed in the
edit box, the prints it may mean — name in the page's language, set code and number, a
short line of what the card is — those that fit the Totem first (issue 37: completing only
names made 13 of 22 typed Pokémon lines ``ambiguous-card``).

The names come from the same index as ``/api/names``, the page's language first; the
prints from the catalogue; whether a print fits, from the rules (``fit``) over a deck of
just the Totem, kept per Totem in a small bounded memo.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

import totemdeck.api.build as build
from totemdeck.api.cards import Card
from totemdeck.api.deck import SharedDeck
from totemdeck.i18n import _
from totemdeck.web import build_add
from totemdeck.web.help_pages import _index
from totemdeck.web.pages import int_param, language, library
from totemdeck.web.service import Library
from totemdeck.web.templating import card_image

MAX_TEXT = 100
MAX_NAMES = 6  # names whose prints are offered (each gives at most 3 prints)
MEMO = 64  # Totems whose room is remembered
_JUDGES: OrderedDict[tuple[str, str], build.Fit] = OrderedDict()
_ENGLISH: dict[str, frozenset[str]] = {}
_LOCK = threading.Lock()


def _english(lib: Library) -> frozenset[str]:
    """The English card names (the others in the index are Spanish), one set a catalogue."""
    key = str(lib.config.catalogue)
    with _LOCK:
        if key not in _ENGLISH:
            _ENGLISH.clear()
            _ENGLISH[key] = frozenset(lib.catalogue.names())
        return _ENGLISH[key]


def _judge(lib: Library, totem: str, lang: str) -> build.Fit | None:
    """The room of a deck holding only ``totem`` (None: no such Pokémon)."""
    key = (str(lib.config.catalogue), totem)
    with _LOCK:
        if key in _JUDGES:
            _JUDGES.move_to_end(key)
            return _JUDGES[key]
    deck = SharedDeck(("Totem:", f"1 {totem}"))
    checked = lib.check(deck.decklist("totem"), lang)
    if not checked.deck.totem:
        return None
    judge = build.deck_fit(checked)
    with _LOCK:
        _JUDGES[key] = judge
        while len(_JUDGES) > MEMO:
            _JUDGES.popitem(last=False)
    return judge


def ordered_names(names: list[str], english: frozenset[str], lang: str) -> list[str]:
    """The names in the page's language first (stable: best match first within each)."""
    return sorted(names, key=lambda name: (name in english) != (lang == "en"))


def build_prints(request: Request) -> Response:
    """``[{"line": "Gastly TEF 48", "name", "code", "about", "fits", "why", "image"}, …]``:
    ``image`` is the print's small picture on its source's host (None when the app shows
    no pictures or the source has none); the text beside it says all the picture shows."""
    lib = library(request)
    lang = language(request)
    text = request.query_params.get("q", "")[:MAX_TEXT]
    totem = request.query_params.get("totem", "")[:40]
    limit = int_param(request, "limit", 8, 1, 12)
    names = ordered_names(_index(request).suggest(text, 20), _english(lib), lang)
    judge = _judge(lib, totem, lang) if totem else None
    misfit: Callable[[Card], str | None] | None = judge.misfit if judge else None
    choices = build.suggest_prints(lib.catalogue, names[:MAX_NAMES], misfit, lang, limit)
    pictures = lib.config.images
    data = []
    for choice in choices:
        card = lib.catalogue.get(choice.card_id)
        why = judge.misfit(card) if judge and card and not choice.fits else None
        data.append(
            {
                "line": choice.line,
                "name": choice.name,
                "code": choice.code,
                "about": choice.about,
                "fits": choice.fits,
                "why": _(build_add.REASONS[why]) if why else None,
                "image": card_image(card) if pictures and card else None,
            }
        )
    return JSONResponse(data, headers={"Cache-Control": "private, max-age=600"})
