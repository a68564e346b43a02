"""What a text proxy says: a card's words laid out as the card prints them, in one language.

A text proxy stands in for a card at the table, so it carries what a player reads during a
game — name, stage, types, HP, abilities, attacks with their costs and damage, rules, weakness,
resistance and retreat — and the set code and number that say which print it is. This module
only chooses the words (pure, no PDF): ``printing.proxies`` draws them. The card's own words
are ``catalogue.printed``'s, which the Discord card embed shows too.
"""

from __future__ import annotations

from totemdeck.base.records import frozen
from totemdeck.catalogue.localized import localize, shown_name
from totemdeck.catalogue.model import Card
from totemdeck.catalogue.printed import Block, blocks, kind_line, stats_line
from totemdeck.i18n import _

__all__ = ["Block", "ProxyText", "proxy_text"]


@frozen
class ProxyText:
    """Every word of one text proxy, in the order it is printed."""

    card_id: str
    name: str
    kind_line: str
    evolves: str | None
    blocks: tuple[Block, ...]
    footer: str | None
    print_line: str
    totem_line: str | None = None


def proxy_text(card: Card, lang: str, totem_line: str | None = None) -> ProxyText:
    """The words of ``card``'s proxy in ``lang`` (the catalogue's Spanish text where it has
    it; English words where it has none)."""
    shown = localize(card, lang)
    evolves = (
        _("Evolves from {name}").format(name=shown.evolves_from)
        if card.is_pokemon and shown.evolves_from
        else None
    )
    code = card.set.ptcgl_code or card.set.id
    return ProxyText(
        card_id=card.id,
        name=shown_name(card, lang),
        kind_line=kind_line(card),
        evolves=evolves,
        blocks=blocks(shown),
        footer=stats_line(card),
        print_line=f"{code} {card.number} · {card.id} · {_('proxy')}",
        totem_line=totem_line,
    )
