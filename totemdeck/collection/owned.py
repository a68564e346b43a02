"""Owned or missing: which lines of a deck a collection covers, copy by copy.

A deck line is covered by a collection line that holds the same print, or another print of
the same name that the rules judge exactly alike (``rules.engine.alike_key``: types, attack
costs, stage, subtypes, rules text, banlist, piece…); basic Energy by its type. A collection
line that names a card without its set covers a deck line only when every print it may be
judges alike with it. Each copy serves one deck card.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping

from totemdeck.base.records import frozen
from totemdeck.catalogue.model import Card, basic_energy_type
from totemdeck.catalogue.names import name_key
from totemdeck.collection.gcpause import paused_gc
from totemdeck.collection.model import Collection, Holding
from totemdeck.rules.deck import Entry, RuleContext
from totemdeck.rules.engine import alike_key

__all__ = [
    "Coverage",
    "CoveredLine",
    "OwnedSet",
    "alike_key_text",
    "copies_owned",
    "coverage",
    "holding_name",
    "judged_as",
    "owned_copies",
    "owned_prints",
]


@frozen
class CoveredLine:
    """One deck line: how many copies it needs and how many the collection covers."""

    line: int
    card: Card
    needed: int
    owned: int
    section: str | None

    @property
    def missing(self) -> int:
        return self.needed - self.owned


@frozen
class Coverage:
    """How much of a deck a collection holds, line by line."""

    lines: tuple[CoveredLine, ...]

    @property
    def needed(self) -> int:
        return sum(line.needed for line in self.lines)

    @property
    def owned(self) -> int:
        return sum(line.owned for line in self.lines)

    @property
    def missing(self) -> int:
        return self.needed - self.owned

    @property
    def missing_lines(self) -> tuple[CoveredLine, ...]:
        return tuple(line for line in self.lines if line.missing > 0)

    def as_dict(self, source: str) -> dict[str, object]:
        """The ``collection`` object of ``schemas/report.schema.json``."""
        return {
            "source": source,
            "owned": self.owned,
            "missing": self.missing,
            "needed": self.needed,
            "missing_lines": [
                {"line": m.line, "id": m.card.id, "name": m.card.name, "count": m.missing}
                for m in self.missing_lines
            ],
        }


def judged_as(card: Card, ctx: RuleContext) -> Hashable:
    """The key two prints share when one may stand in for the other in a deck."""
    if card.is_basic_energy:
        return ("basic energy", basic_energy_type(card))
    return (name_key(card.name, card.supertype), alike_key(card, ctx))


def holding_name(card: Card) -> str:
    """The name ownership sorts a print under (basic Energy by its type): only prints of one
    name may judge alike, so a deck's names say which rows of a collection it may use."""
    if card.is_basic_energy:
        return f"basic energy: {basic_energy_type(card)}"
    return name_key(card.name, card.supertype)


_name_of = holding_name


class _Pool:
    """The copies a collection still has to give, by judged-alike key. Holdings are sorted
    by name first; what a rule reads is worked out only for the names a deck asks for."""

    def __init__(self, holdings: Iterable[Holding], ctx: RuleContext) -> None:
        self.ctx = ctx
        self.unsorted: dict[Hashable, list[Holding]] = {}
        for holding in holdings:
            self.unsorted.setdefault(_name_of(holding.candidates[0]), []).append(holding)
        self.by_key: dict[Hashable, int] = {}

    def _sort(self, name: Hashable) -> None:
        for holding in self.unsorted.pop(name, ()):
            keys = {judged_as(card, self.ctx) for card in holding.candidates}
            if len(keys) != 1:
                continue  # "4 Pikachu" of prints that judge differently: which one is owned?
            (key,) = keys
            self.by_key[key] = self.by_key.get(key, 0) + holding.count

    def holds(self, card: Card) -> int:
        """The copies left that may stand in for ``card``."""
        self._sort(_name_of(card))
        return self.by_key.get(judged_as(card, self.ctx), 0)

    def take(self, card: Card, wanted: int) -> int:
        self._sort(_name_of(card))
        key = judged_as(card, self.ctx)
        given = min(wanted, self.by_key.get(key, 0))
        if given:
            self.by_key[key] -= given
        return given


def coverage(entries: Iterable[Entry], collection: Collection, ctx: RuleContext) -> Coverage:
    """Each deck entry (the Totem's too) with the copies the collection covers."""
    ordered = sorted(entries, key=lambda e: e.line)
    if collection.loader is not None:  # a stored collection: the rows of these names only
        collection = collection.loader({holding_name(e.card) for e in ordered})
    pool = _Pool(collection.holdings, ctx)
    return Coverage(
        tuple(
            CoveredLine(e.line, e.card, e.count, pool.take(e.card, e.count), e.section)
            for e in ordered
        )
    )


def alike_key_text(card: Card, ctx: RuleContext) -> str:
    """``judged_as`` as 16 hex digits: what a browser keeps of a collection (a key a print
    shares with every print that may stand in for it), the same in every process."""
    import hashlib  # here, not for every ``--collection`` check: OpenSSL loads with it

    return hashlib.blake2b(repr(judged_as(card, ctx)).encode(), digest_size=8).hexdigest()


@frozen
class OwnedSet:
    """A collection as what ownership reads of it: copies by alike key (``alike_key_text``),
    computed once when the collection is read. A line that names a card without its set
    and may be prints that judge differently ("4 Pikachu") owns none of them, as in
    ``coverage``."""

    counts: Mapping[str, int]

    @classmethod
    def of(cls, collection: Collection, ctx: RuleContext) -> OwnedSet:
        counts: dict[str, int] = {}
        with paused_gc():  # a key's tuples for each of 20,000 prints: see ``gcpause``
            for holding in collection.holdings:
                keys = {alike_key_text(card, ctx) for card in holding.candidates}
                if len(keys) == 1 and holding.count:
                    (key,) = keys
                    counts[key] = counts.get(key, 0) + holding.count
        return cls(counts)


def copies_owned(card: Card, owned: OwnedSet, ctx: RuleContext) -> int:
    """How many copies of this print the collection owns: its own and those of every print
    that judges alike with it (Ultra Ball BRS 186 owned: Ultra Ball PAF 91 owned). The one
    definition of "owned" that ``own:``, Build's and Cards' marks and ``--collection`` read."""
    return owned.counts.get(alike_key_text(card, ctx), 0)


def owned_copies(cards: Iterable[Card], collection: Collection, ctx: RuleContext) -> dict[str, int]:
    """Copies owned of each card by "judges alike" (as ``coverage`` counts them), each card
    on its own: the "owned ×N" marks of a page of results, not a deck's shared count."""
    owned = OwnedSet.of(collection, ctx)
    return {card.id: copies_owned(card, owned, ctx) for card in cards}


def owned_prints(
    collection: Collection, prints_named: Callable[[str], Iterable[Card]], ctx: RuleContext
) -> dict[str, int]:
    """Copies owned of every print that the collection's cards may stand for: each print of
    a held name that judges alike with a held print (what ``own:`` searches)."""
    names = {card.name for holding in collection.holdings for card in holding.candidates}
    prints = (card for name in names for card in prints_named(name))
    return {card_id: n for card_id, n in owned_copies(prints, collection, ctx).items() if n}
