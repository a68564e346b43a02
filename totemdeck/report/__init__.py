"""Reporters: results as text for people, JSON or CSV for machines. They read only the result.

Every renderer loads its module on first use (PEP 562): ``totemdeck.report.search`` (a cold
``card search``) does not need the check renderers and the rules engine they import. The
CLI takes them all from here; the search renderers are named ``render_search_*`` here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from totemdeck.base import lazy

# Public name → (module, its name there).
_RENDERERS = {
    "render_json": ("json", "render_json"),
    "render_text": ("text", "render_text"),
    "render_card": ("card", "render_card"),
    "render_card_json": ("card", "render_card_json"),
    "render_totem": ("card", "render_totem"),
    "render_totem_json": ("card", "render_totem_json"),
    "render_totem_table": ("totem_table", "render_totem_table"),
    "render_buy_list": ("collection", "render_buy_list"),
    "render_collection_problems": ("collection", "render_collection_problems"),
    "render_collection_csv": ("collection_file", "render_collection_csv"),
    "render_collection_summary": ("collection_file", "render_collection_summary"),
    "render_stored_files": ("collection_file", "render_stored_files"),
    "render_coverage": ("collection", "render_coverage"),
    "render_draft": ("collection", "render_draft"),
    "render_ranking": ("collection", "render_ranking"),
    "render_stats": ("stats_text", "render_stats"),
    "plot_png": ("plot", "plot_png"),
    "render_rule_text": ("rules", "render_rule_text"),
    "render_rules_json": ("rules", "render_rules_json"),
    "render_rules_markdown": ("rules", "render_rules_markdown"),
    "render_rules_text": ("rules", "render_rules_text"),
    "render_search_csv": ("search", "render_csv"),
    "render_search_json": ("search", "render_json"),
    "render_search_text": ("search", "render_text"),
    "search_csv_text": ("search", "csv_text"),
    "search_json_pieces": ("search", "json_pieces"),
    "search_text_pieces": ("search", "text_pieces"),
}

# Written out (not derived from _RENDERERS) so linters and readers see it; a test keeps them equal.
__all__ = [
    "plot_png",
    "render_buy_list",
    "render_card",
    "render_card_json",
    "render_collection_csv",
    "render_collection_problems",
    "render_collection_summary",
    "render_coverage",
    "render_draft",
    "render_json",
    "render_ranking",
    "render_rule_text",
    "render_rules_json",
    "render_rules_markdown",
    "render_rules_text",
    "render_search_csv",
    "render_search_json",
    "render_search_text",
    "render_stats",
    "render_stored_files",
    "render_text",
    "render_totem",
    "render_totem_json",
    "render_totem_table",
    "search_csv_text",
    "search_json_pieces",
    "search_text_pieces",
]


__getattr__, __dir__ = lazy.exports(
    globals(), {name: f"{__name__}.{module}:{attr}" for name, (module, attr) in _RENDERERS.items()}
)


if TYPE_CHECKING:
    from totemdeck.report.card import render_card, render_card_json, render_totem, render_totem_json
    from totemdeck.report.collection import (
        render_buy_list,
        render_collection_problems,
        render_coverage,
        render_draft,
        render_ranking,
    )
    from totemdeck.report.collection_file import (
        render_collection_csv,
        render_collection_summary,
        render_stored_files,
    )
    from totemdeck.report.json import render_json
    from totemdeck.report.plot import plot_png
    from totemdeck.report.rules import (
        render_rule_text,
        render_rules_json,
        render_rules_markdown,
        render_rules_text,
    )
    from totemdeck.report.search import csv_text as search_csv_text
    from totemdeck.report.search import json_pieces as search_json_pieces
    from totemdeck.report.search import render_csv as render_search_csv
    from totemdeck.report.search import render_json as render_search_json
    from totemdeck.report.search import render_text as render_search_text
    from totemdeck.report.search import text_pieces as search_text_pieces
    from totemdeck.report.stats_text import render_stats
    from totemdeck.report.text import render_text
    from totemdeck.report.totem_table import render_totem_table
