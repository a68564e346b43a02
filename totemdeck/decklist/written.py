"""How players write what a card line names: basic Energy in its many spellings, words that
may be a set code left in the name, and the plausible forms of a printed name.

Pure functions over text; the resolver (``resolve.py``) asks them with the catalogue's answers.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from totemdeck.base.lazy import LazyPattern
from totemdeck.catalogue.model import TYPE_LETTERS
from totemdeck.catalogue.names import fold

_TYPE_WORDS = "grass|fire|water|lightning|psychic|fighting|darkness|dark|metal|fairy"
_TYPES = rf"(?P<type>{_TYPE_WORDS})"
# "Fire Energy", "Basic Fire Energy", "Fairy Energy Energy" (an export that doubled the word).
_BASIC_ENERGY = re.compile(rf"^(?:basic )?{_TYPES}(?: energy)++$")
_TYPE_ALONE = re.compile(rf"^(?:basic )?{_TYPES}$")  # "9 grass SVE 1"
_BASIC_ENERGY_LOOSE = LazyPattern(rf"^(?:basic )?{_TYPES}(?: energy)++ (?P<rest>.++)$")
# What may follow a basic Energy's name in the wild ("SUM fairy", "BRS R", "Energy XY"):
# a type, "energy", "basic", a number, or a short code. Never a word like "retrieval".
_JUNK_WORD = LazyPattern(rf"^(?:{_TYPE_WORDS}|energy|basic|[a-z0-9-]{{1,4}})$")
# A word of a name that may be a set code the parser left in it: "PR", "30C", "SV 11B",
# "TK-PikachuLibre", "BS2"; never a name's own suffix (ex, GX, V, BREAK…).
CODE_WORD = LazyPattern(r"^(?:[A-Za-z-]*+\d[A-Za-z0-9-]*+|[A-Z]{2,6}|TK-[A-Za-z]++)$")
NAME_SUFFIXES = frozenset(
    {
        *("ex", "gx", "v", "vmax", "vstar", "v-union", "break", "lv.x", "prime", "legend"),
        *("star", "δ", "◇", "★", "c", "g", "fb", "gl", "e4", "4", "sp"),
    }
)
# Spanish: "Energía Fuego", "Energía Fuego básica", "Energía básica Fuego" (folded: no accents).
_SPANISH_TYPES = {
    "planta": "Grass", "fuego": "Fire", "agua": "Water", "rayo": "Lightning",
    "psiquica": "Psychic", "lucha": "Fighting", "oscura": "Darkness", "metalica": "Metal",
    "hada": "Fairy",
}  # fmt: skip
_BASIC_ENERGY_ES = re.compile(
    r"^energia (?:basica )?(?P<type>" + "|".join(_SPANISH_TYPES) + r")(?: basica)?$"
)


class Reading(NamedTuple):
    """One way to read a line's words: the name, the set code and the number."""

    name: str
    code: str
    number: str


# How players write the symbols that are part of a name: "Tapu Koko Prism Star" (◇),
# "Charizard Star" (★), "Latias Delta" (δ).
_SYMBOL_WORDS = str.maketrans({"◇": " prism star ", "★": " star ", "δ": " delta "})


# "Blend Energy WLFM" is "Blend Energy WaterLightningFightingMetal"; "Unit Energy LPM" too.
_ENERGY_LETTERS = LazyPattern(r"\b[GRWLPFDMY]{2,4}\b")
_LETTER_TYPES = TYPE_LETTERS  # the pattern above admits only the nine named letters
# Words printed before a name that players leave off: "Team Galactic's Invention G-101
# Energy Gain" is written "Energy Gain".
_PRINTED_EXTRA = LazyPattern(r"^team galactic'?s invention g-?\d++ ", re.IGNORECASE)


def _words(name: str) -> list[str]:
    spelled = _ENERGY_LETTERS.sub(lambda m: "".join(_LETTER_TYPES[c] for c in m.group()), name)
    return re.findall(r"[^\W_]+(?:\.[^\W_]+)*", fold(spelled.translate(_SYMBOL_WORDS)))


def plausible_form(written: str, printed: str) -> bool:
    """Whether ``written`` is a plausible way to write the printed name ``printed``.

    The same words once symbols are spelled out, or the printed name's first words with
    only extras left off ("Battle Compressor" for "Battle Compressor Team Flare Gear",
    "Pokégear" for "Pokégear 3.0") — never a left-off suffix that makes another card
    ("Pikachu" is not "Pikachu ex").
    """
    mine, theirs = _words(written), _words(_PRINTED_EXTRA.sub("", fold(printed)))
    if not mine:
        return False
    if mine == theirs:
        return True
    left_off = theirs[len(mine) :]
    return theirs[: len(mine)] == mine and not any(w in NAME_SUFFIXES for w in left_off)


def basic_energy_type(
    name: str,
    code: str,
    number: str,
    pseudo_set: bool,
    energy_order: tuple[str, ...],
    *,
    loose: bool = False,
) -> str | None:
    """The type a basic Energy line names: ``Fire Energy``, ``Basic Fire Energy``, the
    type alone before a set and number (``9 grass SVE 1``), a pseudo-set number
    (``Energy 7``), or, ``loose``, the name followed by set-ish tokens (``Fire Energy
    BRS R``, ``Fairy Energy SUM fairy``) when no card has that name."""
    folded = fold(name)
    match = _BASIC_ENERGY.match(folded)
    if match is None and (code or number):
        match = _TYPE_ALONE.match(folded)
    if match is None and loose:
        match = _BASIC_ENERGY_LOOSE.match(folded)
        if match and not all(_JUNK_WORD.match(w) for w in match.group("rest").split()):
            match = None
    if match:
        kind = match.group("type")
        return "Darkness" if kind == "dark" else kind.capitalize()
    spanish = _BASIC_ENERGY_ES.match(folded)
    if spanish:
        return _SPANISH_TYPES[spanish.group("type")]
    if pseudo_set and number.isdigit() and energy_order:  # "Energy 4" is Lightning
        index = (int(number[:6]) - 1) % len(energy_order)
        return energy_order[index] if folded.endswith("energy") else None
    return None


# A code written with a space after its one letter: Japanese sets "M 2" (M2), "M 1L" (M1L).
_LETTER_AND_DIGITS = LazyPattern(r"^[A-Z]$"), LazyPattern(r"^\d{1,2}[A-Z]?$")


def code_words(tail: list[str]) -> bool:
    """Whether a name's last words can be a set code the parser left in the name: code
    words (``30C``, ``SV 11B``) that are no name suffix, or one capital letter and its digits
    (``M 2``)."""
    if all(CODE_WORD.match(w) and w.casefold() not in NAME_SUFFIXES for w in tail):
        return True
    letter, digits = _LETTER_AND_DIGITS
    return len(tail) == 2 and bool(letter.match(tail[0]) and digits.match(tail[1]))
