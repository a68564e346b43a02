"""Terminal edge: errors on stderr in one line, colour only on a TTY without NO_COLOR."""

from __future__ import annotations

import os
import sys
from typing import NoReturn, TextIO

import typer

# Exit codes, documented in README ("Exit codes").
EXIT_OK = 0
EXIT_PROBLEMS = 1  # an illegal deck, a failed import, a banlist with problems
EXIT_USAGE = 2  # bad usage or input: unreadable file, no catalogue, bad option


def use_colour(stream: TextIO) -> bool:
    """Colour only for a person at a terminal: never into pipes, files, or with NO_COLOR."""
    if os.environ.get("NO_COLOR"):
        return False
    return bool(getattr(stream, "isatty", lambda: False)())


def fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    """Print ``totemdeck: error: message`` on stderr and exit with ``code``."""
    typer.echo(f"totemdeck: error: {message}", err=True)
    raise typer.Exit(code)


def warn(message: str) -> None:
    typer.echo(f"totemdeck: warning: {message}", err=True)


def write_text(text: str) -> None:
    """Write a whole report to stdout; a closed pipe (``| head``) is not an error."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        raise typer.Exit(EXIT_OK) from None
