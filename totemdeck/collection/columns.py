"""Which column of a table of cards holds what, found by the words of its header.

People and apps head their columns in their own words and languages: "Quantity", "Qty",
"Cantidad", "Anzahl", "Quantité", "枚数"; "Card Name", "Nombre", "Kartenname"; "Set Code",
"Edition", "Exp."; "#", "No.", "Número". Each header cell is folded (case, accents, marks)
and looked up as a whole phrase first, then by the words it holds, so "Set Name" is a set
and not a name, "Trade Quantity" is not the copies owned, and "Card Number" is a number.
A role that several columns could fill keeps them in order of preference ("Simple Name"
before "Name", "English Name" before "Local Name"): the first one not empty in a row wins.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from totemdeck.base.records import frozen

__all__ = ["ROLES", "Layout", "fold_header", "layout_of"]

ROLES = ("count", "name", "set", "code", "number", "condition", "language", "printing",
         "game", "artist", "rarity", "total", "id")  # fmt: skip


@functools.cache
def _vocabulary() -> tuple[dict[str, str], tuple[tuple[str, frozenset[str]], ...], frozenset[str]]:
    """The header words of ``totemdeck/data/collection_columns.yaml``: whole phrases and
    their role, the roles found by a word a header holds, the words that mean "not this"."""
    import yaml

    from totemdeck.base.resources import packaged_text

    data = yaml.load(
        packaged_text("collection_columns.yaml"),
        Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader),
    )
    phrases = {str(p): role for role, written in data["phrases"].items() for p in written}
    words = tuple((r["role"], frozenset(map(str, r["words"]))) for r in data["words"])
    return phrases, words, frozenset(map(str, data["not"]))


_MARKS = re.compile(r"[\s_]+")
_POINTS = re.compile(r"[.:?()]")
# a header written behind a comment's label: PokéTrack's "# Format: card_id | set_id | …"
_COMMENT_LABEL = re.compile(r"^#+\s+[^:#]{1,20}:\s*")


def fold_header(cell: str) -> str:
    """A header cell as the vocabulary holds it: case-folded, trimmed, spaces collapsed;
    accents kept (the phrases hold both spellings)."""
    text = unicodedata.normalize("NFC", cell).replace("\ufeff", "").strip().casefold()
    return _MARKS.sub(" ", _COMMENT_LABEL.sub("", text))


def _unaccented(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


def role_of(cell: str) -> str | None:
    """The role one header cell names, or None."""
    folded = fold_header(cell)
    phrases, rules, unwanted = _vocabulary()
    bare = _POINTS.sub("", folded).strip()
    for key in (folded, _unaccented(folded), bare, _unaccented(bare)):
        if key in phrases:
            return phrases[key]
    words = set(re.findall(r"[\w#]+", _unaccented(folded)))
    if not words or words & unwanted:
        return None
    for role, wanted in rules:
        if words & wanted:
            return role
    return None


@frozen
class Layout:
    """The columns of each role, by index, most wanted first."""

    columns: dict[str, tuple[int, ...]]
    header: tuple[str, ...]

    def first(self, role: str) -> int | None:
        found = self.columns.get(role, ())
        return found[0] if found else None

    def named(self, role: str) -> tuple[str, ...]:
        """The header cells of a role's columns, as written (for the summary)."""
        return tuple(self.header[i] for i in self.columns.get(role, ()))


# Among several columns of one role, which to read first (lower first).
_PREFERENCE = {"simple name": 0, "english name": 0, "card name": 1, "name": 2,
               "product name": 2, "local name": 5, "set name": 0, "set": 1, "sets": 1,
               "edition": 2, "console-name": 2}  # fmt: skip


def layout_of(header: list[str]) -> Layout:
    """Each role with the header's columns that fill it."""
    found: dict[str, list[int]] = {}
    for index, cell in enumerate(header):
        role = role_of(cell)
        if role is not None:
            found.setdefault(role, []).append(index)
    for indexes in found.values():
        indexes.sort(key=lambda i: _PREFERENCE.get(fold_header(header[i]), 3))
    return Layout({role: tuple(ix) for role, ix in found.items()}, tuple(header))
