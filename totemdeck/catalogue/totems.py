"""The search index's facts about every print that can stand as a Totem, as plain tuples.

Ranking every possible Totem against a collection (``collection.rank``) reads these ~15,000
rows in one query instead of loading every card record.
"""

from __future__ import annotations

from totemdeck.base.records import frozen
from totemdeck.catalogue.read import Catalogue

__all__ = ["TotemFact", "totem_facts"]


@frozen
class TotemFact:
    """What the Totem search needs of a print that can be a Totem."""

    card_id: str
    name_key: str
    identity: int  # bit set (catalogue.search.index.TYPE_BITS)
    retreat: int | None
    cost_column: int | None
    flags: int  # bit set (catalogue.search.index.FLAG_BITS)
    released: str


def totem_facts(catalogue: Catalogue) -> list[TotemFact]:
    """Every print the search index marks ``can_totem``, newest first."""
    rows = catalogue._db.execute(  # the catalogue package's own connection (read-only)
        "SELECT card_id, name_key, identity, retreat, cost_column, flags, released"
        " FROM search WHERE can_totem = 1 ORDER BY released DESC, card_id"
    )
    return [TotemFact(*row) for row in rows]
