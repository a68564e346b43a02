"""Issue 43.7: ``scripts/audit.py`` (``make audit``) with no catalogue, or a file where the
catalogue folder should be, says so in one line and exits 2, as the commands do."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.processes import ROOT


@pytest.mark.slow
@pytest.mark.parametrize("shape", ["missing", "a file", "an empty folder"])
def test_an_audit_without_a_catalogue_is_one_line_exit_2(tmp_path: Path, shape: str) -> None:
    place = tmp_path / "cards"
    if shape == "a file":
        place.write_text("not a catalogue\n")
    elif shape == "an empty folder":
        place.mkdir()
    run = subprocess.run([sys.executable, "scripts/audit.py", "--catalogue", str(place)],
                         cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)  # fmt: skip
    assert run.returncode == 2
    assert run.stdout == ""
    assert run.stderr.startswith("audit: error: ") and run.stderr.count("\n") == 1, run.stderr
    assert str(place) in run.stderr
