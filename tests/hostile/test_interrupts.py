"""An interrupt ends an import at once, whatever the server does meanwhile.

systemd waits 90 s and ``docker stop`` 10 s before SIGKILL: an import that waits for a stalled
download to time out (30 s a read, 300 s a document) is killed before it can clean up.
"At once" is asserted as a state, not a time (a loaded machine stretches any clock): the
import has exited, cleaned up, while every faulted download is still unfinished on the
server (a stall of 200 s, a drip of minutes, a Retry-After of 100 s), so it waited for none.
The wait for the exit is only a guard against a hang.
"""

from __future__ import annotations

import signal
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
