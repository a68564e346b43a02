"""What a deck's Totem allows: its Totems (the halves or pieces of one LEGEND / V-UNION are
one), its identity, and whether it forbids Colorless.

The identity rules (``checks/identity.py``), Build's fit of a print (``fit.py``) and the
search's ``totem:`` (``totemdeck.api.search``) all ask these, so they live outside ``checks/``:
a search need not load every rule and the rules registry to learn what a Totem allows. The
search asks with a Totem's cards alone (``totem_identity``, ``totem_forbids_colorless``), so
it loads no ``Deck`` nor ``RuleContext`` (``rules.deck``) nor the modules they need.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from totemdeck.catalogue.model import Card
from totemdeck.catalogue.names import name_key
from totemdeck.rules.format import FormatRules
from totemdeck.rules.traits import identity, is_multipart, printed_retreat_cost

if TYPE_CHECKING:
    from totemdeck.rules.deck import Deck, Entry, RuleContext


def _group_key(card: Card, line: int) -> str:
    """The Totem a card of the Totem section belongs to: its name for a LEGEND/V-UNION."""
    return name_key(card.name) if is_multipart(card) else f"#{line}"


def totem_groups(deck: Deck) -> list[list[Entry]]:
    """The Totem section split into Totems: the halves/pieces of one LEGEND/V-UNION are one."""
    groups: dict[str, list[Entry]] = {}
    for entry in deck.totem:
        groups.setdefault(_group_key(entry.card, entry.line), []).append(entry)
    return list(groups.values())


def totem_identity(cards: Iterable[Card], fmt: FormatRules) -> frozenset[str]:
    """The named types a Totem section of these cards carries (FORMAT.md "Deck identity")."""
    colours: set[str] = set()
    for card in cards:
        colours |= identity(card, fmt)
    return frozenset(colours)


def deck_identity(deck: Deck, ctx: RuleContext) -> frozenset[str]:
    """The deck's identity: the named types its Totem carries (FORMAT.md "Deck identity")."""
    return totem_identity((entry.card for entry in deck.totem), ctx.fmt)


def forbids_colorless(deck: Deck, fmt: FormatRules) -> bool:
    """The deck's Totem forbids Colorless Pokémon and Energy that provides Colorless."""
    if not deck.totem:
        return False
    first = [entry.card for entry in totem_groups(deck)[0]]
    return _forbids([entry.card for entry in deck.totem], first, fmt)


def totem_forbids_colorless(cards: Sequence[Card], fmt: FormatRules) -> bool:
    """``forbids_colorless`` of a deck whose Totem section is ``cards``, one a line."""
    if not cards:
        return False
    key = _group_key(cards[0], 1)
    first = [card for line, card in enumerate(cards, 1) if _group_key(card, line) == key]
    return _forbids(cards, first, fmt)


def _forbids(cards: Sequence[Card], first: Sequence[Card], fmt: FormatRules) -> bool:
    """``cards``: the whole Totem section; ``first``: its first Totem's cards."""
    if not fmt.colorless_restriction:
        return False
    # A BREAK prints no retreat cost at all, which is not Retreat Cost 0 (decision); a
    # V-UNION prints its cost on one piece.
    retreats = [printed_retreat_cost(card) for card in first]
    printed = [r for r in retreats if r is not None]
    return (
        all(card.is_pokemon for card in cards)  # else totem-not-pokemon says it (decision)
        and len(printed) == len(retreats)
        and max(printed, default=None) == 0
    )
