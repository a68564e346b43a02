"""Each species' "normal Stage", read from the catalogue (so new sets need no code)."""

from __future__ import annotations

from collections import Counter

from totemdeck.catalogue.names import name_key
from totemdeck.catalogue.read import Catalogue
from totemdeck.rules.format import COLUMNS
from totemdeck.rules.traits import is_ordinary


class CatalogueStages:
    """``normal_stage(name)``: the Stage most ordinary prints (no rule box) of a name carry."""

    def __init__(self, catalogue: Catalogue) -> None:
        self._catalogue = catalogue
        self._cache: dict[str, str | None] = {}

    def __call__(self, name: str) -> str | None:
        key = name_key(name)
        if key not in self._cache:
            prints = self._catalogue.by_name(name)
            ordinary = [c.stage for c in prints if is_ordinary(c)]
            staged = ordinary or [c.stage for c in prints if c.stage in COLUMNS]
            counted = Counter(s for s in staged if s)
            # Most common; a tie goes to the higher Stage (FORMAT.md, decision: Archeops has
            # 3 ordinary prints at Stage 1 and 3 at Stage 2, and is Stage 2).
            best = sorted(counted.items(), key=lambda kv: (-kv[1], -COLUMNS.index(kv[0])))
            self._cache[key] = best[0][0] if best else None
        return self._cache[key]
