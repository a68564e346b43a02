"""An interrupt ends an import at once, whatever the server does meanwhile.

systemd waits 90 s and ``docker stop`` 10 s before SIGKILL: an import that waits for a stalled
download to time out (30 s a read, 300 s a document) is killed before it can clean up.
"At once" is asserted as a state, not a time (a loaded machine stretches any clock): the
import has exited, cleaned up, while every faulted download is still unfinished on the
server (a stall of 200 s, a drip of minutes, a Retry-After of 100 s), so it waited for none.
The wait for the exit is only a guard against a hang.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from tests.helpers.mirrors import small_pokemontcg
from tests.helpers.processes import run_cli, start_cli, wait_until
from tests.helpers.server import serve

HANG = 60.0  # seconds: far less than any fault below lasts, far more than an exit takes

SERVERS = {
    "stalled": ["slow:200"],  # accepts the request, answers after 200 s
    "dripping": ["drip:1"],  # a byte a second: every read succeeds, none finishes
    "asking to wait": ["retry-after:100"],  # 503 Retry-After 100 s, obeyed (under 120 s)
}


@pytest.mark.parametrize("server", sorted(SERVERS))
@pytest.mark.parametrize(("signum", "code"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_an_interrupt_ends_an_import_at_once(
    tmp_path: Path, pokemontcg_dir: Path, server: str, signum: int, code: int
) -> None:
    folder = tmp_path / "cat"
    mirror = small_pokemontcg(tmp_path, pokemontcg_dir, ["base1", "base2"])
    first = run_cli(["import", "--from", str(mirror), "--catalogue", str(folder)], timeout=120)
    assert first.returncode == 0, first.stderr
    before = (folder / "catalogue.sqlite").read_bytes()
    with serve(mirror) as (url, state):
        for set_id in ("base1", "base2"):
            state.faults[f"/cards/en/{set_id}.json"] = list(SERVERS[server])
        run = start_cli(
            ["import", "-s", "pokemontcg", "--force", "--from", url, "--catalogue", str(folder)]
        )
        try:
            assert wait_until(lambda: sum("/cards/" in p for p in state.started) >= 2, 120), (
                "the downloads never started"
            )
            run.send_signal(signum)
            _out, err = run.communicate(timeout=HANG)
            unfinished = not any("/cards/" in path for path in state.delivered)
        finally:
            if run.poll() is None:
                run.kill()
                run.communicate()
    assert run.returncode == code, err
    assert unfinished, f"the import waited for a {server} download: {state.delivered}"
    assert err.endswith("interrupted (SIGTERM)\n" if code == 143 else "interrupted\n"), err
    assert "Traceback" not in err
    assert sorted(p.name for p in folder.iterdir()) == [
        ".catalogue.sqlite.lock",
        "catalogue.sqlite",
    ]
    assert (folder / "catalogue.sqlite").read_bytes() == before


# ---- issue 43.8: signals at random moments ----------------------------------------------

TRIALS = 24


def _cards(folder: Path) -> int | None:
    """How many cards the catalogue holds (None: no whole catalogue to read)."""
    import sqlite3

    path = folder / "catalogue.sqlite"
    if not path.exists():
        return None
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        assert db.execute("PRAGMA quick_check").fetchone() == ("ok",)
        return int(db.execute("SELECT COUNT(*) FROM cards").fetchone()[0])


@pytest.mark.slow
def test_a_signal_at_a_random_moment_stops_an_import_cleanly(
    tmp_path: Path, pokemontcg_dir: Path
) -> None:
    """SIGTERM or SIGINT anywhere in an import, from its start to its last byte: the exit says
    the signal (143 / 130, or the signal itself when it came as the process was leaving) or,
    when the import was already done, 0; one line, no traceback; the catalogue is the old
    one or the new one, whole; and the process ends (a bounded wait)."""
    import random

    small = small_pokemontcg(tmp_path / "small", pokemontcg_dir, ["base1"])
    large = small_pokemontcg(tmp_path / "large", pokemontcg_dir, ["base1", "base2", "base3"])
    folder = tmp_path / "cat"
    assert run_cli(["import", "--from", str(small), "--catalogue", str(folder)]).returncode == 0
    before = _cards(folder)
    seed = random.Random(438)
    outcomes = []
    for trial in range(TRIALS):
        signum, code = [(signal.SIGTERM, 143), (signal.SIGINT, 130)][trial % 2]
        source = large if trial % 4 < 2 else small  # an import that changes nothing too
        group = trial % 3 == 2  # as Ctrl-C and a terminal's hang-up do: the whole group,
        # the worker processes that parse set files included
        run = start_cli(["import", "--force", "--from", str(source), "--catalogue", str(folder)],
                        start_new_session=group)  # fmt: skip
        # from the moment totemdeck runs (before, the interpreter itself answers a signal)
        assert wait_until(lambda run=run: _catches_sigterm(run.pid) or run.poll() is not None, 60)
        time.sleep(seed.choice([0.0, seed.uniform(0.0, 3.0)]))  # a random moment, not a measure
        sent = run.poll() is None
        if sent and group:
            os.killpg(run.pid, signum)
        elif sent:
            run.send_signal(signum)
        try:
            _out, err = run.communicate(timeout=60)
        finally:
            if run.poll() is None:
                run.kill()
                run.communicate()
        outcomes.append((trial, sent, run.returncode))
        assert "Traceback" not in err, err
        if run.returncode == 0:
            assert "interrupted" not in err, err
        else:
            assert sent and run.returncode in (code, -signum), (trial, run.returncode, err)
            if run.returncode == code:
                assert err.endswith("interrupted (SIGTERM)\n" if code == 143 else "interrupted\n")
        after = _cards(folder)
        assert after in (before, _cards_of(large, tmp_path, trial)), (trial, before, after)
        leftovers = {p.name for p in folder.iterdir()} - {"catalogue.sqlite",
                                                           ".catalogue.sqlite.lock"}  # fmt: skip
        assert leftovers == set(), leftovers
        before = after
    assert any(sent and rc != 0 for _t, sent, rc in outcomes), outcomes  # some were stopped


def _catches_sigterm(pid: int) -> bool:
    """Whether process ``pid`` has a handler for SIGTERM (``SigCgt`` in /proc)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    caught = next(line for line in status.splitlines() if line.startswith("SigCgt:"))
    return bool(int(caught.split()[1], 16) >> (signal.SIGTERM - 1) & 1)


_FULL: dict[str, int | None] = {}


def _cards_of(source: Path, tmp_path: Path, trial: int) -> int | None:
    """The cards an uninterrupted import of ``source`` gives (imported once, aside)."""
    if str(source) not in _FULL:
        aside = tmp_path / f"aside-{trial}"
        assert run_cli(["import", "--from", str(source), "--catalogue", str(aside)]).returncode == 0
        _FULL[str(source)] = _cards(aside)
    return _FULL[str(source)]
