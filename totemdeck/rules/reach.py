"""How far a rule looks: what the engine may skip when it weighs another print of one line.

Weighing whether a name-only line is ambiguous means judging the deck again with another print
on that line. Re-running every rule over the whole deck for each such line made ``check``
quadratic (500 distinct lines: ~21 s). Most rules cannot see the swap, or see it only on that
line, so the engine consults this table:

* ``TOTEM_ONLY``: the rule reads the Totem section and the written counts, never a main-deck
  card, so a main-deck line's print cannot change it.
* ``PER_ENTRY``: each main-deck line's findings come from that line's card (and the Totem)
  alone and carry that line's number; judging the line by itself gives its findings.
* ``AGGREGATE``: the rule weighs main-deck cards together, but only through the traits of
  each print its entry names: two prints with equal traits leave its findings unchanged.

A rule in none of these (a new one) is re-run on the whole deck: slower, never wrong. Add it
here once its reach is known, and keep the traits in step with what the rules read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from totemdeck.base.records import frozen
from totemdeck.catalogue.model import Card
from totemdeck.catalogue.names import name_key
from totemdeck.rules.deck import RuleContext
from totemdeck.rules.traits import (
    allows_any_number,
    is_ace_spec,
    is_basic_pokemon,
    is_legend,
    is_multipart,
    is_radiant,
    is_star,
    parts_needed,
    played_as_basic_pokemon,
)

TOTEM_ONLY = frozenset(
    {
        "totem-missing",
        "totem-multiple",
        "totem-not-pokemon",
        "totem-incomplete",
        "deck-size",
        "count-mismatch",
    }
)
PER_ENTRY = frozenset({"banned", "identity", "colorless-restriction"})


def _names(card: Card, ctx: RuleContext) -> tuple[Any, ...]:
    """What ``singleton`` reads: the name as the rules compare it, and its exemptions."""
    multipart = is_multipart(card)
    return (
        card.supertype,
        name_key(card.name, card.supertype),
        card.is_basic_energy,
        allows_any_number(card, ctx.fmt),
        multipart,
        is_legend(card),
        ctx.position(card),
    )


def _evolution(card: Card, ctx: RuleContext) -> tuple[Any, ...]:
    """What ``evolution-line-gap`` reads: the name and what the print evolves from."""
    before = name_key(card.evolves_from, "Pokémon") if card.evolves_from else None
    return card.supertype, name_key(card.name, card.supertype), before


def _multipart(card: Card, ctx: RuleContext) -> tuple[Any, ...]:
    """What ``incomplete-multipart`` reads: halves and pieces, by name (δ kept)."""
    if not is_multipart(card):
        return (False,)
    return (
        True,
        is_legend(card),
        name_key(card.name),
        parts_needed(card, ctx.fmt),
        ctx.position(card),
    )


@frozen
class Reach:
    """How a rule that weighs cards together sees one print.

    ``traits``: all it reads off the print (equal traits: the rule's findings cannot change).
    ``touches``: keys of the groups the print's entry belongs to (its name, say);
    ``asks``: keys of the groups whose findings the print's own line can change or depend on.
    Judging only the entries touching what a line's two prints ask for tells what the swap
    changes, exactly: groups the line is not in judge alike either way.
    """

    traits: Callable[[Card, RuleContext], tuple[Any, ...]]
    touches: Callable[[Card, RuleContext], frozenset[Any]]
    asks: Callable[[Card, RuleContext], frozenset[Any]]
    # Other main-deck entries in the groups asked that the rule needs to see to judge them
    # as the whole deck does (``no-basic-pokemon``: one other Basic says there is one); None:
    # every one (a limit counts them all).
    enough: int | None = None


def _named(card: Card) -> str:
    return name_key(card.name, card.supertype)


def _before(card: Card) -> str | None:
    return name_key(card.evolves_from, "Pokémon") if card.evolves_from else None


def _flag(test: Callable[[Card], bool]) -> Reach:
    """A limit's reach: every card passing ``test`` is one group."""

    def passing(card: Card, ctx: RuleContext) -> frozenset[Any]:
        return frozenset({True}) if test(card) else frozenset()

    return Reach(lambda card, ctx: (test(card),), passing, passing)


def _basic(card: Card, ctx: RuleContext) -> bool:
    return is_basic_pokemon(card) or played_as_basic_pokemon(card, ctx.fmt)


def _basics(card: Card, ctx: RuleContext) -> frozenset[Any]:
    return frozenset({True}) if _basic(card, ctx) else frozenset()


def _pieces(card: Card, ctx: RuleContext) -> frozenset[Any]:
    return frozenset({name_key(card.name)}) if is_multipart(card) else frozenset()


# Each rule that weighs cards together, with how it sees a print (messages aside).
AGGREGATE: dict[str, Reach] = {
    "singleton": Reach(
        _names, lambda c, ctx: frozenset({_named(c)}), lambda c, ctx: frozenset({_named(c)})
    ),
    "ace-spec-limit": _flag(is_ace_spec),
    "radiant-limit": _flag(is_radiant),
    "star-limit": _flag(is_star),
    "no-basic-pokemon": Reach(
        lambda card, ctx: (is_basic_pokemon(card), played_as_basic_pokemon(card, ctx.fmt)),
        _basics,
        _basics,
        enough=1,
    ),
    # A line's finding depends on its "evolves from" being named; others' on its name.
    "evolution-line-gap": Reach(
        _evolution,
        lambda c, ctx: frozenset({("name", _named(c)), ("from", _before(c))}),
        lambda c, ctx: frozenset({("name", _named(c)), ("from", _named(c)), ("name", _before(c))}),
    ),
    "incomplete-multipart": Reach(_multipart, _pieces, _pieces),
}
