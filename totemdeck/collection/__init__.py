"""A player's cards: read collection files (any table of cards, or a list), keep them beside
the catalogue, owned and missing by "judges alike", the Totems a collection can build, and a
first draft deck for one of them.

Each name loads its module when first asked for (PEP 562): ``check --collection stored``
needs the store and ownership, not the table readers or the ranking.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from totemdeck.base import lazy

_HOMES = {
    "Collection": "totemdeck.collection.model",
    "CollectionError": "totemdeck.collection.model",
    "Holding": "totemdeck.collection.model",
    "Summary": "totemdeck.collection.model",
    "Coverage": "totemdeck.collection.owned",
    "CoveredLine": "totemdeck.collection.owned",
    "OwnedSet": "totemdeck.collection.owned",
    "copies_owned": "totemdeck.collection.owned",
    "coverage": "totemdeck.collection.owned",
    "Draft": "totemdeck.collection.draft",
    "draft_deck": "totemdeck.collection.draft",
    "TotemRank": "totemdeck.collection.rank",
    "rank_totems": "totemdeck.collection.rank",
    "read_collection_text": "totemdeck.collection.read",
}

__all__ = [
    "Collection",
    "CollectionError",
    "Coverage",
    "CoveredLine",
    "Draft",
    "Holding",
    "OwnedSet",
    "Summary",
    "TotemRank",
    "copies_owned",
    "coverage",
    "draft_deck",
    "rank_totems",
    "read_collection_text",
]

__getattr__, __dir__ = lazy.exports(globals(), _HOMES)

if TYPE_CHECKING:
    from totemdeck.collection.draft import Draft, draft_deck
    from totemdeck.collection.model import Collection, CollectionError, Holding, Summary
    from totemdeck.collection.owned import (
        Coverage,
        CoveredLine,
        OwnedSet,
        copies_owned,
        coverage,
    )
    from totemdeck.collection.rank import TotemRank, rank_totems
    from totemdeck.collection.read import read_collection_text
