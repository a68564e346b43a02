"""Whether one more card may go into a deck being built, and the marks a result shows.

Build's "Add these N" adds one copy of each shown card that can legally go in, and says
why it skipped the others; its results wear the same marks (ACE SPEC, Radiant, ★, banned,
outside the identity). Both read the rules' own tests (``traits``, the banlist, the
identity and colorless rules), so a card Build adds never earns the error it skipped.
"""

from __future__ import annotations

from collections.abc import Iterable

from totemdeck.catalogue.model import Card
from totemdeck.catalogue.names import name_key
from totemdeck.rules.allowed import deck_identity, forbids_colorless
from totemdeck.rules.deck import Deck, RuleContext
from totemdeck.rules.traits import (
    allows_any_number,
    colorless_restricted,
    identity,
    is_ace_spec,
    is_radiant,
    is_star,
)

# Why a card may not go in, in the order they are asked (each a FORMAT.md rule's code).
HELD = "held"  # its name is already in the deck (singleton)
BANNED = "banned"
IDENTITY = "identity"
COLORLESS = "colorless-restriction"
LIMIT = "limit"  # one more ACE SPEC / Radiant / ★ than the format allows


def kinds(card: Card) -> tuple[str, ...]:
    """The limited kinds a card is: ``ace-spec``, ``radiant``, ``star``."""
    tests = (("ace-spec", is_ace_spec), ("radiant", is_radiant), ("star", is_star))
    return tuple(kind for kind, test in tests if test(card))


def _limits(ctx: RuleContext) -> dict[str, int]:
    fmt = ctx.fmt
    return {"ace-spec": fmt.ace_spec_limit, "radiant": fmt.radiant_limit, "star": fmt.star_limit}


class Fit:
    """The deck's room for more cards: ``reason(card)`` says why one may not go in (None:
    it may), ``take(card)`` counts it in, so the next question sees it."""

    def __init__(self, deck: Deck, ctx: RuleContext) -> None:
        self.ctx = ctx
        self.judged = bool(deck.totem) and all(e.card.is_pokemon for e in deck.totem)
        self.allowed = deck_identity(deck, ctx) if self.judged else frozenset()
        self.no_colorless = forbids_colorless(deck, ctx.fmt)
        self.names = {name_key(e.card.name) for e in deck.entries}
        self.counts = dict.fromkeys(_limits(ctx), 0)
        for entry in deck.entries:
            for kind in kinds(entry.card):
                self.counts[kind] += entry.count

    def misfit(self, card: Card) -> str | None:
        """Why the deck may hold no copy of ``card`` at all (banned, identity, colorless)."""
        if self.ctx.banlist.match(card) is not None:
            return BANNED
        if self.judged and identity(card, self.ctx.fmt) - self.allowed:
            return IDENTITY
        if self.no_colorless and colorless_restricted(card, self.ctx.fmt):
            return COLORLESS
        return None

    def reason(self, card: Card) -> str | None:
        """Why one more copy of ``card`` may not go in now, or None."""
        many = card.is_basic_energy or allows_any_number(card, self.ctx.fmt)
        if name_key(card.name) in self.names and not many:
            return HELD
        misfit = self.misfit(card)
        if misfit:
            return misfit
        limits = _limits(self.ctx)
        if any(self.counts[kind] + 1 > limits[kind] for kind in kinds(card)):
            return LIMIT
        return None

    def take(self, card: Card) -> None:
        self.names.add(name_key(card.name))
        for kind in kinds(card):
            self.counts[kind] += 1


def new_cards(cards: Iterable[Card], fit: Fit) -> tuple[list[Card], list[tuple[Card, str]]]:
    """Of ``cards`` in order, those a deck gains one copy of (a name not in it yet) and those
    skipped with why; ``fit`` then counts the gained ones in."""
    gained: list[Card] = []
    skipped: list[tuple[Card, str]] = []
    for card in cards:
        why = HELD if name_key(card.name) in fit.names else fit.reason(card)
        if why is None:
            fit.take(card)
            gained.append(card)
        else:
            skipped.append((card, why))
    return gained, skipped
