"""What a text proxy says: a card's words laid out as the card prints them, in one language.

A text proxy stands in for a card at the table, so it carries what a player reads during a
game — name, stage, types, HP, abilities, attacks with their costs and damage, rules, weakness,
resistance and retreat — and the set code and number that say which print it is. This module
only chooses the words (pure, no PDF): ``printing.proxies`` draws them.
"""

from __future__ import annotations

import re

from totemdeck.base.records import frozen
from totemdeck.catalogue.localized import localize, shown_name
from totemdeck.catalogue.model import LETTER_OF_TYPE, Card, basic_energy_type
from totemdeck.i18n import _
from totemdeck.i18n.terms import term, terms

# "{R}" / "{P}" in card text (Spanish text keeps the symbols' letters in braces): printed as
# the symbol's letter in brackets, the way players write costs.
_SYMBOL = re.compile(r"\{([A-Z])\}")


@frozen
class Block:
    """One paragraph of a proxy: an ability, an attack (with its cost and damage) or a rule."""

    kind: str  # ability | attack | rule
    title: str
    text: str = ""
    cost: tuple[str, ...] = ()  # attack cost as type letters ("R", "C")
    damage: str = ""


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


def symbols(text: str) -> str:
    """Card text with its Energy symbols written as ``[R]``."""
    return _SYMBOL.sub(lambda m: f"[{m.group(1)}]", text)


def _kind_line(card: Card) -> str:
    if card.is_pokemon:
        parts = [term(card.stage) if card.stage else term("Pokémon")]
        if card.types:
            parts.append(terms(card.types, "/"))
        if card.hp is not None:
            parts.append(_("HP {hp}").format(hp=card.hp))
        return " · ".join(parts)
    kinds = [term(s) for s in card.subtypes if s != "Basic" or not card.is_energy]
    if card.is_basic_energy:
        kinds = [term("Basic")]
    return " · ".join([term(card.supertype), *kinds])


def _blocks(card: Card) -> tuple[Block, ...]:
    blocks = [
        Block("ability", name, symbols(text))
        for name, text in zip(
            card.abilities, card.ability_texts or ("",) * len(card.abilities), strict=False
        )
    ]
    for attack in card.attacks:
        cost = tuple(LETTER_OF_TYPE.get(kind, "0") for kind in attack.cost if kind != "Free")
        blocks.append(Block("attack", attack.name, symbols(attack.text), cost, attack.damage))
    blocks += [Block("rule", "", symbols(rule)) for rule in card.rules]
    if card.is_basic_energy and not card.rules:
        kind = basic_energy_type(card)
        if kind:
            blocks.append(Block("rule", "", _("Provides [{letter}] Energy.").format(
                letter=LETTER_OF_TYPE.get(kind, "?"))))  # fmt: skip
    return tuple(blocks)


def _footer(card: Card) -> str | None:
    if not card.is_pokemon:
        return None
    retreat = (
        str(card.retreat_cost) if card.retreat_cost is not None else _("unknown")
    )  # FORMAT.md: missing data is not zero
    return _("Weakness {weak} · Resistance {resist} · Retreat {retreat}").format(
        weak=terms(card.weaknesses, "/") or "–",
        resist=terms(card.resistances, "/") or "–",
        retreat=retreat,
    )


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
        kind_line=_kind_line(card),
        evolves=evolves,
        blocks=_blocks(shown),
        footer=_footer(card),
        print_line=f"{code} {card.number} · {card.id} · {_('proxy')}",
        totem_line=totem_line,
    )
