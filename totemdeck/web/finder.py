"""Card search for the Cards and Build pages and ``/api/cards``: the search verb, with a bad
query turned into an ``error`` (and its position) the page shows instead of a raise."""

from __future__ import annotations

from totemdeck.errors import TotemdeckError
from totemdeck.i18n import _
from totemdeck.search import SearchResult, search_cards
from totemdeck.web.service import Library

MAX_QUERY_CHARS = 500


def find_cards(
    lib: Library, query: str, limit: int = 60, lang: str = "en", prints: bool = False
) -> SearchResult:
    """Cards matching ``query`` (at most ``limit``; one print a name unless ``prints``);
    a bad query is an ``error`` with its position, not a raise."""
    query = query.strip()
    if not query:
        return SearchResult([], 0, "")
    if len(query) > MAX_QUERY_CHARS:
        return SearchResult(
            [], 0, "", _("the query is over {n} characters long").format(n=MAX_QUERY_CHARS)
        )
    try:
        return search_cards(
            lib.catalogue,
            query,
            limit=limit,
            prints=prints,
            lang=lang,
            banlist=lib.banlist,
            format_rules=lib.fmt,
        )
    except TotemdeckError as exc:  # QuerySyntaxError and bad values: the query's fault
        return SearchResult([], 0, "", str(exc), getattr(exc, "position", None))
