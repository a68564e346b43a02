"""The orders a search can list its matches in (``--order``, the Cards page's select, the
query's ``order:`` key): each name once, with the SQL that sorts by it. A data module with
no imports, so the CLI can offer the names as choices without loading the search."""

from __future__ import annotations

# ``--order``: the first term follows ``reverse``; the rest only break ties.
ORDERS: dict[str, tuple[str, str]] = {
    "name": ("{name}", "s.recency DESC"),
    "hp": ("s.hp", "{name}, s.recency DESC"),
    "released": ("s.recency", "{name}"),
    "set": ("s.released", "s.set_id, s.number_sort, s.number_key, s.card_id"),
    "type": (
        "CASE s.supertype WHEN 'pokemon' THEN 0 WHEN 'trainer' THEN 1 ELSE 2 END",
        "(s.types & -s.types), {name}, s.recency DESC",
    ),
    "column": ("s.cost_column", "{name}, s.recency DESC"),
}
ORDER_NAMES = tuple(ORDERS)
