"""``totem:`` returns exactly the cards ``totemdeck check`` accepts beside that Totem: none it
would flag for identity, ban or the colorless restriction, and every one it would not."""

from __future__ import annotations

import pytest

from tests.helpers.cards import deck
from totemdeck.api import pieces_of
from totemdeck.api.search import search_cards
from totemdeck.banlist import load_banlist
from totemdeck.base.resources import default_banlist
from totemdeck.catalogue.read import Catalogue
from totemdeck.rules import Checker
from totemdeck.rules.checks import banned, colorless_restriction, identity_rule

RULES = (identity_rule, banned, colorless_restriction)


def flagged(catalogue: Catalogue, totem_id: str, cards: list) -> set[str]:  # type: ignore[type-arg]
    checker = Checker(catalogue, banlist=load_banlist(default_banlist()).banlist)
    totem = catalogue.get(totem_id)
    assert totem is not None
    hand = deck(pieces_of(catalogue, totem, checker.ctx.fmt), cards)
    return {card_id for rule in RULES for f in rule(hand, checker.ctx) for card_id in f.cards}


def totems(catalogue: Catalogue) -> list[str]:
    """Charizard ex, a Retreat Cost 0 Totem, and a LEGEND (two halves)."""
    free = search_cards(catalogue, "can:totem retreat=0 id=P", prints=True, limit=1)
    legend = search_cards(catalogue, "is:legend type:W", prints=True, limit=1)
    return ["sv3-125", free.cards[0].id, legend.cards[0].id]


@pytest.mark.parametrize("which", [0, 1, 2], ids=["charizard-ex", "retreat-0", "legend"])
def test_totem_search_is_exactly_what_check_accepts(catalogue: Catalogue, which: int) -> None:
    totem_id = totems(catalogue)[which]
    found = search_cards(catalogue, f"totem:{totem_id}", prints=True, limit=None)
    assert found.total == len(found.cards) > 100
    assert not flagged(catalogue, totem_id, found.cards), "check flags a card the search allows"
    chosen = {c.id for c in found.cards}
    rest = [c for c in catalogue.iter_cards() if c.id not in chosen]
    assert flagged(catalogue, totem_id, rest) == {c.id for c in rest}, (
        "the search leaves out a card check would accept"
    )
