"""The package's import graph between rooms (issue 39 "Must show"): one row a room, what it
imports, and every loop (a strongly connected set of rooms). ``--dot`` writes Graphviz.

A room is a top-level package or module of ``totemdeck/``; every ``import totemdeck.X`` —
module level, inside a function or for the type checker — is an arrow. The layer test
(tests/test_layers.py) reads the same graph, so what this prints is what the test judges.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "totemdeck"


def room_of(path: Path, package: Path = PACKAGE) -> str:
    """The room a source file belongs to: its top-level folder, or its own name."""
    relative = path.relative_to(package)
    return relative.parts[0].removesuffix(".py") if len(relative.parts) > 1 else path.stem


def imported_modules(path: Path) -> set[str]:
    """Every absolute module name ``path`` imports (``from a.b import c`` names ``a.b``,
    and ``a.b.c`` too, since ``c`` may be a module)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def room_graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    """Room → the other rooms it imports (the package root ``__init__`` left out: it names
    the public API lazily, so it stands above every room)."""
    rooms = {room_of(p, package) for p in package.rglob("*.py")} - {"__init__"}
    edges: dict[str, set[str]] = {room: set() for room in rooms}
    for path in package.rglob("*.py"):
        source = room_of(path, package)
        if source == "__init__":
            continue
        for name in imported_modules(path):
            parts = name.split(".")
            if parts[0] == "totemdeck" and len(parts) > 1 and parts[1] in rooms - {source}:
                edges[source].add(parts[1])
    return edges


def loops(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected sets of two or more rooms (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(edges.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group: list[str] = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    sys.setrecursionlimit(max(1000, 4 * len(edges)))
    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(found)


def table(edges: dict[str, set[str]]) -> str:
    """The graph as a Markdown table, one row a room, then its loops."""
    lines = ["| room | imports |", "|---|---|"]
    for room in sorted(edges):
        lines.append(f"| {room} | {', '.join(sorted(edges[room])) or '—'} |")
    arrows = sum(len(targets) for targets in edges.values())
    found = loops(edges)
    lines.append("")
    lines.append(f"{len(edges)} rooms, {arrows} arrows, {len(found)} loops")
    lines.extend(f"- loop: {' ↔ '.join(group)}" for group in found)
    return "\n".join(lines)


def dot(edges: dict[str, set[str]]) -> str:
    """The graph in Graphviz's DOT language."""
    body = [f'  "{s}" -> "{t}";' for s in sorted(edges) for t in sorted(edges[s])]
    return "digraph totemdeck {\n  rankdir=BT;\n" + "\n".join(body) + "\n}\n"


def main(argv: list[str]) -> int:
    edges = room_graph()
    print(dot(edges) if "--dot" in argv else table(edges))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
