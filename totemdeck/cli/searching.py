"""What ``totemdeck card search`` does, once its options are read.

Kept apart from ``cli.cards`` (the options, declared for typer) so the quick path
(``cli.quick``) runs the same code without loading typer.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

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
    from totemdeck.api import Catalogue
    from totemdeck.api.search import search_cards  # search sits beside the api (it calls the api)

    query = query.lstrip()  # a query starting with "-" arrives with a space before it
    bans = fmt = None  # the defaults load only if a key needs them (a cold start stays quick)
    if banlist is not None or format_file is not None:
        from totemdeck.api import load_rules

        bans, fmt = load_rules(banlist, format_file)
    with Catalogue.open(catalogue) as cat:
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
        )
    _write_found(result, query, output, lang, fmt, explain_query)


def _write_found(
    result: SearchResult,
    query: str,
    output: SearchFormat,
    lang: str,
    fmt: FormatRules | None,
    explain_query: bool,
) -> None:
    """The cards found on stdout (text, JSON or CSV); on stderr, how many were left out."""
    if output is not SearchFormat.text:
        from totemdeck.api import load_format
    if output is SearchFormat.json:
        from totemdeck.report import render_search_json as render_json

        write_text(render_json(result, query, lang, fmt or load_format()))
        return
    if output is SearchFormat.csv:
        from totemdeck.report import render_search_csv as render_csv

        write_text(render_csv(result, lang, fmt or load_format()))
        return
    from totemdeck.report import render_search_text as render_text

    head = _("query: {explanation}").format(explanation=result.explanation) + "\n"
    head = head if explain_query else ""
    write_text(head + render_text(result, lang))
    if not result.cards:
        to_stderr(_("no card matches the query"))
    elif result.total > len(result.cards):
        to_stderr(
            _("{shown} of {total} shown (--limit 0 lists them all)").format(
                shown=len(result.cards), total=result.total
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
