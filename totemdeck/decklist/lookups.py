"""What every way of resolving a line shares: the catalogue's lookups, the name test, the
playable-print filter and the ``unknown-card`` finding with its "did you mean"."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import Any

from totemdeck.catalogue.localized import shown_label, shown_set_name
from totemdeck.catalogue.lru import LRU
from totemdeck.catalogue.model import Card, CardSet, basic_energy_type
from totemdeck.catalogue.names import fold, name_key
from totemdeck.catalogue.read import Catalogue
from totemdeck.catalogue.suggest import Suggester, similarity
from totemdeck.decklist.loose import LooseNames
from totemdeck.decklist.model import DeckLine
from totemdeck.decklist.resolved import ResolvedLine
from totemdeck.decklist.setcodes import SetIndex
from totemdeck.decklist.written import Reading
from totemdeck.decklist.written import basic_energy_type as basic_energy_of
from totemdeck.findings import Finding
from totemdeck.i18n import _, current_language
from totemdeck.i18n.terms import term

# A name written close enough to the print's name is that print (typos, old spellings).
NAME_MATCH_THRESHOLD = 85.0
# "Did you mean" costs ~1 ms a name (fuzzy over ~20,000 names): a deck gets suggestions for
# its first this many unknown names; the rest are reported without them, and say so.
SUGGESTION_BUDGET = 25
# Lines remembered (as written) by a long-lived resolver.
LINE_MEMO = 8192
# An unknown-card finding's context key for the suggestions it is to get once shown.
PENDING = "_suggest_once_shown"


def label_of(card: Card) -> str:
    """``Charizard ex OBF 125`` with the name in the language being spoken."""
    return shown_label(card, current_language())


class Lookups:
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

    def _same_name(self, written: str, card: Card) -> bool:
        if not written:
            return True
        wanted = self._basic_energy_type(written) if card.is_basic_energy else None
        if wanted:  # "Fighting Energy" is not "Lightning Energy", however alike they are spelled
            return wanted == basic_energy_type(card)
        if self._named_exactly(written, card):
            return True
        return similarity(written, card.name) >= NAME_MATCH_THRESHOLD

    @staticmethod
    def _named_exactly(written: str, card: Card) -> bool:
        """The name is the print's (or an alias), up to case, accents and apostrophes."""
        if name_key(written, card.supertype) == name_key(card.name, card.supertype):
            return True
        return any(name_key(alias) == name_key(written) for alias in card.aliases.values())

    def _likeness_note(self, written: str, card: Card, code: str, number: str) -> str | None:
        """A name taken only for being close to the print's (``Pokx Pad POR 81``, an é lost to
        an encoding) is said: the set and number decided, not the name."""
        if not written or card.is_basic_energy or self._named_exactly(written, card):
            return None
        said = _("the name '{name}' is not the print's own; trusted {code} {number}: {label}")
        return said.format(name=written, code=code, number=number, label=label_of(card))

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
                    line=line.line, card=label_of(cards[0]), reason=reason
                ),
                line.line,
                tuple(c.id for c in cards),
            ),
        )

    def unplayable_reason(self, card: Card) -> str | None:
        """Why a print is not a playable card (Pocket, jumbo, released after today), or None."""
        return self._playable(card)

    def _playable(self, card: Card) -> str | None:
        return unplayable_reason(card, self.today)

    def _name_alone(self, line: DeckLine) -> ResolvedLine | None:
        """``line`` (its set and number left out) read as a name-only line is: the resolver
        knows how; these lookups alone do not."""
        return None

    def _code_not_known(self, line: DeckLine, written: Reading) -> ResolvedLine:
        """An unknown code may be part of the name (``1 Charizard ex 125``), or a code we do
        not know: the name with and without it, before giving up."""
        name, code, number = written
        for joined in ([f"{name} {code}"] if code else []) + [name]:
            cards = tuple(self.catalogue.by_name(joined))
            if cards:
                note = (
                    _("set code {code!r} not known; matched by name").format(code=code)
                    if code
                    else None
                )
                return self._checked(line, cards, "name", note=note)
        alone = self._name_alone(replace(line, set_code=None, number=None, written=name))
        if code and alone is not None and alone.finding is None:  # "trainers mail ee ee"
            unknown = _("set code {code!r} not known; matched by name").format(code=code)
            note = "; ".join(x for x in (unknown, alone.note) if x)
            return ResolvedLine(line, alone.candidates, alone.via, note=note)
        what = " ".join(x for x in (name, code, number) if x)
        return self._unknown(line, _("no card matches {text!r}").format(text=what), name)

    def _unknown(
        self, line: DeckLine, message: str, written: str, suggestions: list[str] | None = None
    ) -> ResolvedLine:
        """An ``unknown-card`` finding; ``written`` (if any) is to get the closest names (or
        ``suggestions``, when the caller knows them better) once the finding is the one
        shown (``shown``): a reading tried and given up spends none of the deck's budget."""
        text = _("line {line}: {message}").format(line=line.line, message=message)
        context: dict[str, Any] = {"suggestions": [], PENDING: (written, suggestions)}
        return ResolvedLine(
            line, (), "none", Finding("unknown-card", text, line.line, context=context)
        )

    def shown(self, resolved: ResolvedLine) -> ResolvedLine:
        """``resolved`` as the deck shows it: an ``unknown-card`` finding gets its "did you
        mean" now, from the deck's budget (the first ``SUGGESTION_BUDGET`` such lines)."""
        finding = resolved.finding
        if finding is None or PENDING not in finding.context:
            return resolved
        context = {k: v for k, v in finding.context.items() if k != PENDING}
        written, suggestions = finding.context[PENDING]
        text = finding.message
        if written and self._suggestions_left <= 0:
            text = _("{message} (no suggestions past the first {n} unknown names)").format(
                message=text, n=SUGGESTION_BUDGET
            )
            context["suggestions_skipped"] = True
        elif written:
            self._suggestions_left -= 1
            suggestions = suggestions or self.suggester.closest(written)
            context["suggestions"] = suggestions
            if suggestions:
                text = _("{message}; did you mean {names}?").format(
                    message=text, names=", ".join(repr(s) for s in suggestions)
                )
        return replace(resolved, finding=replace(finding, message=text, context=context))


def kind_written(name: str, found: list[Card]) -> tuple[str, str] | None:
    """``("Prime Catcher", "ACESPEC")`` for ``Prime Catcher - ACESPEC`` when the words after
    the last `` - `` are the kind of a card ``found`` (its supertype or a subtype, spaces and
    case aside), as results tables write it; else None."""
    head, dash, kind = name.rpartition(" - ")
    letters = "".join(ch for ch in fold(kind) if ch.isalnum())
    if not (dash and head.strip() and letters):
        return None
    kinds = {
        "".join(ch for ch in fold(k) if ch.isalnum())
        for c in found
        for k in (c.supertype, *c.subtypes)
    }
    return (head.strip(), kind.strip()) if letters in kinds else None


def noted_first(resolved: ResolvedLine, note: str) -> ResolvedLine:
    """``resolved`` with ``note`` said before its own note."""
    said = "; ".join(x for x in (note, resolved.note) if x)
    return ResolvedLine(resolved.line, resolved.candidates, resolved.via, note=said)


def unplayable_reason(card: Card, today: str) -> str | None:
    """Why a deck may not play the print (``not-legal-print``), or None when it may: a set
    released after today, a jumbo card, a Pokémon TCG Pocket card. One test for the resolver
    and the collection's bulk reading, so the two never disagree."""
    if card.set.release_date > today:
        return _("from {set}, released {date} (after today)").format(
            set=shown_set_name(card, current_language()), date=card.set.release_date
        )
    lowered = f"{card.set.name} {card.set.series}".casefold()
    if "jumbo" in lowered or "oversize" in lowered:
        return _("a jumbo (oversized) card")
    if "pocket" in lowered:
        return _("a Pokémon TCG Pocket card (a digital-only game)")
    return None
