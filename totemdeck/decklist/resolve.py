"""``resolve(decklist, catalogue) -> ResolvedDeck``: every line to the prints it can mean.

Order: set + number, card id, name within set, name alone. A name-only line means every
print of that name; whether that matters is the rules' business (``ambiguous-card``), so the
candidates are kept. Lines that match nothing, or match something that is not a playable
card, carry a finding (``unknown-card``, ``not-legal-print``); unreadable lines were already
``malformed-line`` findings of the parser.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import replace

from totemdeck.catalogue.lru import LRU
from totemdeck.catalogue.read import Catalogue
from totemdeck.decklist.language import read_in_language
from totemdeck.decklist.lookups import LINE_MEMO, SUGGESTION_BUDGET, label_of
from totemdeck.decklist.model import DeckLine, Decklist
from totemdeck.decklist.parse import parse
from totemdeck.decklist.patterns import bare_energy_type
from totemdeck.decklist.resolved import ResolvedDeck, ResolvedLine
from totemdeck.decklist.wordread import WordReading
from totemdeck.decklist.written import Reading, plausible_form
from totemdeck.findings import Finding
from totemdeck.i18n import _, current_language
from totemdeck.i18n.terms import term

__all__ = ["SUGGESTION_BUDGET", "ResolvedDeck", "ResolvedLine", "Resolver", "resolve"]

# How much of an unreadable line a malformed-line message quotes.
MAX_SHOWN = 80
# Lines asked of the catalogue at once: what it answers stays in its query memo
# (``catalogue.read.QUERY_MEMO``) until they are read, however long the list (a collection).
PREFETCH_LINES = 500


class Resolver(WordReading):
    """Every line of a deck to the prints it can mean; build once, resolve many decks."""

    def __init__(self, catalogue: Catalogue, today: dt.date | None = None) -> None:
        super().__init__(catalogue, today)
        self._reads_back: LRU[tuple[str, str], bool] = LRU(LINE_MEMO)
        # Names no reading reads (5,000 misspelled lines checked again try none of them)
        self._unread: LRU[str, bool] = LRU(LINE_MEMO)

    def resolve(self, decklist: Decklist) -> ResolvedDeck:
        findings = [
            Finding("malformed-line", _problem_message(p.line, p.message, p.raw), p.line)
            for p in decklist.problems
        ]
        self._suggestions_left = SUGGESTION_BUDGET
        read: list[ResolvedLine] = []
        for at in range(0, len(decklist.lines), PREFETCH_LINES):
            part = decklist.lines[at : at + PREFETCH_LINES]
            self._prefetch(part)
            read += [self.resolve_line(line) for line in part]
        lines = read_in_language(decklist, read)
        findings += [r.finding for r in lines if r.finding is not None]
        findings.sort(key=lambda f: f.line or 0)
        title = decklist.title
        name = decklist.name or (title if title and not self.loose.is_card_name(title) else None)
        return ResolvedDeck(decklist, tuple(lines), tuple(findings), name)

    # -- one line ---------------------------------------------------------------------------

    def _prefetch(self, lines: Sequence[DeckLine]) -> None:
        """Ask the catalogue at once for every print the lines name by set and number, that
        this resolver has not met yet (a cold ``check`` spent half its resolving on ~250
        small queries)."""
        wanted: list[tuple[str, str]] = []
        unmet = [line for line in lines if self._line_key(line) not in self._memo]
        self.vocabulary.prefetch(line.written for line in unmet if line.written)
        for line in unmet:
            if line.card_id or line.number is None or not line.set_code:
                continue
            sets, number = self.sets.read_code(line.set_code, line.number)
            wanted += [(card_set.id, number) for card_set in sets]
        self.catalogue.prefetch_set_numbers(wanted)

    @staticmethod
    def _line_key(line: DeckLine) -> tuple[object, ...]:
        # notes are sentences: a shared resolver (the web app's) keeps one per language
        written = (line.card_id, line.name, line.set_code, line.number, line.written, line.notes)
        return (*written, line.name_is_comment, current_language())

    def resolve_line(self, line: DeckLine) -> ResolvedLine:
        key = self._line_key(line)
        known = self._memo.get(key)
        if known is not None:
            return ResolvedLine(line, known[0], known[1], note=known[2])
        resolved = self.shown(self._resolve_line(line))
        if line.notes and resolved.finding is None:  # how the parser read it comes first
            note = "; ".join([*line.notes, *([resolved.note] if resolved.note else [])])
            resolved = ResolvedLine(line, resolved.candidates, resolved.via, note=note)
        if resolved.finding is None:
            self._memo.put(key, (resolved.candidates, resolved.via, resolved.note))
        return resolved

    def read_card(
        self, name: str, set_code: str = "", number: str = "", line: int = 1
    ) -> ResolvedLine:
        """One card from fields a file format already separated (a collection row's name,
        set and number, a card-name field), read with the catalogue's words as a list line
        is: the prints, how they matched (``via``) and how it was read (``note``)."""
        written = " ".join(part for part in (name, set_code, number) if part)
        fields = DeckLine(line, written, None, 1, name, set_code or None, number or None)
        return self.resolve_line(replace(fields, written=written))

    def read_text(self, text: str) -> list[ResolvedLine]:
        """Each card a written line names (``3 Rowlet, 3 Dartrix``: two), as ``resolve``."""
        return [self.resolve_line(found) for found in parse(text).lines]

    def reads_back(self, written: str, card_id: str) -> bool:
        """Whether ``1 <written>`` (``1 Charizard ex OBF 125``) resolves to that print alone;
        remembered, as a shared deck's verdict asks it of each of its lines."""
        known = self._reads_back.get((written, card_id))
        if known is None:
            again = parse(f"1 {written}").lines
            known = bool(again) and [c.id for c in self.resolve_line(again[0]).candidates] == [
                card_id
            ]
            self._reads_back.put((written, card_id), known)
        return known

    def _resolve_line(self, line: DeckLine) -> ResolvedLine:
        if line.card_id:
            return self._by_id(line, line.card_id)
        by_words = None if line.name_is_comment else self._by_words(line)
        if by_words is not None:  # the catalogue's words first, the parser's split after
            return by_words
        if line.number is not None:
            written = Reading(line.name, line.set_code or "", line.number)
            first = self._with_number(line, written)
            if first.finding is None or first.finding.code != "unknown-card":
                return first
            for reading, why in self._other_readings(written):
                other = self._with_number(line, reading)
                if other.finding is None:
                    note = "; ".join(x for x in (why, other.note) if x)
                    return ResolvedLine(line, other.candidates, other.via, note=note)
            return first
        if line.name not in self._unread:
            read = self._by_name(line)
            if read is not None:
                return read
            self._unread.put(line.name, True)  # its next line goes straight to the finding
        return self._unknown(line, _("no card is named {name!r}").format(name=line.name), line.name)

    def _by_name(self, line: DeckLine) -> ResolvedLine | None:
        """A name-only line: the name as written, then each looser reading in turn (the
        cheap ones first), or None when none reads it."""
        energy_type = self._basic_energy_type(line.name)
        if energy_type:
            return self._energy(line, energy_type, [])
        cards = tuple(self.catalogue.by_name(line.name))
        if cards:
            return self._checked(line, cards, "name")
        cards = self._by_name_without_apostrophes(line.name)
        if cards:  # "Adventurers Discovery": a shop's address drops the apostrophes
            note = _("read {name!r} as {card}").format(name=line.name, card=cards[0].name)
            return self._checked(line, cards, "name", note=note)
        loosely = self._loosely(line) or self._respelled(line)
        if loosely is not None:
            return loosely
        energy_type = self._basic_energy_type(line.name, loose=True)  # "Fire Energy BRS R"
        if energy_type:  # the words after the name are left out: said
            note = _("read {name!r} as basic {type} Energy (the words after it left out)")
            resolved = self._energy(line, energy_type, [])
            note = note.format(name=line.name, type=term(energy_type))
            return ResolvedLine(line, resolved.candidates, resolved.via, resolved.finding, note)
        head, _space, last = line.name.rpartition(" ")
        if head and self.sets.sets_for(last):  # "1 Iono PAL": a name within a set
            in_set = self._name_in_sets(head, self.sets.sets_for(last))
            if in_set:
                return self._checked(line, in_set, "name in set")
        return None

    def _name_alone(self, line: DeckLine) -> ResolvedLine | None:
        return self._resolve_line(line)

    def _by_id(self, line: DeckLine, card_id: str) -> ResolvedLine:
        """A line that names a print by id (``1 sv3-125``), its name checked when given."""
        card = self.catalogue.get(card_id)
        if card is not None and line.name and not self._same_name(line.name, card):
            if not plausible_form(line.name, card.name):
                message = _("{id} is {card}, not {name!r}").format(
                    id=card_id, card=card.name, name=line.name
                )
                elsewhere = self.catalogue.by_name(line.name)
                if elsewhere:
                    shown = ", ".join(label_of(c) for c in elsewhere[-3:])
                    message = _("{message} ({name} is {prints})").format(
                        message=message, name=line.name, prints=shown
                    )
                return self._unknown(line, message, "")
            note = _("{id} is {card}; read {name!r} as that name").format(
                id=card_id, card=card.name, name=line.name
            )
            return self._checked(line, (card,), "id", note=note)
        if card is not None:
            return self._checked(line, (card,), "id")
        named = tuple(self.catalogue.by_name(card_id))  # "1 Chi-Yu" looks like an id
        if named:
            return self._checked(line, named, "name")
        return self._unknown(
            line,
            _("no card has the id or name {id!r}").format(id=card_id),
            card_id,
        )

    def _loosely(self, line: DeckLine) -> ResolvedLine | None:
        """A name-only line written loosely: ``9 Dark``, ``ShayminEX``, ``Battle Compressor``."""
        energy_type = bare_energy_type(line.name)
        if energy_type:  # "9	Dark", "8 Fuego": basic Energy of that type
            note = _("read {name!r} as basic {type} Energy").format(
                name=line.name, type=term(energy_type)
            )
            resolved = self._energy(line, energy_type, [])
            return ResolvedLine(line, resolved.candidates, resolved.via, resolved.finding, note)
        found = self.loose.read(line.name)
        if found is None or not found[0]:
            return None
        return self._checked(line, found[0], "name", note=found[1])


def _problem_message(line: int, message: str, raw: str) -> str:
    """``line N: what: 'the line'``, a long line shortened so the message stays one line."""
    text = raw.strip()
    if not text:
        return _("line {line}: {message}").format(line=line, message=message)
    if len(text) > MAX_SHOWN:
        text = _("{start}… ({n} characters)").format(start=text[:MAX_SHOWN], n=len(text))
    return _("line {line}: {message}: {text!r}").format(line=line, message=message, text=text)


def resolve(decklist: Decklist, catalogue: Catalogue, today: dt.date | None = None) -> ResolvedDeck:
    """Resolve every line of ``decklist`` against ``catalogue`` (see ``Resolver``)."""
    return Resolver(catalogue, today).resolve(decklist)
