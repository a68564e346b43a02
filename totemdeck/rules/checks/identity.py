"""The Totem's type identity and the Colorless restriction."""

from __future__ import annotations

from collections.abc import Iterator

from totemdeck.catalogue.model import in_type_order
from totemdeck.findings import Finding
from totemdeck.i18n import _
from totemdeck.i18n.terms import terms
from totemdeck.rules.allowed import deck_identity, forbids_colorless
from totemdeck.rules.deck import Deck, RuleContext
from totemdeck.rules.traits import colorless_restricted, identity

__all__ = ["colorless_restriction", "deck_identity", "forbids_colorless", "identity_rule"]


def identity_rule(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    # A Totem that is not a Pokémon has no identity to judge by: ``totem-not-pokemon`` is
    # the one error (decision), not one ``identity`` error per card.
    if not deck.totem or not all(e.card.is_pokemon for e in deck.totem):
        return
    allowed = deck_identity(deck, ctx)
    if ctx.keys_only:  # weighing a print: the sentences are not read
        for entry in deck.main:
            if identity(entry.card, ctx.fmt) - allowed:
                yield Finding("identity", "", entry.line)
        return
    shown = terms(in_type_order(allowed), "/")
    for entry in deck.main:
        outside = identity(entry.card, ctx.fmt) - allowed
        if outside:
            names = terms(in_type_order(outside), "/")
            if allowed:
                message = _(
                    "line {line}: {name} carries {types}, outside the Totem's identity ({allowed})"
                )
            else:
                message = _(
                    "line {line}: {name} carries {types}, but the Totem's identity is empty "
                    "(none): only cards without named types fit it"
                )
            yield Finding(
                "identity",
                message.format(
                    line=entry.line, name=ctx.name_of(entry.card), types=names, allowed=shown
                ),
                entry.line,
                (entry.card.id,),
                context={"outside": sorted(outside), "identity": sorted(allowed)},
            )


def colorless_restriction(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    if not forbids_colorless(deck, ctx.fmt):
        return
    totem = deck.totem[0].card
    for entry in deck.main:
        card = entry.card
        if colorless_restricted(card, ctx.fmt):
            message = (
                _(
                    "line {line}: {name} is a Colorless Pokémon; the Totem {totem} has "
                    "Retreat Cost 0, which forbids them"
                )
                if card.is_pokemon
                else _(
                    "line {line}: {name} is Special Energy that provides Colorless; the Totem "
                    "{totem} has Retreat Cost 0, which forbids them"
                )
            )
            yield Finding(
                "colorless-restriction",
                message.format(line=entry.line, name=ctx.name_of(card), totem=ctx.name_of(totem)),
                entry.line,
                (card.id,),
            )
