"""What each start-up trick saves on a cold ``totemdeck check`` of a 100-card deck (issue
39.2): the check is run as shipped, then with one trick undone at a time, in the same run,
and each difference is given in ms of CPU time and as a ratio to ``python -c pass``.

A trick is undone before the package loads, by a few lines handed to ``python -c``:
- quick parser: ``cli.quick.plan`` returns None, so typer reads every command line;
- ``gc.disable()``: the cyclic collector stays on during the command;
- ``os._exit``: the process leaves through ``sys.exit`` (interpreter shut-down);
- ``LazyPattern``: every module-level pattern is compiled when its module loads;
- ``@frozen``: records are plain ``@dataclass(frozen=True, slots=True)`` (``dataclasses``
  writes each class's ``==``, ``hash`` and ``repr``).
Imports inside functions cannot be undone this way; ``count_function_imports`` counts them.
"""

from __future__ import annotations

import ast
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECK = str(ROOT / "examples" / "charizard-ex.txt")

_UNDO = {
    "as shipped": "pass",
    "no quick parser": "import totemdeck.cli.quick as q; q.plan = lambda args: None",
    "no gc.disable()": "import totemdeck.cli as c; import contextlib;"
    " c._without_gc = lambda bounded: contextlib.nullcontext()",
    "no os._exit": "import totemdeck.cli.leave as l; l._nothing_pending = lambda: False",
    "no @frozen": "import dataclasses, totemdeck.base.records as r;"
    " r.frozen = dataclasses.dataclass(frozen=True, slots=True)",
    "no LazyPattern": "import re, totemdeck.base.lazy as z;"
    " z.LazyPattern = lambda source, flags=0: re.compile(source, flags)",
}


def _command(undo: str) -> list[str]:
    run = f"import sys; sys.argv = ['totemdeck', 'check', {DECK!r}]; {undo}; "
    return [sys.executable, "-c", run + "from totemdeck.cli import run; run()"]


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _times(args: list[str], runs: int) -> list[float]:
    """CPU seconds (user + system) of each fresh process: on a machine shared by many, wall
    time measures the others' load as much as the command (two runs at load average ~20
    gave each trick's saving with both signs)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(args, check=False, capture_output=True, env=env)  # .pyc and data cache
    out = []
    for _ in range(runs):
        started = _cpu()
        subprocess.run(args, check=False, capture_output=True, env=env)
        out.append(_cpu() - started)
    return out


def count_function_imports(package: Path = ROOT / "totemdeck") -> tuple[int, int]:
    """Imports inside functions: in the whole package, and in ``cli/``."""
    total = cli = 0
    for path in package.rglob("*.py"):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found = sum(
                    isinstance(inner, (ast.Import, ast.ImportFrom))
                    for inner in ast.walk(node)
                    if inner is not node
                )
                total += found
                cli += found if "cli" in path.relative_to(package).parts[:1] else 0
    return total, cli


def main(runs: int = 15) -> None:
    """Interleaved rounds (each variant once a round) so that the machine's load falls on
    every variant alike; the median of each."""
    variants = {label: _command(undo) for label, undo in _UNDO.items()}
    took: dict[str, list[float]] = {label: [] for label in variants}
    took["python -c pass"] = []
    for _round in range(runs):
        took["python -c pass"] += _times([sys.executable, "-c", "pass"], 1)
        for label, args in variants.items():
            took[label] += _times(args, 1)
    base = statistics.median(took.pop("python -c pass"))
    shipped = statistics.median(took["as shipped"])
    print(f"python -c pass: {base * 1000:6.1f} ms; check as shipped {shipped * 1000:6.1f} ms "
          f"({shipped / base:4.1f}x)")  # fmt: skip
    for label, times in took.items():
        if label != "as shipped":
            median = statistics.median(times)
            saved = (median - shipped) * 1000
            print(f"  {label:<18} {median * 1000:6.1f} ms  the trick saves {saved:6.1f} ms "
                  f"({median / base:4.1f}x without it)")  # fmt: skip
    total, cli = count_function_imports()
    print(f"imports inside functions: {total} in the package, {cli} of them in cli/")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 15)
