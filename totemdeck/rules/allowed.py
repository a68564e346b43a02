"""What a deck's Totem allows: its Totems (the halves or pieces of one LEGEND / V-UNION are
one), its identity, and whether it forbids Colorless.

The identity rules (``checks/identity.py``), Build's fit of a print (``fit.py``) and the
search's ``totem:`` (``totemdeck.api.search``) all ask these, so they live outside ``checks/``:
a search need not load every rule and the rules registry to learn what a Totem allows.
"""

from __future__ import annotations

from totemdeck.catalogue.names import name_key
from totemdeck.rules.deck import Deck, Entry, RuleContext
from totemdeck.rules.format import FormatRules
from totemdeck.rules.traits import identity, is_multipart, printed_retreat_cost


def totem_groups(deck: Deck) -> list[list[Entry]]:
    """The Totem section split into Totems: the halves/pieces of one LEGEND/V-UNION are one."""
    groups: dict[str, list[Entry]] = {}
    for entry in deck.totem:
        key = name_key(entry.card.name) if is_multipart(entry.card) else f"#{entry.line}"
        groups.setdefault(key, []).append(entry)
    return list(groups.values())


def deck_identity(deck: Deck, ctx: RuleContext) -> frozenset[str]:
    """The deck's identity: the named types its Totem carries (FORMAT.md "Deck identity")."""
    colours: set[str] = set()
    for entry in deck.totem:
        colours |= identity(entry.card, ctx.fmt)
    return frozenset(colours)


def forbids_colorless(deck: Deck, fmt: FormatRules) -> bool:
    """The deck's Totem forbids Colorless Pokémon and Energy that provides Colorless."""
    if not fmt.colorless_restriction or not deck.totem:
        return False
    # A BREAK prints no retreat cost at all, which is not Retreat Cost 0 (decision); a
    # V-UNION prints its cost on one piece.
    retreats = [printed_retreat_cost(e.card) for e in totem_groups(deck)[0]]
    printed = [r for r in retreats if r is not None]
    return (
        all(e.card.is_pokemon for e in deck.totem)  # else totem-not-pokemon says it (decision)
        and len(printed) == len(retreats)
        and max(printed, default=None) == 0
    )
