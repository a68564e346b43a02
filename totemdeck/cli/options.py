"""Options shared by several commands, declared once."""

from __future__ import annotations

from enum import StrEnum

import typer

from totemdeck.cli.language import LANG_FLAG, LANG_HELP, choose_language


class OutputFormat(StrEnum):
    text = "text"
    json = "json"


CatalogueOption = typer.Option(
    None,
    "--catalogue",
    envvar="TOTEMDECK_CATALOGUE",
    help="Catalogue folder (default: ./cards).",
    show_default=False,
)
FormatOption = typer.Option(OutputFormat.text, "--format", "-f", help="Output format.")
# The one --lang: commands that need the value (card names) declare it with this; every
# other command gets the same option from cli.language.add_lang_options.
LangOption = typer.Option(
    None, LANG_FLAG, metavar="en|es", callback=choose_language, help=LANG_HELP, show_default=False
)
