"""``ambiguous-card``'s message: which prints of a name-only line judge alike, and what differs.

The engine sorts a line's prints into groups whose verdicts are equal; this module says, in
words a player can act on, what sets the groups apart (types, stage, a banlist pin, …). The
sentence is in the current language; the JSON context keeps English words (bots compare them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from totemdeck.catalogue.model import Card, in_type_order
from totemdeck.decklist.resolved import ResolvedLine
from totemdeck.findings import Finding
from totemdeck.i18n import N_, _, current_language, use_language
from totemdeck.i18n.terms import term
from totemdeck.rules.deck import RuleContext
from totemdeck.rules.traits import (
    identity,
    is_ace_spec,
    is_multipart,
    printed_retreat_cost,
    retreat_unknown,
)

_SHOWN_PER_GROUP = 3


def traits(card: Card, ctx: RuleContext) -> dict[str, str]:
    """What the rules read off a print, in words (compared between groups)."""
    named = identity(card, ctx.fmt)
    ban = ctx.banlist.match(card)
    retreat = printed_retreat_cost(card)
    if ban:
        banlist = _("banned (this print is pinned)") if ban.prints else _("banned")
    else:
        banlist = _("not banned")
    out = {
        "types": ", ".join(term(t) for t in card.types) or _("none"),
        "identity": "/".join(term(t) for t in in_type_order(named)) or _("none"),
        "stage": term(card.stage or card.supertype),
        "kind": ", ".join(term(s) for s in card.subtypes if s != card.stage) or _("plain"),
        "banlist": banlist,
        "retreat": _("retreat unknown")
        if retreat_unknown(card)
        else _("no retreat cost")
        if retreat is None
        else _("retreat {n}").format(n=retreat),
        "ACE SPEC": "ACE SPEC" if is_ace_spec(card) else _("not ACE SPEC"),
    }
    if is_multipart(card):
        out["piece"] = _("piece {n}").format(n=ctx.position(card))
    return out


# How a differing trait reads in the message; the others are whole words already.
_LABELS = {
    "types": N_("types {value}"),
    "identity": N_("identity {value}"),
    "stage": N_("stage {value}"),
    "kind": N_("kind {value}"),
}


def _label(field: str, value: str) -> str:
    label = _LABELS.get(field)
    return _(label).format(value=value) if label else value


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
    """The finding's sentence and its JSON context (``groups``, in English words)."""
    with use_language("en"):
        described = describe_groups(groups, ctx)
    shown_groups = described if current_language() == "en" else describe_groups(groups, ctx)
    parts = []
    for group in shown_groups:
        labels = group["labels"]
        shown = ", ".join(labels[:_SHOWN_PER_GROUP])
        if len(labels) > _SHOWN_PER_GROUP:
            shown += " " + _("(+{n} more)").format(n=len(labels) - _SHOWN_PER_GROUP)
        what = ", ".join(_label(f, v) for f, v in group["differs"].items()) or _("other text")
        parts.append(f"{shown}: {what}")
    message = _(
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


def ambiguous_card(line: ResolvedLine, judged: list[list[Card]], ctx: RuleContext) -> Finding:
    """``ambiguous-card``: the line's prints judge differently; say what differs, ask for set
    and number."""
    number = line.line.line
    message, described = ambiguity_message(
        number, line.line.name or line.line.card_id or "", line.line.count, judged, ctx
    )
    return Finding(
        "ambiguous-card",
        message,
        number,
        tuple(c.id for group in judged for c in group),
        context={"groups": [{"prints": g["prints"], "differs": g["differs"]} for g in described]},
    )
