"""A card's printed words in one language, as every face that shows a whole card lays them
out: the kind line (stage, types, HP), its paragraphs (abilities, attacks with cost letters
and damage, rules, a basic Energy's "Provides") and the line of weakness, resistance and
retreat. The text proxy (``printing.proxytext``) and the Discord card embed
(``discord.embeds``) both show these, so they say a card the same way (issue 39.5).

Pure: a ``Card`` in, words out. A missing retreat is "unknown", never 0 (FORMAT.md).
"""

from __future__ import annotations

import re

from totemdeck.base.records import frozen
from totemdeck.catalogue.model import LETTER_OF_TYPE, Card, basic_energy_type
from totemdeck.i18n import _
from totemdeck.i18n.terms import term, terms

# "{R}" / "{P}" in card text (Spanish text keeps the symbols' letters in braces): printed as
# the symbol's letter in brackets, the way players write costs.
_SYMBOL = re.compile(r"\{([A-Z])\}")


@frozen
class Block:
    """One paragraph of a card: an ability, an attack (with its cost and damage) or a rule."""

    kind: str  # ability | attack | rule
    title: str
    text: str = ""
    cost: tuple[str, ...] = ()  # attack cost as type letters ("R", "C")
    damage: str = ""


def symbols(text: str) -> str:
    """Card text with its Energy symbols written as ``[R]``."""
    return _SYMBOL.sub(lambda m: f"[{m.group(1)}]", text)


def kind_line(card: Card) -> str:
    """``Stage 2 · Fire · HP 330``; ``Trainer · Item``; ``Energy · Basic`` (an Energy's
    "Basic" subtype is said only of a basic Energy)."""
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


def blocks(card: Card) -> tuple[Block, ...]:
    """The card's paragraphs in printed order (``card`` already in the shown language)."""
    found = [
        Block("ability", name, symbols(text))
        for name, text in zip(
            card.abilities, card.ability_texts or ("",) * len(card.abilities), strict=False
        )
    ]
    for attack in card.attacks:
        cost = tuple(LETTER_OF_TYPE.get(kind, "0") for kind in attack.cost if kind != "Free")
        found.append(Block("attack", attack.name, symbols(attack.text), cost, attack.damage))
    found += [Block("rule", "", symbols(rule)) for rule in card.rules]
    if card.is_basic_energy and not card.rules:
        kind = basic_energy_type(card)
        if kind:
            found.append(Block("rule", "", _("Provides [{letter}] Energy.").format(
                letter=LETTER_OF_TYPE.get(kind, "?"))))  # fmt: skip
    return tuple(found)


def cost_text(cost: tuple[str, ...]) -> str:
    """An attack's cost letters as players write them: ``[R][C]``; ``[0]`` for none."""
    return "".join(f"[{letter}]" for letter in cost) or "[0]"


def stats_line(card: Card) -> str | None:
    """``Weakness Water · Resistance – · Retreat 2`` of a Pokémon; None for other cards."""
    if not card.is_pokemon:
        return None
    retreat = str(card.retreat_cost) if card.retreat_cost is not None else _("unknown")
    return _("Weakness {weak} · Resistance {resist} · Retreat {retreat}").format(
        weak=terms(card.weaknesses, "/") or "–",
        resist=terms(card.resistances, "/") or "–",
        retreat=retreat,
    )
