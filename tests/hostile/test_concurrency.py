"""Two writers at once, as real processes: nothing is lost, the waiting one says so."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from totemdeck.banlist.edit import add_entry
from totemdeck.banlist.io import load_banlist
from totemdeck.files import locked, write_atomically
from totemdeck.rules.banlist import BanEntry

START = "# the seed\nformat: Totem Format\nupdated: '2026-01-01'\nentries: []\n"


def add_process(path: Path, name: str, **env: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "totemdeck", "banlist", "add", name, "--reason", "Too strong",
         "--force", "--file", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **env},
    )  # fmt: skip


def test_an_edit_waits_for_the_lock_and_keeps_the_other_writers_ban(tmp_path: Path) -> None:
    path = tmp_path / "banlist.yaml"
    path.write_text(START, encoding="utf-8")
    with locked(path):
        process = add_process(path, "Zygarde")
        assert process.stderr is not None
        said = process.stderr.readline()  # blocks until the other process reports its wait
        assert said == f"totemdeck: waiting for another totemdeck process that is writing {path}\n"
        # meanwhile this process edits the file, as a second writer would
        today = "2026-12-01"
        write_atomically(
            path, add_entry(load_banlist(path), BanEntry("Absol", "Too strong", today), today)
        )
    out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    assert out == "banned Zygarde (every print)\n"
    names = [e.name for e in load_banlist(path).banlist.entries]
    assert names == ["Absol", "Zygarde"]
    assert path.read_text(encoding="utf-8").startswith("# the seed\n")


def test_a_lock_held_past_the_timeout_is_busy_and_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "banlist.yaml"
    path.write_text(START, encoding="utf-8")
    with locked(path):
        process = add_process(path, "Zygarde", TOTEMDECK_LOCK_TIMEOUT="0.3")
        out, err = process.communicate(timeout=60)
    assert process.returncode == 75
    assert out == ""
    assert err.splitlines() == [
        f"totemdeck: waiting for another totemdeck process that is writing {path}",
        f"totemdeck: error: {path} is busy: another totemdeck process held its lock for over "
        "0.3 s; try again when it is done",
    ]
    assert path.read_text(encoding="utf-8") == START


def test_six_concurrent_adds_lose_no_ban(tmp_path: Path) -> None:
    path = tmp_path / "banlist.yaml"
    path.write_text(START, encoding="utf-8")
    names = ["Absol", "Bidoof", "Charizard", "Ditto", "Eevee", "Furret"]
    processes = [add_process(path, name) for name in names]
    for process in processes:
        _out, err = process.communicate(timeout=120)
        assert process.returncode == 0, err
    assert [e.name for e in load_banlist(path).banlist.entries] == names
