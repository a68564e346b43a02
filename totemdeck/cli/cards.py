"""``totemdeck card search`` and ``totemdeck card show``: look cards up in the catalogue."""

from __future__ import annotations

import json

import typer

from totemdeck.cli import app
from totemdeck.cli.options import CatalogueOption, FormatOption, LangOption, OutputFormat
from totemdeck.cli.output import EXIT_PROBLEMS, write_text

card_app = typer.Typer(help="Look cards up in the catalogue.", no_args_is_help=True)
app.add_typer(card_app, name="card")


@card_app.command("search")
def search(
    query: str = typer.Argument(..., help="Part of a name; case and accents are ignored."),
    limit: int = typer.Option(20, "--limit", "-n", min=1, help="Most prints to list."),
    catalogue: str = CatalogueOption,
    output: OutputFormat = FormatOption,
) -> None:
    """Find prints by name. Example: totemdeck card search "charizard ex" --limit 5"""
    from totemdeck.catalogue import Catalogue
    from totemdeck.report.card import render_card_list

    with Catalogue.open(catalogue) as cat:
        found = cat.search(query, limit=limit)
    if output is OutputFormat.json:
        write_text(json.dumps([c.to_record() for c in found], indent=2, ensure_ascii=False) + "\n")
    elif found:
        write_text(render_card_list(found))
    if not found:
        if output is OutputFormat.text:
            typer.echo(f"no card name contains {query!r}", err=True)
        raise typer.Exit(EXIT_PROBLEMS)


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
        write_text(render_card_json(card, facts))
    else:
        write_text(render_card(card, facts, lang))
