"""``resolve(decklist, catalogue) -> ResolvedDeck``: every line to the prints it can mean.

Order: set + number, card id, name within set, name alone. A name-only line means every
print of that name; whether that matters is the rules' business (``ambiguous-card``), so the
candidates are kept. Lines that match nothing, or match something that is not a playable
card, carry a finding (``unknown-card``, ``not-legal-print``); unreadable lines were already
``malformed-line`` findings of the parser.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from totemdeck.catalogue.localized import shown_label, shown_set_name
from totemdeck.catalogue.lru import LRU
from totemdeck.catalogue.model import Card, CardSet, basic_energy_type
from totemdeck.catalogue.names import name_key
from totemdeck.catalogue.read import Catalogue
from totemdeck.catalogue.suggest import Suggester, similarity
from totemdeck.decklist.language import read_in_language
from totemdeck.decklist.loose import LooseNames
from totemdeck.decklist.model import DeckLine, Decklist
from totemdeck.decklist.patterns import bare_energy_type, foreign_name_admits, foreign_script
from totemdeck.decklist.setcodes import SetIndex, find_number
from totemdeck.decklist.written import (
    CODE_WORD,
    NAME_SUFFIXES,
    Reading,
    plausible_form,
)
from totemdeck.decklist.written import basic_energy_type as basic_energy_of
from totemdeck.findings import Finding
from totemdeck.i18n import _, current_language
from totemdeck.i18n.terms import term

# A name written close enough to the print's name is that print (typos, old spellings).
NAME_MATCH_THRESHOLD = 85.0
# How far past a set's cards a client's numbering of its subset may run (GEN RC27 = 127,
# with 117 cards in the data); a number beyond that is a mistake, not a numbering habit.
NUMBERED_ON = 100
# How much of an unreadable line a malformed-line message quotes.
MAX_SHOWN = 80


def _label(card: Card) -> str:
    """``Charizard ex OBF 125`` with the name in the language being spoken."""
    return shown_label(card, current_language())


@dataclass(frozen=True, slots=True)
class ResolvedLine:
    """A deck line and every print it can mean (empty when ``finding`` says why)."""

    line: DeckLine
    candidates: tuple[Card, ...]
    via: str  # how it was matched: "set+number", "id", "name in set", "name", "basic energy"
    finding: Finding | None = None
    note: str | None = None

    @property
    def resolved(self) -> bool:
        return bool(self.candidates) and self.finding is None


@dataclass(frozen=True, slots=True)
class ResolvedDeck:
    decklist: Decklist
    lines: tuple[ResolvedLine, ...]
    findings: tuple[Finding, ...]  # malformed-line, unknown-card, not-legal-print
    # The deck's name: a "Deckname:" header, else a title on line 1 that names no card.
    name: str | None = None

    @property
    def totem(self) -> tuple[ResolvedLine, ...]:
        return tuple(r for r in self.lines if r.line.is_totem)

    @property
    def main(self) -> tuple[ResolvedLine, ...]:
        return tuple(r for r in self.lines if not r.line.is_totem)


# "Did you mean" costs ~1 ms a name (fuzzy over ~20,000 names): a deck gets suggestions for
# its first this many unknown names; the rest are reported without them, and say so.
SUGGESTION_BUDGET = 25
# Lines remembered (as written) by a long-lived resolver.
LINE_MEMO = 8192


class Resolver:
    """Holds what resolution needs from a catalogue; build once, resolve many decks."""

    def __init__(self, catalogue: Catalogue, today: dt.date | None = None) -> None:
        self.catalogue = catalogue
        self.sets = SetIndex.build(catalogue)
        self.today = (today or dt.date.today()).isoformat()
        self._suggester: Suggester | None = None
        self._apostrophe_free: dict[str, str] | None = None  # built on first need
        self._basic_energy: dict[str, tuple[Card, ...]] = {}
        self.loose = LooseNames(catalogue)  # ShayminEX, Mr.Mime, Battle Compressor, Gengar Prime
        # What a line's text resolved to (lines that resolved cleanly); decks share cards.
        self._memo: LRU[tuple[object, ...], tuple[tuple[Card, ...], str, str | None]] = LRU(
            LINE_MEMO
        )
        self._suggestions_left = SUGGESTION_BUDGET  # reset by each ``resolve``

    @property
    def suggester(self) -> Suggester:
        if self._suggester is None:  # built on first unknown name: ~20,000 names folded
            self._suggester = Suggester(self.catalogue.names(), self.catalogue.alias_names())
        return self._suggester

    def resolve(self, decklist: Decklist) -> ResolvedDeck:
        findings = [
            Finding("malformed-line", _problem_message(p.line, p.message, p.raw), p.line)
            for p in decklist.problems
        ]
        self._suggestions_left = SUGGESTION_BUDGET
        lines = read_in_language(decklist, [self.resolve_line(line) for line in decklist.lines])
        findings += [r.finding for r in lines if r.finding is not None]
        findings.sort(key=lambda f: f.line or 0)
        title = decklist.title
        name = decklist.name or (title if title and not self.loose.is_card_name(title) else None)
        return ResolvedDeck(decklist, tuple(lines), tuple(findings), name)

    # -- one line ---------------------------------------------------------------------------

    def resolve_line(self, line: DeckLine) -> ResolvedLine:
        # notes are sentences: a shared resolver (the web app's) keeps one per language
        key = (line.card_id, line.name, line.set_code, line.number, current_language())
        known = self._memo.get(key)
        if known is not None:
            return ResolvedLine(line, known[0], known[1], note=known[2])
        resolved = self._resolve_line(line)
        if resolved.finding is None:
            self._memo.put(key, (resolved.candidates, resolved.via, resolved.note))
        return resolved

    def _resolve_line(self, line: DeckLine) -> ResolvedLine:
        if line.card_id:
            card = self.catalogue.get(line.card_id)
            if card is not None and line.name and not self._same_name(line.name, card):
                if not plausible_form(line.name, card.name):
                    message = _("{id} is {card}, not {name!r}").format(
                        id=line.card_id, card=card.name, name=line.name
                    )
                    elsewhere = self.catalogue.by_name(line.name)
                    if elsewhere:
                        shown = ", ".join(_label(c) for c in elsewhere[-3:])
                        message = _("{message} ({name} is {prints})").format(
                            message=message, name=line.name, prints=shown
                        )
                    return self._unknown(line, message, "")
                note = _("{id} is {card}; read {name!r} as that name").format(
                    id=line.card_id, card=card.name, name=line.name
                )
                return self._checked(line, (card,), "id", note=note)
            if card is not None:
                return self._checked(line, (card,), "id")
            named = tuple(self.catalogue.by_name(line.card_id))  # "1 Chi-Yu" looks like an id
            if named:
                return self._checked(line, named, "name")
            return self._unknown(
                line,
                _("no card has the id or name {id!r}").format(id=line.card_id),
                line.card_id,
            )
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
        loosely = self._loosely(line)
        if loosely is not None:
            return loosely
        energy_type = self._basic_energy_type(line.name, loose=True)  # "Fire Energy BRS R"
        if energy_type:
            return self._energy(line, energy_type, [])
        head, _space, last = line.name.rpartition(" ")
        if head and self.sets.sets_for(last):  # "1 Iono PAL": a name within a set
            in_set = self._name_in_sets(head, self.sets.sets_for(last))
            if in_set:
                return self._checked(line, in_set, "name in set")
        return self._unknown(line, _("no card is named {name!r}").format(name=line.name), line.name)

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

    def _with_number(self, line: DeckLine, written: Reading) -> ResolvedLine:
        """A line that gives a number: by set and number first, then by name."""
        code = written.code
        pocket = bool(code) and self.sets.is_pocket(code)
        resolved = (
            None
            if pocket and not self.sets.sets_for(code)
            else self._by_set_and_number(line, written)
        )
        if resolved is None or (pocket and resolved.finding is not None):
            # B2 is Base Set 2 and a Pocket set: a line that names no Base Set 2 card is Pocket
            return ResolvedLine(
                line,
                (),
                "set+number",
                Finding(
                    "not-legal-print",
                    _(
                        "line {line}: {code} is a Pokémon TCG Pocket set (a digital-only game), "
                        "not a playable card"
                    ).format(line=line.line, code=code),
                    line.line,
                ),
            )
        return resolved

    def _by_set_and_number(self, line: DeckLine, written: Reading) -> ResolvedLine:
        name, code, number = written
        energy_type = self._basic_energy_type(name, code, number)
        sets, number = self.sets.read_code(code, number) if code else ((), number)
        found = find_number(self.catalogue, sets, number) if sets else []
        promo = self.sets.promo_set_for(number)
        if not found and promo is not None:  # "PR SWSH154": the prefix names the promo set
            sets, found = (promo,), find_number(self.catalogue, (promo,), number)
        if not sets:
            if energy_type:
                return self._energy(line, energy_type, [])
            # An unknown code may be part of the name ("1 Charizard ex 125"), or a code we
            # do not know: try the name with and without it before giving up.
            for joined in ([f"{name} {code}"] if code else []) + [name]:
                cards = tuple(self.catalogue.by_name(joined))
                if cards:
                    note = (
                        _("set code {code!r} not known; matched by name").format(code=code)
                        if code
                        else None
                    )
                    return self._checked(line, cards, "name", note=note)
            what = " ".join(x for x in (name, code, number) if x)
            return self._unknown(line, _("no card matches {text!r}").format(text=what), name)
        matching = [c for c in found if self._same_name(name, c)]
        if not matching and len(sets) > 1:  # "G1" is printed by Gym Heroes, "g1" Generations'
            matching = self._same_number_elsewhere(name, sets, number, found)  # id
        if matching:
            note = _subset_note(code, number, matching[0])
            return self._checked(line, tuple(matching), "set+number", note=note)
        if energy_type:
            return self._energy(line, energy_type, found)
        other = self._other_client(line, written, found)
        if other is not None:  # "SSP 84" in PTCGO's numbering, "4 盖诺赛克特V FST 255"
            return other
        where = f"{code} {number}"
        if found:  # the number exists: the name may be another print's in that set
            by_name = self._name_in_sets(name, sets)
            if by_name:  # "SHF 99" is SV099 Skwovet; the Drizzile of SHF is SV026 (73 + 26)
                labels = ", ".join(c.label for c in by_name[:3])
                note = _("{where} is {card}; took {prints}, the {name} of {code}").format(
                    where=where, card=found[0].name, prints=labels, name=name, code=code
                )
                return self._checked(line, by_name, "name in set", note=note)
            if line.name_is_comment:  # "SFA 59 x4 # Janine's Secret Technique"
                note = _("{where} is {card} (the comment says {name!r})").format(
                    where=where, card=found[0].name, name=name
                )
                return self._checked(line, (found[0],), "set+number", note=note)
            plausible = [c for c in found if plausible_form(name, c.name)]
            if plausible:  # "Battle Compressor PHF 92" is "Battle Compressor Team Flare Gear"
                note = _("{where} is {card}; read {name!r} as that name").format(
                    where=where, card=plausible[0].name, name=name
                )
                return self._checked(line, tuple(plausible), "set+number", note=note)
            return self._unknown(line, self._other_card_message(written, found[0]), "")
        joined_name = tuple(self.catalogue.by_name(f"{name} {code}"))
        if joined_name:  # "1 Charizard ex 125": "ex" is part of the name, not EX's code
            return self._checked(
                line,
                joined_name,
                "name",
                note=_("read {code!r} as part of the name").format(code=code),
            )
        # Only a number within the code's sets counted together (a subset numbered on);
        # "OBF 999" is a mistake, not a numbering habit.
        in_sets = self._name_in_sets(name, sets) if _within(number, sets) else ()
        if len(in_sets) == 1:  # "GEN 114" is RC14: clients number subsets straight on
            card = in_sets[0]
            note = _("{code} has no card {number}; took {label}, the one {card} there").format(
                code=code, number=number, label=_label(card), card=card.name
            )
            return self._checked(line, in_sets, "name in set", note=note)
        if in_sets:  # "LTR 124" is RC9 Kirlia, but LTR 60 is a Kirlia too: the rules decide
            labels = ", ".join(_label(c) for c in in_sets[:3])
            note = _("{code} has no card {number}; read as {name} in {code} ({prints})").format(
                code=code, number=number, name=name, prints=labels
            )
            return self._checked(line, in_sets, "name in set", note=note)
        message = self._no_number_message(written, sets)
        known = bool(self.catalogue.by_name(name))
        return self._unknown(line, message, "" if known else name)

    def _same_number_elsewhere(
        self, name: str, sets: tuple[CardSet, ...], number: str, found: list[Card]
    ) -> list[Card]:
        """The prints of that name and number in the code's other sets: a code two sets
        share (Gym Heroes prints ``G1``, Generations' id is ``g1``) means the one whose card
        it is."""
        return [
            c
            for card_set in sets
            for c in self.catalogue.by_set_number(card_set.id, number)
            if c not in found and self._same_name(name, c)
        ]

    def _other_client(
        self, line: DeckLine, written: Reading, found: list[Card]
    ) -> ResolvedLine | None:
        """A code another client gave another set (PTCGO's ``SSP`` was the SWSH promos,
        PTCG Live's is Surging Sparks), and a name in a script the catalogue cannot read
        (``4 盖诺赛克特V FST 255``): the number and, when it can be read, the name decide;
        else both readings stand (an ambiguous line)."""
        name, code, number = written
        alternatives = self.sets.client_sets_for(code)
        other = find_number(self.catalogue, alternatives, number) if alternatives else []
        if not foreign_script(name):
            matching = tuple(c for c in other if self._same_name(name, c))
            if not matching:
                return None
            note = _("{code} {number} is {card} in the other client's numbering ({set})")
            return self._checked(
                line,
                matching,
                "set+number",
                note=note.format(
                    code=code, number=number, card=matching[0].label, set=matching[0].set.name
                ),
            )
        ruled_out = [c for c in (*found, *other) if not foreign_name_admits(name, c)]
        found = [c for c in found if c not in ruled_out]  # "リッチエネルギー SSP 191"
        other = [c for c in other if c not in ruled_out]
        cards = (*found, *other)
        if not cards:
            return None
        labels = ", ".join(c.label for c in cards[:4])
        if found and other:
            note = _(
                "{code} means another set in each client and the name {name!r} cannot be "
                "read here: {code} {number} may be {prints}"
            ).format(code=code, number=number, name=name, prints=labels)
        else:
            note = _(
                "the name {name!r} is in a script the catalogue has no names for; "
                "trusted {code} {number}: {prints}"
            ).format(code=code, number=number, name=name, prints=labels)
        if ruled_out:
            note = _("{note} (what the name still says rules out {prints})").format(
                note=note, prints=", ".join(c.label for c in ruled_out[:3])
            )
        return self._checked(line, cards, "set+number", note=note)

    def _other_readings(self, written: Reading) -> Iterator[tuple[Reading, str]]:
        """Other ways to split a line into name and code, most likely first.

        ``Mew ex PR SVP 53`` (PR belongs to the code), ``Ultra Ball 30C 128`` and
        ``Meloetta ex SV 11B 47`` (codes that start with a digit or hold a space, which the
        parser leaves in the name).
        """
        name, code, number = written
        words = name.split()
        if code and len(words) > 1 and words[-1].casefold() == "pr":
            yield (
                Reading(" ".join(words[:-1]), code, number),
                _("read 'PR' as part of the set code"),
            )
        for size in (1, 2):
            if len(words) <= size:
                break
            tail = words[-size:]
            if not _code_words(tail):
                continue
            peeled = " ".join([*tail, code]).strip()
            note = _("read {words!r} as the set code").format(words=" ".join(tail))
            yield Reading(" ".join(words[:-size]), peeled, number), note

    # -- helpers ----------------------------------------------------------------------------

    def _same_name(self, written: str, card: Card) -> bool:
        if not written:
            return True
        if name_key(written, card.supertype) == name_key(card.name, card.supertype):
            return True
        if any(name_key(alias) == name_key(written) for alias in card.aliases.values()):
            return True
        return similarity(written, card.name) >= NAME_MATCH_THRESHOLD

    def _by_name_without_apostrophes(self, name: str) -> tuple[Card, ...]:
        """The prints whose name is ``name`` once apostrophes are dropped from both."""
        if self._apostrophe_free is None:
            self._apostrophe_free = {}
            for known in self.catalogue.names():
                key = name_key(known).replace("'", "")
                self._apostrophe_free.setdefault(key, known)
        found = self._apostrophe_free.get(name_key(name).replace("'", ""))
        return tuple(self.catalogue.by_name(found)) if found else ()

    def _name_in_sets(self, name: str, sets: tuple[CardSet, ...]) -> tuple[Card, ...]:
        set_ids = {s.id for s in sets}
        return tuple(c for c in self.catalogue.by_name(name) if c.set.id in set_ids)

    def _basic_energy_type(
        self, name: str, code: str = "", number: str = "", *, loose: bool = False
    ) -> str | None:
        """The type a basic Energy line names (``written.basic_energy_type``), or None."""
        pseudo = bool(code) and self.sets.is_energy_pseudo_set(code)
        return basic_energy_of(name, code, number, pseudo, self.sets.energy_order, loose=loose)

    def _energy(self, line: DeckLine, energy_type: str, found: list[Card]) -> ResolvedLine:
        """A basic Energy line: the print its set and number name, else that basic Energy."""
        exact = tuple(c for c in found if c.is_basic_energy and basic_energy_type(c) == energy_type)
        if exact:
            return self._checked(line, exact, "set+number")
        if energy_type not in self._basic_energy:
            prints = self.catalogue.by_name(f"{energy_type} Energy")
            prints += self.catalogue.by_name(f"Basic {energy_type} Energy")
            self._basic_energy[energy_type] = tuple(
                sorted((c for c in prints if c.is_basic_energy), key=lambda c: c.set.release_date)
            )
        cards = self._basic_energy[energy_type]
        if not cards:
            return self._unknown(
                line,
                _("no basic {type} Energy in the catalogue").format(type=term(energy_type)),
                line.name,
            )
        return ResolvedLine(line, cards, "basic energy")

    def _checked(
        self, line: DeckLine, cards: tuple[Card, ...], via: str, note: str | None = None
    ) -> ResolvedLine:
        """Keep only playable prints; a line left with none is ``not-legal-print``."""
        playable = tuple(c for c in cards if self._playable(c) is None)
        if playable:
            return ResolvedLine(line, playable, via, note=note)
        reason = self._playable(cards[0]) or _("not a playable card")
        return ResolvedLine(
            line,
            (),
            via,
            Finding(
                "not-legal-print",
                _("line {line}: {card} is {reason}").format(
                    line=line.line, card=_label(cards[0]), reason=reason
                ),
                line.line,
                tuple(c.id for c in cards),
            ),
        )

    def unplayable_reason(self, card: Card) -> str | None:
        """Why a print is not a playable card (Pocket, jumbo, released after today), or None."""
        return self._playable(card)

    def _playable(self, card: Card) -> str | None:
        if card.set.release_date > self.today:
            return _("from {set}, released {date} (after today)").format(
                set=shown_set_name(card, current_language()), date=card.set.release_date
            )
        lowered = f"{card.set.name} {card.set.series}".casefold()
        if "jumbo" in lowered or "oversize" in lowered:
            return _("a jumbo (oversized) card")
        if "pocket" in lowered:
            return _("a Pokémon TCG Pocket card (a digital-only game)")
        return None

    def _other_card_message(self, written: Reading, found: Card) -> str:
        name, code, number = written
        where = _("{code} {number} is {card}, not {name!r}").format(
            code=code, number=number, card=found.name, name=name
        )
        elsewhere = self.catalogue.by_name(name)
        if elsewhere:
            return _("{message} ({name} is {prints})").format(
                message=where, name=name, prints=", ".join(_label(c) for c in elsewhere[-3:])
            )
        return where

    def _no_number_message(self, written: Reading, sets: tuple[CardSet, ...]) -> str:
        name, code, number = written
        same_name = self._name_in_sets(name, sets) if name else ()
        where = _("{code} has no card {number}").format(code=code, number=number)
        if same_name:
            return _("{message}; {code} {number} is {card}").format(
                message=where, code=code, number=same_name[0].number, card=same_name[0].name
            )
        anywhere = self.catalogue.by_name(name) if name else []
        if anywhere:
            shown = ", ".join(_label(c) for c in anywhere[-3:])
            return _("{message}; {name} is {prints}").format(message=where, name=name, prints=shown)
        return where

    def _unknown(self, line: DeckLine, message: str, written: str) -> ResolvedLine:
        """An ``unknown-card`` finding; ``written`` (if any) gets the closest names."""
        text = _("line {line}: {message}").format(line=line.line, message=message)
        context: dict[str, Any] = {"suggestions": []}
        if written and self._suggestions_left <= 0:
            text = _("{message} (no suggestions past the first {n} unknown names)").format(
                message=text, n=SUGGESTION_BUDGET
            )
            context["suggestions_skipped"] = True
        elif written:
            self._suggestions_left -= 1
            suggestions = self.suggester.closest(written)
            context["suggestions"] = suggestions
            if suggestions:
                text = _("{message}; did you mean {names}?").format(
                    message=text, names=", ".join(repr(s) for s in suggestions)
                )
        return ResolvedLine(
            line, (), "none", Finding("unknown-card", text, line.line, context=context)
        )


# A code written with a space after its one letter: Japanese sets "M 2" (M2), "M 1L" (M1L).
_LETTER_AND_DIGITS = re.compile(r"^[A-Z]$"), re.compile(r"^\d{1,2}[A-Z]?$")


def _code_words(tail: list[str]) -> bool:
    """Whether a name's last words can be a set code the parser left in the name: code
    words (``30C``, ``SV 11B``) that are no name suffix, or one capital letter and its digits
    (``M 2``)."""
    if all(CODE_WORD.match(w) and w.casefold() not in NAME_SUFFIXES for w in tail):
        return True
    letter, digits = _LETTER_AND_DIGITS
    return len(tail) == 2 and bool(letter.match(tail[0]) and digits.match(tail[1]))


def _subset_note(code: str, number: str, card: Card) -> str | None:
    """``SHF 99`` read as Shiny Vault SV026: a subset card numbered after its main set says
    so (a number that only drops its padding, ``PR-SW 68`` = SWSH068, does not)."""
    digits = re.sub(r"\D", "", card.number)
    if not number.isdigit() or card.number.isdigit() or not digits:
        return None
    if int(digits) == int(number[:6]):
        return None
    # a subset the data gives no client code of its own (Hidden Fates' Shiny Vault, "sma")
    # is named by the code it was found under: "HIF SV84", not "sma SV84"
    label = card.label if card.set.ptcgl_code else f"{card.name} {code.upper()} {card.number}"
    return _("{code} {number} is {label}, the subset's card numbered after the main set").format(
        code=code, number=number, label=label
    )


def _within(number: str, sets: tuple[CardSet, ...]) -> bool:
    """Whether a number is one a client could have given a card of ``sets``: at most their
    cards counted together plus ``NUMBERED_ON`` (PTCGO numbered GEN's RC27 as 127)."""
    digits = re.sub(r"\D", "", number)
    return bool(digits) and int(digits[:6]) <= sum(s.total or 0 for s in sets) + NUMBERED_ON


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
