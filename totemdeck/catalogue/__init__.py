"""The local card catalogue: the card record, name rules and the SQLite store."""

from totemdeck.catalogue.model import Attack, Card, CardSet
from totemdeck.catalogue.names import name_key
from totemdeck.catalogue.read import Catalogue, CatalogueError, CatalogueMissing

__all__ = [
    "Attack",
    "Card",
    "CardSet",
    "Catalogue",
    "CatalogueError",
    "CatalogueMissing",
    "name_key",
]
