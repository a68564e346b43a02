"""A line resolved by what its words are (``vocabulary.Parts``), before the parser's split.

The parts say which names the line can mean (both the EX and the ex of a name written
``EX`` without a hyphen), the set (a code, or a set's name read as its code) and the number.
Each reading that is not exactly what the line says gets a note: a set taken by its name,
a set code that decides between EX and ex, both EX and ex kept when nothing decides.
"""

from __future__ import annotations

from totemdeck.catalogue.model import Card
from totemdeck.catalogue.names import name_key
from totemdeck.decklist.model import DeckLine
from totemdeck.decklist.numbered import NumberedLines
from totemdeck.decklist.resolved import ResolvedLine
from totemdeck.decklist.vocabulary import Parts, Vocabulary
from totemdeck.decklist.written import Reading
from totemdeck.i18n import _


class WordReading(NumberedLines):
    """The resolver's reading of a line by the catalogue's words."""

    @property
    def vocabulary(self) -> Vocabulary:
        known = getattr(self, "_vocabulary", None)
        if known is None:
            known = self._vocabulary = Vocabulary(self.catalogue, self.sets)
        return known

    def _by_words(self, line: DeckLine) -> ResolvedLine | None:
        """The line read by its words, or None when they are not all the catalogue's (or
        what they name is not there): the parser's split reads it then."""
        parts = self.vocabulary.read(line.written) if line.written else None
        if parts is None:
            return None
        notes = list(parts.notes)
        if parts.number is not None:
            resolved = self._with_number(line, Reading(parts.name, parts.code, parts.number))
            if resolved.finding is not None:
                return None
            if len(parts.names) > 1:
                notes.append(_decided(parts, resolved.candidates))
            if not parts.code and resolved.via == "name":  # "Pikachu 25": where is 25?
                notes.append(
                    _("left out the number {n} (no set code says which set)").format(n=parts.number)
                )
            return _noted(resolved, notes)
        energy_type = self._basic_energy_type(parts.name) if not parts.code else None
        if energy_type:  # "Darkness Energy": the basic Energy (FORMAT.md, decision)
            return _noted(self._energy(line, energy_type, []), notes)
        cards, left_out = _own_names_first(
            tuple(c for name in parts.names for c in self.catalogue.by_name(name)), parts
        )
        notes += left_out
        if parts.code:
            sets, _number = self.sets.read_code(parts.code, "")
            in_set = tuple(c for c in cards if c.set in sets)
            if not in_set:
                return None
            cards = in_set
            if len(parts.names) > 1:
                notes.append(_decided(parts, cards))
        elif len(parts.names) > 1:
            notes.append(_both(parts, cards))
            return _noted(self._checked(line, cards, "ex and EX"), notes)
        via = "name in set" if parts.code else "name"
        return _noted(self._checked(line, cards, via), notes)

    def _respelled(self, line: DeckLine) -> ResolvedLine | None:
        """A name-only line in players' shorthand (``Prof. Oak``, ``Electric Energy``,
        ``Scramble``); several Energy of that first word (``Blend``) are its suggestions."""
        found = self.vocabulary.respelled(line.name)
        if found is not None:
            name, note = found
            energy_type = self._basic_energy_type(name)
            if energy_type:
                return _noted(self._energy(line, energy_type, []), [note])
            return self._checked(line, tuple(self.catalogue.by_name(name)), "name", note=note)
        if " " in line.name or len(line.name) < 3:
            return None
        family = self.vocabulary.energy_family(line.name)
        if len(family) < 2:
            return None
        message = _("no card is named {name!r}").format(name=line.name)
        return self._unknown(line, message, line.name, suggestions=family[:5])


def _own_names_first(cards: tuple[Card, ...], parts: Parts) -> tuple[tuple[Card, ...], list[str]]:
    """The prints whose own name the line writes, when some are: a print that only another
    source's English name gives this name (TCGdex calls svp-87 "Sprigatito ex"; it is
    Miraidon ex) is left out, with a note. Other languages' names are the list language's
    business (``language.py``)."""
    keys = {name_key(n) for n in parts.names}
    # by id, not by ``in`` a tuple of cards: that compares every field of 30 prints 30 times
    own = {c.id for c in cards if name_key(c.name) in keys or name_key(c.name, c.supertype) in keys}
    if not own or len(own) == len(cards):
        return cards, []
    others = [c for c in cards if c.id not in own and name_key(c.aliases.get("en", "")) in keys]
    if not others:
        return cards, []
    note = _("left out {prints}: only another source names them {name!r}").format(
        prints=", ".join(f"{c.id} ({c.name})" for c in others[:3]), name=parts.name
    )
    left_out = {c.id for c in others}
    return tuple(c for c in cards if c.id not in left_out), [note]


def _both(parts: Parts, cards: tuple[Card, ...]) -> str:
    """The note of a line that keeps both the EX and the ex cards of a name."""
    shown = sorted({c.name for c in cards})
    return _(
        "{written!r}: an upper-case EX without a hyphen names both {names}; "
        "a set code on the line decides"
    ).format(written=parts.name, names=" and ".join(shown))


def _decided(parts: Parts, cards: tuple[Card, ...]) -> str:
    """The note of a line whose set decided between the EX and the ex cards of a name."""
    return _("read {written!r} as {card}: its set decides between EX and ex").format(
        written=parts.name, card=cards[0].name if cards else parts.names[0]
    )


def _noted(resolved: ResolvedLine, notes: list[str]) -> ResolvedLine:
    """``resolved`` with the parts' notes before its own."""
    if not notes:
        return resolved
    joined = "; ".join([*notes, *([resolved.note] if resolved.note else [])])
    return ResolvedLine(resolved.line, resolved.candidates, resolved.via, resolved.finding, joined)
