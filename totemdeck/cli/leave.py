"""Leaving the process: at once when the interpreter has nothing left to do but free memory.

Tearing down ~190 modules and their objects took a cold ``check`` about 10 ms, a sixth of
its time, to give back memory the system takes back anyway. ``os._exit`` skips that, so it
is used only when nothing else is pending: no ``atexit`` callback (coverage, logging, a
temporary folder's clean-up register one), no other thread. Otherwise the process exits the
ordinary way.

Either way nothing written is lost first (issue 43.1): both streams are flushed through
their whole writers (``cli.streams``: short writes continued, ``EAGAIN`` waited on), and a
standard output that cannot take the rest (a full disk, ``EBADF``) turns an exit 0 into 2
with one line on stderr. A reader gone (``| head``) keeps the exit code; a stderr that
cannot be written has nowhere to say so and keeps it too.
"""

from __future__ import annotations

import atexit
import os
import sys
from typing import NoReturn


def _nothing_pending() -> bool:
    count_callbacks = getattr(atexit, "_ncallbacks", None)  # CPython's; else exit as usual
    if count_callbacks is None or count_callbacks() != 0:
        return False
    threading = sys.modules.get("threading")
    return threading is None or threading.active_count() == 1


def flushed(code: int) -> int:
    """Flush stdout then stderr; ``code``, or the output error's when stdout failed at 0."""
    from totemdeck.cli.output import flush_stdout, write_stderr

    failed = flush_stdout()  # says so on stderr itself
    write_stderr("")  # flushes; a broken stderr is silenced, not fatal
    return failed if failed is not None and code == 0 else code


INTERRUPTED = (130, 143)  # cli.EXIT_INTERRUPTED, cli.EXIT_TERMINATED (Ctrl-C, SIGTERM)


def leave(code: int) -> NoReturn:
    """End the process with ``code`` once every byte is out (see the module's docstring).

    An interrupted command ends without waiting for its other threads: a download thread
    may sit in a call no cancellation reaches (a connect to a silent server), and the
    interpreter's ordinary exit joins every such thread, so Ctrl-C once hung an import for
    a minute after it said "interrupted". The ``atexit`` callbacks (temporary folders,
    coverage) still run first."""
    code = flushed(code)
    if _nothing_pending():
        os._exit(code)
    if code in INTERRUPTED:
        atexit._run_exitfuncs()
        os._exit(flushed(code))
    sys.exit(code)
