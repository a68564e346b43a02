"""Terminal edge: errors on stderr in one line, colour only on a TTY without NO_COLOR."""

from __future__ import annotations

import os
import sys
from typing import TextIO

import typer

from totemdeck.errors import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, TotemdeckError

__all__ = ["EXIT_OK", "EXIT_PROBLEMS", "EXIT_USAGE", "report_error", "write_text"]


def use_colour(stream: TextIO) -> bool:
    """Colour only for a person at a terminal, as rich judges it (``NO_COLOR``, ``TERM=dumb``
    and ``FORCE_COLOR`` honoured); a pipe or file answers at once, without importing rich."""
    isatty = getattr(stream, "isatty", None)
    if not (isatty and isatty()) and not os.environ.get("FORCE_COLOR"):
        return False
    from rich.console import Console

    console = Console(file=stream)
    return console.is_terminal and console.color_system is not None and not console.no_color


def report_error(error: TotemdeckError) -> None:
    """``totemdeck: error: message`` on stderr, then any details, one a line."""
    typer.echo(f"totemdeck: error: {error}", err=True)
    for line in error.details:
        typer.echo(f"  {line}", err=True)


def write_text(text: str) -> None:
    """Write a whole report to stdout; a closed pipe (``| head``) is not an error."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        raise typer.Exit(EXIT_OK) from None
