"""Options shared by several commands, declared once, with their checks."""

from __future__ import annotations

import os
from enum import StrEnum
from pathlib import PurePath

import typer

from totemdeck.cli.language import LANG_FLAG, LANG_HELP, choose_language
from totemdeck.errors import TotemdeckError

NAME_MAX = 255  # bytes in one path component on Linux, macOS and Windows file systems


class BadOption(TotemdeckError):
    """An option value that cannot work, said in one line (exit 2)."""


class OutputFormat(StrEnum):
    text = "text"
    json = "json"


def check_path(value: str | None) -> str | None:
    """A catalogue path whose every part a file system can hold (else one line, exit 2)."""
    if value is None:
        return value
    for part in PurePath(value).parts:
        size = len(os.fsencode(part))
        if size > NAME_MAX:
            raise BadOption(
                f"--catalogue: a part of the path is {size} bytes long; "
                f"file systems allow {NAME_MAX}"
            )
    return value


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
