"""Golden files: compare output with tests/golden/NAME, or rewrite it (``--update-golden``)."""

from __future__ import annotations

from pathlib import Path

GOLDEN = Path(__file__).resolve().parent.parent / "golden"


def compare(name: str, actual: str, update: bool) -> None:
    path = GOLDEN / name
    if update:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8")
    assert path.is_file(), f"missing golden file {name}: run pytest --update-golden"
    assert actual == path.read_text(encoding="utf-8")
