"""What each start-up trick saves on a cold ``totemdeck check`` of a 100-card deck (issue
39.2) and on a cold ``card search`` with a ``totem:`` term (issue 38.9): each command is run
as shipped, then with one trick undone at a time, in the same interleaved rounds, and each
difference is given in ms of CPU time and as a ratio to ``python -c pass``. The catalogue is
``TOTEMDECK_CATALOGUE``'s (``python -m bench.bench_startup_tricks [ROUNDS]``).

A trick is undone before the package loads, by a few lines handed to ``python -c``:
- quick parser: ``cli.quick.plan`` returns None, so typer reads every command line;
- ``gc.disable()``: the cyclic collector stays on during the command;
- ``os._exit``: the process leaves through ``sys.exit`` (interpreter shut-down);
- ``LazyPattern``: every module-level pattern is compiled when its module loads;
- ``@frozen``: records are plain ``@dataclass(frozen=True, slots=True)`` (``dataclasses``
  writes each class's ``==``, ``hash`` and ``repr``);
- ``dataclasses`` without ``inspect``: a quick command imports ``dataclasses`` as usual.
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
    "inspect loaded": "import totemdeck.cli.quick as q; q.dataclasses_without_inspect = lambda: 0",
}
COMMANDS = {"check": ["check", DECK], "search": ["card", "search", "totem:sv3-125 t:supporter"]}


def _command(undo: str, args: list[str]) -> list[str]:
    run = f"import sys; sys.argv = {['totemdeck', *args]!r}; {undo}; "
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


def main(runs: int = 21) -> None:
    """Interleaved rounds (each variant of each command once a round) so that the machine's
    load falls on every variant alike; the median of each."""
    variants = {
        (command, label): _command(undo, args)
        for command, args in COMMANDS.items()
        for label, undo in _UNDO.items()
    }
    took: dict[tuple[str, str], list[float]] = {key: [] for key in variants}
    base_times: list[float] = []
    load = os.getloadavg()[0]
    for _round in range(runs):
        base_times += _times([sys.executable, "-c", "pass"], 1)
        for key, args in variants.items():
            took[key] += _times(args, 1)
    load = (load + os.getloadavg()[0]) / 2
    base = statistics.median(base_times)
    print(f"{runs} rounds, load average {load:.2f}; python -c pass: {base * 1000:5.1f} ms CPU")
    for command in COMMANDS:
        shipped = statistics.median(took[command, "as shipped"])
        print(f"{command} as shipped {shipped * 1000:6.1f} ms ({shipped / base:4.2f}x)")
        for label in _UNDO:
            if label != "as shipped":
                median = statistics.median(took[command, label])
                saved = (median - shipped) * 1000
                print(f"  {label:<18} {median * 1000:6.1f} ms  the trick saves {saved:6.1f} ms "
                      f"({median / base:4.2f}x without it)")  # fmt: skip
    total, cli = count_function_imports()
    print(f"imports inside functions: {total} in the package, {cli} of them in cli/")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 21)
