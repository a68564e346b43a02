"""Errors become exit codes in one place: each kind carries its code, ``main`` maps them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from totemdeck.api import RulesFileError
from totemdeck.banlist import BanlistError, BanlistProblem, BanlistUnreadable
from totemdeck.base.errors import CannotWrite, NotFound, TotemdeckError, UsageError
from totemdeck.catalogue import CatalogueError, CatalogueMissing
from totemdeck.cli import main
from totemdeck.decklist import DecklistError
from totemdeck.export.formats import ExportError, ExportRefused
from totemdeck.importer import ImportFailed, ImportSummary
from totemdeck.rules.format import FormatFileError
from totemdeck.sources.http import BadOrigin, FetchError

CLI = Path(__file__).resolve().parents[2] / "totemdeck" / "cli"
EDGES = {"__init__.py", "output.py"}  # main's one mapping; a closed pipe ends output quietly


class _Raising:
    """A command tree whose one command raises ``error`` (what any library call may do)."""

    def __init__(self, error: Exception) -> None:
        self.error = error

    def main(self, *args: object, **kwargs: object) -> None:
        raise self.error


def _command_raises(monkeypatch: pytest.MonkeyPatch, error: Exception) -> None:
    import typer.main

    import totemdeck.cli

    monkeypatch.setattr(typer.main, "get_command", lambda _app: _Raising(error))
    monkeypatch.setattr(totemdeck.cli, "add_lang_options", lambda _command: None)
    monkeypatch.setattr(totemdeck.cli, "localise", lambda _command: None)


@pytest.mark.parametrize(
    ("error", "code"),
    [
        (TotemdeckError("x"), 2),
        (UsageError("x"), 2),
        (NotFound("x"), 1),
        (CannotWrite("x"), 2),
        (CatalogueError("x"), 2),
        (CatalogueMissing("x"), 2),
        (DecklistError("x"), 2),
        (FormatFileError("x"), 2),
        (RulesFileError("x"), 2),
        (BanlistError([BanlistProblem("x", 3, "", "bad")]), 1),
        (BanlistUnreadable([BanlistProblem("x", None, "", "no such file")]), 2),
        (FetchError("x"), 1),
        (BadOrigin("x"), 2),
        (ImportFailed("x", ImportSummary("s", "o")), 1),
        (ExportError("x"), 1),
        (ExportRefused("x"), 1),
    ],
    ids=lambda v: type(v).__name__ if isinstance(v, Exception) else str(v),
)
def test_main_maps_each_kind_to_its_exit_code(
    error: TotemdeckError, code: int, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    assert error.exit_code == code

    _command_raises(monkeypatch, error)
    assert main(["rules"]) == code  # any command (--version is answered before the tree)
    assert capsys.readouterr().err.startswith("totemdeck: error: x")


def test_every_problem_of_a_banlist_is_shown(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    problems = [BanlistProblem("a.yaml", 3, "", "first"), BanlistProblem("a.yaml", 9, "", "second")]
    _command_raises(monkeypatch, BanlistError(problems))
    assert main([]) == 1
    assert capsys.readouterr().err.splitlines() == [
        "totemdeck: error: a.yaml:3: first",
        "  a.yaml:9: second",
    ]


def _handlers_that_exit(tree: ast.AST) -> list[int]:
    """Lines of ``except`` blocks that pick an exit code themselves."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ExceptHandler):
            text = ast.unparse(node)
            if "Exit(" in text or "exit_code" in text or "return " in text:
                found.append(node.lineno)
    return found


@pytest.mark.parametrize("module", sorted(p.name for p in CLI.glob("*.py") if p.name not in EDGES))
def test_no_command_maps_errors_to_exit_codes_itself(module: str) -> None:
    tree = ast.parse((CLI / module).read_text(encoding="utf-8"))
    assert _handlers_that_exit(tree) == [], f"cli/{module}: map errors in cli.main instead"
