"""Options shared by several commands, declared once, with their checks."""

from __future__ import annotations

import typer

from totemdeck.cli.choices import NAME_MAX, BadOption, OutputFormat, check_path
from totemdeck.cli.language import LANG_FLAG, LANG_HELP, choose_language

__all__ = [
    "NAME_MAX",
    "BadOption",
    "CatalogueOption",
    "CollectionOption",
    "FormatOption",
    "LangOption",
    "OutputFormat",
    "check_path",
]

CatalogueOption = typer.Option(
    None,
    "--catalogue",
    envvar="TOTEMDECK_CATALOGUE",
    help="Catalogue folder (default: ./cards).",
    show_default=False,
    callback=check_path,
)
FormatOption = typer.Option(OutputFormat.text, "--format", "-f", help="Output format.")
# The one --lang: commands that need the value (card names) declare it with this; every
# other command gets the same option from cli.language.add_lang_options.
LangOption = typer.Option(
    None, LANG_FLAG, metavar="en|es", callback=choose_language, help=LANG_HELP, show_default=False
)
CollectionOption = typer.Option(
    None,
    "--collection",
    envvar="TOTEMDECK_COLLECTION",
    help="Your cards: a decklist or a collection app's CSV export (counts = copies owned).",
    show_default=False,
)
