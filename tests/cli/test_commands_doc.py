"""docs/commands.md's reference is what the typer app says (scripts/commands_doc.py)."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

from typer.main import get_command

from totemdeck.cli import app

ROOT = Path(__file__).resolve().parents[2]


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "commands_doc", ROOT / "scripts" / "commands_doc.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("commands_doc", module)
    spec.loader.exec_module(module)
    return module


def test_the_command_reference_is_current() -> None:
    generator = _generator()
    text = generator.DOC.read_text(encoding="utf-8")
    assert generator.rewritten(text) == text, (
        "docs/commands.md's command reference is stale (a command or option changed): "
        f"run `{generator.RUN}` and commit docs/commands.md"
    )


def _long_options(command: object, found: set[tuple[str, str]], path: str = "totemdeck") -> None:
    for param in getattr(command, "params", []):
        if getattr(param, "hidden", False):  # hidden from --help: for tests, not people
            continue
        for opt in [*param.opts, *param.secondary_opts]:
            if opt.startswith("--"):
                found.add((path, opt))
    for name, sub in getattr(command, "commands", {}).items():
        _long_options(sub, found, f"{path} {name}")


def test_every_command_and_long_option_is_in_the_reference() -> None:
    """What the reference must hold, read from the app without the generator's help."""
    text = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    generator = _generator()
    part = text[text.index(generator.BEGIN) : text.index(generator.END)]
    sections = dict(re.findall(r"### `([^`]+)`\n(.*?)(?=\n### |\Z)", part, flags=re.S))
    found: set[tuple[str, str]] = set()
    _long_options(get_command(app), found)
    missing = [f"{path} {opt}" for path, opt in sorted(found) if opt not in sections.get(path, "")]
    assert not missing, missing
    assert {"totemdeck check", "totemdeck import", "totemdeck card search"} <= set(sections)
    for option in ("--draft", "--images", "--progress", "--file"):  # issue 39: in no doc before
        assert option in part
