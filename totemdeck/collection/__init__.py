"""A player's cards: read collection exports, owned and missing by "judges alike", the
Totems a collection can build, and a first draft deck for one of them."""

from totemdeck.collection.draft import Draft, draft_deck
from totemdeck.collection.model import Collection, Holding
from totemdeck.collection.owned import Coverage, CoveredLine, coverage
from totemdeck.collection.rank import TotemRank, rank_totems
from totemdeck.collection.read import CollectionError, read_collection_text

__all__ = [
    "Collection",
    "CollectionError",
    "Coverage",
    "CoveredLine",
    "Draft",
    "Holding",
    "TotemRank",
    "coverage",
    "draft_deck",
    "rank_totems",
    "read_collection_text",
]
