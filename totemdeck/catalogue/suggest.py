""" "Did you mean" for names: the closest catalogue names to what a player wrote."""

from __future__ import annotations

from collections.abc import Sequence

from totemdeck.catalogue.names import fold, name_key


class Suggester:
    """Fuzzy name matching over every catalogue name (folded once, matched in C)."""

    def __init__(self, names: list[str], other_names: Sequence[str] = ()) -> None:
        # One entry per name as the rules compare names ("Boss's Orders (Ghetsis)" is
        # "Boss's Orders"), shown as its shortest printed spelling; ``other_names``
        # (other languages, other sources' spellings) only fill keys no print has.
        shortest: dict[str, str] = {}
        for name in names:
            key = name_key(name)
            if key not in shortest or len(name) < len(shortest[key]):
                shortest[key] = name
        for name in other_names:
            shortest.setdefault(name_key(name), name)
        self._names = list(shortest.values())
        self._folded = list(shortest)

    def closest(self, written: str, limit: int = 3, cutoff: float = 55.0) -> list[str]:
        """Up to ``limit`` names closest to ``written``, best first, distinct."""
        from rapidfuzz import fuzz, process  # ~50 ms to import: only when a name is unknown

        query = fold(written)
        if not query:
            return []
        found = process.extract(
            query, self._folded, scorer=fuzz.QRatio, limit=limit * 3, score_cutoff=cutoff
        )
        out: list[str] = []
        for _match, _score, index in found:
            name = self._names[index]
            if name not in out:
                out.append(name)
            if len(out) == limit:
                break
        return out


def similarity(a: str, b: str) -> float:
    """0–100: how alike two names are, ignoring case and accents."""
    from rapidfuzz import fuzz

    return float(fuzz.ratio(fold(a), fold(b)))
