"""Card search for the Cards and Build pages and ``/api/cards``.

Uses the card search language (``totemdeck.search.search_cards``) when it is installed;
before it is, a plain name search (case- and accent-insensitive, Spanish names too).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from totemdeck.catalogue.errors import CatalogueError
from totemdeck.catalogue.model import Card
from totemdeck.errors import TotemdeckError
from totemdeck.i18n import _
from totemdeck.web.service import Library

MAX_QUERY_CHARS = 500


@dataclass(frozen=True, slots=True)
class Found:
    cards: list[Card]
    total: int
    explanation: str
    error: str | None = None
    position: int | None = None  # where in the query the error is (0-based)


def _search_module() -> Any:
    try:
        return importlib.import_module("totemdeck.search")
    except ImportError:
        return None


def has_search_language() -> bool:
    return _search_module() is not None


def find_cards(
    lib: Library, query: str, limit: int = 60, lang: str = "en", prints: bool = False
) -> Found:
    """Cards matching ``query`` (at most ``limit``; one print a name unless ``prints``);
    a bad query is an ``error`` with its position, not a raise."""
    query = query.strip()
    if not query:
        return Found([], 0, "")
    if len(query) > MAX_QUERY_CHARS:
        return Found(
            [], 0, "", _("the query is over {n} characters long").format(n=MAX_QUERY_CHARS)
        )
    module = _search_module()
    if module is None:
        cards = lib.catalogue.search(query, limit=limit + 1)
        return Found(
            cards[:limit], len(cards), _("cards whose name contains “{query}”").format(query=query)
        )
    try:
        result = module.search_cards(
            lib.catalogue,
            query,
            limit=limit,
            prints=prints,
            lang=lang,
            banlist=lib.banlist,
            format_rules=lib.fmt,
        )
    except CatalogueError:  # the server's fault (damage): 503, never the query's 400
        raise
    except TotemdeckError as exc:  # QuerySyntaxError and bad values: the query's fault
        return Found([], 0, "", str(exc), getattr(exc, "position", None))
    return Found(list(result.cards), int(result.total), str(result.explanation))
