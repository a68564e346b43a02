"""Names a package hands out on first use (PEP 562), so importing the package imports none of
the modules behind them: ``totemdeck``, ``totemdeck.api``, ``totemdeck.report`` and
``totemdeck.rules`` each name what they export and where it lives, and a cold command loads
only what it touches (issue 19.8)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def exports(
    namespace: dict[str, Any], homes: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of the package whose globals are ``namespace``:
    ``homes`` maps each public name to ``"module"`` (the same name there) or
    ``"module:attribute"``. A name once loaded is a plain global, so later look-ups skip
    ``__getattr__``."""
    package = namespace["__name__"]

    def get_attribute(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")  # i18n: keep
        module, _, attribute = home.partition(":")
        value = getattr(importlib.import_module(module), attribute or name)
        namespace[name] = value
        return value

    def listing() -> list[str]:
        return sorted({*namespace, *homes})

    return get_attribute, listing
