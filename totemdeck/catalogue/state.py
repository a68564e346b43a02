"""What one source may read of the catalogue being built: its own incremental state.

A source reads what the last import kept (set ``updatedAt`` and ETags, stored cards' JSON
to tell unchanged from changed, staged ids and validators) through this view, bound to its
name, and writes nothing: it yields records the importer stores. Reads only, no SQL here:
each method asks ``writes.CatalogueWrites``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from totemdeck.catalogue.rows import staged_source

if TYPE_CHECKING:
    from totemdeck.catalogue.rows import StagedSet
    from totemdeck.catalogue.writes import CatalogueWrites

__all__ = ["SourceState"]


class SourceState:
    """The read-only view of one source's records in the copy an import builds."""

    def __init__(self, writes: CatalogueWrites, source: str) -> None:
        self._writes = writes
        self.source = source

    def set_state(self, set_id: str) -> tuple[str | None, str | None] | None:
        """``(source_updated, etag)`` recorded for a set at its last import, or None."""
        return self._writes.set_state(set_id)

    def existing_cards(self, set_id: str) -> dict[str, str]:
        """The stored JSON of each of this source's cards of a set, by id."""
        return self._writes.existing_cards(set_id, self.source)

    def staged_sets(self, lang: str | None = None) -> dict[str, StagedSet]:
        return self._writes.staged_sets(staged_source(self.source, lang))

    def staged_card_ids(self, set_id: str) -> list[str]:
        return self._writes.staged_card_ids(self.source, set_id)

    def staged_cards(self) -> dict[str, tuple[str | None, str]]:
        """``{card id: (etag, record JSON)}`` of every staged card."""
        return self._writes.staged_cards(self.source)

    def count_staged_cards(self) -> int:
        return self._writes.count_staged_cards(self.source)

    def staged_names(self, lang: str) -> set[tuple[str, str, str]]:
        return self._writes.staged_names(self.source, lang)

    def text_etags(self, lang: str) -> dict[str, str | None]:
        """``{card id: etag}`` of every staged text in ``lang``."""
        return self._writes.texts().etags(self.source, lang)

    def text_data(self, lang: str) -> dict[str, str]:
        """``{card id: text record JSON}`` in ``lang``."""
        return self._writes.texts().data(self.source, lang)
