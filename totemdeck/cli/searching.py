"""What ``totemdeck card search`` does, once its options are read.

Kept apart from ``cli.cards`` (the options, declared for typer) so the quick path
(``cli.quick``) runs the same code without loading typer.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from totemdeck.cli.choices import SearchFormat, SearchOrder
from totemdeck.cli.output import to_stderr, write_stderr, write_text
from totemdeck.i18n import _

if TYPE_CHECKING:
    from totemdeck.api import Banlist, Catalogue, FormatRules, SearchResult


def run_search(
    query: str,
    prints: bool,
    order: SearchOrder,
    reverse: bool,
    limit: int,
    lang: str,
    explain_query: bool,
    catalogue: str | None,
    output: SearchFormat,
    banlist: Path | None,
    format_file: Path | None,
    collection: str | None,
) -> None:
    """``totemdeck card search``: the cards a query finds, as text, JSON or CSV."""
    from totemdeck.api.search import Catalogue, listed_rows, search_cards  # not api.core's deck

    query = query.lstrip()  # a query starting with "-" arrives with a space before it
    bans = fmt = None  # the defaults load only if a key needs them (a cold start stays quick)
    if banlist is not None or format_file is not None:
        from totemdeck.api import load_rules

        bans, fmt = load_rules(banlist, format_file)
    with Catalogue.open(catalogue, mapped=True) as cat:  # short-lived: damage.MAP_BYTES
        owned = _owned(cat, collection, bans, fmt, lang) if collection else None
        result = search_cards(
            cat,
            query,
            order=order.value,
            reverse=reverse,
            limit=limit or None,
            prints=prints,
            lang=lang,
            banlist=bans,
            format_rules=fmt,
            owned=owned,
            build=False,  # the rows are read in bulk as they are written, never built as cards
        )
        rows = listed_rows(cat, result, lang, fmt)
        _write_found(result, rows, query, output, explain_query)


def _write_found(
    result: SearchResult,
    rows: Iterator[dict[str, Any]],
    query: str,
    output: SearchFormat,
    explain_query: bool,
) -> None:
    """The cards found on stdout (text, JSON or CSV), written as their rows come; on
    stderr, how many were left out."""
    if output is SearchFormat.json:
        from totemdeck.report import search_json_pieces as json_pieces

        for piece in json_pieces(result, query, rows):
            write_text(piece)
        return
    if output is SearchFormat.csv:
        from totemdeck.report import search_csv_text as csv_text

        write_text(csv_text(rows))
        return
    from totemdeck.report import search_text_pieces as text_pieces

    if explain_query:
        write_text(_("query: {explanation}").format(explanation=result.explanation) + "\n")
    for piece in text_pieces(rows):
        write_text(piece)
    shown = len(result.shown_ids)
    if not shown:
        to_stderr(_("no card matches the query"))
    elif result.total > shown:
        to_stderr(
            _("{shown} of {total} shown (--limit 0 lists them all)").format(
                shown=shown, total=result.total
            )
        )


def _owned(
    cat: Catalogue, collection: str, bans: Banlist | None, fmt: FormatRules | None, lang: str
) -> dict[str, int]:
    """Copies of each print the collection holds, for ``own:`` (its unknown lines on stderr)."""

    from totemdeck.api import Checker, owned_prints, read_collection
    from totemdeck.report import render_collection_problems

    owned = read_collection(cat, collection)
    if owned.findings:
        write_stderr(render_collection_problems(owned))
    return owned_prints(Checker(cat, fmt=fmt, banlist=bans, lang=lang), owned)
