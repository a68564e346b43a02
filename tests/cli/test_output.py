"""The terminal edge as a hostile shell sets it up: full, closed or ASCII-only streams."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
BANLIST = str(ROOT / "banlist.yaml")


def run(shell: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``totemdeck`` as ``$T`` inside a shell line, so redirections are real."""
    return subprocess.run(
        ["sh", "-c", shell],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "T": f"{sys.executable} -m totemdeck", **env},
        cwd=ROOT,
    )


@pytest.mark.parametrize(
    "args", [f"banlist show {BANLIST}", "--version", "--help", "banlist add --help"]
)
def test_a_full_stdout_is_one_line_and_exit_2(args: str) -> None:
    done = run(f"$T {args} > /dev/full")
    assert done.returncode == 2
    assert done.stderr == (
        "totemdeck: error: cannot write to standard output: no space left on the device\n"
    )


def test_a_closed_stdout_is_one_line_and_exit_2() -> None:
    done = run(f"$T banlist show {BANLIST} >&-")
    assert done.returncode == 2
    assert done.stderr == "totemdeck: error: standard output is closed; nothing was written\n"


def test_a_pipe_closed_early_is_not_an_error() -> None:
    done = run(f"$T banlist show {BANLIST} | head -1")
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.startswith("Totem Format banlist")


def test_an_ascii_stdout_gets_transliterated_text() -> None:
    done = run(f"$T banlist show {BANLIST}", PYTHONIOENCODING="ascii")
    assert done.returncode == 0, done.stderr
    assert "Flabebe [sm6-83]" in done.stdout
    done = run(f"$T banlist show {BANLIST} --format json", PYTHONIOENCODING="ascii")
    assert done.returncode == 0 and '"name": "Flabebe"' in done.stdout


def test_an_ascii_stderr_still_gets_the_one_line_error(tmp_path: Path) -> None:
    """click wrote UTF-8 to a stream it found misconfigured as ASCII; it is transliterated
    now, as the guarantees say (issue 28.17)."""
    missing = tmp_path / "Pokémon — list.yaml"
    done = run(f"$T banlist show '{missing}'", PYTHONIOENCODING="ascii")
    assert done.returncode == 2
    shown = str(missing).replace("é", "e").replace("—", "-")
    assert done.stderr == f"totemdeck: error: {shown}: no such file\n"


@pytest.mark.parametrize("command", ["export - --to ptcgl", "stats -"])
def test_a_closed_stdin_is_one_line_and_exit_2(command: str) -> None:
    done = run(f"$T {command} <&-")
    assert done.returncode == 2
    assert done.stderr == (
        "totemdeck: error: standard input is closed; give a decklist file, or pipe one in\n"
    )


def test_commands_that_do_not_read_stdin_ignore_a_closed_one() -> None:
    done = run(f"$T banlist check --schema-only {BANLIST} <&-")
    assert done.returncode == 0, done.stderr


def test_an_error_quoting_control_characters_stays_one_line() -> None:
    from totemdeck.cli.output import one_line

    assert one_line("overrides.\r: None") == "overrides.\\r: None"
    assert one_line("a\x1b[31mred\nb") == "a\\x1b[31mred\\nb"
    assert one_line("Pokémon ★ δ") == "Pokémon ★ δ"
