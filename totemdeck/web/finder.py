"""Card search for the Cards and Build pages and ``/api/cards``: the search verb, with a bad
query turned into an ``error`` (and its position) the page shows instead of a raise."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping

from totemdeck.api.cards import CatalogueError
from totemdeck.api.search import SearchResult, search_cards
from totemdeck.base.errors import TotemdeckError
from totemdeck.base.records import frozen
from totemdeck.i18n import N_, _
from totemdeck.i18n.terms import term
from totemdeck.web.service import Library

MAX_QUERY_CHARS = 500
# The last searches' answers, as card ids (a few kilobytes in all): Build shows the same
# search again after every step (an Add, an edit, a count), and over the read-only
# catalogue the web serves (its checkers and Totem judges are kept the same way) the
# same query answers the same. Searches with a collection (``own:``) are never kept.
MEMO = 32
_Key = tuple[int, str, int, str, bool, int, str]
_Kept = tuple[tuple[str, ...], int, str, str | None, int | None, bool]
_ANSWERS: OrderedDict[_Key, _Kept] = OrderedDict()
_LOCK = threading.Lock()


def find_cards(
    lib: Library,
    query: str,
    limit: int = 60,
    lang: str = "en",
    prints: bool = False,
    offset: int = 0,
    order: str = "name",
    owned: Mapping[str, int] | None = None,
) -> SearchResult:
    """Cards matching ``query`` (at most ``limit`` from ``offset``, a page; one print a name
    unless ``prints``); a bad query is an ``error`` with its position, not a raise.
    ``owned``: the copies of the collection the browser sent (``own:``)."""
    query = query.strip()
    if not query:
        return SearchResult([], 0, "")
    if len(query) > MAX_QUERY_CHARS:
        return SearchResult(
            [], 0, "", _("the query is over {n} characters long").format(n=MAX_QUERY_CHARS)
        )
    key = (id(lib), query, limit, lang, prints, offset, order)
    if owned is None:
        kept = _recall(lib, key)
        if kept is not None:
            return kept
    try:
        result = search_cards(
            lib.catalogue,
            query,
            limit=limit,
            offset=offset,
            prints=prints,
            order=order,
            lang=lang,
            banlist=lib.banlist,
            format_rules=lib.fmt,
            owned=owned,
            no_collection=_(
                "own: reads your collection: load it on the Collection page (it stays in this "
                "browser, which sends it with a search that uses own:)"
            ),
        )
    except CatalogueError:  # the server's fault (damage): 503, never the query's 400
        raise
    except TotemdeckError as exc:  # QuerySyntaxError and bad values: the query's fault
        return SearchResult([], 0, "", str(exc), getattr(exc, "position", None))
    if owned is None:
        _keep(key, result)
    return result


def _recall(lib: Library, key: _Key) -> SearchResult | None:
    """The answer kept for ``key``, its cards from this thread's catalogue (None: not kept,
    or a card no longer there)."""
    with _LOCK:
        kept = _ANSWERS.get(key)
        if kept is not None:
            _ANSWERS.move_to_end(key)
    if kept is None:
        return None
    ids, total, explanation, error, position, prints = kept
    cards = [lib.catalogue.get(card_id) for card_id in ids]
    if any(card is None for card in cards):
        return None
    shown = [card for card in cards if card]
    return SearchResult(shown, total, explanation, error, position, key[5], prints)


def _keep(key: _Key, result: SearchResult) -> None:
    with _LOCK:
        _ANSWERS[key] = (
            tuple(card.id for card in result.cards),
            result.total,
            result.explanation,
            result.error,
            result.position,
            result.prints,
        )
        while len(_ANSWERS) > MEMO:
            _ANSWERS.popitem(last=False)


# The common questions, as buttons that write their term into the search box (so players
# see the language and learn it): (label, term).
FILTERS = (
    (N_("Pokémon"), "t:pokemon"),
    (N_("Supporter"), "t:supporter"),
    (N_("Item"), "t:item"),
    (N_("Pokémon Tool"), "t:tool"),
    (N_("Stadium"), "t:stadium"),
    (N_("Energy"), "t:energy"),
    (N_("Basic"), "stage:basic"),
    (N_("Stage 1"), "stage:1"),
    (N_("Stage 2"), "stage:2"),
)
TYPE_WORDS = {
    "Grass": "grass", "Fire": "fire", "Water": "water", "Lightning": "lightning",
    "Psychic": "psychic", "Fighting": "fighting", "Darkness": "darkness", "Metal": "metal",
    "Fairy": "fairy", "Dragon": "dragon", "Colorless": "colorless",
}  # fmt: skip


@frozen
class Filter:
    """A one-click search term the Cards and Build pages offer."""

    label: str
    term: str
    query: str  # the search with this term added, or taken out when it is there
    active: bool


# A card has one card type and one stage: two terms of these keys find nothing together, so
# a filter button of one of them takes the others of its key out (type: adds, cards have two).
EXCLUSIVE = ("t:", "stage:")


def toggled(query: str, word: str) -> str:
    """``query`` with the filter term ``word`` taken out when it is there (in any case),
    else put in at the end — in place of another term of its key when the key is
    exclusive (``t:pokemon`` then Supporter gives ``t:supporter``); other words stay."""
    words = query.split()
    if any(w.lower() == word.lower() for w in words):
        return " ".join(w for w in words if w.lower() != word.lower())
    key = word[: word.index(":") + 1] if ":" in word else ""
    offered = {w for _label, w in FILTERS}
    if key in EXCLUSIVE:
        words = [w for w in words if not (w.lower() in offered and w.lower().startswith(key))]
    return " ".join([*words, word])


def filters(query: str, types: list[str] | None = None) -> list[Filter]:
    """The filter buttons for ``query``; ``types``: the Energy types to offer (default all)."""
    words = {w.lower() for w in query.split()}
    offered = [(_(label), word) for label, word in FILTERS]
    for kind in types if types is not None else list(TYPE_WORDS):
        if kind in TYPE_WORDS:
            offered.append((term(kind), f"type:{TYPE_WORDS[kind]}"))
    return [Filter(label, w, toggled(query, w), w in words) for label, w in offered]
