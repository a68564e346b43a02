"""Imports stopped by a signal: nothing left behind, no process left running, exit 130/143."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from tests.helpers.mirrors import small_pokemontcg, small_tcgdex
from tests.helpers.processes import alive, children_of, run_cli, start_cli, wait_until
from tests.helpers.server import serve
from totemdeck.catalogue import Catalogue
from totemdeck.importer import import_sources

pytestmark = pytest.mark.slow  # real processes, stalls and signals: seconds each


def _temps(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".tmp" in p.name)


@pytest.mark.parametrize(("signum", "code"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_signal_during_downloads_removes_the_copy_and_keeps_the_old_catalogue(
    tmp_path: Path, pokemontcg_dir: Path, tcgdex_dir: Path, signum: int, code: int
) -> None:
    folder = tmp_path / "cat"
    import_sources(
        str(folder),
        ["pokemontcg"],
        {"pokemontcg": str(small_pokemontcg(tmp_path, pokemontcg_dir, ["base1"]))},
    )
    before = (folder / "catalogue.sqlite").read_bytes()
    dex = small_tcgdex(tmp_path, tcgdex_dir, ["sv03", "hgss3"])
    with serve(dex) as (url, state):
        state.latency = 0.3  # hundreds of card requests queued: minutes of work ahead
        run = start_cli(["import", "-s", "tcgdex", "--from", url, "--catalogue", str(folder)])
        assert wait_until(lambda: any("/cards/" in p for p in state.requested()), 120)
        run.send_signal(signum)
        _out, err = run.communicate(timeout=60)  # a guard against a hang, no speed limit
        fetched = sum("/cards/" in path for path in state.delivered)
    assert run.returncode == code, err
    # it stopped with work left (hundreds of cards at 0.3 s each), not after finishing it
    cards = sum(1 for _ in (dex / "en" / "cards").glob("*.json"))
    assert fetched < cards, (fetched, cards)
    assert "interrupted" in err and "Traceback" not in err
    assert _temps(folder) == []
    assert (folder / "catalogue.sqlite").read_bytes() == before


def test_the_next_import_removes_copies_a_kill_left(tmp_path: Path, pokemontcg_dir: Path) -> None:
    folder = tmp_path / "cat"
    folder.mkdir()
    (folder / ".catalogue-k9x2z1.tmp").write_bytes(b"\0" * 1_000_000)  # as kill -9 leaves it
    (folder / ".catalogue-k9x2z1.tmp-journal").write_bytes(b"\0" * 100)
    (folder / "notes.tmp").write_text("not ours: kept")
    mirror = small_pokemontcg(tmp_path, pokemontcg_dir, ["base1"])
    run = run_cli(["import", "--from", str(mirror), "--catalogue", str(folder)])
    assert run.returncode == 0, run.stderr
    assert _temps(folder) == ["notes.tmp"]
    with Catalogue.open(folder) as cat:
        assert cat.count() == 102


def test_kill_9_of_the_parent_takes_its_worker_processes_with_it(
    tmp_path: Path, pokemontcg_dir: Path
) -> None:
    if not Path("/proc/self/stat").exists():  # pragma: no cover - children found through /proc
        pytest.skip("needs /proc to list child processes")
    sets = ["base1", "base2", "base3", "base4", "base5", "sv3"]
    mirror = small_pokemontcg(tmp_path, pokemontcg_dir, sets)
    with serve(mirror) as (url, state):
        state.latency = 0.8  # one set a time: the worker processes wait for the next ones
        into = str(tmp_path / "c")
        run = start_cli(
            ["import", "-s", "pokemontcg", "--from", url, "--workers", "1", "--catalogue", into]
        )
        workers: list[int] = []
        try:
            assert wait_until(lambda: len(children_of(run.pid)) >= 2, 120), "no worker processes"
            workers = children_of(run.pid)
            run.kill()
            run.communicate(timeout=60)  # the waits are guards against a hang, not limits
            gone = wait_until(lambda: not any(alive(pid) for pid in workers), 60)
        finally:
            for pid in workers:
                if alive(pid):
                    os.kill(pid, signal.SIGKILL)  # do not leave them behind if the test fails
    assert gone, f"worker processes {workers} outlived their parent"
