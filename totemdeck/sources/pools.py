"""Thread and process pools for downloads and parsing that stop with the import.

Two promises the standard executors do not keep on their own:

* An interrupted import (Ctrl-C, SIGTERM, an error) does not wait for the thousands of
  downloads still queued, nor for those under way: leaving the block early cancels what has
  not started and stops what has (``deadline.stop_threads``), so the process can end at once
  even when a server has stalled.
* Worker processes die with their parent, even when it is killed with SIGKILL and has no
  chance to stop them: on Linux the kernel sends them SIGKILL (``PR_SET_PDEATHSIG``);
  elsewhere each worker polls its parent's pid and leaves when it changes.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import contextmanager

from totemdeck.sources.deadline import stop_threads, thread_started

__all__ = ["die_with_parent", "process_pool", "thread_pool"]

PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
PARENT_POLL_SECONDS = 0.5  # where prctl is missing: how soon an orphan notices


@contextmanager
def _cancelling(pool: Executor) -> Iterator[None]:
    """Wait for the work on a normal exit; on any other, cancel what has not started and
    stop the downloads under way."""
    try:
        yield
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        threads = getattr(pool, "_threads", ())  # a ThreadPoolExecutor's download threads
        stop_threads({t.ident for t in threads if t.ident is not None})
        raise
    pool.shutdown(wait=True)


@contextmanager
def thread_pool(workers: int) -> Iterator[ThreadPoolExecutor]:
    """A ``ThreadPoolExecutor`` that drops its queue when the block is left by an exception."""
    pool = ThreadPoolExecutor(max_workers=max(1, workers), initializer=thread_started)
    with _cancelling(pool):
        yield pool


@contextmanager
def process_pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    """A ``ProcessPoolExecutor`` whose workers die with this process (see the module)."""
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    pool = ProcessPoolExecutor(
        max_workers=workers,
        mp_context=context,
        initializer=die_with_parent,
        initargs=(os.getpid(),),
    )
    with _cancelling(pool):
        yield pool


def die_with_parent(parent_pid: int) -> None:
    """Run in each worker first: end this process when ``parent_pid`` ends."""
    if sys.platform.startswith("linux") and _set_parent_death_signal(signal.SIGKILL):
        if os.getppid() != parent_pid:  # the parent died before the line above ran
            os._exit(1)
        return
    threading.Thread(target=_watch_parent, args=(parent_pid,), daemon=True).start()


def _set_parent_death_signal(signum: int) -> bool:
    """``prctl(PR_SET_PDEATHSIG, signum)``; whether the kernel took it."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return bool(libc.prctl(PR_SET_PDEATHSIG, signum, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _watch_parent(parent_pid: int) -> None:
    while os.getppid() == parent_pid:
        time.sleep(PARENT_POLL_SECONDS)
    os._exit(1)
