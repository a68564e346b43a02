"""The Totem Format's rules: format parameters, card traits, rule functions, the engine.

The names below are loaded on first use (PEP 562): importing one rule module does not
import the engine. The code registry the rules run under lives in ``totemdeck.findings``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from totemdeck.base import lazy

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


__getattr__, __dir__ = lazy.exports(
    globals(), {name: f"{__name__}.{home}" for name, home in _HOMES.items()}
)
