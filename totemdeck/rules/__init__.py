"""The Totem Format's rules: format parameters, card traits, rule functions, the engine."""

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
