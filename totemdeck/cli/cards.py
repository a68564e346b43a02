"""``totemdeck card search`` and ``totemdeck card show``: look cards up in the catalogue."""

from __future__ import annotations

from pathlib import Path

import typer

from totemdeck.cli.check import BanlistOption, FormatFileOption
from totemdeck.cli.choices import SearchFormat, SearchOrder
from totemdeck.cli.options import (
    CatalogueOption,
    CollectionOption,
    FormatOption,
    LangOption,
    OutputFormat,
)
from totemdeck.cli.output import write_text
from totemdeck.cli.root import app
from totemdeck.cli.searching import run_search

__all__ = ["SearchFormat", "SearchOrder", "card_app", "search", "show"]

card_app = typer.Typer(help="Look cards up in the catalogue.", no_args_is_help=True)
app.add_typer(card_app, name="card")


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
    run_search(
        query=query,
        prints=prints,
        order=order,
        reverse=reverse,
        limit=limit,
        lang=lang,
        explain_query=explain_query,
        catalogue=catalogue,
        output=output,
        banlist=banlist,
        format_file=format_file,
        collection=collection,
    )


@card_app.command("show")
def show(
    card_id: str = typer.Argument(..., help="A card id such as sv3-125 (or TCGdex's sv03-125)."),
    lang: str = LangOption,
    catalogue: str = CatalogueOption,
    output: OutputFormat = FormatOption,
) -> None:
    """Show one print. Example: totemdeck card show sv3-125"""
    from totemdeck.api import Catalogue, card_facts, find_card
    from totemdeck.report import render_card, render_card_json

    with Catalogue.open(catalogue) as cat:
        card = find_card(cat, card_id)
        facts = card_facts(cat, card)
    if output is OutputFormat.json:
        write_text(render_card_json(card, facts, lang))
    else:
        write_text(render_card(card, facts, lang))
