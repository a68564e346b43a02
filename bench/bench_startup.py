"""Cold start-up of the commands a person types, as ratios to ``python -c pass`` (same run).

Targets (issue 19.8): ``--version`` <= 3x, a cold ``check`` of a 100-card deck <= 7x, a cold
``card search`` and ``totem`` <= 8x; issue 38.9: a cold ``card search``, with a ``totem:``
term and without, <= 2x a cold ``--version``.
Bytecode is compiled first (users' installs have it; these machines set
PYTHONDONTWRITEBYTECODE, which would time the compiler instead). Each command runs once
before it is timed, as a user's second run does: the parsed data files are remembered
(``totemdeck.files.datacache``) in a cache folder of this run's own. The rounds are
interleaved (each command once a round, the baseline first), so the machine's load falls on
every command alike; each figure is the median of its rounds, with the load average beside.
``python -m bench.bench_startup [ROUNDS] [CATALOGUE]`` reuses an imported catalogue folder.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.common import ROOT, SHARED

COMMANDS = {
    "--version": (["--version"], 3.0),
    "check (100 cards)": (["check", str(ROOT / "examples" / "charizard-ex.txt")], 7.0),
    "card search": (["card", "search", "t:supporter"], 8.0),
    "card search totem:": (["card", "search", "totem:sv3-125 t:supporter"], 8.0),
    "totem": (["totem", "Charizard ex OBF 125"], 8.0),
}
SEARCHES = ("card search", "card search totem:")


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _once(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one fresh process."""
    started, cpu = time.perf_counter(), _cpu()
    subprocess.run(args, check=False, capture_output=True, env=env)
    return time.perf_counter() - started, _cpu() - cpu


def interleaved(commands: dict[str, list[str]], rounds: int) -> dict[str, tuple[float, float]]:
    """The median wall and CPU time of each command, run once a round in turn (after a
    first, untimed run of each that writes the .pyc files and the data cache)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for args in commands.values():
        _once(args, env)
    took: dict[str, list[tuple[float, float]]] = {label: [] for label in commands}
    for _round in range(rounds):
        for label, args in commands.items():
            took[label].append(_once(args, env))
    return {
        label: (statistics.median(t[0] for t in times), statistics.median(t[1] for t in times))
        for label, times in took.items()
    }


def measure(folder: str, rounds: int) -> None:
    """Time every command against ``python -c pass`` with the catalogue in ``folder``: wall
    time (what a person waits) and CPU time (what the command costs, whatever the load)."""
    os.environ["TOTEMDECK_CATALOGUE"] = folder
    exe = str(Path(sys.executable).with_name("totemdeck"))
    commands = {"python -c pass": [sys.executable, "-c", "pass"]}
    commands.update({label: [exe, *args] for label, (args, _t) in COMMANDS.items()})
    load = os.getloadavg()[0]
    took = interleaved(commands, rounds)
    load = (load + os.getloadavg()[0]) / 2
    wall, cpu = took["python -c pass"]
    print(f"{rounds} interleaved rounds, load average {load:.2f} (1 min, mean of start and end)")
    print(f"python -c pass (baseline):  wall {wall * 1000:6.1f} ms, CPU {cpu * 1000:6.1f} ms")
    for label, (_args, target) in COMMANDS.items():
        ratio, cpu_ratio = took[label][0] / wall, took[label][1] / cpu
        verdict = "ok" if ratio <= target else "over"
        print(
            f"cold totemdeck {label:<19} {took[label][0] * 1000:6.1f} ms {ratio:5.2f}x "
            f"(CPU {cpu_ratio:5.2f}x; target <= {target:.0f}x: {verdict})"
        )
    version = took["--version"]
    for label in SEARCHES:
        ratio, cpu_ratio = took[label][0] / version[0], took[label][1] / version[1]
        verdict = "ok" if ratio <= 2.0 else "over"
        print(
            f"cold {label:<18} / cold --version: {ratio:5.2f}x "
            f"(CPU {cpu_ratio:5.2f}x; target <= 2x: {verdict})"
        )


def main(rounds: int = 21, catalogue: str | None = None) -> None:
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "totemdeck")], check=True)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["TOTEMDECK_CACHE"] = f"{tmp}/cache"
        if catalogue is None:
            from totemdeck.importer import import_sources

            catalogue = f"{tmp}/cards"
            mirrors = {"pokemontcg": SHARED / "pokemontcg", "tcgdex": SHARED / "tcgdex/v2"}
            import_sources(catalogue, origins={k: str(v) for k, v in mirrors.items()})
        measure(catalogue, rounds)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 21, sys.argv[2] if len(sys.argv) > 2 else None)
