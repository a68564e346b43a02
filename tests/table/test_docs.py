"""docs/table.md tells the truth: its Python example runs, its bounds are the code's."""

from __future__ import annotations

import re
from pathlib import Path

from totemdeck.rules.format import load_format
from totemdeck.table import MAX_LOG, MAX_PLAYERS, MIN_PLAYERS
from totemdeck.table.code import MAX_CODE_CHARS, MAX_PAYLOAD_BYTES
from totemdeck.table.model import MAX_NAME

PAGE = (Path(__file__).resolve().parents[2] / "docs" / "table.md").read_text(encoding="utf-8")


def test_the_python_example_runs() -> None:
    block = re.search(r"```python\n(.*?)```", PAGE, re.DOTALL)
    assert block is not None
    exec(compile(block[1], "docs/table.md", "exec"), {})  # its asserts are the test


def test_the_bounds_the_page_states_are_the_codes() -> None:
    stated = (
        f"at most {MAX_CODE_CHARS:,} characters, {MAX_PAYLOAD_BYTES:,} bytes inflated, "
        f"{MIN_PLAYERS}–{MAX_PLAYERS} players, {MAX_LOG} events in the log"
    )
    assert stated in " ".join(PAGE.split())
    assert f"names of at most {MAX_NAME} printable characters" in " ".join(PAGE.split())
    assert f"everyone starts with {load_format().starting_prizes}" in PAGE
