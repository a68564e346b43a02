"""The CLI's language: one ``--lang`` on every command, and help texts in that language.

``main`` resolves the language before click parses anything (``--lang`` anywhere in the
arguments, else ``TOTEMDECK_LANG``, else the locale), so ``--help`` is already translated;
the option's callback validates the value where click sees it. Help texts stay plain
English strings in the command modules: ``scripts/messages.py`` collects them from the
command tree into the catalogue, and ``localise`` translates the tree before it runs.
typer's own words on a help screen (Options, Arguments, default, required…) come through
the same catalogue; only click's "Usage:" prefix stays English.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup, TyperOption

from totemdeck.cli.arguments import LANG_FLAG, LANG_HELP, language_argument
from totemdeck.i18n import (
    N_,
    SUPPORTED,
    UnknownLanguage,
    _,
    current_language,
    resolve_language,
    set_language,
)

__all__ = [
    "FRAMEWORK_MESSAGES",
    "HELP_OPTION_HELP",
    "LANG_FLAG",
    "LANG_HELP",
    "add_lang_options",
    "choose_language",
    "help_texts",
    "language_argument",
    "localise",
    "walk",
]

# What ``get_command`` builds: a group of groups and commands (typer's click classes).
Command = TyperCommand | TyperGroup

# typer/core.py asks the stdlib's global gettext for these; ``localise`` hands it ours.
# typer 0.28 (pinned in pyproject); tests/cli/test_language.py shows them translated.
FRAMEWORK_MESSAGES = (
    N_("Arguments"),
    N_("Options"),
    N_("Commands"),
    N_("default: {default}"),
    N_("required"),
    N_("env var: {var}"),
    N_("(dynamic)"),
    N_("Missing command."),
    N_("No such command {name!r}."),
    N_("Aborted!"),
)
HELP_OPTION_HELP = N_("Show this message and exit.")  # click's text for --help


def choose_language(value: str | None) -> str:
    """The ``--lang`` callback: validate a value (unknown: a usage error) and speak it.

    Without a value it keeps the language ``main`` settled (a root ``--lang``, the
    environment or the locale), so ``totemdeck --lang es stats`` stays Spanish.
    """
    if value is None:
        return current_language()
    try:
        return set_language(resolve_language(value))
    except UnknownLanguage as exc:
        raise typer.BadParameter(
            _("unknown language {value!r} (choose one of: {choices})").format(
                value=value, choices=", ".join(SUPPORTED)
            )
        ) from exc


def _lang_callback(_ctx: typer.Context, _param: typer.CallbackParam, value: str | None) -> str:
    return choose_language(value)


def walk(command: Command, path: tuple[str, ...] = ()) -> Iterator[tuple[str, Any]]:
    """Every ``(where, object)`` with a help text: commands, their options and arguments."""
    name = " ".join(("totemdeck", *path))
    yield name, command
    for param in command.params:
        yield f"{name} {param.opts[0] if param.opts else param.name}", param
    if isinstance(command, TyperGroup):
        for sub_name, sub in sorted(command.commands.items()):
            assert isinstance(sub, Command)  # typer builds every command of the tree
            yield from walk(sub, (*path, sub_name))


def help_texts(command: Command) -> Iterator[tuple[str, str]]:
    """``(where, text)`` for every help text of the tree (what the catalogue must hold)."""
    for where, obj in walk(command):
        for attribute in ("help", "short_help", "epilog"):
            text = getattr(obj, attribute, None)
            if isinstance(text, str) and text.strip():
                yield where, text


def add_lang_options(command: Command) -> None:
    """Give every command that has no ``--lang`` of its own the shared one."""
    for _where, obj in walk(command):
        if not isinstance(obj, Command) or isinstance(obj, TyperGroup):
            continue
        if any(LANG_FLAG in p.opts for p in obj.params):
            continue
        obj.params.append(
            TyperOption(
                param_decls=[LANG_FLAG],
                default=None,
                metavar="en|es",
                callback=_lang_callback,
                expose_value=False,
                help=LANG_HELP,
            )
        )


def _translate_help_option(command: Command) -> None:
    """Make click's ``--help`` option now (it does so lazily, once) and translate its text."""
    option = command.get_help_option(typer.Context(command, **command.context_settings))
    if option is not None:
        option.help = _(HELP_OPTION_HELP)


def localise(command: Command) -> None:
    """Translate every help text of the tree into the current language, in place."""
    import typer.core

    if current_language() == "en":
        return
    setattr(typer.core, "_", _)  # noqa: B010  # typer.core's module-level gettext alias
    for _where, obj in walk(command):
        if isinstance(obj, Command):
            _translate_help_option(obj)
        for attribute in ("help", "short_help", "epilog"):
            text = getattr(obj, attribute, None)
            if isinstance(text, str) and text.strip():
                setattr(obj, attribute, _(text))
