"""HTTP side of the pokemon-tcg-data source: which documents exist and where."""

from __future__ import annotations

from typing import cast

from totemdeck.i18n import _
from totemdeck.sources.http import Fetched, FetchError, Location, check_segment
from totemdeck.sources.pokemontcg.transform import RawSet


class PokemonTcgClient:
    """Reads ``sets/en.json`` and ``cards/en/<setId>.json`` below a ``Location``."""

    def __init__(self, location: Location, lang: str = "en") -> None:
        self.location = location
        self.lang = check_segment(lang, "language")

    def sets(self) -> list[RawSet]:
        data = self.location.fetch_json(f"sets/{self.lang}.json").data
        if not isinstance(data, list) or not all(isinstance(s, dict) for s in data):
            where = self.location.describe(f"sets/{self.lang}.json")
            raise FetchError(_("{where}: expected a JSON list of sets").format(where=where))
        return cast(list[RawSet], data)

    def cards_raw(self, set_id: str, etag: str | None = None) -> Fetched:
        """The set's card file as bytes (parsed where the CPU is free), or a 304."""
        return self.location.fetch_raw(f"cards/{self.lang}/{check_segment(set_id)}.json", etag)

    def describe_cards(self, set_id: str) -> str:
        return self.location.describe(f"cards/{self.lang}/{set_id}.json")
