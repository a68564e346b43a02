"""Small synthetic catalogues on disk, built the way an import builds one (search index too)."""

from __future__ import annotations

from pathlib import Path

from totemdeck.catalogue.model import Card
from totemdeck.catalogue.read import Catalogue
from totemdeck.catalogue.write import CatalogueWriter
from totemdeck.importer.search_facts import refresh_search_index


def write_catalogue(folder: Path, cards: list[Card]) -> Catalogue:
    """A catalogue holding ``cards`` (their ``aliases`` become names in other languages)."""
    with CatalogueWriter(folder) as writer:
        for card in {c.set.id: c for c in cards}.values():
            writer.put_set(card.to_record()["set"], "pokemontcg", None, None)
        writer.put_cards([{**c.to_record(), "aliases": {}} for c in cards])
        writer.put_aliases(
            (c.id, "name", lang, name) for c in cards for lang, name in c.aliases.items()
        )
        refresh_search_index(writer, cards_changed=True)
    return Catalogue.open(folder)
