"""The quick path: ``check``, ``totem`` and ``card search`` read without typer.

Loading typer (and the click it vendors) costs a cold start more than bare Python itself
(issue 19.8), and these three commands are the ones typed most. For a plain, valid command
line — known options, each at most once, values typer would accept — ``plan`` reads the
options itself, exactly as typer would, and returns the call to make. For anything else
(``--help``, a mistake, ``--``, a short-option cluster) it returns None and typer reads the
line, so every help text and error message is typer's own. tests/cli/test_quick.py holds
each spec equal to the options typer declares and each reading equal to typer's.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from enum import StrEnum
from pathlib import Path
from types import ModuleType
from typing import Any

from totemdeck.cli.choices import (
    BadOption,
    OutputFormat,
    SearchFormat,
    SearchOrder,
    TotemFormat,
    check_path,
)

# (flags, parameter, kind, default, extra): kind is "flag" (extra: the flag that sets
# False), "str", "path", "int" (extra: (min, max)), an enum class, or "catalogue" /
# "collection" (a string with an environment variable; extra: its name).
Spec = tuple[tuple[str, ...], str, Any, Any, Any]

_RULES_FILES: tuple[Spec, ...] = (
    (("--banlist",), "banlist", "path", None, None),
    (("--format-file",), "format_file", "path", None, None),
    (("--catalogue",), "catalogue", "catalogue", None, "TOTEMDECK_CATALOGUE"),
    (("--collection",), "collection", "collection", None, "TOTEMDECK_COLLECTION"),
)

# command path → (positional parameter, how many: 1, "?" or "+"), options
COMMANDS: dict[tuple[str, ...], tuple[tuple[str, Any], tuple[Spec, ...]]] = {
    ("check",): (
        ("decks", "+"),
        (
            (("--format", "-f"), "output", OutputFormat, OutputFormat.text, None),
            (("--verbose", "-v"), "verbose", "flag", False, None),
            (("--share",), "share", "flag", False, None),
            *_RULES_FILES,
        ),
    ),
    ("totem",): (
        ("card", "?"),
        (
            (("--all",), "every", "flag", False, None),
            (("--format", "-f"), "output", TotemFormat, TotemFormat.text, None),
            (("--best",), "best", "int", 20, (1, 1000)),
            (("--owned-totem",), "owned_totem", "flag", False, None),
            (("--draft",), "draft", "flag", True, "--no-draft"),
            *_RULES_FILES,
        ),
    ),
    ("card", "search"): (
        ("query", 1),
        (
            (("--prints",), "prints", "flag", False, None),
            (("--order",), "order", SearchOrder, SearchOrder.name, None),
            (("--reverse",), "reverse", "flag", False, None),
            (("--limit", "-n"), "limit", "int", 60, (0, None)),
            (("--explain",), "explain_query", "flag", False, None),
            (("--format", "-f"), "output", SearchFormat, SearchFormat.text, None),
            *_RULES_FILES,
        ),
    ),
}


class _Decline(Exception):  # not an error: typer reads this line instead
    """This command line is not plain: typer reads it."""


def plan(args: Sequence[str]) -> Callable[[], None] | None:
    """The call ``args`` make, read as typer would; None when typer must read them."""
    rest = _after_root(args)
    if rest is None:
        return None
    for path, (positional, specs) in COMMANDS.items():
        if tuple(rest[: len(path)]) == path:
            try:
                values: dict[str, Any] | None = read(rest[len(path) :], positional, specs)
            except _Decline:
                values = None
            return None if values is None else _call(path, values)
    return None


def _after_root(args: Sequence[str]) -> list[str] | None:
    """The arguments after the root's own (``--lang X``, which ``main`` has applied)."""
    index = 0
    while index < len(args) and args[index].startswith("-"):
        if args[index] == "--lang" and index + 1 < len(args):
            index += 2
        elif args[index].startswith("--lang="):
            index += 1
        else:
            return None  # --help, --version beside something, a mistake: typer says
    return list(args[index:])


def read(args: Sequence[str], positional: tuple[str, Any], specs: Sequence[Spec]) -> dict[str, Any]:
    """The parameters of one command line (``_Decline`` when it is not plain)."""
    by_flag: dict[str, Spec] = {}
    for spec in specs:
        for flag in (*spec[0], *([spec[4]] if spec[2] == "flag" and spec[4] else [])):
            by_flag[flag] = spec
    given: dict[str, Any] = {}
    words: list[str] = []
    index = 0
    while index < len(args):
        arg = args[index]
        index += 1
        if arg == "-" or not arg.startswith("-"):
            words.append(arg)
            continue
        flag, has_value, attached = arg.partition("=")
        if flag == "--lang":  # every command takes the one --lang (main has applied it)
            if not has_value and index >= len(args):
                raise _Decline
            index += 0 if has_value else 1
            continue
        found = by_flag.get(flag)
        if found is None or found[1] in given or (has_value and found[2] == "flag"):
            raise _Decline
        if found[2] == "flag":
            given[found[1]] = flag != found[4]
            continue
        if has_value and flag.startswith("--"):
            value = attached
        elif has_value or index >= len(args):
            raise _Decline
        else:
            value = args[index]
            index += 1
        given[found[1]] = _convert(found, value)
    values = {spec[1]: given.get(spec[1], _default(spec)) for spec in specs}
    values[positional[0]] = _positional(positional[1], words)
    values["lang"] = _language()
    return values


def _convert(spec: Spec, value: str) -> Any:
    _flags, _name, kind, _default_value, extra = spec
    if value == "" or value.startswith("-"):
        raise _Decline  # typer's reading of these is its own
    if isinstance(kind, type) and issubclass(kind, StrEnum):
        if value not in {member.value for member in kind}:
            raise _Decline
        return kind(value)
    if kind == "int":
        try:
            number = int(value)
        except ValueError:
            raise _Decline from None
        low, high = extra
        if number < low or (high is not None and number > high):
            raise _Decline
        return number
    if kind == "path":
        return Path(value)
    if kind == "catalogue":
        return _checked_path(value)
    return value


def _default(spec: Spec) -> Any:
    _flags, _name, kind, default, extra = spec
    if kind in ("catalogue", "collection"):
        from_env = os.environ.get(extra) or None
        return _checked_path(from_env) if kind == "catalogue" else from_env
    return default


def _checked_path(value: str | None) -> str | None:
    try:
        return check_path(value)
    except BadOption:  # typer says what is wrong, as always
        raise _Decline from None


def _positional(count: Any, words: list[str]) -> Any:
    if count == "+":
        if not words:
            raise _Decline
        return words
    if count == "?":
        if len(words) > 1:
            raise _Decline
        return words[0] if words else None
    if len(words) != 1:
        raise _Decline
    return words[0]


def _language() -> str:
    from totemdeck.i18n import current_language

    return current_language()


class _Inspect(ModuleType):
    """``inspect`` as ``dataclasses`` holds it, loaded the first time it is read."""

    def __getattr__(self, name: str) -> Any:
        import dataclasses
        import inspect  # the real module: this stand-in is in no sys.modules

        setattr(dataclasses, "inspect", inspect)  # noqa: B010 (a module's global, not typed)
        return getattr(inspect, name)


def dataclasses_without_inspect() -> None:
    """Import ``dataclasses`` with a stand-in for its ``import inspect``, which costs a cold
    quick command more than all the rest of ``dataclasses`` (``inspect`` loads ``ast``,
    ``dis``, ``tokenize``): ``dataclasses`` reads it only to write a docstring for a class
    without one, and every record of ours has its own. The stand-in loads the real module
    then, so nothing changes but when it loads; every other ``import inspect`` gets the
    real one, as ``sys.modules`` holds the stand-in only while ``dataclasses`` loads."""
    if "dataclasses" in sys.modules or "inspect" in sys.modules:
        return
    sys.modules["inspect"] = _Inspect("inspect")
    try:
        import dataclasses  # noqa: F401
    finally:
        del sys.modules["inspect"]


def _call(path: tuple[str, ...], values: dict[str, Any]) -> Callable[[], None]:
    def run() -> None:
        from totemdeck.cli.output import Started

        dataclasses_without_inspect()
        Started.command = True
        if path == ("check",):
            from totemdeck.cli.checking import run_check

            run_check(**values)
        elif path == ("totem",):
            from totemdeck.cli.checking import run_totem

            run_totem(**values)
        else:
            from totemdeck.cli.searching import run_search

            run_search(**values)

    return run
