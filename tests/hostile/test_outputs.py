"""``-o`` and ``--plot`` with hostile names and places: long names, /dev/stdout, read-only
files, an empty name. Each is written as the shell would, or refused in one line (exit 2)."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers.mirrors import small_pokemontcg
from tests.helpers.processes import ROOT, run_cli
from totemdeck.cli import main
from totemdeck.importer import import_sources

DECK = "Pokémon: 1\n1 Alakazam BS 1\n"


@pytest.fixture(scope="module")
def place(tmp_path_factory: pytest.TempPathFactory, pokemontcg_dir: Path) -> Path:
    """A folder with a small catalogue (``cat``) and a one-card deck (``deck.txt``)."""
    root = tmp_path_factory.mktemp("outputs")
    import_sources(
        str(root / "cat"),
        ["pokemontcg"],
        {"pokemontcg": str(small_pokemontcg(root, pokemontcg_dir, ["base1"]))},
    )
    (root / "deck.txt").write_text(DECK, encoding="utf-8")
    return root


def export_args(place: Path, out: str) -> list[str]:
    return ["export", str(place / "deck.txt"), "--to", "json", "--allow-illegal", "-o", out,
            "--catalogue", str(place / "cat")]  # fmt: skip


def plot_args(place: Path, out: str) -> list[str]:
    return ["stats", str(place / "deck.txt"), "--plot", out, "--catalogue", str(place / "cat")]


WRITERS = {"export -o": export_args, "stats --plot": plot_args}


# ---- 3: long names ------------------------------------------------------------------------


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize("length", [242, 250, 255])
def test_a_legal_long_name_is_written(
    place: Path, tmp_path: Path, writer: str, length: int, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / ("n" * (length - 4) + ".out")
    assert len(target.name.encode()) == length
    assert main(WRITERS[writer](place, str(target))) == 0, capsys.readouterr().err
    assert target.stat().st_size > 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [target.name]  # no temporary left


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize("shape", ["name of 256 bytes", "path over PATH_MAX"])
def test_an_impossible_name_is_one_line(
    place: Path, tmp_path: Path, writer: str, shape: str, capsys: pytest.CaptureFixture[str]
) -> None:
    if shape == "name of 256 bytes":
        target = str(tmp_path / ("n" * 256))
    else:
        target = str(tmp_path) + "/d" * 2100 + "/x.out"
    assert main(WRITERS[writer](place, target)) == 2
    assert capsys.readouterr().err == f"totemdeck: error: {target}: cannot write: name too long\n"


def test_banlist_add_to_a_long_name_locks_beside_it(tmp_path: Path) -> None:
    banlist = tmp_path / ("b" * 246 + ".yaml")
    banlist.write_text("format: Totem Format\nupdated: '2026-01-01'\nentries: []\n")
    run = run_cli(["banlist", "add", "Zygarde", "--reason", "Too strong", "--force",
                   "--file", str(banlist)])  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "Zygarde" in banlist.read_text()


# ---- 4: /dev/stdout and /dev/stderr ----------------------------------------------------------


def own_device(folder: Path, minor: int) -> Path:
    """A memory device of our own (1, minor: 3 null, 7 full); skip where it cannot be made."""
    from tests.hostile.test_catalogue_place import own_null_device

    own_null_device(folder)  # skips when devices cannot be made here
    device = folder / "dev" / f"mem-{minor}"
    os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, minor))
    return device


def _run(args: list[str], stdout: object, stderr: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "totemdeck", *args],
        cwd=ROOT, stdout=stdout, stderr=stderr, text=True, timeout=60, check=False,
    )  # fmt: skip


@pytest.mark.parametrize("stream", ["stdout", "stderr"])
def test_dev_stdout_through_a_pipe_is_written(place: Path, stream: str) -> None:
    run = _run(export_args(place, f"/dev/{stream}"), subprocess.PIPE, subprocess.PIPE)
    assert run.returncode == 0, run.stderr
    written = run.stdout if stream == "stdout" else run.stderr
    assert written.startswith("{"), written
    assert "Alakazam" in written


def test_dev_stdout_appends_under_double_redirect(place: Path, tmp_path: Path) -> None:
    log = tmp_path / "log.txt"
    log.write_text("kept\n")
    with log.open("a") as handle:
        run = _run(export_args(place, "/dev/stdout"), handle, subprocess.PIPE)
    assert run.returncode == 0, run.stderr
    text = log.read_text()
    assert text.startswith("kept\n{") and "Alakazam" in text


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_dev_stdout_on_a_full_device_is_one_line(place: Path, tmp_path: Path, writer: str) -> None:
    full = own_device(tmp_path, 7)
    with full.open("w") as handle:
        run = _run(WRITERS[writer](place, "/dev/stdout"), handle, subprocess.PIPE)
    assert run.returncode == 2
    assert run.stderr == (
        "totemdeck: error: /dev/stdout: cannot write: no space left on the device\n"
    )


# ---- 5: a read-only file ------------------------------------------------------------------

NOBODY = 65534


@pytest.fixture
def shared_place(place: Path) -> Iterator[Path]:
    """A copy of ``place`` another user may read, in a folder anyone may write."""
    folder = Path(tempfile.mkdtemp(prefix="td-ro-"))
    try:
        shutil.copytree(place / "cat", folder / "cat")
        shutil.copy(place / "deck.txt", folder / "deck.txt")
        for path in [folder, *folder.rglob("*")]:
            path.chmod(0o777 if path.is_dir() else 0o666)
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_a_read_only_file_is_not_replaced(
    shared_place: Path, writer: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = WRITERS[writer]
    assert main(args(shared_place, str(shared_place / "warm-up.out"))) == 0  # imports done
    target = shared_place / "read-only.out"
    target.write_text("mine\n")
    target.chmod(0o444)
    capsys.readouterr()
    if os.geteuid() == 0:  # root may write anything: be nobody, the file nobody's, a while
        os.chown(target, NOBODY, NOBODY)
        os.seteuid(NOBODY)
    try:
        code = main(args(shared_place, str(target)))
    finally:
        if os.getuid() == 0:
            os.seteuid(0)
    assert code == 2
    assert capsys.readouterr().err == (
        f"totemdeck: error: {target}: cannot write: permission denied\n"
    )
    assert target.read_text() == "mine\n"


# ---- 6: empty and odd names ---------------------------------------------------------------


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_an_empty_name_is_refused(
    place: Path, writer: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(WRITERS[writer](place, "")) == 2
    assert (
        capsys.readouterr().err
        == "totemdeck: error: '': an empty file name; name the file to write\n"
    )


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_the_wrote_note_stays_on_one_line(
    place: Path, tmp_path: Path, writer: str, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "odd\nname.out"
    assert main(WRITERS[writer](place, str(target))) == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{tmp_path}/odd\\nname.out" in err, err
    assert target.exists()
