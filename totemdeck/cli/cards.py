"""``totemdeck card search`` and ``totemdeck card show``: look cards up in the catalogue."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from totemdeck.cli import app
from totemdeck.cli.check import BanlistOption, FormatFileOption
from totemdeck.cli.options import (
    CatalogueOption,
    CollectionOption,
    FormatOption,
    LangOption,
    OutputFormat,
)
from totemdeck.cli.output import write_text
from totemdeck.i18n import _

if TYPE_CHECKING:
    from totemdeck.catalogue import Catalogue
    from totemdeck.rules.banlist import Banlist
    from totemdeck.rules.format import FormatRules

card_app = typer.Typer(help="Look cards up in the catalogue.", no_args_is_help=True)
app.add_typer(card_app, name="card")


class SearchFormat(StrEnum):
    text = "text"
    json = "json"
    csv = "csv"


class SearchOrder(StrEnum):
    name = "name"
    hp = "hp"
    released = "released"
    set = "set"
    type = "type"
    column = "column"


@card_app.command("search")
def search(
    query: str = typer.Argument(
        ...,
        help="A search such as 'totem:sv3-125 t:supporter' or 'hp>=200 is:ex' (README: "
        "Search cards); bare words search the name.",
    ),
    prints: bool = typer.Option(False, "--prints", help="Every print, not one per name."),
    order: SearchOrder = typer.Option(SearchOrder.name, "--order", help="Sort by."),
    reverse: bool = typer.Option(False, "--reverse", help="Reverse the order."),
    limit: int = typer.Option(60, "--limit", "-n", min=0, help="Most cards to list (0: all)."),
    lang: str = LangOption,
    explain_query: bool = typer.Option(
        False, "--explain", help="Say first how the query was understood."
    ),
    catalogue: str = CatalogueOption,
    output: SearchFormat = typer.Option(SearchFormat.text, "--format", "-f", help="Output format."),
    banlist: Path = BanlistOption,
    format_file: Path = FormatFileOption,
    collection: str = CollectionOption,
) -> None:
    """Search cards. Example: totemdeck card search 'totem:sv3-125 t:supporter o:draw'"""
    from totemdeck.catalogue import Catalogue
    from totemdeck.search import search_cards

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
    if output is not SearchFormat.text:
        from totemdeck.rules.format import load_format
    if output is SearchFormat.json:
        from totemdeck.report.search import render_json

        write_text(render_json(result, query, lang, fmt or load_format()))
        return
    if output is SearchFormat.csv:
        from totemdeck.report.search import render_csv

        write_text(render_csv(result, lang, fmt or load_format()))
        return
    from totemdeck.report.search import render_text

    head = _("query: {explanation}").format(explanation=result.explanation) + "\n"
    head = head if explain_query else ""
    write_text(head + render_text(result, lang))
    if not result.cards:
        typer.echo(_("no card matches the query"), err=True)
    elif result.total > len(result.cards):
        typer.echo(
            _("{shown} of {total} shown (--limit 0 lists them all)").format(
                shown=len(result.cards), total=result.total
            ),
            err=True,
        )


def _owned(
    cat: Catalogue, collection: str, bans: Banlist | None, fmt: FormatRules | None, lang: str
) -> dict[str, int]:
    """Copies of each print the collection holds, for ``own:`` (its unknown lines on stderr)."""
    import sys

    from totemdeck.api import owned_prints, read_collection
    from totemdeck.report.collection import render_collection_problems
    from totemdeck.rules.engine import Checker

    owned = read_collection(cat, collection)
    if owned.findings:
        sys.stderr.write(render_collection_problems(owned))
    return owned_prints(Checker(cat, fmt=fmt, banlist=bans, lang=lang), owned)


@card_app.command("show")
def show(
    card_id: str = typer.Argument(..., help="A card id such as sv3-125 (or TCGdex's sv03-125)."),
    lang: str = LangOption,
    catalogue: str = CatalogueOption,
    output: OutputFormat = FormatOption,
) -> None:
    """Show one print. Example: totemdeck card show sv3-125"""
    from totemdeck.api import card_facts, find_card
    from totemdeck.catalogue import Catalogue
    from totemdeck.report.card import render_card, render_card_json

    with Catalogue.open(catalogue) as cat:
        card = find_card(cat, card_id)
        facts = card_facts(cat, card)
    if output is OutputFormat.json:
        write_text(render_card_json(card, facts, lang))
    else:
        write_text(render_card(card, facts, lang))
