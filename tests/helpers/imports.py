"""What a module imports, read from its source (``ast``): the layer and front-door tests
count the same way — module level, inside functions and under ``TYPE_CHECKING`` alike."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path


def imported_names(path: Path) -> Iterator[str]:
    """Every absolute module name ``path`` imports (``from a.b import c`` names ``a.b``)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module
        elif isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)


# How a module defines its own record types, as it would with ``dataclasses``: not a call
# into the library, so the front-door counts leave it out.
DEFINING = {"totemdeck.base.records"}


def library_modules(folder: Path, own: str) -> set[str]:
    """The distinct ``totemdeck`` modules outside package ``own`` that ``folder``'s modules
    import (``DEFINING`` aside)."""
    return {
        name
        for path in folder.glob("*.py")
        for name in imported_names(path)
        if name.split(".")[0] == "totemdeck" and not name.startswith(own) and name not in DEFINING
    }
