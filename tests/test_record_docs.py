"""Every record type is defined one way and says what it holds.

A frozen record is ``@frozen`` (``totemdeck.base.records``), never ``@dataclass(frozen=True…)``,
so each shares the one ``==``/``hash``/``repr``; a mutable one is ``@dataclass``. Each has a
docstring: besides telling the reader, it spares each cold start the ``inspect.signature``
call ``dataclasses`` makes to write one (about 80 µs a class; a cold ``check`` defines ~30).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "totemdeck"
GENERATED = ("_grammar.py", "_validators")


def _records() -> Iterator[tuple[str, ast.ClassDef, list[str]]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        if any(part in str(path) for part in GENERATED):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                decorators = [ast.unparse(d) for d in node.decorator_list]
                if any(d.startswith(("dataclass", "frozen")) for d in decorators):
                    where = f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {node.name}"
                    yield where, node, decorators


def test_the_scan_finds_both_kinds() -> None:
    kinds = {d for _where, _node, decorators in _records() for d in decorators}
    assert {"frozen", "dataclass(slots=True)"} <= kinds
    assert sum(1 for _ in _records()) > 90


def test_every_record_has_a_docstring() -> None:
    assert [where for where, node, _d in _records() if not ast.get_docstring(node)] == []


def test_a_frozen_record_is_frozen_not_a_frozen_dataclass() -> None:
    assert [where for where, _n, decorators in _records() if "frozen=True" in str(decorators)] == []
