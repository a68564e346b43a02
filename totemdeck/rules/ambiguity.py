"""``ambiguous-card``'s message: which prints of a name-only line judge alike, and what differs.

The engine sorts a line's prints into groups whose verdicts are equal; this module says, in
words a player can act on, what sets the groups apart (types, stage, a banlist pin, …).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from totemdeck.catalogue.model import ENERGY_TYPES, Card
from totemdeck.rules.deck import RuleContext
from totemdeck.rules.traits import identity, is_ace_spec, is_multipart, printed_retreat_cost

_SHOWN_PER_GROUP = 3


def traits(card: Card, ctx: RuleContext) -> dict[str, str]:
    """What the rules read off a print, in words (compared between groups)."""
    named = identity(card, ctx.fmt)
    ban = ctx.banlist.match(card)
    out = {
        "types": ", ".join(card.types) or "none",
        "identity": "/".join(t for t in ENERGY_TYPES if t in named) or "none",
        "stage": card.stage or card.supertype,
        "kind": ", ".join(s for s in card.subtypes if s != card.stage) or "plain",
        "banlist": ("banned (this print is pinned)" if ban.prints else "banned")
        if ban
        else "not banned",
        "retreat": "no retreat cost"
        if printed_retreat_cost(card) is None
        else f"retreat {printed_retreat_cost(card)}",
        "ACE SPEC": "ACE SPEC" if is_ace_spec(card) else "not ACE SPEC",
    }
    if is_multipart(card):
        out["piece"] = f"piece {ctx.position(card)}"
    return out


def _label(field: str, value: str) -> str:
    return value if field in ("banlist", "retreat", "ACE SPEC", "piece") else f"{field} {value}"


def describe_groups(groups: Sequence[Sequence[Card]], ctx: RuleContext) -> list[dict[str, Any]]:
    """Each group's prints and the traits that tell it from the other groups."""
    seen = [traits(group[0], ctx) for group in groups]
    differing = [f for f in seen[0] if len({t.get(f) for t in seen}) > 1]
    return [
        {
            "prints": [c.id for c in group],
            "labels": [c.label for c in group],
            "differs": {f: t[f] for f in differing if f in t},
        }
        for group, t in zip(groups, seen, strict=True)
    ]


def ambiguity_message(
    line: int, written: str, count: int, groups: Sequence[Sequence[Card]], ctx: RuleContext
) -> tuple[str, list[dict[str, Any]]]:
    """The finding's sentence and its JSON context (``groups``)."""
    described = describe_groups(groups, ctx)
    parts = []
    for group in described:
        labels = group["labels"]
        shown = ", ".join(labels[:_SHOWN_PER_GROUP])
        if len(labels) > _SHOWN_PER_GROUP:
            shown += f" (+{len(labels) - _SHOWN_PER_GROUP} more)"
        what = ", ".join(_label(f, v) for f, v in group["differs"].items()) or "other text"
        parts.append(f"{shown}: {what}")
    message = (
        "line {line}: {name!r} has prints that judge differently ({groups}); write the set code "
        "and number, e.g. '{count} {example}'"
    ).format(
        line=line,
        name=written,
        groups="; ".join(parts),
        count=count,
        example=groups[0][0].label,
    )
    return message, described
