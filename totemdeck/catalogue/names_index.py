"""Card names as you type (``GET /api/names?q=…``, the edit box's autocomplete).

Like Scryfall's autocomplete: up to 20 names that start with the text, then names that
contain it, English and Spanish alike, ignoring case, accents and apostrophes. The index is
built once per catalogue (two sorted lists in memory, ~20,000 names) and answers a query in
a few milliseconds with no SQL.
"""

from __future__ import annotations

import bisect

from totemdeck.base.records import frozen
from totemdeck.catalogue.names import fold
from totemdeck.catalogue.read import Catalogue

MAX_NAMES = 20
MAX_QUERY = 60


@frozen
class NameIndex:
    """Every card name, folded and sorted, for the builder's prefix look-ups."""

    keys: tuple[str, ...]  # folded names, sorted
    names: tuple[str, ...]  # the printed name of each key

    @classmethod
    def of(cls, catalogue: Catalogue) -> NameIndex:
        pairs: dict[str, str] = {}
        for name in [*catalogue.names(), *catalogue.alias_names()]:
            pairs.setdefault(fold(name), name)
        ordered = sorted(pairs.items())
        return cls(tuple(k for k, _name in ordered), tuple(n for _key, n in ordered))

    def suggest(self, text: str, limit: int = MAX_NAMES) -> list[str]:
        """Names starting with ``text`` (alphabetical), then names containing it."""
        needle = fold(text[:MAX_QUERY])
        if not needle:
            return []
        limit = max(1, min(limit, MAX_NAMES))
        start = bisect.bisect_left(self.keys, needle)
        found: list[str] = []
        for index in range(start, len(self.keys)):
            if len(found) >= limit or not self.keys[index].startswith(needle):
                break
            found.append(self.names[index])
        if len(found) < limit:
            taken = set(found)
            for key, name in zip(self.keys, self.names, strict=True):
                if needle in key and name not in taken and not key.startswith(needle):
                    found.append(name)
                    if len(found) >= limit:
                        break
        return found
