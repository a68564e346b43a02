"""A print as a Totem, and what the format makes of a card: what ``totemdeck totem``,
``totem --all`` and ``card show`` ask (apart from ``core`` so a check does not load them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from totemdeck.base.errors import NotFound, UsageError
from totemdeck.base.records import frozen
from totemdeck.catalogue.model import Card
from totemdeck.catalogue.read import Catalogue
from totemdeck.i18n import _
from totemdeck.rules.audit import TotemRow
from totemdeck.rules.banlist import Banlist
from totemdeck.rules.engine import Checker
from totemdeck.rules.format import FormatRules, load_format
from totemdeck.rules.totem import TotemNumbers, why_not_totem

__all__ = [
    "CardFacts",
    "TotemLookup",
    "TotemRow",
    "card_facts",
    "find_card",
    "lookup_totem",
    "pieces_of",
    "totem_lookup",
    "totem_table",
]


def find_card(catalogue: Catalogue, card_id: str) -> Card:
    """The print with this id (either source's), or ``NotFound``."""
    card = catalogue.get(card_id)
    if card is None:
        raise NotFound(
            _("no card with id {id!r} (try `totemdeck card search NAME`)").format(id=card_id)
        )
    return card


def pieces_of(catalogue: Catalogue, card: Card, fmt: FormatRules) -> list[Card]:
    """The card, or one print of each half/piece (position) of its LEGEND / V-UNION."""
    from totemdeck.rules.pieces import CataloguePieces

    return CataloguePieces(catalogue, fmt).pieces(card)


def totem_table(
    catalogue: Catalogue, fmt: FormatRules | None = None, banlist: Banlist | None = None
) -> list[TotemRow]:
    """Every Pokémon print of the catalogue with its Totem numbers (``totem --all``)."""
    from totemdeck.rules.audit import totem_rows

    return list(totem_rows(Checker(catalogue, fmt=fmt, banlist=banlist)))


@frozen
class TotemLookup:
    """One print asked about as a Totem: its numbers, or why it cannot be one."""

    card: Card
    numbers: TotemNumbers | None
    why_not: str | None

    def as_dict(self) -> dict[str, Any]:
        return {
            "card": self.card.id,
            "label": self.card.label,
            "totem": self.numbers.as_dict(extended=True) if self.numbers else None,
            "why_not": self.why_not,
        }


def lookup_totem(
    catalogue: Catalogue,
    text: str,
    fmt: FormatRules | None = None,
    banlist: Banlist | None = None,
) -> list[TotemLookup]:
    """Every print ``text`` names (an id, ``NAME SET NUMBER`` or a name) as a Totem; a
    print ``banlist`` bans (or that is not a playable card) says why it cannot be one."""
    from totemdeck.decklist.parse import parse

    fmt = fmt or load_format()
    checker = Checker(catalogue, fmt=fmt, banlist=banlist)
    decklist = parse(f"1 {text}")
    if not decklist.lines:
        raise UsageError(
            _("cannot read {text!r} as a card id, 'NAME SET NUMBER' or a name").format(text=text)
        )
    resolved = checker.resolver.resolve_line(decklist.lines[0])
    if resolved.finding is not None:
        where = _("line {line}: {message}").format(line=1, message="")  # the one line read
        raise NotFound(resolved.finding.message.removeprefix(where))
    return [totem_lookup(checker, card) for card in resolved.candidates]


def totem_lookup(checker: Checker, card: Card) -> TotemLookup:
    """One print as a Totem under ``checker``'s format and banlist: its numbers, and why it
    cannot be the Totem of a legal deck (not a Pokémon: no numbers; banned or not a playable
    card: the numbers and the reason, as ``totem --all`` and ``check`` say it)."""
    from totemdeck.rules.audit import why_not

    reason = why_not_totem(card)
    if reason:
        return TotemLookup(card, None, reason)
    return TotemLookup(card, checker.totem_numbers_of(card), why_not(card, checker))


@frozen
class CardFacts:
    """What the format makes of a print: its identity and, for a Pokémon, its Totem numbers;
    its role tags (``totemdeck.rules.roles``)."""

    identity: Sequence[str]
    totem: TotemNumbers | None
    roles: Sequence[str] = ()

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"identity": list(self.identity), "roles": list(self.roles)}
        if self.totem is not None:
            out["totem"] = self.totem.as_dict(extended=True)
        return out


def card_facts(catalogue: Catalogue, card: Card, fmt: FormatRules | None = None) -> CardFacts:
    """What ``card show`` says of a print beyond its words: its identity in type order, its
    Totem numbers (a Pokémon) and its role tags, under ``fmt`` (the packaged format)."""
    from totemdeck.rules.roles import roles_of
    from totemdeck.rules.traits import identity_in_order

    fmt = fmt or load_format()
    colours = identity_in_order(card, fmt)
    numbers = Checker(catalogue, fmt=fmt).totem_numbers_of(card) if card.is_pokemon else None
    return CardFacts(colours, numbers, roles_of(card))
