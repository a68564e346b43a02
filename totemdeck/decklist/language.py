"""The language a list is written in, and its name-only lines read in that language.

A name can be one card's English name and another card's Spanish name ("Candela" is an
English Trainer and the Spanish name of Flannery; so are "Rika"/Mina and "Olivia"/Oleana).
FORMAT.md (decision): a list is read in one language — Spanish when its section headers are
Spanish or more of its name-only lines are Spanish-only names than English-only names,
English otherwise — and every rule judges such a line as the card of that language. The
reading is reported like every other reading (a note on the line).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from totemdeck.base.lazy import LazyPattern
from totemdeck.catalogue.model import Card
from totemdeck.catalogue.names import fold, name_key
from totemdeck.decklist.model import Decklist
from totemdeck.i18n import _

if TYPE_CHECKING:
    from totemdeck.decklist.resolved import ResolvedLine

LANGUAGES = ("en", "es")
# Section words only a Spanish list writes (folded: no accents, lower case).
SPANISH_HEADERS = frozenset({"entrenador", "entrenadores", "energia", "energias"})
_HEADER_WORD = LazyPattern(r"^[a-z]++")


def name_languages(written: str, card: Card) -> frozenset[str]:
    """The languages in which ``written`` is ``card``'s name (``en``, ``es``, both, none)."""
    key = name_key(written, card.supertype)
    found = set()
    for lang in LANGUAGES:
        names = (
            (card.name, card.aliases.get("en", ""))
            if lang == "en"
            else (card.aliases.get(lang, ""),)
        )
        if any(n and name_key(n, card.supertype) == key for n in names):
            found.add(lang)
    return frozenset(found)


def _spanish_headers(decklist: Decklist) -> bool:
    """Whether a section header of the list is a word only Spanish lists write."""
    words = (_HEADER_WORD.match(fold(h.raw).strip()) for h in decklist.headers)
    return any(w is not None and w.group(0) in SPANISH_HEADERS for w in words)


def list_language(decklist: Decklist, lines: Sequence[ResolvedLine]) -> str:
    """``es`` when the headers are Spanish or Spanish-only names outnumber English-only
    ones among the name-only lines; ``en`` otherwise."""
    if _spanish_headers(decklist):
        return "es"
    votes = {"en": 0, "es": 0}
    for resolved in lines:
        if resolved.via != "name" or not resolved.resolved:
            continue
        spoken = set().union(*(name_languages(resolved.line.name, c) for c in resolved.candidates))
        if len(spoken) == 1:
            votes[spoken.pop()] += 1
    return "es" if votes["es"] > votes["en"] else "en"


def read_in_language(decklist: Decklist, lines: Sequence[ResolvedLine]) -> list[ResolvedLine]:
    """Each name-only line whose name is one card's in the list's language and another
    card's in the other language keeps only the first card's prints, with a note saying so
    (prints of one name, "Charmander" and "Charmander δ", are one card: left as they are)."""
    lang = list_language(decklist, lines)
    out: list[ResolvedLine] = []
    for resolved in lines:
        cards = {name_key(c.name, c.supertype) for c in resolved.candidates}
        if resolved.via == "name" and resolved.resolved and len(cards) > 1:
            written = resolved.line.name
            spoken = {c.id: name_languages(written, c) for c in resolved.candidates}
            mine = tuple(c for c in resolved.candidates if lang in spoken[c.id])
            if mine and len(mine) < len(resolved.candidates):
                said = (
                    _("read {name!r} as {card}: the list is in English")
                    if lang == "en"
                    else _("read {name!r} as {card}: the list is in Spanish")
                )
                note = said.format(name=written, card=mine[-1].name)
                joined = "; ".join(n for n in (resolved.note, note) if n)
                resolved = replace(resolved, candidates=mine, note=joined)
        out.append(resolved)
    return out
