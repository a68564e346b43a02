"""``PYTHONIOENCODING=ascii``: every line totemdeck writes is transliterated, errors and
``--help`` included (click used to swap an ASCII stream for UTF-8 behind our back)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.mirrors import small_pokemontcg
from tests.helpers.processes import ROOT
from totemdeck.importer import import_sources


@pytest.fixture(scope="module")
def cat(tmp_path_factory: pytest.TempPathFactory, pokemontcg_dir: Path) -> Path:
    root = tmp_path_factory.mktemp("ascii")
    import_sources(
        str(root / "cat"),
        ["pokemontcg"],
        {"pokemontcg": str(small_pokemontcg(root, pokemontcg_dir, ["base1"]))},
    )
    return root / "cat"


def run_ascii(args: list[str]) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "totemdeck", *args],
        cwd=ROOT, capture_output=True, timeout=60, check=False,
        env={**os.environ, "PYTHONIOENCODING": "ascii", "NO_COLOR": "1"},
    )  # fmt: skip


CASES = {
    "an error line": (["card", "show", "Flabébé", "--catalogue", "{cat}"], "err", "Flabebe"),
    "a usage error": (["card", "show", "--lang", "es", "--nope"], "err", "totemdeck: error:"),
    "Spanish help": (["--lang", "es", "--help"], "out", "Catalogo de cartas"),
    "command help": (["card", "search", "--help", "--lang", "es"], "out", "busqueda"),
    "a report": (
        ["card", "show", "base1-1", "--lang", "es", "--catalogue", "{cat}"],
        "out",
        "Pokemon",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_everything_written_is_ascii(cat: Path, case: str) -> None:
    args, stream, expected = CASES[case]
    run = run_ascii([a.format(cat=cat) for a in args])
    written = run.stdout if stream == "out" else run.stderr
    assert b"Traceback" not in run.stderr, run.stderr
    assert written, run
    assert run.stdout.isascii() and run.stderr.isascii(), (run.stdout[:300], run.stderr[:300])
    assert expected in written.decode("ascii"), written.decode("ascii")[:500]
