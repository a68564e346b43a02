"""Issue 43.1 and 44.2: the fast exit (``os._exit``) never loses output.

Every command that can print a lot is run as a real process into a real non-blocking pipe
whose reader sleeps until the pipe is full (the writer meets ``EAGAIN``), into a real tmpfs
left exactly room enough or one page short (short writes, then ``ENOSPC``), and into
``/dev/full``; each with and without ``PYTHONUNBUFFERED=1``. Every byte arrives, or the exit
is 2 with one line on stderr; never a cut with exit 0.
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import termios
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

from tests.helpers.processes import ROOT, wait_until

pytestmark = pytest.mark.slow

EXAMPLES = sorted(str(p) for p in (ROOT / "examples").glob("*.txt"))

EVERY_PRINT = ["card", "search", "t:pokemon", "--prints", "-n", "0"]
# Commands that print a lot on the full catalogue (their size, as of 2026-12: 15 KB to 11 MB).
LOUD = {
    "totem --all csv": ["totem", "--all", "--format", "csv"],
    "totem --all json": ["totem", "--all", "--format", "json"],
    "totem --all text": ["totem", "--all"],
    "card search every print json": [*EVERY_PRINT, "--format", "json"],
    "card search every print text": EVERY_PRINT,
    "rules markdown": ["rules", "--format", "markdown"],
    "check json": ["check", *EXAMPLES * 10, "--format", "json"],
    "export json": ["export", EXAMPLES[0], "--to", "json", "--allow-illegal"],
}
BUFFERING = {"buffered": {}, "PYTHONUNBUFFERED=1": {"PYTHONUNBUFFERED": "1"}}
PAGE = 4096
NO_SPACE = "totemdeck: error: cannot write to standard output: no space left on the device\n"


class Ran(NamedTuple):
    code: int
    out: bytes
    err: str


def _env(catalogue: Path, extra: dict[str, str]) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    return {**env, "NO_COLOR": "1", "TOTEMDECK_CATALOGUE": str(catalogue), **extra}


def _command(args: list[str]) -> list[str]:
    return [sys.executable, "-m", "totemdeck", *args]


@pytest.fixture(scope="module")
def expected(catalogue_dir: Path) -> dict[str, Ran]:
    """What each loud command prints into an ordinary pipe read at once."""
    found = {}
    for name, args in LOUD.items():
        run = subprocess.run(_command(args), cwd=ROOT, env=_env(catalogue_dir, {}),
                             capture_output=True, timeout=300, check=False)  # fmt: skip
        assert len(run.stdout) > 2 * PAGE, name
        found[name] = Ran(run.returncode, run.stdout, run.stderr.decode())
    return found


def _pending(fd: int) -> int:
    return int.from_bytes(fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0"), sys.byteorder)


def _drain(fd: int) -> bytes:
    chunks = []
    while chunk := os.read(fd, 1 << 16):
        chunks.append(chunk)
    return b"".join(chunks)


def _read_as_it_comes(fd: int, process: subprocess.Popen[bytes]) -> bytes:
    """What the pipe holds, read only when it holds something (a state, never a time), to
    the end: a command that wrote a few bytes, then a piece larger than what is left of the
    pipe, waits for room with less than a page pending (Linux fills a pipe page by page), so
    a reader that waited for a full page would wait forever."""
    chunks = []
    while wait_until(lambda: _pending(fd) > 0 or process.poll() is not None, 120):
        pending = _pending(fd)
        if not pending:
            break  # the command ended: what is left (if any) is read to the end below
        chunks.append(os.read(fd, pending))
    return b"".join(chunks) + _drain(fd)


def run_into_slow_pipe(args: list[str], env: dict[str, str]) -> Ran:
    """stdout a non-blocking pipe of one page, read only when it holds something: the
    command meets ``EAGAIN`` as it does behind a slow reader."""
    read_end, write_end = os.pipe()
    fcntl.fcntl(write_end, fcntl.F_SETPIPE_SZ, PAGE)
    assert fcntl.fcntl(write_end, fcntl.F_GETPIPE_SZ) == PAGE  # one page: writes meet EAGAIN
    os.set_blocking(write_end, False)
    with subprocess.Popen(_command(args), cwd=ROOT, env=env, stdout=write_end,
                          stderr=subprocess.PIPE) as process:  # fmt: skip
        os.close(write_end)
        try:
            out = _read_as_it_comes(read_end, process)  # one page at most: EAGAIN is met
            err = process.stderr.read() if process.stderr else b""
        finally:
            os.close(read_end)
        code = process.wait(timeout=120)
    return Ran(code, out, err.decode())


@pytest.mark.parametrize("buffering", sorted(BUFFERING))
@pytest.mark.parametrize("name", sorted(LOUD))
def test_a_slow_reader_gets_every_byte(
    catalogue_dir: Path, expected: dict[str, Ran], name: str, buffering: str
) -> None:
    ran = run_into_slow_pipe(LOUD[name], _env(catalogue_dir, BUFFERING[buffering]))
    assert (ran.code, ran.err) == (expected[name].code, expected[name].err)
    assert len(ran.out) == len(expected[name].out)
    assert ran.out == expected[name].out


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real tmpfs of 16 MB (root may mount one; elsewhere the test says why it skips)."""
    place = tmp_path / "disk"
    place.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(place)],
                             capture_output=True, text=True, check=False)  # fmt: skip
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip() or mounted.returncode}")
    try:
        yield place
    finally:
        subprocess.run(["umount", str(place)], check=True)


def _leave_free(disk: Path, room: int) -> None:
    """Fill ``disk`` so that exactly ``room`` bytes (whole pages) stay free."""
    free = os.statvfs(disk).f_bavail * os.statvfs(disk).f_frsize
    assert free >= room
    (disk / "filler").write_bytes(b"\0" * (free - room))
    assert os.statvfs(disk).f_bavail * os.statvfs(disk).f_frsize == room


def run_into_file(args: list[str], env: dict[str, str], target: Path) -> Ran:
    with target.open("wb") as stdout:
        run = subprocess.run(_command(args), cwd=ROOT, env=env, stdout=stdout,
                             stderr=subprocess.PIPE, timeout=300, check=False)  # fmt: skip
    out = target.read_bytes() if target.is_file() else b""  # /dev/full reads zeros for ever
    return Ran(run.returncode, out, run.stderr.decode())


@pytest.mark.parametrize("buffering", sorted(BUFFERING))
@pytest.mark.parametrize("name", sorted(LOUD))
def test_a_disk_one_page_short_is_an_error_and_room_enough_gets_every_byte(
    catalogue_dir: Path, expected: dict[str, Ran], small_disk: Path, name: str,
    buffering: str,
) -> None:  # fmt: skip
    env = _env(catalogue_dir, BUFFERING[buffering])
    whole = expected[name].out
    pages = -(-len(whole) // PAGE)
    _leave_free(small_disk, (pages - 1) * PAGE)
    short = run_into_file(LOUD[name], env, small_disk / "out")
    assert (short.code, short.err) == (2, NO_SPACE)
    assert whole.startswith(short.out) and len(short.out) < len(whole)
    (small_disk / "out").unlink()
    (small_disk / "filler").unlink()
    _leave_free(small_disk, pages * PAGE)
    fits = run_into_file(LOUD[name], env, small_disk / "out")
    assert (fits.code, fits.err) == (expected[name].code, expected[name].err)
    assert fits.out == whole


@pytest.mark.parametrize("buffering", sorted(BUFFERING))
@pytest.mark.parametrize("name", ["totem --all csv", "check json", "rules markdown"])
def test_dev_full_is_an_error(catalogue_dir: Path, name: str, buffering: str) -> None:
    """The full-disk stand-in every machine has."""
    run = run_into_file(LOUD[name], _env(catalogue_dir, BUFFERING[buffering]),
                        Path("/dev/full"))  # fmt: skip
    assert (run.code, run.err) == (2, NO_SPACE)
