"""The one writer and reader of user files: atomic, through symlinks, umask, locks, limits."""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers.processes import wait_until
from totemdeck.files import (
    FileBusy,
    FileReadError,
    FileWriteError,
    locked,
    read_limited,
    write_atomically,
)


@pytest.fixture
def umask_022() -> Iterator[None]:
    old = os.umask(0o022)
    yield
    os.umask(old)


def test_a_new_file_honours_the_umask(tmp_path: Path, umask_022: None) -> None:
    target = tmp_path / "deck.txt"
    write_atomically(target, "x\n")
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    os.umask(0o077)
    other = tmp_path / "other.txt"
    write_atomically(other, "x\n")
    assert stat.S_IMODE(other.stat().st_mode) == 0o600


def test_an_existing_file_keeps_its_mode(tmp_path: Path, umask_022: None) -> None:
    target = tmp_path / "banlist.yaml"
    target.write_text("old\n")
    target.chmod(0o664)
    write_atomically(target, "new\n")
    assert stat.S_IMODE(target.stat().st_mode) == 0o664
    assert target.read_text() == "new\n"


def test_a_symlink_stays_a_link_and_its_target_is_written(tmp_path: Path) -> None:
    real = tmp_path / "real" / "banlist.yaml"
    real.parent.mkdir()
    real.write_text("old\n")
    link = tmp_path / "banlist.yaml"
    link.symlink_to(Path("real") / "banlist.yaml")  # relative, as people make them
    write_atomically(link, "new\n")
    assert link.is_symlink()
    assert real.read_text() == "new\n"
    assert sorted(p.name for p in real.parent.iterdir()) == ["banlist.yaml"]  # no temp left


def test_a_dangling_symlink_creates_its_target(tmp_path: Path) -> None:
    link = tmp_path / "out.txt"
    link.symlink_to(tmp_path / "made.txt")
    write_atomically(link, "x")
    assert link.is_symlink() and (tmp_path / "made.txt").read_text() == "x"


def test_dev_null_is_written_not_replaced() -> None:
    before = Path("/dev/null").stat()
    write_atomically("/dev/null", "thrown away\n")
    after = Path("/dev/null").stat()
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev


def test_a_fifo_is_written_directly(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []

    def reader() -> None:
        with fifo.open("rb") as handle:
            received.append(handle.read())

    thread = threading.Thread(target=reader)
    thread.start()
    write_atomically(fifo, "through the pipe\n")
    thread.join(5)
    assert received == [b"through the pipe\n"]
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_a_full_device_is_a_one_line_error() -> None:
    with pytest.raises(FileWriteError) as caught:
        write_atomically("/dev/full", "x" * 100_000)
    assert str(caught.value) == "/dev/full: cannot write: no space left on the device"
    assert caught.value.exit_code == 2


@pytest.mark.parametrize("name", ["out/", "existing"])
def test_a_directory_is_a_clear_error_not_a_file_named_dir(tmp_path: Path, name: str) -> None:
    (tmp_path / "existing").mkdir()
    target = f"{tmp_path}/{name}"
    with pytest.raises(FileWriteError, match="is a directory, not a file"):
        write_atomically(target, "x")
    assert not (tmp_path / "out").exists()


def test_a_missing_folder_is_a_one_line_error(tmp_path: Path) -> None:
    with pytest.raises(FileWriteError) as caught:
        write_atomically(tmp_path / "nope" / "deck.txt", "x")
    assert str(caught.value) == f"{tmp_path}/nope/deck.txt: cannot write: no such folder"


@pytest.mark.parametrize(
    ("code", "said"),
    [
        (errno.ENOSPC, "no space left on the device"),
        (errno.EROFS, "the file system is read-only"),
        (errno.EACCES, "permission denied"),
        (errno.EDQUOT, "disk quota exceeded"),
    ],
)
def test_write_failures_leave_no_temp_and_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int, said: str
) -> None:
    target = tmp_path / "banlist.yaml"
    target.write_text("old\n")
    real_write = os.write

    def failing(fd: int, data: bytes) -> int:
        if fd > 2:
            raise OSError(code, os.strerror(code))
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", failing)  # the writer calls os.write
    with pytest.raises(FileWriteError) as caught:
        write_atomically(target, "new\n")
    assert str(caught.value) == f"{target}: cannot write: {said}"
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["banlist.yaml"]


def test_bytes_are_written_as_they_are(tmp_path: Path) -> None:
    target = tmp_path / "plot.png"
    write_atomically(target, b"\x89PNG\r\n")
    assert target.read_bytes() == b"\x89PNG\r\n"


# ---- reading -------------------------------------------------------------------------------


def test_read_limited_refuses_a_fifo_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "banlist.yaml"
    os.mkfifo(fifo)
    with pytest.raises(FileReadError) as caught:
        read_limited(fifo, 1024)
    assert str(caught.value) == f"{fifo}: not a regular file (a FIFO)"


def test_read_limited_caps_by_bytes_read_not_st_size() -> None:
    """/dev/zero reports size 0 and never ends; the cap holds anyway."""
    with pytest.raises(FileReadError, match="not a regular file"):
        read_limited("/dev/zero", 1024)


def test_read_limited_caps_a_symlink_to_a_device(tmp_path: Path) -> None:
    link = tmp_path / "format.yaml"
    link.symlink_to("/dev/zero")
    with pytest.raises(FileReadError, match="a character device"):
        read_limited(link, 1024)


def test_read_limited_over_the_cap(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"x" * 2000)
    with pytest.raises(FileReadError) as caught:
        read_limited(big, 1000)
    assert str(caught.value) == f"{big}: over the 1000 byte limit"
    assert read_limited(big, 2000) == b"x" * 2000


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda p: None, "no such file"),
        (lambda p: p.mkdir(), "is a directory, not a file"),
    ],
)
def test_read_limited_missing_and_directory(tmp_path: Path, make: object, said: str) -> None:
    target = tmp_path / "x.yaml"
    make(target)  # type: ignore[operator]
    with pytest.raises(FileReadError) as caught:
        read_limited(target, 10)
    assert str(caught.value) == f"{target}: {said}"


def test_read_limited_long_name(tmp_path: Path) -> None:
    with pytest.raises(FileReadError, match="name too long"):
        read_limited(tmp_path / ("x" * 300), 10)


# ---- locks ---------------------------------------------------------------------------------


def test_a_lock_says_when_it_waits_and_then_proceeds(tmp_path: Path) -> None:
    target = tmp_path / "banlist.yaml"
    said: list[str] = []
    with locked(target):
        holder_done = threading.Event()

        def waiter() -> None:
            with locked(target, timeout=120, on_wait=said.append):
                holder_done.wait(0)

        thread = threading.Thread(target=waiter)
        thread.start()
        assert wait_until(lambda: bool(said), 120)  # a state, not a sleep: it says it waits
        assert thread.is_alive()  # and it is waiting
    thread.join(120)
    assert not thread.is_alive()
    assert said == [f"waiting for another totemdeck process that is writing {target}"]


def test_a_lock_held_too_long_is_busy(tmp_path: Path) -> None:
    target = tmp_path / "banlist.yaml"
    with locked(target):
        script = (
            "import sys; from totemdeck.files import locked, FileBusy\n"
            "try:\n"
            f"    with locked({str(target)!r}, timeout=0.2): pass\n"
            "except FileBusy as exc:\n"
            "    print(exc, exc.exit_code); sys.exit(0)\n"
            "sys.exit(1)\n"
        )
        run = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, check=False
        )
    assert run.returncode == 0, run.stderr
    assert run.stdout == (
        f"{target} is busy: another totemdeck process held its lock for over 0.2 s; "
        "try again when it is done 75\n"
    )
    assert FileBusy.exit_code == 75


def test_the_lock_of_a_symlink_is_the_lock_of_its_target(tmp_path: Path) -> None:
    real = tmp_path / "real.yaml"
    real.write_text("x")
    link = tmp_path / "link.yaml"
    link.symlink_to(real)
    with locked(real), pytest.raises(FileBusy):  # noqa: SIM117
        with locked(link, timeout=0):
            pass
