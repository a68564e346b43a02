"""Every dataclass says what it holds in a docstring. Besides telling the reader, it spares
each cold start work: a dataclass without one has ``inspect.signature`` write it, about
80 µs a class, and a cold ``check`` builds about thirty."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "totemdeck"
GENERATED = ("_grammar.py", "_validators")


def _undocumented() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if any(part in str(path) for part in GENERATED):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef):
                continue
            decorators = [ast.unparse(d) for d in node.decorator_list]
            if any(d.startswith("dataclass") for d in decorators) and not ast.get_docstring(node):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {node.name}")
    return found


def test_every_dataclass_has_a_docstring() -> None:
    assert _undocumented() == []


def test_the_scan_finds_dataclasses() -> None:
    source = (PACKAGE / "rules" / "totem.py").read_text(encoding="utf-8")
    assert "@dataclass" in source and "class TotemNumbers" in source
