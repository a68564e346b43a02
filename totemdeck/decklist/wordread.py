"""A line resolved by what its words are (``vocabulary.Parts``), before the parser's split.

The parts say which names the line can mean (both the EX and the ex of a name written
``EX`` without a hyphen), the set (a code, or a set's name read as its code) and the number.
Each reading that is not exactly what the line says gets a note: a set taken by its name,
a set code that decides between EX and ex, both EX and ex kept when nothing decides.
"""

from __future__ import annotations

from totemdeck.catalogue.model import Card
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
            return _noted(resolved, notes)
        energy_type = self._basic_energy_type(parts.name) if not parts.code else None
        if energy_type:  # "Darkness Energy": the basic Energy (FORMAT.md, decision)
            return _noted(self._energy(line, energy_type, []), notes)
        cards = tuple(c for name in parts.names for c in self.catalogue.by_name(name))
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
        family = [n for n in self.catalogue.names() if n.startswith(f"{line.name} Energy ")]
        if len(family) < 2:
            return None
        message = _("no card is named {name!r}").format(name=line.name)
        return self._unknown(line, message, line.name, suggestions=family[:5])


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
