"""``totemdeck serve``: says where it serves, refuses without a catalogue."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from totemdeck.cli import main


def test_serve_without_a_catalogue_says_to_import(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "--catalogue", str(tmp_path / "none")]) == 2
    error = capsys.readouterr().err
    assert "totemdeck import" in error
    assert error.count("\n") == 1


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_serve_prints_the_address_and_serves(catalogue_dir: Path) -> None:
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("TOTEMDECK_")}
    process = subprocess.Popen(
        [sys.executable, "-m", "totemdeck", "serve", "--port", str(port),
         "--catalogue", str(catalogue_dir), "--workers", "2"],
        stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    try:
        assert process.stderr is not None
        first = process.stderr.readline()
        assert f"http://127.0.0.1:{port}/" in first
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(
                    f"http://127.0.0.1:{port}/healthz", timeout=5
                ) as answer:
                    assert answer.read() == b"ok\n"
                    break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise
                time.sleep(0.2)
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/api/check", data=b"Totem: 1\n1 Charizard ex OBF 125\n"
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            assert b'"legal":false' in answer.read().replace(b" ", b"")
    finally:
        process.terminate()
        process.communicate(timeout=30)  # waits and closes the pipe
