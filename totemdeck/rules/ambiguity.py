"""``ambiguous-card``'s message: which prints of a name-only line judge alike, and what differs.

The engine sorts a line's prints into groups whose verdicts are equal; this module says, in
words a player can act on, what sets the groups apart (types, stage, a banlist pin, …). The
sentence is in the current language; the JSON context keeps English words (bots compare them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from totemdeck.catalogue.model import Card, in_type_order
from totemdeck.decklist.resolved import ResolvedLine
from totemdeck.findings import Finding
from totemdeck.i18n import N_, _, current_language, ngettext, use_language
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
        "types": "/".join(term(t) for t in card.types) or _("none"),
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


def _values(group: Sequence[Card], ctx: RuleContext) -> dict[str, list[str]]:
    """Each trait as the group's prints have it: one value, or every one (``Fairy or
    Psychic, Metal``) when its prints judge alike but differ there (Gardevoir δ DS 6 beside
    the Fairy Gardevoir: each would break identity the same way)."""
    found: dict[str, list[str]] = {}
    for card in group:
        for field, value in traits(card, ctx).items():
            values = found.setdefault(field, [])
            if value not in values:
                values.append(value)
    return found


def describe_groups(groups: Sequence[Sequence[Card]], ctx: RuleContext) -> list[dict[str, Any]]:
    """Each group's prints and the traits that tell it from the other groups."""
    found = [_values(group, ctx) for group in groups]
    seen = [{f: _(" or ").join(v) for f, v in t.items()} for t in found]
    # what tells the groups apart: a trait no one value of which every group has (a main-deck
    # Gardevoir's retreat 1 or 2 beside another group's 2 tells nothing)
    differing = [f for f in found[0] if not set.intersection(*(set(t.get(f, ())) for t in found))]
    return [
        {
            "prints": [c.id for c in group],
            "labels": [c.label for c in group],
            "differs": {f: t[f] for f in differing if f in t},
        }
        for group, t in zip(groups, seen, strict=True)
    ]


Broken = frozenset[tuple[str, "int | None"]]  # (code, line) a group's prints would break


class Change(NamedTuple):
    """What a group's prints break, told as the change from the deck as first judged (its
    ``(code, line)``s, ``B``): those the group no longer breaks (within ``B``) and those it
    breaks anew (outside ``B``). The group breaks ``(B - lost) | gained``; kept as the change,
    an ambiguous line costs what its prints change, not the size of the deck."""

    lost: Broken
    gained: Broken


def _broken(codes: Broken, line: int) -> str:
    """``identity``, ``singleton (lines 7, 9)``: the rules a group would break, by code;
    the lines other than the ambiguous one itself are named."""
    lines: dict[str, list[int]] = {}
    for code, at in codes:
        elsewhere = lines.setdefault(code, [])
        if at not in (None, line):
            elsewhere.append(at)
    return ", ".join(
        code
        if not elsewhere
        else ngettext("{code} (line {lines})", "{code} (lines {lines})", len(elsewhere)).format(
            code=code, lines=", ".join(map(str, sorted(elsewhere)))
        )
        for code, elsewhere in sorted(lines.items())
    )


def ambiguity_message(
    line: int,
    written: str,
    count: int,
    groups: Sequence[Sequence[Card]],
    ctx: RuleContext,
    breaks: Sequence[Broken] = (),
    memo: dict[Any, Any] | None = None,
) -> tuple[str, list[dict[str, Any]]]:
    """The finding's sentence and its JSON context (``groups``, in English words);
    ``breaks``: what each group alone would break (FORMAT.md "An ambiguous line and the
    other rules": a finding that holds for only some prints is said here)."""
    described, shown_groups = _described(groups, ctx, memo if memo is not None else {})
    parts = []
    for index, group in enumerate(shown_groups):
        labels = group["labels"]
        shown = ", ".join(labels[:_SHOWN_PER_GROUP])
        if len(labels) > _SHOWN_PER_GROUP:
            shown += " " + _("(+{n} more)").format(n=len(labels) - _SHOWN_PER_GROUP)
        what = ", ".join(_label(f, v) for f, v in group["differs"].items()) or _("other text")
        broken = breaks[index] if index < len(breaks) else frozenset()
        if broken:
            what += "; " + _("would break {rules}").format(rules=_broken(broken, line))
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


def _described(
    groups: Sequence[Sequence[Card]], ctx: RuleContext, memo: dict[Any, Any]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The groups described in English (the JSON context) and in the language spoken, once
    per groups of prints in ``memo`` (read only: the answers are shared)."""
    key = (tuple(tuple(c.id for c in group) for group in groups), current_language())
    known = memo.get(key)
    if known is None:
        with use_language("en"):
            described = describe_groups(groups, ctx)
        shown = described if current_language() == "en" else describe_groups(groups, ctx)
        known = memo[key] = (described, shown)
    return known


def ambiguous_card(
    line: ResolvedLine,
    judged: list[list[Card]],
    ctx: RuleContext,
    breaks: Sequence[Broken] = (),
    memo: dict[Any, Any] | None = None,
) -> Finding:
    """``ambiguous-card``: the line's prints judge differently; say what differs and what
    each group would break, ask for set and number."""
    number = line.line.line
    message, described = ambiguity_message(
        number, line.line.name or line.line.card_id or "", line.line.count, judged, ctx, breaks,
        memo,
    )  # fmt: skip
    groups = []
    for index, group in enumerate(described):
        broken = breaks[index] if index < len(breaks) else frozenset()
        shown: dict[str, Any] = {"prints": list(group["prints"]), "differs": dict(group["differs"])}
        if broken:
            ordered = sorted(broken, key=lambda b: (b[0], b[1] or 0))
            shown["breaks"] = [{"code": code, "line": at} for code, at in ordered]
        groups.append(shown)
    return Finding(
        "ambiguous-card",
        message,
        number,
        tuple(c.id for group in judged for c in group),
        context={"groups": groups},
    )


def moved(
    differing: list[tuple[list[Card], Change]], first: int, line: int, on_first: Broken
) -> list[tuple[list[Card], Change]]:
    """A line written like line ``first`` judges like it: its groups, with what ``first``
    would break on itself said of ``line`` (``on_first``: the first judging's ``(code,
    line)``s on line ``first``)."""
    if first == line:
        return differing

    def there(codes: Broken) -> Broken:
        return frozenset((code, line if at == first else at) for code, at in codes)

    out = []
    for group, (lost, gained) in differing:
        # (B - lost) | gained, said of ``line``: B less ``lost`` and line ``first``, plus these
        said = there(on_first - lost) | there(gained)
        out.append((group, Change((lost | on_first) - said, said - on_first - lost)))
    return out


def settle(
    findings: Sequence[Finding],
    ambiguous: Sequence[tuple[ResolvedLine, list[tuple[list[Card], Change]]]],
    ctx: RuleContext,
) -> list[Finding]:
    """FORMAT.md "An ambiguous line and the other rules": the deck's findings (judged with
    each line's first print, ``B``) that hold whichever print an ambiguous line holds, and one
    ``ambiguous-card`` per such line saying what each group of prints alone would break; a
    finding that holds for only some prints is said there, not as a finding of its own."""
    held = frozenset((f.code, f.line) for f in findings)
    some: set[tuple[str, int | None]] = set()
    said: list[Finding] = []
    memo: dict[Any, Any] = {}  # 1,000 lines of "1 Pikachu": their groups described once
    for line, differing in ambiguous:
        changes = [change for _group, change in differing]
        # what every group breaks is B less ``touched``, plus ``kept``
        touched = frozenset().union(*(c.lost for c in changes))
        anew = frozenset.intersection(*(c.gained for c in changes)) - held
        # of those, kept: lost by no group without its gaining it back (as set algebra: a
        # line whose groups touch thousands of findings costs their size, not size x groups)
        kept = anew | (touched - frozenset().union(*(c.lost - c.gained for c in changes)))
        some |= touched - kept
        breaks = [
            (touched - c.lost - kept) | (((c.gained & touched) | (c.gained - held)) - kept)
            for c in changes
        ]
        groups = [group for group, _change in differing]
        said.append(ambiguous_card(line, groups, ctx, breaks, memo))
    return [f for f in findings if (f.code, f.line) not in some] + said
