"""The quick path (``cli.quick``) reads a command line exactly as typer does, or not at all.

Each spec is held equal to the options typer declares for its command; each plain command
line is read by both and must give the command the same values; a line that is not plain
is left to typer (whose help and errors stay the only ones).
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import Enum
from pathlib import Path
from typing import Any

import pytest
from typer.main import get_command

from totemdeck.cli import check as check_module
from totemdeck.cli import checking, main, quick, searching
from totemdeck.cli.root import load_all

PLAIN = [
    ["check", "a.txt"],
    ["check", "a.txt", "b.txt", "-", "-f", "json", "--share", "-v"],
    ["check", "--format=json", "a.txt", "--banlist", "b.yaml", "--format-file", "f.yaml"],
    ["check", "a.txt", "--catalogue", "elsewhere", "--collection", "mine.csv", "--verbose"],
    ["--lang", "es", "check", "a.txt"],
    ["check", "a.txt", "--lang", "es"],
    ["totem", "Charizard ex OBF 125"],
    ["totem", "--all", "-f", "csv"],
    ["totem", "sv3-125", "--collection", "c.csv", "--best", "5", "--no-draft", "--owned-totem"],
    ["totem", "sv3-125", "--draft", "--best=1000"],
    ["card", "search", "t:supporter"],
    ["card", "search", " -is:banned", "-n", "0", "--order", "hp", "--reverse", "--prints"],
    ["card", "search", "--explain", "-f", "csv", "--limit=7", "pikachu", "--lang=es"],
]
NOT_PLAIN = [
    ["check"],  # a required argument missing
    ["check", "a.txt", "--help"],
    ["check", "a.txt", "-f", "xml"],  # not a choice
    ["check", "a.txt", "-f"],  # no value
    ["check", "a.txt", "-fjson"],  # a short option's value attached
    ["check", "a.txt", "-f", "json", "-f", "text"],  # given twice
    ["check", "--", "a.txt"],
    ["check", "a.txt", "--share=yes"],
    ["check", "a.txt", "--nope"],
    ["totem", "a", "b"],  # one card only
    ["totem", "sv3-125", "--best", "0"],  # below the minimum
    ["totem", "sv3-125", "--best", "many"],
    ["card", "search"],
    ["card", "search", "a", "b"],
    ["card", "search", "a", "-n", "-1"],
    ["card", "show", "sv3-125"],
    ["card"],
    ["--help"],
    ["--version", "check", "a.txt"],
    ["stats", "a.txt"],
    ["check", "a.txt", "--lang"],
    ["check", "a.txt", "--catalogue", "x" * 300],  # check_path refuses it: typer says so
]
COMMANDS = {("check",): "check", ("totem",): "totem", ("card", "search"): "card search"}


def _typer_command(path: tuple[str, ...]) -> Any:
    command: Any = get_command(load_all())
    for name in path:
        command = command.commands[name]
    return command


def _typer_options(path: tuple[str, ...]) -> Iterator[tuple[str, Any]]:
    for param in _typer_command(path).params:
        if param.name != "lang" and param.param_type_name == "option":
            yield param.name, param


@pytest.mark.parametrize("path", list(quick.COMMANDS), ids=list(COMMANDS.values()))
def test_each_spec_is_what_typer_declares(path: tuple[str, ...]) -> None:
    (positional, count), specs = quick.COMMANDS[path]
    declared = dict(_typer_options(path))
    assert {spec[1] for spec in specs} == set(declared)
    for flags, name, kind, default, extra in specs:
        param = declared[name]
        assert set(param.opts) == set(flags), name
        default_value = param.default.value if isinstance(param.default, Enum) else param.default
        assert default_value == (default.value if isinstance(default, Enum) else default), name
        assert param.is_flag == (kind == "flag"), name
        if kind == "flag":
            assert param.secondary_opts == ([extra] if extra else []), name
        elif isinstance(kind, type):
            assert list(param.type.choices) == [member.value for member in kind], name
        elif kind == "int":
            assert (param.type.min, param.type.max) == extra, name
        assert param.envvar == (extra if kind in ("catalogue", "collection") else None), name
    arguments = [p for p in _typer_command(path).params if p.param_type_name == "argument"]
    assert [a.name for a in arguments] == [positional]
    assert arguments[0].nargs == (-1 if count == "+" else 1)
    assert arguments[0].required == (count != "?")


def _values_through(
    args: list[str], monkeypatch: pytest.MonkeyPatch, quickly: bool
) -> dict[str, Any]:
    seen: dict[str, Any] = {}

    def record(**values: Any) -> None:
        seen.update(values)

    modules = (checking, searching) if quickly else (check_module, searching)
    for module in modules:
        for name in ("run_check", "run_totem", "run_search"):
            if hasattr(module, name):
                monkeypatch.setattr(module, name, record)
    if not quickly:
        monkeypatch.setattr(quick, "plan", lambda _args: None)
        from totemdeck.cli import cards

        monkeypatch.setattr(cards, "run_search", record)
    assert main(list(args)) == 0
    return seen


@pytest.mark.parametrize("args", PLAIN, ids=" ".join)
def test_a_plain_line_is_read_as_typer_reads_it(
    args: list[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("TOTEMDECK_CATALOGUE", str(tmp_path / "from-env"))
    assert quick.plan(args) is not None
    by_typer = _values_through(args, monkeypatch, quickly=False)
    monkeypatch.undo()
    monkeypatch.setenv("TOTEMDECK_CATALOGUE", str(tmp_path / "from-env"))
    by_quick = _values_through(args, monkeypatch, quickly=True)
    assert by_quick == by_typer
    assert by_quick  # the command was called


@pytest.mark.parametrize("args", NOT_PLAIN, ids=" ".join)
def test_any_other_line_is_left_to_typer(args: list[str]) -> None:
    assert quick.plan(args) is None
