"""Leaving the process: at once when the interpreter has nothing left to do but free memory.

Tearing down ~190 modules and their objects took a cold ``check`` about 10 ms, a sixth of
its time, to give back memory the system takes back anyway. ``os._exit`` skips that, so it
is used only when nothing else is pending: no ``atexit`` callback (coverage, logging, a
temporary folder's clean-up register one), no other thread, and both streams flushed.
Otherwise the process exits the ordinary way.
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


def leave(code: int) -> NoReturn:
    """End the process with ``code`` (see the module's docstring for when it is at once)."""
    if _nothing_pending():
        try:
            for stream in (sys.stdout, sys.stderr):
                if stream is not None:  # None: the shell closed it (``>&-``)
                    stream.flush()
        except (OSError, ValueError):
            pass  # a closed or broken stream: the ordinary exit reports it as Python does
        else:
            os._exit(code)
    sys.exit(code)
