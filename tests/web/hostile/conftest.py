"""A real server on 127.0.0.1 for the socket-level tests: ``totemdeck serve`` (the
production command) in its own process, with short timeouts so the tests stay short."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

TIMEOUTS = {
    "TOTEMDECK_WEB_HEAD_SECONDS": "2",
    "TOTEMDECK_WEB_KEEP_ALIVE_SECONDS": "2",
    "TOTEMDECK_WEB_BODY_SECONDS": "3",
}


@dataclass(frozen=True)
class Served:
    port: int
    process: subprocess.Popen[str]

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_ready(port: int, process: subprocess.Popen[str], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5):
                return
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the server did not start") from None
            time.sleep(0.2)


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TOTEMDECK_")}
    return {**env, **extra}


def _serve(catalogue: Path, workers: int) -> Iterator[Served]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "totemdeck", "serve", "--port", str(port),
         "--catalogue", str(catalogue), "--workers", str(workers)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True,
        env=clean_env(**TIMEOUTS),
    )  # fmt: skip
    try:
        wait_ready(port, process)
        yield Served(port, process)
    finally:
        process.terminate()
        process.wait(timeout=30)


@pytest.fixture(scope="module")
def served(catalogue_dir: Path) -> Iterator[Served]:
    """The production form: two workers."""
    yield from _serve(catalogue_dir, 2)


@pytest.fixture(scope="module")
def served_one(catalogue_dir: Path) -> Iterator[Served]:
    """One worker: what one process does while a long request runs."""
    yield from _serve(catalogue_dir, 1)
