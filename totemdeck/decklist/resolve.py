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
from dataclasses import dataclass

from totemdeck.catalogue.model import Card, basic_energy_type
from totemdeck.catalogue.names import fold, name_key
from totemdeck.catalogue.read import Catalogue
from totemdeck.catalogue.suggest import Suggester, similarity
from totemdeck.decklist.model import DeckLine, Decklist
from totemdeck.decklist.setcodes import SetIndex, find_number
from totemdeck.findings import Finding

_BASIC_ENERGY = re.compile(
    r"^(?:basic )?(?P<type>grass|fire|water|lightning|psychic|fighting|darkness|dark|metal|fairy)"
    r" energy$"
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
# A name written close enough to the print's name is that print (typos, old spellings).
NAME_MATCH_THRESHOLD = 85.0
# How much of an unreadable line a malformed-line message quotes.
MAX_SHOWN = 80


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

    @property
    def totem(self) -> tuple[ResolvedLine, ...]:
        return tuple(r for r in self.lines if r.line.is_totem)

    @property
    def main(self) -> tuple[ResolvedLine, ...]:
        return tuple(r for r in self.lines if not r.line.is_totem)


class Resolver:
    """Holds what resolution needs from a catalogue; build once, resolve many decks."""

    def __init__(self, catalogue: Catalogue, today: dt.date | None = None) -> None:
        self.catalogue = catalogue
        self.sets = SetIndex.build(catalogue)
        self.today = (today or dt.date.today()).isoformat()
        self._suggester: Suggester | None = None
        self._basic_energy: dict[str, tuple[Card, ...]] = {}
        # What a line's text resolved to (lines that resolved cleanly); decks share cards.
        self._memo: dict[tuple[object, ...], tuple[tuple[Card, ...], str, str | None]] = {}

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
        lines = [self.resolve_line(line) for line in decklist.lines]
        findings += [r.finding for r in lines if r.finding is not None]
        findings.sort(key=lambda f: f.line or 0)
        return ResolvedDeck(decklist, tuple(lines), tuple(findings))

    # -- one line ---------------------------------------------------------------------------

    def resolve_line(self, line: DeckLine) -> ResolvedLine:
        key = (line.card_id, line.name, line.set_code, line.number)
        known = self._memo.get(key)
        if known is not None:
            return ResolvedLine(line, known[0], known[1], note=known[2])
        resolved = self._resolve_line(line)
        if resolved.finding is None:
            self._memo[key] = (resolved.candidates, resolved.via, resolved.note)
        return resolved

    def _resolve_line(self, line: DeckLine) -> ResolvedLine:
        if line.card_id:
            card = self.catalogue.get(line.card_id)
            if card is not None:
                return self._checked(line, (card,), "id")
            named = tuple(self.catalogue.by_name(line.card_id))  # "1 Chi-Yu" looks like an id
            if named:
                return self._checked(line, named, "name")
            return self._unknown(line, f"no card has the id or name {line.card_id!r}", line.card_id)
        energy_type = self._basic_energy_type(line)
        if line.number is not None:
            code = line.set_code or ""
            if code and self.sets.is_pocket(code):
                return ResolvedLine(
                    line,
                    (),
                    "set+number",
                    Finding(
                        "not-legal-print",
                        f"line {line.line}: {code} is a Pokémon TCG Pocket set (a digital-only "
                        "game), not a playable card",
                        line.line,
                    ),
                )
            sets = self.sets.sets_for(code) if code else ()
            if sets:
                found = find_number(self.catalogue, sets, line.number)
                matching = [c for c in found if self._same_name(line.name, c)]
                if matching:
                    return self._checked(line, tuple(matching), "set+number")
                if energy_type:
                    return self._energy(line, energy_type, found)
                if found:  # the number exists: the name may be another print's in that set
                    by_name = self._name_in_sets(line.name, sets)
                    if by_name:
                        return self._checked(line, by_name, "name in set")
                    return self._unknown(line, self._other_card_message(line, found[0]), "")
                joined = tuple(self.catalogue.by_name(f"{line.name} {code}"))
                if joined:  # "1 Charizard ex 125": "ex" is part of the name, not EX's code
                    return self._checked(
                        line, joined, "name", note=f"read {code!r} as part of the name"
                    )
                message = self._no_number_message(line, code, sets)
                known = bool(self.catalogue.by_name(line.name))
                return self._unknown(line, message, "" if known else line.name)
            if energy_type:
                return self._energy(line, energy_type, [])
            # An unknown code may be part of the name ("1 Charizard ex 125"), or a code we
            # do not know: try the name with and without it before giving up.
            for name in ([f"{line.name} {code}"] if code else []) + [line.name]:
                cards = tuple(self.catalogue.by_name(name))
                if cards:
                    note = f"set code {code!r} not known; matched by name" if code else None
                    return self._checked(line, cards, "name", note=note)
            what = f"{line.name} {code} {line.number}".replace("  ", " ")
            return self._unknown(line, f"no card matches {what!r}", line.name)
        if energy_type:
            return self._energy(line, energy_type, [])
        cards = tuple(self.catalogue.by_name(line.name))
        if cards:
            return self._checked(line, cards, "name")
        head, _, last = line.name.rpartition(" ")
        if head and self.sets.sets_for(last):  # "1 Iono PAL": a name within a set
            in_set = self._name_in_sets(head, self.sets.sets_for(last))
            if in_set:
                return self._checked(line, in_set, "name in set")
        return self._unknown(line, f"no card is named {line.name!r}", line.name)

    # -- helpers ----------------------------------------------------------------------------

    def _same_name(self, written: str, card: Card) -> bool:
        if not written:
            return True
        if name_key(written, card.supertype) == name_key(card.name, card.supertype):
            return True
        if any(name_key(alias) == name_key(written) for alias in card.aliases.values()):
            return True
        return similarity(written, card.name) >= NAME_MATCH_THRESHOLD

    def _name_in_sets(self, name: str, sets: tuple[object, ...]) -> tuple[Card, ...]:
        set_ids = {getattr(s, "id", None) for s in sets}
        return tuple(c for c in self.catalogue.by_name(name) if c.set.id in set_ids)

    def _basic_energy_type(self, line: DeckLine) -> str | None:
        """The type a basic Energy line names, from its name or its pseudo-set number."""
        folded = fold(line.name)
        match = _BASIC_ENERGY.match(folded)
        if match:
            kind = match.group("type")
            return "Darkness" if kind == "dark" else kind.capitalize()
        spanish = _BASIC_ENERGY_ES.match(folded)
        if spanish:
            return _SPANISH_TYPES[spanish.group("type")]
        code, number = line.set_code or "", line.number or ""
        if code and self.sets.is_energy_pseudo_set(code) and number.isdigit():
            order = self.sets.energy_order
            index = (int(number) - 1) % len(order)
            return order[index] if fold(line.name).endswith("energy") else None
        return None

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
            return self._unknown(line, f"no basic {energy_type} Energy in the catalogue", line.name)
        return ResolvedLine(line, cards, "basic energy")

    def _checked(
        self, line: DeckLine, cards: tuple[Card, ...], via: str, note: str | None = None
    ) -> ResolvedLine:
        """Keep only playable prints; a line left with none is ``not-legal-print``."""
        playable = tuple(c for c in cards if self._playable(c) is None)
        if playable:
            return ResolvedLine(line, playable, via, note=note)
        reason = self._playable(cards[0]) or "not a playable card"
        return ResolvedLine(
            line,
            (),
            via,
            Finding(
                "not-legal-print",
                f"line {line.line}: {cards[0].label} is {reason}",
                line.line,
                tuple(c.id for c in cards),
            ),
        )

    def _playable(self, card: Card) -> str | None:
        if card.set.release_date > self.today:
            return f"from {card.set.name}, released {card.set.release_date} (after today)"
        lowered = f"{card.set.name} {card.set.series}".casefold()
        if "jumbo" in lowered or "oversize" in lowered:
            return "a jumbo (oversized) card"
        if "pocket" in lowered:
            return "a Pokémon TCG Pocket card (a digital-only game)"
        return None

    def _other_card_message(self, line: DeckLine, found: Card) -> str:
        where = f"{line.set_code} {line.number} is {found.name}, not {line.name!r}"
        elsewhere = self.catalogue.by_name(line.name)
        if elsewhere:
            return f"{where} ({line.name} is {', '.join(c.label for c in elsewhere[-3:])})"
        return where

    def _no_number_message(self, line: DeckLine, code: str, sets: tuple[object, ...]) -> str:
        same_name = self._name_in_sets(line.name, sets) if line.name else ()
        where = f"{code} has no card {line.number}"
        if same_name:
            return f"{where}; {code} {same_name[0].number} is {same_name[0].name}"
        anywhere = self.catalogue.by_name(line.name) if line.name else []
        if anywhere:
            shown = ", ".join(c.label for c in anywhere[-3:])
            return f"{where}; {line.name} is {shown}"
        return where

    def _unknown(self, line: DeckLine, message: str, written: str) -> ResolvedLine:
        """An ``unknown-card`` finding; ``written`` (if any) gets the closest names."""
        suggestions = self.suggester.closest(written) if written else []
        text = f"line {line.line}: {message}"
        if suggestions:
            text += "; did you mean " + ", ".join(repr(s) for s in suggestions) + "?"
        return ResolvedLine(
            line,
            (),
            "none",
            Finding("unknown-card", text, line.line, context={"suggestions": suggestions}),
        )


def _problem_message(line: int, message: str, raw: str) -> str:
    """``line N: what: 'the line'``, a long line shortened so the message stays one line."""
    text = raw.strip()
    if not text:
        return f"line {line}: {message}"
    if len(text) > MAX_SHOWN:
        text = f"{text[:MAX_SHOWN]}… ({len(text)} characters)"
    return f"line {line}: {message}: {text!r}"


def resolve(decklist: Decklist, catalogue: Catalogue, today: dt.date | None = None) -> ResolvedDeck:
    """Resolve every line of ``decklist`` against ``catalogue`` (see ``Resolver``)."""
    return Resolver(catalogue, today).resolve(decklist)
