"""``export -o`` and ``stats --plot`` write like every writer: atomic, through links, one-line errors."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from totemdeck.cli import main

ROOT = Path(__file__).resolve().parent.parent.parent
DECK = str(ROOT / "examples/charizard-ex.txt")


@pytest.fixture
def cat(catalogue_dir: Path) -> list[str]:
    return ["--catalogue", str(catalogue_dir)]


def export(out: str, cat: list[str]) -> int:
    return main(["export", DECK, "--to", "ptcgl", "-o", out, *cat])


def test_export_through_a_symlink_writes_its_target(
    tmp_path: Path, cat: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    real = tmp_path / "decks" / "live.txt"
    real.parent.mkdir()
    real.write_text("old\n")
    real.chmod(0o640)
    link = tmp_path / "live.txt"
    link.symlink_to(real)
    assert export(str(link), cat) == 0
    assert link.is_symlink()
    assert main(["export", DECK, "--to", "ptcgl", *cat]) == 0
    assert real.read_text(encoding="utf-8") == capsys.readouterr().out
    assert stat.S_IMODE(real.stat().st_mode) == 0o640


def test_export_to_dev_null_keeps_the_device(cat: list[str]) -> None:
    assert export("/dev/null", cat) == 0
    assert stat.S_ISCHR(Path("/dev/null").stat().st_mode)


@pytest.mark.parametrize(
    ("target", "said"),
    [
        ("{tmp}/out/", "{tmp}/out/: is a directory, not a file; name the file to write"),
        ("{tmp}", "{tmp}: is a directory, not a file; name the file to write"),
        ("/dev/full", "/dev/full: cannot write: no space left on the device"),
        ("{tmp}/nope/deck.txt", "{tmp}/nope/deck.txt: cannot write: no such folder"),
    ],
)
def test_export_write_failures_are_one_line_and_exit_2(
    tmp_path: Path, cat: list[str], capsys: pytest.CaptureFixture[str], target: str, said: str
) -> None:
    assert export(target.format(tmp=tmp_path), cat) == 2
    assert capsys.readouterr().err == f"totemdeck: error: {said.format(tmp=tmp_path)}\n"
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("target", "said"),
    [
        ("{tmp}/nope/plot.png", "{tmp}/nope/plot.png: cannot write: no such folder"),
        ("/dev/full", "/dev/full: cannot write: no space left on the device"),
        ("{tmp}/", "{tmp}/: is a directory, not a file; name the file to write"),
    ],
)
def test_plot_to_a_place_that_cannot_take_it(
    tmp_path: Path, cat: list[str], capsys: pytest.CaptureFixture[str], target: str, said: str
) -> None:
    assert main(["stats", DECK, "--plot", target.format(tmp=tmp_path), *cat]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"totemdeck: error: {said.format(tmp=tmp_path)}\n"
    assert captured.out == ""  # the report is not printed for a run that failed


def test_plot_into_a_read_only_place(
    tmp_path: Path,
    cat: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As root a chmod does not stop writes, so the file system's answer is simulated."""
    import errno

    real_open = os.open

    def read_only(path: str, flags: int, *args: int) -> int:
        if flags & os.O_CREAT:
            raise OSError(errno.EROFS, "Read-only file system")
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", read_only)  # the writer calls os.open
    assert main(["stats", DECK, "--plot", str(tmp_path / "p.png"), *cat]) == 2
    assert capsys.readouterr().err == (
        f"totemdeck: error: {tmp_path}/p.png: cannot write: the file system is read-only\n"
    )
