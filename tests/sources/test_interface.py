"""Sources fetch, the importer writes: no source module can reach the catalogue's writes.

A source reads its incremental state through ``catalogue.state.SourceState`` and yields
``sources.records``; the writer and its named writes are the importer's alone.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import totemdeck.sources

SOURCES = Path(totemdeck.sources.__file__).parent
WRITERS = {
    "totemdeck.catalogue.write",
    "totemdeck.catalogue.writes",
    "totemdeck.catalogue.staging",
    "totemdeck.catalogue.merging",
    "totemdeck.catalogue.texts",
}


def _imported(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


@pytest.mark.parametrize(
    "path", sorted(SOURCES.rglob("*.py")), ids=lambda p: str(p.relative_to(SOURCES))
)
def test_no_source_module_imports_a_writer(path: Path) -> None:
    assert not _imported(path) & WRITERS
