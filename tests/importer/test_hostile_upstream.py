"""Upstream data of the wrong shape, hostile JSON and a full disk, through the whole import:
a one-line error naming the set or card (exit 1 or 2), never a traceback."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.mirrors import prints_in, small_pokemontcg, small_tcgdex
from tests.helpers.processes import ROOT
from tests.helpers.server import serve
from totemdeck.catalogue import Catalogue
from totemdeck.cli import main

DEEP = "[" * 100_000 + "]" * 100_000
HUGE_INT = "9" * 5000


def _import(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """Exit code, and stdout + stderr (the summary names what was skipped or rejected)."""
    code = main(["import", "--no-progress", *args])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    assert captured.err.count("\n") <= 1, captured.err  # one line, or none
    return code, captured.out + captured.err


def _write(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")


@pytest.fixture
def ptcg(tmp_path: Path, pokemontcg_dir: Path) -> Path:
    return small_pokemontcg(tmp_path, pokemontcg_dir, ["base1", "sv3"])


@pytest.fixture
def dex(tmp_path: Path, tcgdex_dir: Path) -> Path:
    return small_tcgdex(tmp_path, tcgdex_dir, ["sv03", "bog"])


@pytest.mark.parametrize(
    ("file", "text", "words"),
    [
        ("sets/en.json", '[1, "sv3", null]', ["sets/en.json", "list of sets"]),
        ("sets/en.json", '{"data": []}', ["sets/en.json", "list of sets"]),
        ("sets/en.json", DEEP, ["sets/en.json"]),
        ("cards/en/base1.json", DEEP, ["base1"]),
        ("cards/en/base1.json", '[{"id": "base1-1", "hp": ' + HUGE_INT + "}]", ["base1"]),
        ("cards/en/base1.json", '"a string"', ["base1", "list of cards"]),
        ("cards/en/base1.json", '[1, "x", null, []]', ["base1"]),
    ],
    ids=["non-objects", "object", "deep list", "deep set", "huge int", "string", "non-cards"],
)
def test_pokemontcg_data_of_the_wrong_shape(
    ptcg: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    file: str,
    text: str,
    words: list[str],
) -> None:
    _write(ptcg / file, text)
    code, said = _import(["--from", str(ptcg), "--catalogue", str(tmp_path / "c")], capsys)
    assert code in (1, 2) or (code == 0 and "rejected card" in said), said
    for word in words:
        assert word in said, said


@pytest.mark.parametrize(
    ("file", "text", "words"),
    [
        ("en/sets.json", '["sv03", 3, null]', ["en/sets.json"]),
        ("en/sets.json", DEEP, ["en/sets.json"]),
        ("en/sets/sv03.json", '{"id": "sv03", "cards": "all of them"}', ["sv03"]),
        ("en/sets/sv03.json", '"sv03"', ["sv03"]),
        ("en/sets/sv03.json", '{"id": "sv03", "cards": [1, "x"]}', ["sv03"]),
        ("es/sets.json", '[{"id": 5}, "bog", {"id": {"x": 1}}]', ["es"]),
        ("en/cards/sv03-125.json", '"Charizard ex"', ["sv03-125"]),
        ("en/cards/sv03-125.json", '{"id": "sv03-125", "hp": ' + HUGE_INT + "}", ["sv03-125"]),
    ],
    ids=[
        "set list non-objects",
        "set list deep",
        "cards a string",
        "set a string",
        "cards not objects",
        "es ids not strings",
        "card a string",
        "card huge int",
    ],
)
def test_tcgdex_data_of_the_wrong_shape(
    dex: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    file: str,
    text: str,
    words: list[str],
) -> None:
    _write(dex / file, text)
    code, said = _import(
        ["-s", "tcgdex", "--from", str(dex), "--catalogue", str(tmp_path / "c")], capsys
    )
    assert code in (1, 2) or (code == 0 and "rejected card" in said), said
    for word in words:
        assert word in said, said


def test_a_304_for_a_set_never_fetched_is_skipped_not_a_crash(
    dex: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with serve(dex) as (url, state):
        state.faults["/en/sets/sv03.json"] = ["status:304"]
        code, said = _import(
            ["-s", "tcgdex", "--from", url, "--catalogue", str(tmp_path / "c")], capsys
        )
    assert code == 1, said
    assert "sv03" in said and "304" in said


def _tmpfs_available() -> bool:
    if shutil.which("unshare") is None or shutil.which("mount") is None:
        return False
    probe = subprocess.run(
        ["unshare", "-m", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt"],
        capture_output=True,
    )
    return probe.returncode == 0


@pytest.mark.skipif(not _tmpfs_available(), reason="needs unshare and mount (a tiny tmpfs)")
def test_a_full_disk_during_import_is_one_line(ptcg: Path, tmp_path: Path) -> None:
    """A 200 KB file system (in a private mount namespace) fills up half-way through."""
    small = tmp_path / "full"
    small.mkdir()
    script = (
        f"mount -t tmpfs -o size=200k tmpfs {small} && "
        f"{sys.executable} -m totemdeck import --no-progress --from {ptcg} --catalogue {small}/c; "
        f"echo rc=$?; ls -a {small}/c"
    )
    run = subprocess.run(
        ["unshare", "-m", "sh", "-c", script], capture_output=True, text=True, cwd=ROOT
    )
    assert "rc=2" in run.stdout, run.stdout + run.stderr
    assert "Traceback" not in run.stderr
    assert run.stderr.strip().count("\n") == 0, run.stderr
    assert "no space left on the device" in run.stderr
    assert ".tmp" not in run.stdout  # the copy was removed
    assert "catalogue.sqlite\n" not in run.stdout


def test_the_catalogue_still_reads_after_each_refusal(
    ptcg: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = str(tmp_path / "c")
    assert _import(["--from", str(ptcg), "--catalogue", folder], capsys)[0] == 0
    imported = prints_in(ptcg)
    sets = json.loads((ptcg / "sets/en.json").read_text())
    for s in sets:
        s["updatedAt"] = "2099/01/01 00:00:00"
    _write(ptcg / "sets/en.json", json.dumps(sets))
    _write(ptcg / "cards/en/base1.json", DEEP)
    assert _import(["--from", str(ptcg), "--catalogue", folder], capsys)[0] == 1
    with Catalogue.open(folder) as cat:
        assert cat.count() == imported
