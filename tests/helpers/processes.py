"""Real ``totemdeck`` processes for concurrency and signal tests, and their children."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def start_cli(
    args: Sequence[str], env: Mapping[str, str] | None = None, **kwargs: object
) -> subprocess.Popen[str]:
    """``python -m totemdeck ARGS`` in the background, output captured as text."""
    return subprocess.Popen(  # type: ignore[call-overload, no-any-return]
        [sys.executable, "-m", "totemdeck", *args],
        cwd=ROOT,
        env={**os.environ, "NO_COLOR": "1", **(env or {})},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **kwargs,
    )


def run_cli(
    args: Sequence[str], env: Mapping[str, str] | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    """``python -m totemdeck ARGS`` to the end; its exit code, stdout and stderr."""
    process = start_cli(args, env)
    out, err = process.communicate(timeout=timeout)
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def children_of(pid: int) -> list[int]:
    """Processes whose parent is ``pid`` (Linux: read from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting to be reaped counts as dead)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_until(condition: object, seconds: float, step: float = 0.05) -> bool:
    """Poll ``condition()`` until it is true or ``seconds`` pass; whether it became true."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return True
        time.sleep(step)
    return bool(condition())  # type: ignore[operator]
