"""Lines that give a number (``1 Charizard ex OBF 125``): by set and number first, then
the other ways players and clients write them (subsets numbered on, another client's
codes, codes the parser left in the name)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from totemdeck.catalogue.model import Card, CardSet
from totemdeck.decklist.lookups import Lookups, kind_written, label_of, noted_first
from totemdeck.decklist.model import DeckLine
from totemdeck.decklist.patterns import foreign_name_admits, foreign_script
from totemdeck.decklist.resolved import ResolvedLine
from totemdeck.decklist.setcodes import find_number
from totemdeck.decklist.written import Reading, code_words, plausible_form
from totemdeck.findings import Finding
from totemdeck.i18n import _

# How far past a set's cards a client's numbering of its subset may run (GEN RC27 = 127,
# with 117 cards in the data); a number beyond that is a mistake, not a numbering habit.
NUMBERED_ON = 100


class NumberedLines(Lookups):
    """The set-and-number half of the resolver."""

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
            return self._code_not_known(line, written)
        matching = [c for c in found if self._same_name(name, c)]
        if not matching and len(sets) > 1:  # "G1" is printed by Gym Heroes, "g1" Generations'
            matching = self._same_number_elsewhere(name, sets, number, found)  # id
        if matching:
            notes = (
                self._likeness_note(name, matching[0], code, number),
                _subset_note(code, number, matching[0]),
            )
            note = "; ".join(n for n in notes if n) or None
            return self._checked(line, tuple(matching), "set+number", note=note)
        if energy_type:
            return self._energy(line, energy_type, found)
        other = self._other_client(line, written, found)
        if other is not None:  # "SSP 84" in PTCGO's numbering, "4 盖诺赛克特V FST 255"
            return other
        if found:  # the number exists: the name may be another print's in that set
            return self._another_card_there(line, written, number, sets, found)
        return self._number_not_there(line, written, number, sets)

    def _another_card_there(
        self,
        line: DeckLine,
        written: Reading,
        number: str,
        sets: tuple[CardSet, ...],
        found: list[Card],
    ) -> ResolvedLine:
        """The set has that number (as the code reads it), but another card's name: the name
        elsewhere in the set, a comment, a form of the name, else ``unknown-card``."""
        name, code, _written_number = written
        where = f"{code} {number}"
        kind = kind_written(name, found)
        if kind is not None:  # "Prime Catcher - ACESPEC TEF 157": the card's kind after it
            again = self._by_set_and_number(line, Reading(kind[0], code, _written_number))
            said = _("read {kind!r} after the name as the card's kind").format(kind=kind[1])
            return again if again.finding else noted_first(again, said)
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

    def _number_not_there(
        self, line: DeckLine, written: Reading, number: str, sets: tuple[CardSet, ...]
    ) -> ResolvedLine:
        """The code's sets have no such number (as the code reads it): ``ex`` was part of the
        name, a client numbered a subset on, else ``unknown-card``."""
        name, code, _written_number = written
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
                code=code, number=number, label=label_of(card), card=card.name
            )
            return self._checked(line, in_sets, "name in set", note=note)
        if in_sets:  # "LTR 124" is RC9 Kirlia, but LTR 60 is a Kirlia too: the rules decide
            labels = ", ".join(label_of(c) for c in in_sets[:3])
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
            if not code_words(tail):
                continue
            peeled = " ".join([*tail, code]).strip()
            note = _("read {words!r} as the set code").format(words=" ".join(tail))
            yield Reading(" ".join(words[:-size]), peeled, number), note

    # -- helpers ----------------------------------------------------------------------------

    def _other_card_message(self, written: Reading, found: Card) -> str:
        name, code, number = written
        where = _("{code} {number} is {card}, not {name!r}").format(
            code=code, number=number, card=found.name, name=name
        )
        elsewhere = self.catalogue.by_name(name)
        if elsewhere:
            return _("{message} ({name} is {prints})").format(
                message=where, name=name, prints=", ".join(label_of(c) for c in elsewhere[-3:])
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
            shown = ", ".join(label_of(c) for c in anywhere[-3:])
            return _("{message}; {name} is {prints}").format(message=where, name=name, prints=shown)
        return where


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
