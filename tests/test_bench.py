"""``make bench`` stays runnable: every library name a benchmark imports (at the top or in a
function) and every library attribute it patches still exists. The benchmarks themselves
take minutes over the full mirror, so the suite does not run them; this catches what a
refactor breaks in them (a moved function, a renamed helper) as it lands."""

from __future__ import annotations

import ast
import importlib
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"


def _uses(path: Path) -> Iterator[tuple[int, str, str]]:
    """``(line, module, attribute)`` for each ``from totemdeck… import name`` and each
    ``mock.patch("totemdeck….name", …)`` of a benchmark."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("totemdeck"):
            for alias in node.names:
                yield node.lineno, node.module or "", alias.name
        elif isinstance(node, ast.Call) and node.args:
            target = node.args[0]
            func = node.func
            patched = isinstance(func, ast.Attribute) and func.attr == "patch"
            if patched and isinstance(target, ast.Constant) and isinstance(target.value, str):
                module, _dot, name = target.value.rpartition(".")
                if module.startswith("totemdeck"):
                    yield node.lineno, module, name


CASES = [
    pytest.param(path.name, line, module, name, id=f"{path.stem}:{line}:{name}")
    for path in sorted(BENCH.glob("*.py"))
    for line, module, name in _uses(path)
]


def test_the_benchmarks_use_the_library() -> None:
    assert len(CASES) > 30  # the scan finds what the benchmarks import


@pytest.mark.parametrize(("file", "line", "module", "name"), CASES)
def test_a_benchmark_names_what_exists(file: str, line: int, module: str, name: str) -> None:
    imported = importlib.import_module(module)
    assert hasattr(imported, name), f"bench/{file}:{line}: {module} has no {name}"


@pytest.mark.parametrize("goals", [["bench", "startup"], ["bench", "SUITES=startup web"]])
def test_make_bench_takes_the_suites_to_run(goals: list[str]) -> None:
    """Issue 39: `make -n bench startup` was "No rule to make target 'startup'"."""
    dry = subprocess.run(
        ["make", "-n", "-o", ".venv/.installed", *goals],
        cwd=BENCH.parent, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert dry.returncode == 0, dry.stderr
    wanted = " ".join(goal.removeprefix("SUITES=") for goal in goals[1:])
    assert f"bench/run.py {wanted}" in dry.stdout, dry.stdout
