"""One CSV row of a collection export → the prints it can be.

Apps write a card their own way: "Charizard ex - 125/197" (TCGplayer seller), "Lugia #9" and
"Zapdos [Corrected] #15" (PriceCharting), "SVP 176" (Collectr), "Urshifu V" for the card the
catalogue calls "Rapid Strike Urshifu V", no number at all (a binder kept by name and set).
A row is read, most exact first: in its set (and sub-sets) at its number; at that number,
when one name holds the other's words; in its set by name (artist and rarity telling prints
apart); in every set its loose set name fits ("Promo"); and last by its name alone — each
reading but the first two says so.
"""

from __future__ import annotations

import re

from totemdeck.catalogue.model import Card
from totemdeck.catalogue.names import fold
from totemdeck.collection import formats
from totemdeck.collection.sets import SetNames
from totemdeck.decklist import Resolver
from totemdeck.decklist.model import DeckLine
from totemdeck.decklist.resolved import ResolvedLine
from totemdeck.findings import Finding
from totemdeck.i18n import _

__all__ = ["copies", "row_line"]

_NUMBER_OF = re.compile(r"^\s*([A-Za-z]*\d+[A-Za-z]*)\s*/\s*[A-Za-z]*\d+\s*$")  # "223/197"
# "… - 125/197", "… - SV107", and numbers in letters: Unown's "Unown - H/28", "- ONE/123"
# (Alph Lithograph), "- Museum/0" (Pikachu at the Museum)
_NAME_NUMBER = re.compile(
    r"\s+-\s+(?:[A-Za-z]*\d+[A-Za-z]*(?:/[A-Za-z]*\d+)?|[A-Za-z!?]{1,8}/[A-Za-z]*\d+)\s*$"
)
# PriceCharting "Lugia #9", "Unown [!] #!", "Alph Lithograph #ONE"
_HASH_NUMBER = re.compile(r"\s*#\s*([A-Za-z]*\d+[A-Za-z]*|[A-Za-z!?]{1,8})\s*$")
_CODE_NUMBER = re.compile(r"^[A-Za-z]{2,5}\s+(\d+)$")  # Collectr "SVP 176"
_ASIDE = re.compile(r"\s*(?:\[[^\]]*\]|\([^)]*\))")  # "[1st Edition]", "(Alternate Art)"
_WORD = re.compile(r"[\w'’.★]+")
# Other words for the same thing: basic Energy types as shops and older cards name them
# ("Steel Energy"), ★ spelled out ("Umbreon Star"), M for Mega ("Mega Rayquaza EX")
_SAME_WORDS = {"steel": "metal", "electric": "lightning", "dark": "darkness", "★": "star",
               "m": "mega"}  # fmt: skip

Reading = tuple[ResolvedLine | None, Finding | None, str | None]


def _number(written: str | None) -> str | None:
    if not written:
        return None
    match = _NUMBER_OF.match(written) or _CODE_NUMBER.match(written.strip())
    return match.group(1) if match else written.strip()


MAX_COPIES = 1_000_000
LOOSE_SETS = 40  # sets a loose set name is tried in, at most: what one row may cost
MAX_NAME = 200  # characters: the longest card name has 50; what the patterns below may meet
_PLAIN = re.compile(r"[0-9]{1,7}")
_THOUSANDS = re.compile(r"[0-9]{1,3}(?:([,.' \u00a0\u202f])[0-9]{3})(?:\1[0-9]{3})*")  # 1,000 1.000
_WHOLE = re.compile(r"([0-9]{1,7})[.,]0{1,2}")  # a spreadsheet's 4.0


def copies(written: str | None) -> int | str:
    """The copies a count cell says (None: the table has no count column, one copy; an
    empty cell: none), or why it says none: ``1,000`` and ``1.000`` are a thousand, ``4.0``
    four; ``1.5``, ``²`` or a 5,000-digit number are not counts."""
    if written is None:
        return 1
    text = written.strip()
    if not text:
        return 0
    value: int | None = None
    if _PLAIN.fullmatch(text):
        value = int(text)
    elif _THOUSANDS.fullmatch(text):
        value = int(re.sub(r"[^0-9]", "", text))
    elif match := _WHOLE.fullmatch(text):
        value = int(match.group(1))
    if value is None:
        shown = text if len(text) <= 40 else text[:40] + "…"
        return _("{count!r} is not a number of copies").format(count=shown)
    if value > MAX_COPIES:
        return _("{count} copies is more than {most:,}").format(count=value, most=MAX_COPIES)
    return value


def _same_number(card: Card, number: str | None) -> bool:
    return number is None or card.number.lstrip("0").casefold() == number.lstrip("0").casefold()


def _words(name: str) -> set[str]:
    plain = re.sub(r"_+", "_", fold(name))  # "___________'s Pikachu" is "_____'s Pikachu"
    return {_SAME_WORDS.get(w, w) for w in _WORD.findall(plain)}


def _narrowed(cards: tuple[Card, ...], row: formats.CsvRow) -> tuple[Card, ...]:
    """The prints by the row's artist and of its rarity, as far as they tell them apart."""
    for written, of in ((row.artist, "artist"), (row.rarity, "rarity")):
        kept = tuple(c for c in cards if written and fold(getattr(c, of) or "") == fold(written))
        cards = kept or cards
    return cards


def _names_and_number(row: formats.CsvRow) -> tuple[list[str], str | None]:
    """The names a row's card may go by, plainest reading last, and its number."""
    name, number = row.name, _number(row.number)
    if (suffix := _NAME_NUMBER.search(name)) is not None:
        written = suffix.group(0).strip().removeprefix("-").strip()
        name, number = name[: suffix.start()], number or _number(written)
    if (match := _HASH_NUMBER.search(name)) is not None:
        name, number = name[: match.start()], number or match.group(1)
    names = [name.strip(), _ASIDE.sub("", name).strip()]
    return [n for i, n in enumerate(names) if n and n not in names[:i]], number


class _Row:
    """A row being read: its copies, names and number, and the resolver that reads it."""

    def __init__(self, row: formats.CsvRow, count: int, resolver: Resolver) -> None:
        self.row, self.count, self.resolver = row, count, resolver
        self.names, self.number = _names_and_number(row)

    def line(self, name: str, set_id: str | None = None) -> DeckLine:
        number = self.number if set_id else None
        return DeckLine(self.row.line, self.row.raw, None, self.count, name, set_id, number)

    def in_sets(self, set_ids: list[str], exact: bool) -> ResolvedLine | None:
        """In those sets at the row's number (``exact``: that number, not a namesake's)."""
        for name in self.names:
            for set_id in set_ids:
                resolved = self.resolver.resolve_line(self.line(name, set_id))
                same = all(_same_number(c, self.number) for c in resolved.candidates)
                if resolved.finding is None and (same or not exact):
                    return resolved
        return None

    def at_number(self, set_ids: list[str]) -> Reading | None:
        """The card at that number whose name holds the row's words, or is held by them."""
        written = _words(self.names[-1])
        for set_id in set_ids if self.number else ():
            for card in self.resolver.catalogue.by_set_number(set_id, self.number or ""):
                have = _words(card.name)
                if written and (written <= have or have <= written):
                    note: str | None = _("read {name!r} as {card}").format(
                        name=self.names[0], card=card.name
                    )
                    if fold(card.name) in {fold(name) for name in self.names}:
                        note = None
                    return ResolvedLine(self.line(card.name), (card,), "set+number"), None, note
        return None

    def by_name_in(self, set_ids: list[str]) -> ResolvedLine | None:
        """Without a number: the prints of that name in those sets."""
        for name in self.names:
            resolved = self.resolver.resolve_line(self.line(name))
            within = tuple(c for c in resolved.candidates if c.set.id in set_ids)
            if resolved.finding is None and within:
                within = _narrowed(within, self.row)
                return ResolvedLine(resolved.line, within, "name in set", note=resolved.note)
        return None

    def loosely(self, tiers: list[list[str]]) -> Reading | None:
        """A loose set name ("Promo"): the sets where the card is at that number, from the
        sets that share the most words with the name down."""
        found: list[Card] = []
        tried = 0
        for set_ids in tiers if self.number else ():
            for set_id in set_ids[: max(0, LOOSE_SETS - tried)]:
                tried += 1
                resolved = self.in_sets([set_id], exact=True)
                found += [c for c in resolved.candidates if c not in found] if resolved else []
            if found:
                break
        if not found:
            return None
        note = None
        if len(found) > 1:
            note = _("set {set!r} number {number}: one of {prints}").format(
                set=" / ".join(self.row.set_names),
                number=self.number,
                prints=", ".join(c.id for c in found),
            )
        return ResolvedLine(self.line(self.names[0]), tuple(found), "set+number"), None, note


def _by_name(reading: _Row, written: list[str]) -> Reading:
    """The last reading: by the card's name alone, saying which set or number was not found."""
    resolver, names = reading.resolver, reading.names
    resolved, used = resolver.resolve_line(reading.line(names[0])), names[0]
    for name in names[1:]:
        if resolved.finding is None:
            break
        resolved, used = resolver.resolve_line(reading.line(name)), name
    if resolved.finding is not None:
        return None, resolved.finding, None
    if not written and reading.number is None:
        aside = None  # "Drakloak (Energy Symbol Pattern)" read as Drakloak: said
        if used != names[0]:
            aside = _("read {name!r} as {card!r}").format(name=names[0], card=used)
        return resolved, None, aside
    where = " / ".join(written) or "?"
    if reading.number is None:
        note = _("set {set!r} not found; read by the name {name!r}").format(
            set=where, name=names[0]
        )
    elif numbered := tuple(c for c in resolved.candidates if _same_number(c, reading.number)):
        # "Alternate Art Promos,Guzzlord-GX,63a": no such set, but one Guzzlord-GX is 63a
        resolved = ResolvedLine(resolved.line, numbered, resolved.via, note=resolved.note)
        note = _("set {set!r} not found; read by the name {name!r} and number {number}").format(
            set=where, number=reading.number, name=names[0]
        )
    else:
        note = _("set {set!r} number {number} not found; read by the name {name!r}").format(
            set=where, number=reading.number, name=names[0]
        )
    return resolved, None, note


def _by_id(row: formats.CsvRow, count: int, resolver: Resolver) -> ResolvedLine | None:
    """The print a row's id column names (pokemontcg.io's ``base3-53``), when the catalogue
    holds it and the row's name, if any, is that card's; else None, and the row is read by
    its other cells (a shop's product id, a name the id belies)."""
    written = (row.card_id or "").strip()
    if not written or len(written) > 40 or resolver.catalogue.get(written) is None:
        return None
    line = DeckLine(row.line, row.raw, None, count, row.name, card_id=written)
    resolved = resolver.resolve_line(line)
    if resolved.finding is not None or len(resolved.candidates) != 1:
        return None
    named, card = _words(row.name), resolved.candidates[0]
    have = _words(card.name)
    return resolved if not named or named <= have or have <= named else None


def row_line(row: formats.CsvRow, resolver: Resolver, sets: SetNames) -> Reading:
    """The row read as a line of prints, or the finding that says why it cannot be; and a
    note when the reading is not the row's own set and number. A row whose number is not
    its place (a JSON entry's variant) says its place in words in its finding."""
    resolved, finding, note = _row_line(row, resolver, sets)
    if not row.label:
        return resolved, finding, note
    if finding is not None:
        prefix = _("line {line}: {message}").format(line=row.line, message="")
        message = finding.message.removeprefix(prefix).removeprefix(f"{row.where}: ")
        finding = Finding(finding.code, f"{row.where}: {message}", row.line, finding.cards,
                          finding.context)  # fmt: skip
    return resolved, finding, note


def _row_line(row: formats.CsvRow, resolver: Resolver, sets: SetNames) -> Reading:
    count = copies(row.count)
    if isinstance(count, str):
        message = f"{row.where}: {count}"
        return None, Finding("malformed-line", message, row.line), None
    if row.card_id and (by_id := _by_id(row, count, resolver)) is not None:
        return by_id, None, None
    if not row.name:
        message = _("{where}: no card name").format(where=row.where)
        return None, Finding("malformed-line", message, row.line), None
    if len(row.name) > MAX_NAME:
        message = _("{where}: a card name of {n:,} characters").format(
            where=row.where, n=len(row.name)
        )
        return None, Finding("malformed-line", message, row.line), None
    reading = _Row(row, count, resolver)
    written = [w for w in (*row.set_names, row.set_code or "") if w]
    set_ids = sets.find(written)
    if set_ids and reading.number:
        exact = reading.in_sets(set_ids, exact=True)
        if exact is not None:
            return exact, None, None
        at = reading.at_number(set_ids)
        if at is not None:
            return at
        near = reading.in_sets(set_ids, exact=False)
        if near is not None:
            return near, None, None
    if set_ids and not reading.number:
        within = reading.by_name_in(set_ids)
        if within is not None:
            return within, None, None
    if written and not set_ids:
        loose = reading.loosely(sets.loose(written))
        if loose is not None:
            return loose
    return _by_name(reading, written)
