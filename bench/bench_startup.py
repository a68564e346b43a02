"""Cold start-up of the commands a person types, as ratios to ``python -c pass`` (same run).

Targets (issue 19.8): ``--version`` <= 3x, a cold ``check`` of a 100-card deck <= 7x, a cold
``card search`` and ``totem`` <= 8x; issue 38.9: a cold ``card search`` <= 2x a cold
``--version`` (printed last).
Bytecode is compiled first (users' installs have it; these machines set
PYTHONDONTWRITEBYTECODE, which would time the compiler instead). Each command runs once
before it is timed, as a user's second run does: the parsed data files are remembered
(``totemdeck.files.datacache``) in a cache folder of this run's own.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.bench_decks import _cold
from bench.common import ROOT, SHARED
from totemdeck.importer import import_sources

COMMANDS = {
    "--version": (["--version"], 3.0),
    "check (100 cards)": (["check", str(ROOT / "examples" / "charizard-ex.txt")], 7.0),
    "card search": (["card", "search", "totem:sv3-125 t:supporter"], 8.0),
    "totem": (["totem", "Charizard ex OBF 125"], 8.0),
}


def main() -> None:
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "totemdeck")], check=True)
    with tempfile.TemporaryDirectory() as tmp:
        folder = f"{tmp}/cards"
        import_sources(
            folder,
            origins={"pokemontcg": str(SHARED / "pokemontcg"), "tcgdex": str(SHARED / "tcgdex/v2")},
        )
        os.environ["TOTEMDECK_CATALOGUE"] = folder
        os.environ["TOTEMDECK_CACHE"] = f"{tmp}/cache"
        baseline = _cold([sys.executable, "-c", "pass"], runs=11)
        exe = str(Path(sys.executable).with_name("totemdeck"))
        print(f"python -c pass (baseline):           {baseline * 1000:7.1f} ms")
        took: dict[str, float] = {}
        for label, (args, target) in COMMANDS.items():
            took[label] = _cold([exe, *args], runs=9)
            ratio = took[label] / baseline
            verdict = "ok" if ratio <= target else "over"
            print(
                f"cold totemdeck {label:<21} {took[label] * 1000:7.1f} ms  {ratio:5.1f}x "
                f"(target <= {target:.0f}x: {verdict})"
            )
        search = took["card search"] / took["--version"]
        verdict = "ok" if search <= 2.0 else "over"
        print(f"cold card search / cold --version:   {search:5.2f}x (target <= 2x: {verdict})")
