"""Run a query over the catalogue's search index: filter, one row per name, order, limit."""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

from totemdeck.base.errors import TotemdeckError
from totemdeck.base.records import frozen
from totemdeck.catalogue.search.compile import check_keys, explain, split_options, to_sql
from totemdeck.catalogue.search.context import SearchContext
from totemdeck.catalogue.search.index import index_inputs, use_format
from totemdeck.catalogue.search.orders import ORDERS
from totemdeck.catalogue.search.parse import parse
from totemdeck.catalogue.search.regex import register
from totemdeck.catalogue.search.spanish_keys import searching_in
from totemdeck.i18n import N_, _

if TYPE_CHECKING:
    from totemdeck.catalogue.model import Card
    from totemdeck.catalogue.read import Catalogue

# Cards without the ordered fact (a Trainer has no HP) come last either way.
_NULLABLE = {"hp", "column"}


# How the explanation ends: (every print?, reversed?) → the sentence.
_SUMMARY = {
    (False, False): N_("{query}; one row per name (its newest print), sorted by {order}"),
    (False, True): N_("{query}; one row per name (its newest print), sorted by {order}, reversed"),
    (True, False): N_("{query}; every print, sorted by {order}"),
    (True, True): N_("{query}; every print, sorted by {order}, reversed"),
}
_ORDER_WORDS = {
    "name": N_("name"),
    "hp": N_("HP"),
    "released": N_("release date"),
    "set": N_("set and number"),
    "type": N_("card type"),
    "column": N_("Totem cost column"),
}


class SearchIndexMissing(TotemdeckError):
    """The catalogue was built by an older totemdeck and has no (current) search index."""


@frozen
class SearchResult:
    """What a search found: the cards shown, how many match, the query in plain words; a
    face that reports a bad query instead of raising fills ``error`` and ``position``."""

    cards: list[Card]
    total: int  # matches before the limit
    explanation: str  # how the query was understood, in plain words
    error: str | None = None
    position: int | None = None  # where in the query the error is (0-based)
    offset: int = 0  # a page of results: its first card, counted from 0
    prints: bool = False  # every print listed (``--prints`` or ``unique:prints``), not one a name
    ids: tuple[str, ...] = ()  # the prints shown, in order (``cards`` unless left unbuilt)

    @property
    def shown_ids(self) -> tuple[str, ...]:
        """The ids of the prints shown (a result made by hand may give only its cards)."""
        return self.ids or tuple(card.id for card in self.cards)


def run_query(
    catalogue: Catalogue,
    query: str,
    ctx: SearchContext,
    *,
    order: str = "name",
    reverse: bool = False,
    limit: int | None = 60,
    prints: bool = False,
    lang: str = "en",
    offset: int = 0,
    build: bool = True,
) -> SearchResult:
    """The matching prints (or newest print per name), in order, and the total; ``offset``
    skips that many in SQL (a deep page reads and builds only its own cards: page 500 costs
    what page 1 costs, and a page past the end is empty with the same total). Without
    ``build`` the cards are not built (``ids`` says which they are: a listing reads its
    rows with ``listing.listing_rows``).

    ``order:`` / ``direction:`` / ``unique:`` in the query win over the arguments."""
    if order not in ORDERS:
        raise ValueError(f"order must be one of {', '.join(ORDERS)}, not {order!r}")
    node, options = split_options(parse(query), query)
    check_keys(node, query)
    order = options.get("order", order)
    reverse = options["direction"] == "desc" if "direction" in options else reverse
    prints = options["unique"] == "prints" if "unique" in options else prints
    db = catalogue._db  # the catalogue package's own connection (read-only)
    if index_inputs(db) is None:
        raise SearchIndexMissing(
            _(
                "{path}: this catalogue has no search index from this version of totemdeck; "
                "run `totemdeck import` again"
            ).format(path=catalogue.path)
        )
    use_format(db, *ctx.format_in_force())
    with searching_in(lang):  # o:, atk:, ab: read that language's words too
        condition = to_sql(node, ctx, query)
    _tune(db)
    where = f"FROM search s WHERE {condition.text}"
    if order == "name" and lang == "en" and not reverse:
        ids, total = _in_stored_order(db, where, condition.params, (offset, limit), prints)
    else:
        page = (offset, limit)
        ids, total = _sorted(db, where, condition.params, order, reverse, page, prints, lang)
    how = _(_SUMMARY[prints, reverse]).format(query=explain(node), order=_(_ORDER_WORDS[order]))
    cards = _cards(catalogue, ids) if build else []
    return SearchResult(cards, total, how, offset=offset, prints=prints, ids=tuple(ids))


def _sorted(
    db: sqlite3.Connection,
    where: str,
    params: tuple[object, ...],
    order: str,
    reverse: bool,
    page: tuple[int, int | None],
    prints: bool,
    lang: str,
) -> tuple[list[str], int]:
    """Any order: SQLite sorts the matches (one per name: the newest print's facts) and
    returns one ``page`` (offset, limit) of them."""
    offset, limit = page
    first, ties = ORDERS[order]
    direction = "DESC" if reverse else "ASC"
    nulls = f"{first} IS NULL, " if order in _NULLABLE else ""
    order_by = f"{nulls}{first} {direction}, {ties}"
    order_params: tuple[object, ...] = ()
    if lang == "en":
        order_by = order_by.replace("{name}", "s.name_order")
    else:  # by the name shown: the language's name where the catalogue knows it
        order_params = (lang,) * order_by.count("{name}")
        order_by = order_by.replace(
            "{name}",
            "coalesce((SELECT min(alias_key) FROM aliases a WHERE a.card_id = s.card_id "
            "AND a.kind = 'name' AND a.lang = ?), s.name_key)",
        )
    if not prints:
        # One row per name: its newest match, the first in stored order (the least rowid);
        # grouping rowids alone and counting in the same query cost half of grouping rows.
        chosen = f"SELECT min(s.rowid) {where} GROUP BY s.name_order"
        sql = (
            f"SELECT s.card_id, count(*) OVER () FROM search s WHERE s.rowid IN ({chosen}) "
            f"ORDER BY {order_by} LIMIT ? OFFSET ?"
        )
        args = (*params, *order_params, -1 if limit is None else limit, offset)
        found = db.execute(sql, args).fetchall()
        if found or not offset:
            return [r[0] for r in found], int(found[0][1]) if found else 0
        return [], int(db.execute(f"SELECT count(*) FROM ({chosen})", params).fetchone()[0])
    sql = f"SELECT s.card_id {where} ORDER BY {order_by} LIMIT ? OFFSET ?"
    count = f"SELECT count(*) {where}"
    args = (*params, *order_params, -1 if limit is None else limit, offset)
    rows = db.execute(sql, args).fetchall()
    if limit is None or (len(rows) < limit and (rows or not offset)):
        return [r[0] for r in rows], offset + len(rows)
    return [r[0] for r in rows], int(db.execute(count, params).fetchone()[0])


def _in_stored_order(
    db: sqlite3.Connection,
    where: str,
    params: tuple[object, ...],
    page: tuple[int, int | None],
    prints: bool,
) -> tuple[list[str], int]:
    """The default order needs no sort: rows are stored by name, newest print first, so the
    first row of each name is its newest match; the rest of the one scan is only counted
    (ids only: a deep page keeps the ``limit`` ids of its own page, never the ones before)."""
    offset, limit = page
    end = None if limit is None else offset + limit
    sql = f"SELECT s.card_id, s.name_order {where} ORDER BY s.rowid"
    rows = db.execute(sql, params).fetchall()  # one call: the scan's rows are ids, not cards
    ids: list[str] = []
    total = 0
    last_name = None
    for card_id, name in rows:
        if not prints and name == last_name:
            continue
        last_name = name
        if offset <= total and (end is None or total < end):
            ids.append(card_id)
        total += 1
    return ids, total


def _tune(db: sqlite3.Connection) -> None:
    """Keep the whole search table in memory between queries (it is a few megabytes), and
    give SQL the RE2 functions regular expressions use."""
    db.execute("PRAGMA cache_size = -16384")  # 16 MiB: the search tables, not every card page
    register(db)


def _cards(catalogue: Catalogue, ids: list[str]) -> list[Card]:
    """The cards of ``ids`` in that order, the ones the catalogue has not built yet read in
    one query (with their aliases): a long list of known cards reads no card data again."""
    return catalogue.cards_of(ids)
