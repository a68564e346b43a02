"""The lines of a list collection that name one print exactly, read without the resolver.

A binder kept as a list (``4 Charizard ex sv3 125``, 20,000 lines) is mostly lines that
write a print's own name, its set's id and its number. The resolver reads each such line by
the catalogue's words first (every run of its words tried as a name), then by set and
number: ~0.1 ms of CPU a line, 2.5 s for a 20,000-line binder. A line of exactly that form
(nothing else on it, no note of the parser's, a number with a digit) whose code is one
set's id or Pokémon TCG Live code and no other set's code, and whose set and number hold
one print, of exactly that name — not an Energy (a basic Energy's type stands for every
print of it), no upper-case ``EX`` without a hyphen (it may name both the EX and the ex
card), of a set a deck may play (released, no jumbo, no Pocket) — is that print: what the
resolver reads it as, with no note. Those lines are looked up in bulk
(``Catalogue.prints_at``: a few queries, no record parsed) and only their prints built,
in one load; every other line goes to the resolver as before.

``tests/collection/test_quick_lines.py`` holds the two to each other: every print of the
catalogue written as such a line reads the same both ways, and so does every real file.
"""

from __future__ import annotations

from collections.abc import Sequence

from totemdeck.catalogue.model import Card, CardSet
from totemdeck.catalogue.read import Catalogue
from totemdeck.catalogue.schema import number_key
from totemdeck.decklist import Resolver
from totemdeck.decklist.lookups import unplayable_reason
from totemdeck.decklist.model import DeckLine
from totemdeck.decklist.vocabulary import BARE_EX

__all__ = ["exact_prints"]


def _plain_line(line: DeckLine) -> bool:
    """Whether the line is ``COUNT NAME CODE NUMBER`` and nothing else the parser noted."""
    code, number, name = line.set_code, line.number, line.name
    if line.card_id or line.flags or line.notes or line.name_is_comment:
        return False
    if not code or not number or not name or BARE_EX.search(name):
        return False
    if not any(c.isdigit() for c in number):  # "Unown [A] ex10 A": ex10 reads as the number
        return False
    return line.written == f"{name} {code} {number}"


class _Codes:
    """Which written codes name one playable set by its own id and nothing else."""

    def __init__(self, resolver: Resolver) -> None:
        self.resolver = resolver
        self.known: dict[str, CardSet | None] = {}

    def set_of(self, code: str) -> CardSet | None:
        if code not in self.known:
            self.known[code] = self._read(code)
        return self.known[code]

    def _read(self, code: str) -> CardSet | None:
        index = self.resolver.sets
        found = index.sets_for(code)  # a set filed twice (a stray print's record) is one
        if len({s.id for s in found}) != 1 or code not in (found[0].id, found[0].ptcgl_code):
            return None
        if index.is_pocket(code) or index.is_energy_pseudo_set(code):
            return None
        return found[0]

    def playable(self, card: Card) -> bool:
        """Whether a deck may play the print (the resolver's own test)."""
        return unplayable_reason(card, self.resolver.today) is None


def exact_prints(
    catalogue: Catalogue, resolver: Resolver, lines: Sequence[DeckLine]
) -> dict[int, Card]:
    """The print each line (by its index in ``lines``) names exactly, for the lines that
    do (see the module); the others are the resolver's to read."""
    codes = _Codes(resolver)
    wanted: dict[int, tuple[str, str]] = {}
    for index, line in enumerate(lines):
        if _plain_line(line) and codes.set_of(line.set_code or "") is not None:
            wanted[index] = (line.set_code or "", line.number or "")
    found = catalogue.prints_at(wanted.values())
    ids: dict[int, str] = {}
    for index, (code, number) in wanted.items():
        there = found.get((code, number_key(number)), [])
        one = there[0] if len(there) == 1 else None
        if one is not None and one.name == lines[index].name and one.supertype != "Energy":
            ids[index] = one.id
    built = {card.id: card for card in catalogue.get_many(dict.fromkeys(ids.values()))}
    cards = {index: built.get(card_id) for index, card_id in ids.items()}
    return {index: card for index, card in cards.items() if card and codes.playable(card)}
