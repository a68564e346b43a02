"""A card line read with the catalogue's own words (issue 33), the whole name before any split.

The parser splits ``REST`` by its shape (``NAME SET NUMBER``), which misreads every name
that ends in a number (``Dark Porygon2`` is not Dark in a set "Porygon"). Here ``REST`` is
read as a person reads it: the longest run of words at the start that is a name the
catalogue holds (in any of its languages), then what follows it, each word a part the
catalogue knows — a set code of any client or source, a set's name (``Base Set``, ``Legend
Maker``), a number (``63``, ``63/108``, ``TG05``), a regulation mark, a print's variety word
— with list furniture (``-``, ``from``, parentheses) between. A line whose every word is
not known this way is left to the parser's split.

``EX`` on a list line (FORMAT.md, decision): a lower-case ``ex`` is ex, ``-EX`` is EX, and an
upper-case ``EX`` without its hyphen names both the ex and the EX cards of that name; a set
code on the line decides.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from totemdeck.base.records import frozen
from totemdeck.catalogue.lru import LRU
from totemdeck.catalogue.names import fold, name_key
from totemdeck.catalogue.read import Catalogue
from totemdeck.decklist.setcodes import SetIndex
from totemdeck.i18n import _, current_language

# Card names hold at most 7 words ("Team Galactic's Invention G-105 Poké Turn" holds 6), and
# what follows a name in a line at most a few: longer runs are never read this way, so a
# line of 900,000 words costs what a line of 20 does.
MAX_NAME_WORDS = 8
MAX_TAIL_WORDS = 8
# Written names remembered by a long-lived reader (a deck's lines ask a few each).
NAMES_MEMO = 16384
# "63", "63/108", "TG05", "SWSH154", "SV-P 53" is two words; "RC14", "GG01", "177a".
_NUMBER = re.compile(r"[A-Za-z]{0,6}-?[0-9]{1,4}[A-Za-z]?(?:/[A-Za-z]{0,3}[0-9]{1,4})?")
# Between a name and its print: "4 Charmander - OBF", "Darkrai EX from DEX 63/108".
_FURNITURE = frozenset({"-", "–", "—", "|", "/", ":", "#", "from", "de", "no.", "nº"})
# A print's variety or a card's frame, not part of what the line names ("Reverse Holo").
_VARIETY = frozenset({"reverse", "holo", "rh", "foil", "fa", "full", "art", "alt", "ph", "promo"})
_MARKS = frozenset("ABCDEFGHIJ")  # regulation marks, printed beside the number since 2019
_STRIP = "()[]{},;*"
# An upper-case EX without a hyphen, as a word: "Gardevoir EX", "Charizard EX (OBF)".
BARE_EX = re.compile(r"(?<=[^\s-]) EX(?=$|[\s)])")
# Shorthand players write for a word of a printed name, folded: "Prof. Oak", "Electric
# Energy" (Lightning), "Double Colourless", "Tapu Koko Prism Star" (◇), "Latias Delta" (δ).
SHORTHAND = {
    "prof.": "Professor", "prof": "Professor", "electric": "Lightning", "colourless": "Colorless",
    "prism star": "◇", "prism": "◇", "star": "★", "delta": "δ",
}  # fmt: skip


@frozen
class Parts:
    """What a line's words are: the name as written, the catalogue names it can be, the set
    code (a set's name read as its id), the number, and how it was read when not exactly."""

    name: str
    names: tuple[str, ...]
    code: str = ""
    number: str | None = None
    notes: tuple[str, ...] = ()


class Vocabulary:
    """The catalogue's names and set names, built on the first line that needs them."""

    def __init__(self, catalogue: Catalogue, sets: SetIndex) -> None:
        self.catalogue = catalogue
        self.sets = sets
        self._set_names: dict[str, str] | None = None
        self._families: tuple[frozenset[str], dict[str, list[str]]] | None = None
        # What each written name is, kept with the catalogue: every resolver of it (the CLI
        # makes one a deck, the web app one a language) shares the answers.
        memo = getattr(catalogue, "_names_of_memo", None)
        if memo is None:
            memo = LRU(NAMES_MEMO)
            catalogue._names_of_memo = memo  # type: ignore[attr-defined]
        self._names_of: LRU[str, tuple[str, ...]] = memo
        read_memo = getattr(catalogue, "_parts_memo", None)  # what each line is, a language
        if read_memo is None:
            read_memo = catalogue._parts_memo = LRU(NAMES_MEMO)  # type: ignore[attr-defined]
        self._parts: LRU[tuple[str, str], tuple[Parts | None]] = read_memo

    def prefetch(self, texts: Iterable[str]) -> None:
        """Ask the catalogue at once which of the names these lines may hold it knows (one
        query a few hundred names, as ``known_names`` remembers them), not one a name; a set's
        name before a card's (``Base Squirtle``) is rare, and asked on its own."""
        runs: dict[str, tuple[str, ...]] = {}
        memo, language = self._names_of, current_language()
        for text in texts:
            if (text, language) in self._parts:  # the line was read before: nothing to ask
                continue
            words = text.split()
            for end in range(1, min(len(words), MAX_NAME_WORDS) + 1):
                run = " ".join(words[:end])
                if run not in runs and run not in memo:  # a run met before is answered
                    runs[run] = _spellings(run)
        ordered = sorted({spelled for spellings in runs.values() for spelled in spellings})
        known: set[str] = set()
        for at in range(0, len(ordered), 200):
            known |= self.catalogue.known_names(ordered[at : at + 200])
        # what ``names_of`` answers for each run, kept now: not asked again name by name
        for run, spellings in runs.items():
            self._names_of.put(run, tuple(s for s in spellings if s in known))

    @property
    def set_names(self) -> dict[str, str]:
        """A set's folded name (and ``… set``) → its id, for names only one set has."""
        if self._set_names is None:
            found: dict[str, set[str]] = {}
            for card_set in self.catalogue.sets().values():
                for spelled in (card_set.name, f"{card_set.name} set"):
                    found.setdefault(fold(spelled), set()).add(card_set.id)
            self._set_names = {k: next(iter(v)) for k, v in found.items() if len(v) == 1}
        return self._set_names

    def _shown(self, set_id: str) -> str:
        """``Base (BS)``: a set as a note names it."""
        card_set = self.catalogue.sets()[set_id]
        return f"{card_set.name} ({card_set.ptcgl_code or card_set.id})"

    def names_of(self, written: str) -> tuple[str, ...]:
        """The names ``written`` is, as ``Catalogue.by_name`` takes them: none, one, or the
        EX and the ex of a name written with an upper-case ``EX`` and no hyphen
        (``Gardevoir EX``)."""
        found = self._names_of.get(written)
        if found is None:
            spellings = _spellings(written)
            known = self.catalogue.known_names(spellings)
            found = tuple(s for s in spellings if s in known)
            self._names_of.put(written, found)
        return found

    def energy_family(self, word: str) -> list[str]:
        """The Energy names that open with ``word`` and ``Energy`` and go on (``Blend`` →
        both Blend Energy cards), from an index built once."""
        return self._energy_names()[1].get(fold(word), [])

    def _energy_names(self) -> tuple[frozenset[str], dict[str, list[str]]]:
        """The name keys of every name that ends in ``Energy``, and the Energy names by
        their first word (``blend``), read once from the catalogue's names."""
        if self._families is None:
            ending: set[str] = set()
            families: dict[str, list[str]] = {}
            for name in self.catalogue.names():
                if name.endswith(" Energy"):
                    ending.add(name_key(name))
                head, found, _rest = name.partition(" Energy ")
                if found and " " not in head:
                    families.setdefault(fold(head), []).append(name)
            self._families = (frozenset(ending), families)
        return self._families

    def respelled(self, text: str) -> tuple[str, str] | None:
        """The one name ``text`` is once its shorthand is spelled out (``Prof. Oak``) or
        ``Energy`` is added (``Scramble``, ``Double Colourless``), and the note saying so."""
        spelled = _spell_out(text)
        ending = self._energy_names()[0]  # asked in memory: most such lines name nothing
        energy = [n for n in (f"{text} Energy", f"{spelled} Energy") if name_key(n) in ending]
        for name in dict.fromkeys([spelled, *energy]):
            if name != text and self.names_of(name):
                note = _("read {text!r} as {name}").format(text=text, name=name)
                return name, note
        return None

    def read(self, text: str) -> Parts | None:
        """The parts of ``text`` (what follows the count), or None when its words are not
        all the catalogue's: the whole text as a name first, then the longest name at its
        start with a print after it, then a set's name before a name (``Base Squirtle``).
        Remembered with the catalogue: each new resolver (one a ``check``) reads a deck's
        lines again, and the words of a line always read alike."""
        key = (text, current_language())
        known = self._parts.get(key)
        if known is None:
            known = (self._read(text),)
            self._parts.put(key, known)
        return known[0]

    def _read(self, text: str) -> Parts | None:
        if text.endswith(")") and "(" in text:  # "Hitmonchan (Base Set 7/102)"
            start = text.rfind("(")
            head, tail = text[:start].strip(), self._tail(text[start:].split())
            names = self.names_of(head) if tail and (tail[0] or tail[1]) else ()
            if names and tail:
                return Parts(head, names, *tail)
        whole = self.names_of(text)
        if whole:
            return Parts(text, whole)
        words = text.split()
        bare: Parts | None = None  # a name and a number, no set ("Alakazam ex 1")
        for end in range(min(len(words) - 1, MAX_NAME_WORDS), 0, -1):
            name = " ".join(words[:end])
            names = self.names_of(name)
            tail = self._tail(words[end:]) if names else None
            if tail is None:
                continue
            parts = Parts(name, names, *tail)
            if parts.code or parts.number is None:  # a print named in full, or a name
                return parts if bare is None else _instead_of(parts, bare)
            bare = bare or parts  # a shorter name may leave a set code and its number
        return bare or self._set_first(words)

    def _set_first(self, words: list[str]) -> Parts | None:
        """``Base Squirtle``, ``Jungle Pikachu``: a set's name, then a name."""
        for size in (1, 2, 3):
            if len(words) <= size:
                break
            said = " ".join(words[:size])
            set_id = self.set_names.get(fold(said))
            names = self.names_of(" ".join(words[size:])) if set_id else ()
            if names and set_id:
                note = _("read {said!r} as the set {set}").format(
                    said=said, set=self._shown(set_id)
                )
                return Parts(" ".join(words[size:]), names, set_id, None, (note,))
        return None

    def _tail(self, words: list[str]) -> tuple[str, str | None, tuple[str, ...]] | None:
        """The set code, number and notes that the words after a name are, or None."""
        tokens = [w.strip(_STRIP) for w in words[: MAX_TAIL_WORDS + 1]]
        tokens = [t for t in tokens if t and fold(t) not in _FURNITURE]
        if len(tokens) > MAX_TAIL_WORDS:
            return None
        code, number, notes, at = "", None, [], 0
        while at < len(tokens):
            token = tokens[at]
            code_first = not code and at + 1 < len(tokens) and _NUMBER.fullmatch(tokens[at + 1])
            if (
                number is None
                and _NUMBER.fullmatch(token)
                and not (code_first and self.sets.sets_for(token))
            ):
                number, at = token.partition("/")[0], at + 1
                continue
            if not code:
                found = self._set_at(tokens, at)
                if found is not None:
                    code, at, note = found
                    notes += [note] if note else []
                    continue
            if code and number is None and (len(token) == 1 or token[:1] == "%"):
                number, at = token, at + 1  # "Unown UF A", "Unown UF !", "exu %3F"
            elif number is not None and token in _MARKS:
                at += 1  # a regulation mark: what the number already says
            elif fold(token) in _VARIETY:
                notes.append(_("left out {word!r} (a print's variety)").format(word=token))
                at += 1
            else:
                return None
        return code, number, tuple(notes)

    def _set_at(self, tokens: list[str], at: int) -> tuple[str, int, str | None] | None:
        """The set that the words at ``at`` name: a code (one word), else a set's name (up
        to four words, the longest first), with a note saying a name was read as a set."""
        if self.sets.sets_for(tokens[at]):
            return tokens[at], at + 1, None
        for size in (4, 3, 2, 1):
            said = " ".join(tokens[at : at + size])
            set_id = self.set_names.get(fold(said)) if at + size <= len(tokens) else None
            if set_id:
                note = _("read {said!r} as the set {set}").format(
                    said=said, set=self._shown(set_id)
                )
                return set_id, at + size, note
        return None


def _spellings(written: str) -> tuple[str, ...]:
    """``written``, and its ex form when it holds an upper-case ``EX`` without a hyphen."""
    if len(written) > 200:
        return ()
    return (written, BARE_EX.sub(" ex", written)) if BARE_EX.search(written) else (written,)


def _spell_out(text: str) -> str:
    """``Prof. Oak`` → ``Professor Oak``, ``Tapu Koko Prism Star`` → ``Tapu Koko ◇``."""
    words = text.split()
    out: list[str] = []
    at = 0
    while at < len(words):
        pair = fold(" ".join(words[at : at + 2]))
        if at + 1 < len(words) and pair in SHORTHAND:
            out.append(SHORTHAND[pair])
            at += 2
            continue
        out.append(SHORTHAND.get(fold(words[at]), words[at]))
        at += 1
    return " ".join(out)


def _instead_of(parts: Parts, other: Parts) -> Parts:
    """``parts`` (a print named by set and number), with a note that the line's words
    also read as ``other`` (a longer name and a number without a set)."""
    note = _("read {code!r} as a set code; {name!r} is also a card name").format(
        code=parts.code, name=other.name
    )
    return Parts(parts.name, parts.names, parts.code, parts.number, (*parts.notes, note))
