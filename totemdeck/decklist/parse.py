"""``parse(text) -> Decklist``: read a decklist as players export it, line by line.

Reads Pokémon TCG Live / Limitless text (section headers in the client's language, a
``Totem:`` section, ``PH`` flags), the older Pokémon TCG Online export (``##Pokémon - 19``,
``* 4 Name SET 123``, banners), ``4x Name``, name-only lines, card ids, comments, and the
JSON deck document. It never consults card data and never raises on any text: a line it
cannot read becomes a ``ParseProblem`` and parsing goes on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from totemdeck.base.lazy import LazyPattern
from totemdeck.catalogue.names import fold
from totemdeck.decklist.foreign import cardmarket, proxy_printer
from totemdeck.decklist.furniture import (
    count_first,
    open_comment,
    several_cards,
    strip_bullet,
    unwrapped_print,
)
from totemdeck.decklist.model import MAX_COUNT, DeckLine, Decklist, Header, ParseProblem
from totemdeck.decklist.patterns import bare_header, comma_count, title_message
from totemdeck.decklist.sections import (
    DECK_NAME_WORDS,
    SHEET_FIELD_WORDS,
    colon_label,
    counted_label,
    section_of,
)
from totemdeck.decklist.symbols import expand_symbols
from totemdeck.i18n import _

# "2 Psychic Energy - Basic CRE 232", "1 Reversal Energy - Special PAL 192": the kind is
# not part of the name.
_ENERGY_KIND = re.compile(r"(?<=\bEnergy) ++[-–] ++(?:Basic|Special)\b(?= |$)", re.IGNORECASE)
_ASCII_DIGITS = LazyPattern(r"^[0-9]{1,6}$")
_JSON_ARRAY = LazyPattern(r'^\[\s*+(?:[\[{"\]0-9-]|true\b|false\b|null\b)')
# (Stars come in runs of one or two before the first three: no repeat gives any back.)
_BANNER = re.compile(r"^[\s=~_-]*+(?:\*{1,2}+[\s=~_-]++)*+\*{3}|^[\s=~_*-]{3,}+$")
_CARD = re.compile(
    r"^(?:\*\s*+)?(?:(?P<count>\d{1,4})(?:\s*+[xX×](?=\s))?|[xX×]\s*+(?P<count2>\d{1,4}))"
    r"\s++(?P<rest>\S.*+)$"
)
# Ids as both sources write them: "sv3-125", "2023sv-1", "tk-xy-p-19", "cel25c-15_A", "exu-%3F".
_CARD_ID = re.compile(
    r"^[A-Za-z0-9][A-Za-z0-9.]{0,30}(?:-[A-Za-z0-9.]{1,30}){0,6}-[A-Za-z0-9!?%_]{1,30}$"
)
# A pokemontcg.io / TCGdex id after a name ("4 Energy Gain pl1-116", "1 Unown ex10-E"):
# lower-case set id with a digit, a dash, the number.
_DATA_ID = re.compile(r"^[a-z][a-z.]*+\d[a-z0-9.]*+-[A-Za-z0-9]++$")
# NAME SET NUMBER, the set possibly empty ("Water Energy  3" — two spaces); PTCGO's
# trainer-kit codes are the longest ("TK-AlolanRaichu").
_SET_NUMBER = re.compile(
    r"^(?P<name>\S.{0,300}?) (?P<set>[A-Za-z][A-Za-z0-9.-]{0,19}|) ?"
    r"(?P<number>[A-Za-z]{0,6}-?\d{1,4}[A-Za-z]?)$"
)
# Numbers without digits (``TM FOUR``, ``UF A``, ``UF !``, ``exu %3F``, ``MEP Museum``): read
# only after an upper-case set code, so a name's last words are never taken for a print.
_SET_WORD_NUMBER = LazyPattern(
    r"^(?P<name>\S.{0,300}?) (?:(?P<set>[A-Z][A-Z0-9]{1,5}) (?P<number>[A-Z]{1,5}|[!?]|Museum)"
    r"|(?P<set2>[a-z][a-z0-9.]{1,7}) (?P<number2>[A-Z]|[!?]|%[0-9A-F]{2}))$"
)


def _print_of(rest: str) -> re.Match[str] | None:
    """``NAME SET NUMBER`` (digits or not), also as ``NAME  (SET NUMBER)``."""
    for text in (rest, unwrapped_print(rest)):
        found = _SET_NUMBER.match(text) or _SET_WORD_NUMBER.match(text)
        if found:
            return found
    return None


def _looks_like_json(text: str) -> bool:
    """Whether text that opens with ``[`` is a JSON array (a header like ``[Pokémon]`` is not)."""
    return _JSON_ARRAY.match(text) is not None


def _counted_header(text: str) -> tuple[str, int] | None:
    """A header's label and count: ``##Pokémon - 19``, ``Pokémon (12)``, ``Pokémon 8``."""
    counted = counted_label(text)
    if counted:
        return counted
    bare = bare_header(text)
    return bare if bare is not None and section_of(bare[0])[0] else None


def _card_line(number: int, raw: str, text: str, section: str | None) -> DeckLine | None:
    """Read ``COUNT REST`` (``text`` already stripped), or None if it is not a card line;
    the line keeps ``REST`` as written for the resolver's reading by the catalogue's words."""
    match = _CARD.match(text)
    if not match:
        return None
    count = int(match.group("count") or match.group("count2"))
    rest = match.group("rest").rstrip()
    flags: list[str] = []
    while rest.endswith(" PH"):
        flags.insert(0, "PH")
        rest = rest[:-3].rstrip()
    rest = expand_symbols(rest)
    rest = _ENERGY_KIND.sub("", rest, count=1)
    return _split_line(number, raw, section, count, rest, tuple(flags))


def _split_line(
    number: int, raw: str, section: str | None, count: int, rest: str, flags: tuple[str, ...]
) -> DeckLine:
    """``REST`` split the way the parser splits it: a card id, a shop's product, a name and
    an id, ``NAME SET NUMBER``, else a name alone."""
    written = " ".join(rest.split())
    if _CARD_ID.match(rest) and " " not in rest:
        return DeckLine(number, raw, section, count, "", card_id=rest, flags=flags)
    product = cardmarket(rest)
    if product is not None:
        name, code, printed = product
        return DeckLine(
            number, raw, section, count, name, set_code=code, number=printed, written=written
        )
    head, _space, last = rest.rpartition(" ")
    if head and _DATA_ID.match(last):  # "4 Energy Gain pl1-116": a name and a card id
        return DeckLine(number, raw, section, count, head.strip(), card_id=last, written=written)
    found = _print_of(rest)
    if found:
        return DeckLine(
            number,
            raw,
            section,
            count,
            found.group("name").strip(),
            set_code=found.group("set") or found.groupdict().get("set2") or "",
            number=found.group("number") or found.groupdict().get("number2"),
            flags=flags,
            written=written,
        )
    return DeckLine(number, raw, section, count, written, flags=flags, written=written)


def _proxy_line(number: int, raw: str, text: str, section: str | None) -> DeckLine | None:
    """A proxy printer's ``SET NUMBER xCOUNT # name`` line, or None."""
    found = proxy_printer(text)
    if found is None:
        return None
    count, (name, code, printed) = found
    return DeckLine(
        number, raw, section, count, name, set_code=code, number=printed, name_is_comment=True
    )


@dataclass(slots=True)
class _Reading:
    """What ``parse`` has read so far of a text list, and the section it is in."""

    lines: list[DeckLine] = field(default_factory=list)
    headers: list[Header] = field(default_factory=list)
    problems: list[ParseProblem] = field(default_factory=list)
    section: str | None = None
    deck_name: str | None = None
    title: str | None = None
    in_comment: bool = False  # inside a comment in parentheses opened on an earlier line

    def counted_header(self, number: int, raw: str, text: str) -> bool:
        """``Pokémon 12`` / ``## Trainer (30)``: a section header with its count (True)."""
        if text[:1].isdigit():  # a card line ("4 Pikachu"), never a header
            return False
        label = text.rstrip(":： ")  # "Pokemon (12):"
        counted = _counted_header(label)  # before comments: PTCGO headers start "##"
        if not counted:
            if any(c.isdigit() for c in label):
                return False
            known, kind = section_of(label)  # a bare "Pokémon", "Trainer", "Energía"
            if not known or kind in (None, "spare"):
                return False
            self.section = kind
            self.headers.append(Header(number, raw, kind, None))
            return True
        known, kind = section_of(counted[0])
        if known and kind == "spare":
            self.section = kind
            return True
        if known:
            self.section = kind if kind is not None else self.section
            self.headers.append(Header(number, raw, kind, counted[1]))
            return True
        return False

    def colon_header(self, number: int, raw: str, text: str) -> bool:
        """``Deckname: …``, ``Pokémon: 12``, ``Totem: 1 Charizard ex OBF 125`` (True)."""
        colon = colon_label(text)
        if not colon:
            return False
        known, kind = section_of(colon[0])
        rest = colon[1]
        if fold(colon[0]) in DECK_NAME_WORDS and rest:
            if rest.strip("_ "):  # "Deckname: ______" is a sheet's blank field, no name
                self.deck_name = self.deck_name or rest[:200]  # "Deckname: Joltik Gholdengo"
            return True
        if fold(colon[0]) in SHEET_FIELD_WORDS:
            return True  # "Player name: ____" on a registration sheet
        if known and kind == "spare":
            self.section = kind
            return True
        if not known:
            return False
        if not rest or _ASCII_DIGITS.match(rest):
            self.section = kind if kind is not None else self.section
            self.headers.append(Header(number, raw, kind, int(rest) if rest else None))
            return True
        # "Totem: 1 Charizard ex OBF 125": that one line, not a section that goes on
        inline = _card_line(number, raw, rest, kind) if kind is not None else None
        if inline is not None:
            self.headers.append(Header(number, raw, kind, None))
            self.lines.append(inline)
        else:
            message = _("cannot read {text!r} after the header").format(text=rest)
            self.problems.append(ParseProblem(number, raw, message))
        return True

    def cards(self, number: int, raw: str, text: str) -> None:
        """The card lines of one line of text (``3 Rowlet, 3 Dartrix``: several), its count
        put first when written after the name (``Pikachu x4``), a comment that runs onto
        the next line left out (with a note)."""
        notes: tuple[str, ...] = ()
        opened = open_comment(text)
        if opened is not None and opened[0]:
            text, comment = opened
            self.in_comment = True
            notes = (
                _("left out the comment {text!r} (it runs onto the next line)").format(
                    text=comment[:40]
                ),
            )
        if not text[:1].isdigit():
            text = count_first(text) or text
        for part in several_cards(text):
            self.card(number, raw, part, notes)

    def card(self, number: int, raw: str, text: str, notes: tuple[str, ...] = ()) -> None:
        """A card line, or the problem that it is not one (the first such line may be the
        deck's title: ``Night March``)."""
        card = _card_line(number, raw, text, self.section) or _proxy_line(
            number, raw, text, self.section
        )
        if card is not None and notes:
            card = replace(card, notes=notes)
        if card is None:
            first = not self.lines and not self.headers and not self.problems
            if first and self.title is None and self.deck_name is None and not text[:1].isdigit():
                self.title = text[:200]  # "Night March" on line 1: the deck's title
                self.problems.append(ParseProblem(number, raw, title_message()))
                return
            message = _("not a card line (COUNT NAME [SET NUMBER]) or a header")
            self.problems.append(ParseProblem(number, raw, message))
        elif not 1 <= card.count <= MAX_COUNT:
            message = _("count {count} is not 1–{limit}").format(count=card.count, limit=MAX_COUNT)
            self.problems.append(ParseProblem(number, raw, message))
        elif not card.name and not card.card_id:
            self.problems.append(ParseProblem(number, raw, _("no card name")))
        else:
            self.lines.append(card)


def parse(text: str, source: str = "<text>") -> Decklist:
    """Parse a whole decklist; every unreadable line is recorded, none stops the rest."""
    stripped = text.lstrip("\ufeff \t\r\n")
    if stripped.startswith("{") or (stripped.startswith("[") and _looks_like_json(stripped)):
        from totemdeck.decklist.jsondeck import parse_json_deck

        return parse_json_deck(stripped, source)
    from totemdeck.decklist.csvdeck import looks_like_csv_deck, parse_csv_deck

    if looks_like_csv_deck(stripped):  # totemdeck's own CSV export
        return parse_csv_deck(stripped, source)
    read = _Reading()
    for number, raw_line in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        raw = raw_line.rstrip("\r\n")
        text_line = raw.replace("\t", " ").replace("\u00a0", " ").strip()
        if not text_line or _BANNER.match(text_line):
            continue
        if read.in_comment and not text_line[:1].isdigit():  # "… (a comment that goes on"
            read.in_comment = ")" not in text_line  # "and ends here)"
            continue
        read.in_comment = False
        text_line = strip_bullet(comma_count(text_line))  # "4,Metagross", "- 4 Pikachu"
        if read.counted_header(number, raw, text_line):
            continue
        if text_line.startswith(("#", "//")) or read.colon_header(number, raw, text_line):
            continue
        if read.section != "spare":  # a tool's spare cards beyond the deck: not part of it
            read.cards(number, raw, text_line)
    return Decklist(
        tuple(read.lines),
        tuple(read.headers),
        tuple(read.problems),
        source,
        name=read.deck_name,
        title=read.title,
    )
