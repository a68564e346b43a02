"""The local card catalogue: the card record, name rules, reading and writing the SQLite file.

The only package that speaks SQL: ``read.Catalogue`` for lookups, ``write.CatalogueWriter``
(the atomic swap) and the named writes it gives (``writes.CatalogueWrites``) for the
importer, ``schema`` for the tables.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from totemdeck.base import lazy

# Loaded on first use (PEP 562): a light module of the room (``search.orders``) is imported
# without the SQLite reader behind these names.
_HOMES = {
    **dict.fromkeys(("Attack", "Card", "CardSet"), "totemdeck.catalogue.model"),
    "name_key": "totemdeck.catalogue.names",
    **dict.fromkeys(
        ("Catalogue", "CatalogueDamaged", "CatalogueError", "CatalogueMissing"),
        "totemdeck.catalogue.read",
    ),
}

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


__getattr__, __dir__ = lazy.exports(globals(), _HOMES)

if TYPE_CHECKING:
    from totemdeck.catalogue.model import Attack, Card, CardSet
    from totemdeck.catalogue.names import name_key
    from totemdeck.catalogue.read import (
        Catalogue,
        CatalogueDamaged,
        CatalogueError,
        CatalogueMissing,
    )
