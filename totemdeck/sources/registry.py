"""The card sources this installation has, found by their folders under ``totemdeck/sources/``.

A sub-package with a ``provider.py`` whose ``SOURCE`` implements ``CardSource`` is a source:
the importer, ``--source`` and ``--from`` pick it up with no other file changed.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from functools import cache
from typing import TYPE_CHECKING

import totemdeck.sources

if TYPE_CHECKING:  # the CLI lists names on every start: no need to load the interface
    from totemdeck.sources.interface import CardSource

__all__ = ["UnknownSource", "all_sources", "get_source", "source_names"]


class UnknownSource(ValueError):
    """No source of that name is installed (a programming error; the CLI offers choices)."""


@cache
def source_names() -> tuple[str, ...]:
    """Every source's name, without importing them (the CLI lists them in ``--help``)."""
    found = []
    for module in pkgutil.iter_modules(totemdeck.sources.__path__):
        if module.ispkg and importlib.util.find_spec(f"totemdeck.sources.{module.name}.provider"):
            found.append(module.name)
    return tuple(sorted(found))


def get_source(name: str) -> CardSource:
    if name not in source_names():
        raise UnknownSource(f"unknown source {name!r}; known: {', '.join(source_names())}")
    provider = importlib.import_module(f"totemdeck.sources.{name}.provider")
    source: CardSource = provider.SOURCE
    return source


def all_sources() -> list[CardSource]:
    """Every source, those whose prints are the records first, merged ones after."""
    return sorted((get_source(n) for n in source_names()), key=lambda s: (s.merged, s.name))
