"""``catalogue.sqlite`` that is not a regular file: an import refuses it, never writes through it.

The devices here are made by the test itself (``mknod`` in its own temporary folder, as root):
while the defect stood, an import replaced the device its link pointed at, so a test must never
point at a real device of the machine.
"""

from __future__ import annotations

import errno
import os
import socket
import stat
import tempfile
from pathlib import Path

import pytest

from tests.helpers.mirrors import small_pokemontcg
from tests.helpers.processes import run_cli


def own_null_device(folder: Path) -> Path:
    """A character device like /dev/null (1, 3), made here; skip where that is impossible."""
    device = folder / "dev" / "null-like"
    device.parent.mkdir()
    try:
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except OSError as exc:  # not root, or a container without CAP_MKNOD
        if exc.errno in (errno.EPERM, errno.EACCES):
            pytest.skip(f"this machine cannot create a character device here ({exc.strerror})")
        raise
    return device


def _fifo(folder: Path) -> Path:
    path = folder / "dev" / "fifo"
    path.parent.mkdir(exist_ok=True)
    os.mkfifo(path)
    return path


def _socket(folder: Path) -> Path:
    path = folder / "dev" / "sock"
    path.parent.mkdir(exist_ok=True)
    short = Path(tempfile.mkdtemp(prefix="td-sock-"))  # AF_UNIX paths are short (108 bytes)
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(short / "s"))
    server.close()  # the socket file stays
    (short / "s").rename(path)
    short.rmdir()
    return path


SPECIAL = {"device": own_null_device, "fifo": _fifo, "socket": _socket}
KIND = {"device": "a character device", "fifo": "a FIFO", "socket": "a socket"}


@pytest.fixture
def mirror(tmp_path: Path, pokemontcg_dir: Path) -> Path:
    return small_pokemontcg(tmp_path, pokemontcg_dir, ["base1"])


def _listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.parametrize("kind", sorted(SPECIAL))
@pytest.mark.parametrize("linked", [True, False], ids=["link", "in-place"])
def test_an_import_refuses_a_catalogue_that_is_no_regular_file(
    tmp_path: Path, mirror: Path, kind: str, linked: bool
) -> None:
    special = SPECIAL[kind](tmp_path)
    folder = tmp_path / "cards"
    folder.mkdir()
    place = folder / "catalogue.sqlite"
    if linked:
        place.symlink_to(special)
    else:
        special.rename(place)
        special = place
    before = special.lstat()
    run = run_cli(["import", "--from", str(mirror), "--catalogue", str(folder)], timeout=60)
    assert run.returncode == 2, run.stderr
    assert run.stderr.splitlines() == [
        f"totemdeck: error: {place}: the catalogue must be a regular file, and this is "
        f"{KIND[kind]}; move it away, or point --catalogue at another folder"
    ]
    after = special.lstat()
    assert stat.S_IFMT(after.st_mode) == stat.S_IFMT(before.st_mode)
    assert (after.st_ino, after.st_rdev) == (before.st_ino, before.st_rdev)
    assert _listing(special.parent) == [special.name] or not linked  # no copy, no lock beside it
    assert place.is_symlink() == linked


def test_an_import_through_a_dangling_link_creates_nothing_there(
    tmp_path: Path, mirror: Path
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    folder = tmp_path / "cards"
    folder.mkdir()
    place = folder / "catalogue.sqlite"
    place.symlink_to(elsewhere / "gone.sqlite")
    run = run_cli(["import", "--from", str(mirror), "--catalogue", str(folder)], timeout=60)
    assert run.returncode == 2, run.stderr
    assert run.stderr.splitlines() == [
        f"totemdeck: error: {place}: a symbolic link to {elsewhere / 'gone.sqlite'}, which does "
        "not exist; remove the link, or create the catalogue where it points"
    ]
    assert _listing(elsewhere) == []
    assert _listing(folder) == ["catalogue.sqlite"]


def test_a_link_to_a_regular_catalogue_is_still_replaced_at_its_target(
    tmp_path: Path, mirror: Path
) -> None:
    real = tmp_path / "real"
    real.mkdir()
    folder = tmp_path / "cards"
    first = run_cli(["import", "--from", str(mirror), "--catalogue", str(real)], timeout=120)
    assert first.returncode == 0, first.stderr
    folder.mkdir()
    (folder / "catalogue.sqlite").symlink_to(real / "catalogue.sqlite")
    again = run_cli(
        ["import", "--force", "--from", str(mirror), "--catalogue", str(folder)], timeout=120
    )
    assert again.returncode == 0, again.stderr
    assert (folder / "catalogue.sqlite").is_symlink()
    assert (real / "catalogue.sqlite").stat().st_size > 0
