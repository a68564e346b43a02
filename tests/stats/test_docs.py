"""docs/stats.md and docs/stats.es.md tell the truth: their Python examples run, their
sample output is what ``totemdeck stats`` prints, and every option they show exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from totemdeck.cli import main

ROOT = Path(__file__).resolve().parents[2]
PAGES = ["stats.md", "stats.es.md"]


def _page(name: str) -> str:
    return (ROOT / "docs" / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", PAGES)
def test_the_python_example_runs(name: str) -> None:
    block = re.search(r"```python\n(.*?)```", _page(name), re.DOTALL)
    assert block is not None
    exec(compile(block[1], f"docs/{name}", "exec"), {})  # its asserts are the test


def test_the_sample_output_is_the_commands(
    catalogue_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    block = re.search(r"```text\n\$ totemdeck stats (\S+)\n(.*?)```", _page("stats.md"), re.DOTALL)
    assert block is not None
    assert main(["stats", block[1], "--catalogue", str(catalogue_dir)]) == 0
    out = capsys.readouterr().out.splitlines()
    shown = [line for line in block[2].splitlines() if line != "…"]
    assert len(shown) >= 10 and all(line in out for line in shown), set(shown) - set(out)


@pytest.mark.parametrize("name", PAGES)
def test_every_option_shown_exists(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--help"]) == 0
    help_text = capsys.readouterr().out
    shown = set(re.findall(r"totemdeck (?:--lang es )?stats [^\n]*", _page(name)))
    options = {o for line in shown for o in re.findall(r"(--[a-z-]+)", line)} - {"--lang"}
    assert options >= {"--card", "--all", "--role", "--kind", "--at-least", "--goldfish"}
    assert all(option in help_text for option in options), options
