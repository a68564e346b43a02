"""Options shared by several commands, declared once."""

from __future__ import annotations

from enum import StrEnum

import typer


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
