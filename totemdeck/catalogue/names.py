"""Name comparison as FORMAT.md defines it ("Words → Name").

Two cards share a name when their ``name_key`` is equal. The key ignores case (except that
the suffixes ex and EX stay distinct: "Mewtwo-EX" = "Mewtwo EX" ≠ "Mewtwo ex"), accents,
typographic apostrophes, repeated spaces, a level ("LV.43"), δ (Delta Species) on a Pokémon,
brackets around an Unown letter, and a trailing parenthesis naming a character on a Trainer.
Suffixes (ex, GX, V, LV.X, ◇, ★ …), owner/form words and a δ printed in a Trainer's or
Energy's name ("δ Rainbow Energy") stay: they are part of the name.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

from totemdeck.base.lazy import LazyPattern

_APOSTROPHES = str.maketrans(
    {"’": "'", "‘": "'", "`": "'", "´": "'", "“": '"', "”": '"', "‐": "-", "–": "-", "—": "-"}
)
# A printed level such as "LV.43" or "Lv. 43" (but not "LV.X", which is part of the name).
_LEVEL = re.compile(r"\blv\.?+\s*+\d++\b", re.IGNORECASE)
_DELTA = re.compile(r"(?<!\s)\s*+δ\s*+")
# The 2012–2016 suffix EX, printed "Mewtwo-EX" or "Mewtwo EX": one spelling, kept apart from
# the lower-case ex of 2003–2007 and 2023– once case is folded (the hyphen marks it).
_UPPER_EX = re.compile(r"(?<=[^\s-])[\s-]++EX(?=$|[\s)])")
_TRAILING_PAREN = re.compile(r"(?<!\s)\s*+\([^()]*+\)\s*+$")
_BRACKETS = re.compile(r"[\[\]]")
_SPACES = re.compile(r"(?<!\s)\s++")
# Every pattern here is linear on any text: each unbounded repeat is possessive (it never
# gives characters back) and each search starts a run only where the run starts
# (tests/decklist/test_pattern_safety.py).


@lru_cache(maxsize=32768)  # bounded: the web app meets every name a visitor types
def fold(text: str) -> str:
    """Case-, accent- and apostrophe-insensitive form of any text, spaces collapsed."""
    text = text.translate(_APOSTROPHES)
    decomposed = unicodedata.normalize("NFKD", text)
    # ★ and ◇ survive NFKD; only combining marks (accents) are dropped.
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _SPACES.sub(" ", stripped).strip().casefold()


@lru_cache(maxsize=32768)  # ~20,000 distinct names (a Pokémon key and a plain one), bounded
def name_key(name: str, supertype: str | None = None) -> str:
    """The key under which two card names are "the same name" for the rules.

    ``supertype`` says what the card is: δ is dropped from a Pokémon's name only, and the
    trailing parenthesis only from a Trainer's (or a name whose card is not known, which
    ``Catalogue.by_name`` looks up both as is and as a Pokémon's).
    """
    text = name.translate(_APOSTROPHES)
    if supertype == "Pokémon":
        text = _DELTA.sub(" ", text)
    text = _UPPER_EX.sub("-EX", text)
    text = _LEVEL.sub(" ", text)
    text = _BRACKETS.sub(" ", text)
    if supertype == "Trainer" or supertype is None:
        # "Professor's Research (Professor Oak)" is "Professor's Research". Pokémon names
        # never end in a parenthesis in print, so a name alone (no supertype) may strip it too.
        text = _TRAILING_PAREN.sub("", text)
    return fold(text)


_UNOWN_LETTER = LazyPattern(r"[A-Z!?]")


def letter_name(name: str, number: str) -> str:
    """An Unown whose data gives its letter only as its collector number (Unseen Forces:
    "Unown" numbered A–Z, !, ?) is named by that letter, as the card prints it: ``Unown [A]``
    (FORMAT.md, decision). Any other name is returned as it is."""
    if name == "Unown" and _UNOWN_LETTER.fullmatch(number.strip()):
        return f"Unown [{number.strip()}]"
    return name


def evolution_places(cards: Iterable[tuple[str, str | None]]) -> dict[str, tuple[str, int]]:
    """Where each card stands in its evolution line among ``cards`` (``(name,
    evolves_from)`` pairs): its name's key → the key of the line's lowest card here and how
    many steps above it. A card whose pre-evolution is not among them is its own root; a
    loop of names (bad data) stops where it closes. The one walk the deck page and the
    export order share."""
    parent = {name_key(name): name_key(below) if below else None for name, below in cards}
    places: dict[str, tuple[str, int]] = {}
    for key in parent:
        current, depth, seen = key, 0, {key}
        while (below := parent.get(current)) in parent and below not in seen:
            assert below is not None  # None is never a key of ``parent``
            seen.add(below)
            current, depth = below, depth + 1
        places[key] = (current, depth)
    return places
