"""The card verbs a face shows: search, one print asked about, name suggestions, the search
language's keys, the catalogue opened read-only and its health — with the card types and
display helpers they hand back, so a face asks the front door, not catalogue/, rules/ or the
search internals.

``totemdeck.api`` does not import this module (it loads the search engine and the card
display helpers, which the CLI's light commands never need): a face that shows cards does.
"""

from __future__ import annotations

from typing import Any

from totemdeck.api.search import SearchResult, search_cards
from totemdeck.api.totems import TotemLookup, pieces_of, totem_lookup
from totemdeck.base.records import frozen
from totemdeck.catalogue.damage import catalogue_problem
from totemdeck.catalogue.errors import CatalogueError, CatalogueMissing
from totemdeck.catalogue.localized import FALLBACK_MARK, is_fallback, localize, shown_set_name
from totemdeck.catalogue.model import ENERGY_TYPES, LETTER_OF_TYPE, Card, display_name
from totemdeck.catalogue.names import name_key
from totemdeck.catalogue.names_index import NameIndex
from totemdeck.catalogue.read import CARD_CACHE_BYTES, Catalogue
from totemdeck.catalogue.schema import DB_NAME, default_dir
from totemdeck.i18n.terms import term, terms
from totemdeck.rules.engine import Checker

__all__ = [
    "CARD_CACHE_BYTES",
    "DB_NAME",
    "ENERGY_TYPES",
    "FALLBACK_MARK",
    "LETTER_OF_TYPE",
    "Card",
    "CardAsked",
    "Catalogue",
    "CatalogueError",
    "CatalogueMissing",
    "NameIndex",
    "SearchResult",
    "TotemLookup",
    "ask_card",
    "catalogue_problem",
    "default_dir",
    "display_name",
    "is_fallback",
    "localize",
    "name_index",
    "name_key",
    "pieces_of",
    "search_cards",
    "search_keys",
    "shown_set_name",
    "term",
    "terms",
    "totem_lookup",
]


@frozen
class CardAsked:
    """One print asked about: its Totem lookup and what the format makes of it (its
    identity in type order, its role tags). Its JSON is the lookup's."""

    lookup: TotemLookup
    identity: tuple[str, ...]
    roles: tuple[str, ...]

    def as_dict(self) -> dict[str, Any]:
        return self.lookup.as_dict()


def ask_card(checker: Checker, card: Card) -> CardAsked:
    """``card`` judged under ``checker``'s format: Totem numbers or why not, identity, roles."""
    from totemdeck.rules.roles import roles_of
    from totemdeck.rules.traits import identity_in_order

    return CardAsked(
        totem_lookup(checker, card),
        identity_in_order(card, checker.ctx.fmt),
        tuple(roles_of(card)),
    )


def name_index(catalogue: Catalogue) -> NameIndex:
    """Every card name, English and Spanish, for suggestions as a person types."""
    return NameIndex.of(catalogue)


def search_keys() -> list[dict[str, Any]]:
    """Every key of the search language with its aliases, operators, help and an example
    (from the table the search itself runs on, so a listing cannot fall behind)."""
    from totemdeck.catalogue.search.keys import KEYS

    return [
        {"name": k.name, "aliases": k.aliases, "ops": sorted(k.ops), "help": k.help,
         "example": k.example}
        for k in KEYS
    ]  # fmt: skip
