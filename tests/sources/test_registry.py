"""Sources are found by their folders: a new one is a new sub-package and nothing else."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import totemdeck.sources
from totemdeck.catalogue import Catalogue
from totemdeck.importer import import_sources
from totemdeck.sources import registry
from totemdeck.sources.interface import CardSource

# A whole source in one file: it reads one JSON document of ready records.
PROVIDER = '''
"""A made-up source for the registry test."""

import json

from totemdeck.catalogue.rows import canonical_json, card_row
from totemdeck.sources.interface import ImportSummary, SourceBase
from totemdeck.sources.records import PrimaryCards, PrimarySet


class ShelfSource(SourceBase):
    name = "shelf"
    default_url = "unused"
    layout_marker = "shelf.json"

    def fetch(self, state, location, options, progress):
        summary = ImportSummary(source=self.name, origin=location.origin)
        cards = json.loads((location.folder / "shelf.json").read_text("utf-8"))
        for card in cards:
            yield PrimarySet(card["set"], None, None)
        yield PrimaryCards([card_row(card, canonical_json(card)) for card in cards])
        summary.added = len(cards)
        return summary


SOURCE = ShelfSource()
'''

SET = {"id": "sh1", "name": "Shelf", "series": "S", "ptcgl_code": "SHF",
       "release_date": "2030-01-01", "printed_total": 1, "total": 1}  # fmt: skip
CARD = {"id": "sh1-1", "name": "Shelfmon", "supertype": "Pokémon", "subtypes": ["Basic"],
        "stage": "Basic", "types": ["Grass"], "hp": 50, "attacks": [], "abilities": [],
        "rules": [], "retreat_cost": 1, "evolves_from": None, "dex": [], "regulation_mark": None,
        "set": SET, "number": "1", "rarity": None, "images": {}, "source": "shelf",
        "legalities": {}, "aliases": {}}  # fmt: skip


def test_the_installed_sources_implement_the_interface() -> None:
    assert registry.source_names() == ("pokemontcg", "tcgdex")
    sources = registry.all_sources()
    assert [s.name for s in sources] == ["pokemontcg", "tcgdex"]  # merged sources last
    assert [s.merged for s in sources] == [False, True]
    for source in sources:
        assert isinstance(source, CardSource)
        assert source.default_url.startswith("https://")
    assert len({s.layout_marker for s in sources}) == 2


def test_an_unknown_source_is_refused() -> None:
    with pytest.raises(registry.UnknownSource, match="known: pokemontcg, tcgdex"):
        registry.get_source("nope")


def test_a_new_source_folder_is_imported_with_no_other_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    extra = tmp_path / "extra_sources"
    (extra / "shelf").mkdir(parents=True)
    (extra / "shelf" / "__init__.py").write_text("", encoding="utf-8")
    (extra / "shelf" / "provider.py").write_text(PROVIDER, encoding="utf-8")
    monkeypatch.setattr(totemdeck.sources, "__path__", [*totemdeck.sources.__path__, str(extra)])
    registry.source_names.cache_clear()
    monkeypatch.delitem(sys.modules, "totemdeck.sources.shelf", raising=False)
    try:
        assert "shelf" in registry.source_names()
        data = tmp_path / "data"
        data.mkdir()
        (data / "shelf.json").write_text(json.dumps([CARD]), encoding="utf-8")
        result = import_sources(str(tmp_path / "cat"), ["shelf"], {"shelf": str(data)})
        assert result.ok and result.summaries[0].added == 1
        with Catalogue.open(tmp_path / "cat") as catalogue:
            card = catalogue.get("sh1-1")
            assert card is not None and card.name == "Shelfmon"
    finally:
        registry.source_names.cache_clear()
        for name in [m for m in sys.modules if m.startswith("totemdeck.sources.shelf")]:
            del sys.modules[name]


def test_a_source_that_states_only_what_differs_gets_the_defaults() -> None:
    """Issue 39.5: the importer reads ``retreat_when_silent`` plainly; a source that does
    not state it says nothing by its silence (``SourceBase``), and the two installed sources
    state theirs."""
    from totemdeck.sources.interface import SourceBase
    from totemdeck.sources.registry import all_sources

    class Bare(SourceBase):
        name = "bare"

    assert Bare().retreat_when_silent is None and Bare().merged is False
    assert all(isinstance(source, SourceBase) for source in all_sources())
    assert {s.name: s.retreat_when_silent for s in all_sources()} == {
        "pokemontcg": 0,
        "tcgdex": None,
    }
