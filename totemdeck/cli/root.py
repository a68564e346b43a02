"""The typer application behind ``totemdeck``: the root options and every command.

It is built only when a command runs (``totemdeck.cli.main`` answers ``--version``
without it), and holds only the command that runs (``load_for``): ``totemdeck check``
imports and builds the check command, not the other twelve. Help at the top, an unknown
command or no command at all load every one (``load_all``), so the listing is complete.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Sequence
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


# Each top-level command → the module that registers it on ``app`` when imported, in the
# order the help lists them.
_MODULES = {
    "banlist": "banlist",
    "card": "cards",
    "collection": "collection",
    "check": "check",
    "totem": "check",
    "export": "export",
    "stats": "export",
    "print": "printing",
    "import": "importing",
    "discord": "discord",
    "rules": "rules",
    "serve": "serve",
}
_ROOT_VALUED = ("--lang",)  # root options that take a value


def load_all() -> typer.Typer:
    """``app`` with every command."""
    for module in dict.fromkeys(_MODULES.values()):
        importlib.import_module(f"totemdeck.cli.{module}")
    _settle()
    return app


def load_for(args: Sequence[str]) -> typer.Typer:
    """``app`` with (at least) the command ``args`` run; every command when they name none."""
    index = 0
    while index < len(args):
        arg = args[index]
        if arg in _ROOT_VALUED:
            index += 2
        elif arg.startswith("-"):  # --lang=…, or --help/--version/a mistake: the whole tree
            if not arg.startswith(tuple(f"{o}=" for o in _ROOT_VALUED)):
                return load_all()
            index += 1
        else:
            module = _MODULES.get(arg)
            if module is None:  # click says so, with the names it knows
                return load_all()
            importlib.import_module(f"totemdeck.cli.{module}")
            _settle()
            return app
    return load_all()


def _marked(callback: Callable[..., Any]) -> Callable[..., Any]:
    if getattr(callback, "_marked", False):
        return callback

    @functools.wraps(callback)  # typer reads the parameters through __wrapped__
    def command(*args: Any, **kwargs: Any) -> Any:
        Started.command = True
        return callback(*args, **kwargs)

    command._marked = True  # type: ignore[attr-defined]
    return command


def _settle() -> None:
    """The commands loaded so far in the help's order, whichever loaded first, each marked."""
    order = list(_MODULES)

    def place(name: str | None) -> int:
        return order.index(name) if name in order else len(order)

    app.registered_commands.sort(key=lambda info: place(info.name))
    app.registered_groups.sort(key=lambda info: place(info.name))
    _mark(app)


def _mark(typer_app: typer.Typer) -> None:
    """Every command says when its own code begins (``output.stdout_failure`` asks)."""
    for info in typer_app.registered_commands:
        if info.callback is not None:
            info.callback = _marked(info.callback)
    for group in typer_app.registered_groups:
        if group.typer_instance is not None:
            _mark(group.typer_instance)
