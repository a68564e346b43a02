"""The card verbs a face shows: one print asked about, name suggestions, the search
language's keys, the catalogue opened read-only and its health — with the card types they
take and hand back (the search verb is ``api.search``; how a card is written on a page is
the catalogue's pure display functions, which a face imports by name).

``totemdeck.api`` does not import this module (it loads the search engine and the card
display helpers, which the CLI's light commands never need): a face that shows cards does.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from totemdeck.api.totems import TotemLookup, totem_lookup
from totemdeck.base.records import frozen
from totemdeck.catalogue.damage import catalogue_problem
from totemdeck.catalogue.errors import CatalogueError, CatalogueMissing
from totemdeck.catalogue.model import Card
from totemdeck.catalogue.names_index import NameIndex
from totemdeck.catalogue.read import CARD_CACHE_BYTES, Catalogue
from totemdeck.catalogue.schema import DB_NAME, default_dir
from totemdeck.rules.engine import Checker

__all__ = [
    "Card",
    "CardAsked",
    "Catalogue",
    "CatalogueError",
    "CatalogueMissing",
    "NameIndex",
    "ask_card",
    "catalogue_damage",
    "catalogue_folder",
    "name_index",
    "open_catalogue",
    "search_keys",
]


def catalogue_folder(value: str | None = None) -> Path:
    """Where the catalogue is: ``value`` (``--catalogue``) when given, else
    ``$TOTEMDECK_CATALOGUE``, else ``./cards``."""
    return default_dir(value)


def catalogue_damage(folder: Path) -> str | None:
    """What is wrong with the catalogue in ``folder`` (every page of the tables the
    requests read is probed), or None when it is sound."""
    return catalogue_problem(folder / DB_NAME)


def open_catalogue(folder: Path, *, any_thread: bool = False) -> Catalogue:
    """A long-lived reader of the catalogue in ``folder``, the cards it keeps bounded
    (``CARD_CACHE_BYTES``). ``any_thread`` opens it so it can move between threads (one at
    a time): the web lends a finished thread's reader to the next. Raises
    ``CatalogueMissing`` when there is none yet, ``CatalogueError`` when it cannot be read."""
    return Catalogue.open(folder, CARD_CACHE_BYTES, any_thread)


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
