"""The CLI is a thin face over the library's front door (issue 19.1): it reaches the library
through ``totemdeck.api`` (the verbs) and ``totemdeck.report`` (the renderers), not around it.

Every ``import totemdeck.X`` in ``totemdeck/cli/`` — at module level, inside a function or
for the type checker — names one library module; the CLI may name only those in
``CLI_MAY_IMPORT``, each with the reason it is there (issue 39.1: a named list, not a count).
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

import totemdeck.api
import totemdeck.report
from tests.helpers.imports import library_modules as imported_library_modules

CLI = Path(__file__).resolve().parents[2] / "totemdeck" / "cli"
CLI_MAY_IMPORT = {
    "totemdeck": "the version",
    "totemdeck.api": "the front door: every verb",
    "totemdeck.base.errors": "the errors main() turns into one line and an exit code",
    "totemdeck.files": "atomic writes of -o files",
    "totemdeck.i18n": "messages in the chosen language",
    "totemdeck.importer": "import's progress and interrupts",
    "totemdeck.importer.origins": "import's --from sources",
    "totemdeck.report": "the renderers",
    "totemdeck.report.importing": "the import summary",
    "totemdeck.base.resources": "the default banlist's place",
    "totemdeck.api.search": "card search",
    "totemdeck.catalogue.search.orders": "--order's choices: the one table of search orders",
    "totemdeck.sources.registry": "the card sources import knows",
    "totemdeck.web": "totemdeck serve",
    "totemdeck.web.server": "totemdeck serve",
    "totemdeck.web.service": "totemdeck serve's settings",
    "totemdeck.discord.commands": "totemdeck discord register prints them",
    "totemdeck.discord.register": "totemdeck discord register sends them",
}


def library_modules(folder: Path) -> set[str]:
    """The distinct ``totemdeck`` modules outside ``totemdeck.cli`` that ``folder`` imports."""
    return imported_library_modules(folder, "totemdeck.cli")


def test_the_cli_imports_only_the_modules_named_for_it() -> None:
    found = library_modules(CLI)
    assert "totemdeck.api" in found  # what is counted is what the CLI imports
    assert found <= set(CLI_MAY_IMPORT), sorted(found - set(CLI_MAY_IMPORT))


def test_the_count_sees_function_level_and_type_checking_imports(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text(
        "from typing import TYPE_CHECKING\nimport totemdeck.files\n"
        "if TYPE_CHECKING:\n    from totemdeck.rules.deck import RuleContext\n"
        "def f():\n    from totemdeck.api import Catalogue\n    from totemdeck.cli import main\n",
        encoding="utf-8",
    )
    assert library_modules(tmp_path) == {"totemdeck.files", "totemdeck.rules.deck", "totemdeck.api"}


@pytest.mark.parametrize(
    ("door", "table"),
    [(totemdeck.api, totemdeck.api._VERBS), (totemdeck.report, totemdeck.report._RENDERERS)],
    ids=["api", "report"],
)
def test_every_name_of_a_front_door_resolves(door: object, table: dict[str, object]) -> None:
    names = door.__all__  # type: ignore[attr-defined]
    assert set(names) == set(table)
    for name in names:
        assert getattr(door, name) is not None, name
    assert not hasattr(door, "no_such_verb")


def test_the_front_doors_load_nothing_until_asked() -> None:
    import subprocess
    import sys

    script = (
        "import sys, totemdeck.api, totemdeck.report;"
        "print(sorted(m for m in sys.modules if m.startswith('totemdeck.')))"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert (
        run.stdout.strip()
        == "['totemdeck.api', 'totemdeck.base', 'totemdeck.base.lazy', 'totemdeck.report']"
    )
    assert importlib.import_module("totemdeck.api").load_rules is not None
