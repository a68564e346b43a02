"""The local card catalogue: the card record, name rules, reading and writing the SQLite file.

The only package that speaks SQL: ``read.Catalogue`` for lookups, ``write.CatalogueWriter``
(the atomic swap) and the named writes it gives (``writes.CatalogueWrites``) for the
importer, ``schema`` for the tables.
"""

from totemdeck.catalogue.model import Attack, Card, CardSet
from totemdeck.catalogue.names import name_key
from totemdeck.catalogue.read import Catalogue, CatalogueDamaged, CatalogueError, CatalogueMissing

__all__ = [
    "Attack",
    "Card",
    "CardSet",
    "Catalogue",
    "CatalogueDamaged",
    "CatalogueError",
    "CatalogueMissing",
    "name_key",
]
