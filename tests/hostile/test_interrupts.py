"""An interrupt ends an import within 2 s, whatever the server does meanwhile.

systemd waits 90 s and ``docker stop`` 10 s before SIGKILL: an import that waits for a stalled
download to time out (30 s a read, 300 s a document) is killed before it can clean up.
"""

from __future__ import annotations

import signal
import time
from pathlib import Path

import pytest

from tests.helpers.mirrors import small_pokemontcg
from tests.helpers.processes import run_cli, start_cli, wait_until
from tests.helpers.server import serve

STOP_WITHIN = 2.0  # seconds from the signal to the exit

SERVERS = {
    "stalled": ["slow:200"],  # accepts the request, answers after 200 s
    "dripping": ["drip:1"],  # a byte a second: every read succeeds, none finishes
    "asking to wait": ["retry-after:100"],  # 503 Retry-After 100 s, obeyed (under 120 s)
}


@pytest.mark.parametrize("server", sorted(SERVERS))
@pytest.mark.parametrize(("signum", "code"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_an_interrupt_ends_an_import_within_two_seconds(
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
            assert wait_until(lambda: sum("/cards/" in p for p in state.started) >= 2, 30), (
                "the downloads never started"
            )
            time.sleep(0.5)  # well inside the downloads
            sent = time.monotonic()
            run.send_signal(signum)
            _out, err = run.communicate(timeout=30)
            took = time.monotonic() - sent
        finally:
            if run.poll() is None:
                run.kill()
                run.communicate()
    assert run.returncode == code, err
    assert took < STOP_WITHIN, f"took {took:.1f} s to stop"
    assert err.endswith("interrupted (SIGTERM)\n" if code == 143 else "interrupted\n"), err
    assert "Traceback" not in err
    assert sorted(p.name for p in folder.iterdir()) == [
        ".catalogue.sqlite.lock",
        "catalogue.sqlite",
    ]
    assert (folder / "catalogue.sqlite").read_bytes() == before
