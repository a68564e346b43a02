"""The Totem Zone's rules: a Totem, one, a Pokémon, and every half or piece of it."""

from __future__ import annotations

from collections.abc import Iterator

from totemdeck.findings import Finding
from totemdeck.i18n import _
from totemdeck.i18n.terms import term
from totemdeck.rules.checks._common import (
    _ids,
    _lines,
    _piece_list,
    _positions,
    totem_groups,
)
from totemdeck.rules.deck import Deck, RuleContext
from totemdeck.rules.traits import (
    is_legend,
    is_multipart,
    parts_needed,
)


def totem_missing(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    if not deck.totem and not deck.unresolved_totem:
        yield Finding(
            "totem-missing",
            _(
                "the list names no Totem: put it in a 'Totem:' section "
                "(e.g. 'Totem: 1 Charizard ex OBF 125')"
            ),
        )


def totem_multiple(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    groups = totem_groups(deck)
    single_copies = sum(e.count for g in groups for e in g if not is_multipart(e.card))
    totems = single_copies + sum(1 for g in groups if is_multipart(g[0].card))
    if totems > 1:
        names = ", ".join(dict.fromkeys(ctx.name_of(e.card) for e in deck.totem))
        yield Finding(
            "totem-multiple",
            _("{where}: the list names {count} Totems ({names}); a deck has one").format(
                where=_lines(deck.totem), count=totems, names=names
            ),
            deck.totem[0].line,
            _ids(deck.totem),
        )


def totem_not_pokemon(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    for entry in deck.totem:
        if not entry.card.is_pokemon:
            yield Finding(
                "totem-not-pokemon",
                _(
                    "line {line}: the Totem {name} is a {supertype} card; a Totem must be a Pokémon"
                ).format(
                    line=entry.line,
                    name=ctx.name_of(entry.card),
                    supertype=term(entry.card.supertype),
                ),
                entry.line,
                (entry.card.id,),
            )


def totem_incomplete(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    for group in totem_groups(deck):
        card = group[0].card
        if not is_multipart(card):
            continue
        needed = parts_needed(card, ctx.fmt)
        copies = _positions(group, ctx)
        repeated = sorted(p for p, n in copies.items() if n > 1)
        missing = [p for p in range(1, needed + 1) if p not in copies]
        if missing or repeated:
            message = (
                _("{where}: the Totem {name} has {have} of its {needed} distinct halves")
                if is_legend(card)
                else _("{where}: the Totem {name} has {have} of its {needed} distinct pieces")
            ).format(where=_lines(group), name=ctx.name_of(card), have=len(copies), needed=needed)
            if missing:
                message = _("{message}; missing: {parts}").format(
                    message=message, parts=_piece_list(missing, card)
                )
            if repeated:
                message = _("{message}; repeated: {parts}").format(
                    message=message, parts=_piece_list(repeated, card)
                )
            yield Finding(
                "totem-incomplete",
                message,
                group[0].line,
                _ids(group),
                context={"missing": missing, "repeated": repeated},
            )
