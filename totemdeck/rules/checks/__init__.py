"""Every rule and warning of FORMAT.md, each a small pure generator of findings.

A rule reads a ``Deck`` (each line with one chosen print) and a ``RuleContext`` and yields
``Finding``s under its FORMAT.md code. The engine runs them all (``RULES``, in the order of
``findings.registry``) and handles the codes that come from reading and resolving the list
(unknown-card, ambiguous-card, …).
"""

from totemdeck.findings.registry import REGISTRY
from totemdeck.rules.checks._common import Rule, totem_groups
from totemdeck.rules.checks.composition import (
    count_mismatch,
    evolution_line_gap,
    incomplete_multipart,
    no_basic_pokemon,
)
from totemdeck.rules.checks.identity import (
    colorless_restriction,
    deck_identity,
    forbids_colorless,
    identity_rule,
)
from totemdeck.rules.checks.limits import (
    ace_spec_limit,
    banned,
    deck_size,
    radiant_limit,
    singleton,
    star_limit,
)
from totemdeck.rules.checks.totem_zone import (
    totem_incomplete,
    totem_missing,
    totem_multiple,
    totem_not_pokemon,
)

__all__ = [
    "CHECKS",
    "RULES",
    "Rule",
    "ace_spec_limit",
    "banned",
    "colorless_restriction",
    "count_mismatch",
    "deck_identity",
    "deck_size",
    "evolution_line_gap",
    "forbids_colorless",
    "identity_rule",
    "incomplete_multipart",
    "no_basic_pokemon",
    "radiant_limit",
    "singleton",
    "star_limit",
    "totem_groups",
    "totem_incomplete",
    "totem_missing",
    "totem_multiple",
    "totem_not_pokemon",
]

# Each deck rule's function by its code; the order and the set come from the registry.
# A new rule is one function in a module here, one line below and one entry in findings.registry.
CHECKS: dict[str, Rule] = {
    "totem-missing": totem_missing,
    "totem-multiple": totem_multiple,
    "totem-not-pokemon": totem_not_pokemon,
    "totem-incomplete": totem_incomplete,
    "deck-size": deck_size,
    "singleton": singleton,
    "ace-spec-limit": ace_spec_limit,
    "radiant-limit": radiant_limit,
    "star-limit": star_limit,
    "banned": banned,
    "identity": identity_rule,
    "colorless-restriction": colorless_restriction,
    "no-basic-pokemon": no_basic_pokemon,
    "evolution-line-gap": evolution_line_gap,
    "incomplete-multipart": incomplete_multipart,
    "count-mismatch": count_mismatch,
}

# What the engine runs: every "deck" code of the registry, in FORMAT.md's order (a registry
# entry without its function fails here, at import, instead of silently never running).
RULES: tuple[tuple[str, Rule], ...] = tuple(
    (doc.code, CHECKS[doc.code]) for doc in REGISTRY if doc.stage == "deck"
)
