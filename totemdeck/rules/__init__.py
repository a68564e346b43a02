"""The Totem Format's rules: format parameters, card traits, rule functions, the engine.

The names below are loaded on first use (PEP 562): importing one rule module does not
import the engine. The code registry the rules run under lives in ``totemdeck.findings``.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from totemdeck.rules.banlist import BanEntry, Banlist
    from totemdeck.rules.engine import Checker, Report, check
    from totemdeck.rules.format import FormatRules, load_format
    from totemdeck.rules.totem import TotemNumbers, cost_column, totem_numbers

__all__ = [
    "BanEntry",
    "Banlist",
    "Checker",
    "FormatRules",
    "Report",
    "TotemNumbers",
    "check",
    "cost_column",
    "load_format",
    "totem_numbers",
]

_HOMES = {
    "BanEntry": "banlist",
    "Banlist": "banlist",
    "Checker": "engine",
    "Report": "engine",
    "check": "engine",
    "FormatRules": "format",
    "load_format": "format",
    "TotemNumbers": "totem",
    "cost_column": "totem",
    "totem_numbers": "totem",
}


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")  # i18n: keep
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value  # later look-ups are plain attribute reads
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
