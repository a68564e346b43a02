"""The typer application behind ``totemdeck``: the root options and every command.

It is built only when a command runs (``totemdeck.cli.main`` answers ``--version``
without it), so a cold start pays for typer once, and only when typer is needed.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import typer

from totemdeck import __version__
from totemdeck.cli.options import LangOption
from totemdeck.cli.output import Started

app = typer.Typer(
    name="totemdeck",
    help="Card catalogue, deck validator and format upkeep for the Totem Format.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"totemdeck {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
    _lang: str = LangOption,
) -> None:
    """Card catalogue, deck validator and format upkeep for the Totem Format."""


def _register() -> None:
    # Importing the command modules adds their commands to ``app``.
    from totemdeck.cli import banlist, cards, check, export, importing, rules, serve  # noqa: F401


def _marked(callback: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(callback)  # typer reads the parameters through __wrapped__
    def command(*args: Any, **kwargs: Any) -> Any:
        Started.command = True
        return callback(*args, **kwargs)

    return command


def _mark(typer_app: typer.Typer) -> None:
    """Every command says when its own code begins (``output.stdout_failure`` asks)."""
    for info in typer_app.registered_commands:
        if info.callback is not None:
            info.callback = _marked(info.callback)
    for group in typer_app.registered_groups:
        if group.typer_instance is not None:
            _mark(group.typer_instance)


_register()
_mark(app)
