"""Leaving the process: at once only when nothing is pending, and never losing output."""

from __future__ import annotations

import gc
import subprocess
import sys

import pytest

from totemdeck.cli import _without_gc


def _python(code: str) -> subprocess.CompletedProcess[str]:
    script = "import sys\nfrom totemdeck.cli.leave import leave\n" + code
    return subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )


# An object whose finalizer speaks: the ordinary exit tears the interpreter down and it says so.
FINALIZER = (
    "class Says:\n    def __del__(self):\n        sys.stdout.write('torn down\\n')\nkept = Says()\n"
)


def test_nothing_pending_leaves_at_once_with_every_byte_written() -> None:
    done = _python(FINALIZER + "sys.stdout.write('x' * 300_000)\nsys.stderr.write('e')\nleave(3)")
    assert done.returncode == 3
    assert done.stdout == "x" * 300_000  # flushed, and no teardown ran after it
    assert done.stderr == "e"


def test_an_atexit_callback_means_the_ordinary_exit() -> None:
    done = _python("import atexit\natexit.register(lambda: print('callback ran'))\nleave(4)")
    assert done.returncode == 4
    assert done.stdout == "callback ran\n"


def test_another_thread_means_the_ordinary_exit() -> None:
    done = _python(
        "import threading, time\n"
        "def late():\n    time.sleep(0.3)\n    print('thread finished')\n"
        "threading.Thread(target=late).start()\nleave(5)"
    )
    assert done.returncode == 5
    assert done.stdout == "thread finished\n"


@pytest.mark.parametrize("code", [130, 143])
def test_an_interrupted_command_leaves_without_waiting_for_a_stuck_thread(code: int) -> None:
    # a thread that never ends (a connect to a silent server): the ordinary exit joins it
    # for ever (the subprocess would time out); an interruption runs the atexit callbacks
    # and leaves
    done = _python(
        "import atexit, threading\n"
        "atexit.register(lambda: print('callback ran'))\n"
        "threading.Thread(target=threading.Event().wait).start()\n"
        f"sys.stderr.write('interrupted')\nleave({code})"
    )
    assert done.returncode == code
    assert done.stdout == "callback ran\n" and done.stderr == "interrupted"


def test_a_closed_stdout_still_exits_with_the_code() -> None:
    done = _python("sys.stdout.close()\nleave(6)")
    assert done.returncode in (6, 120)  # 120: Python could not flush a closed stream


@pytest.mark.parametrize("bounded", [True, False])
def test_a_quick_command_runs_without_the_collector_and_gives_it_back(bounded: bool) -> None:
    assert gc.isenabled()
    with _without_gc(bounded):
        assert gc.isenabled() is not bounded
    assert gc.isenabled()
