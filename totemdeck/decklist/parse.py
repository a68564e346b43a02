"""``parse(text) -> Decklist``: read a decklist as players export it, line by line.

Reads Pokémon TCG Live / Limitless text (section headers in the client's language, a
``Totem:`` section, ``PH`` flags), the older Pokémon TCG Online export (``##Pokémon - 19``,
``* 4 Name SET 123``, banners), ``4x Name``, name-only lines, card ids, comments, and the
JSON deck document. It never consults card data and never raises on any text: a line it
cannot read becomes a ``ParseProblem`` and parsing goes on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from totemdeck.catalogue.names import fold
from totemdeck.decklist.foreign import cardmarket, proxy_printer
from totemdeck.decklist.model import MAX_COUNT, DeckLine, Decklist, Header, ParseProblem
from totemdeck.decklist.patterns import (
    CJK_SECTION_WORDS,
    SHEET_FIELD_WORDS,
    bare_header,
    comma_count,
    title_message,
)
from totemdeck.decklist.symbols import expand_symbols
from totemdeck.i18n import _
from totemdeck.lazy import LazyPattern

# Section words as Pokémon TCG Live, Limitless and PTCGO write them, folded (no accents, lower
# case), in the clients' languages: English, French, Spanish, German, Italian, Portuguese.
SECTION_WORDS: dict[str, str | None] = {
    **dict.fromkeys(["totem", "totems", "totem pokemon"], "totem"),
    **dict.fromkeys(["pokemon", "pokemon cards", "pokemons"], "pokemon"),
    **dict.fromkeys(["main deck", "main", "deck", "mazo", "mazo principal"], "main"),
    **dict.fromkeys(
        [
            "trainer", "trainers", "trainer cards", "dresseur", "dresseurs", "entrenador",
            "entrenadores", "allenatore", "allenatori", "treinador", "treinadores",
            "trainer-karten", "trainerkarten",
        ],
        "trainer",
    ),
    **dict.fromkeys(
        [
            "energy", "energies", "energy cards", "energie", "energia", "energias",
            "energie-karten", "energiekarten", "energias basicas",
        ],
        "energy",
    ),
    **dict.fromkeys(
        [
            "total cards", "total", "total de cartes", "total de cartas", "cartas totales",
            "carte totali", "totale carte", "karten insgesamt", "gesamtzahl der karten",
            "karten gesamt", "gesamt", "total des cartes",
        ],
        None,
    ),
}  # fmt: skip

# Header words of lines a tool writes about the deck, not cards: its name, and spare cards
# listed beyond the deck (PTCG_print's "Spare: 3"), which are left out.
DECK_NAME_WORDS = frozenset({"deckname", "deck name", "nom du deck", "nombre del mazo"})
SECTION_WORDS.update(dict.fromkeys(["spare", "spares", "spare cards"], "spare"))
# Looked up folded, and folding drops kana's voicing marks (ポ → ホ) and splits Hangul: the
# keys are folded the same way.
SECTION_WORDS.update({fold(word): kind for word, kind in CJK_SECTION_WORDS.items()})


# "2 Psychic Energy - Basic CRE 232", "1 Reversal Energy - Special PAL 192": the kind is
# not part of the name.
_ENERGY_KIND = re.compile(r"(?<=\bEnergy) +[-–] +(?:Basic|Special)\b(?= |$)", re.IGNORECASE)
_ASCII_DIGITS = LazyPattern(r"^[0-9]{1,6}$")
_JSON_ARRAY = LazyPattern(r'^\[\s*(?:[\[{"\]0-9-]|true\b|false\b|null\b)')
_BANNER = re.compile(r"^[\s*=~_-]*\*{3,}.*$|^[\s=~_*-]{3,}$")
_COLON_HEADER = re.compile(r"^(?P<label>[^\d:：]+?)\s*[:：]\s*(?P<rest>.*)$")
# "##Pokémon - 19" (PTCGO), "Total Cards - 60", "Pokémon (12)", "##Energy: 10".
_COUNT_HEADER = re.compile(
    r"^(?:##\s*)?(?P<label>[^\d]+?)\s*(?:[-–:]\s*(?P<a>\d{1,6})|\((?P<b>\d{1,6})\))\s*$"
)
_CARD = re.compile(
    r"^(?:\*\s*)?(?:(?P<count>\d{1,4})\s*[xX×]?|[xX×]\s*(?P<count2>\d{1,4}))\s+(?P<rest>\S.*)$"
)
# Ids as both sources write them: "sv3-125", "2023sv-1", "tk-xy-p-19", "cel25c-15_A", "exu-%3F".
_CARD_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9.]*(?:-[A-Za-z0-9.]+)*-[A-Za-z0-9!?%_]+$")
# A pokemontcg.io / TCGdex id after a name ("4 Energy Gain pl1-116", "1 Unown ex10-E"):
# lower-case set id with a digit, a dash, the number.
_DATA_ID = re.compile(r"^[a-z][a-z.]*\d[a-z0-9.]*-[A-Za-z0-9]+$")
# NAME SET NUMBER, the set possibly empty ("Water Energy  3" — two spaces); PTCGO's
# trainer-kit codes are the longest ("TK-AlolanRaichu").
_SET_NUMBER = re.compile(
    r"^(?P<name>\S.*?) (?P<set>[A-Za-z][A-Za-z0-9.-]{0,19}|) ?"
    r"(?P<number>[A-Za-z]{0,6}-?\d{1,4}[A-Za-z]?)$"
)
# Numbers without digits (``TM FOUR``, ``UF A``, ``UF !``, ``exu %3F``, ``MEP Museum``): read
# only after an upper-case set code, so a name's last words are never taken for a print.
_SET_WORD_NUMBER = LazyPattern(
    r"^(?P<name>\S.*?) (?:(?P<set>[A-Z][A-Z0-9]{1,5}) (?P<number>[A-Z]{1,5}|[!?]|Museum)"
    r"|(?P<set2>[a-z][a-z0-9.]{1,7}) (?P<number2>[A-Z]|[!?]|%[0-9A-F]{2}))$"
)


# "1 × Charizard ex  (OBF 125)": the print in parentheses, as the text export writes it.
_IN_PARENS = re.compile(r"\s+\((?P<print>[A-Za-z][A-Za-z0-9.-]{0,19} \S{1,8})\)$")


def _print_of(rest: str) -> re.Match[str] | None:
    """``NAME SET NUMBER`` (digits or not), also as ``NAME  (SET NUMBER)``."""
    for text in (rest, _IN_PARENS.sub(r" \g<print>", rest)):
        found = _SET_NUMBER.match(text) or _SET_WORD_NUMBER.match(text)
        if found:
            return found
    return None


def _looks_like_json(text: str) -> bool:
    """Whether text that opens with ``[`` is a JSON array (a header like ``[Pokémon]`` is not)."""
    return _JSON_ARRAY.match(text) is not None


def _counted_header(text: str) -> tuple[str, int] | None:
    """A header's label and count: ``##Pokémon - 19``, ``Pokémon (12)``, ``Pokémon 8``."""
    counted = _COUNT_HEADER.match(text)
    if counted:
        return counted.group("label"), int(counted.group("a") or counted.group("b"))
    bare = bare_header(text)
    return bare if bare is not None and _section_of(bare[0])[0] else None


def _section_of(label: str) -> tuple[bool, str | None]:
    """Whether ``label`` is a known header word, and which section (None: a total).

    A character lost to a wrong encoding (``Pok?mon``, ``Pok\ufffdmon``) stands for any one.
    """
    key = fold(label).rstrip(" .")
    if key in SECTION_WORDS:
        return True, SECTION_WORDS[key]
    if ("?" in key or "\ufffd" in key) and len(key) <= 30:
        pattern = re.compile("".join("." if c in "?\ufffd" else re.escape(c) for c in key))
        found = [word for word in SECTION_WORDS if pattern.fullmatch(word)]
        if len({SECTION_WORDS[word] for word in found}) == 1:
            return True, SECTION_WORDS[found[0]]
    return False, None


def _card_line(number: int, raw: str, text: str, section: str | None) -> DeckLine | None:
    """Read ``COUNT REST`` (``text`` already stripped), or None if it is not a card line."""
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
    if _CARD_ID.match(rest) and " " not in rest:
        return DeckLine(number, raw, section, count, "", card_id=rest, flags=tuple(flags))
    product = cardmarket(rest)
    if product is not None:
        name, code, printed = product
        return DeckLine(number, raw, section, count, name, set_code=code, number=printed)
    head, _space, last = rest.rpartition(" ")
    if head and _DATA_ID.match(last):  # "4 Energy Gain pl1-116": a name and a card id
        return DeckLine(number, raw, section, count, head.strip(), card_id=last)
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
            flags=tuple(flags),
        )
    return DeckLine(number, raw, section, count, " ".join(rest.split()), flags=tuple(flags))


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

    def counted_header(self, number: int, raw: str, text: str) -> bool:
        """``Pokémon 12`` / ``## Trainer (30)``: a section header with its count (True)."""
        counted = _counted_header(text)  # before comments: PTCGO headers start "##"
        if not counted:
            return False
        known, kind = _section_of(counted[0])
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
        colon = _COLON_HEADER.match(text)
        if not colon:
            return False
        known, kind = _section_of(colon.group("label"))
        rest = colon.group("rest").strip()
        if fold(colon.group("label")) in DECK_NAME_WORDS and rest:
            self.deck_name = self.deck_name or rest[:200]  # "Deckname: Joltik Gholdengo"
            return True
        if fold(colon.group("label")) in SHEET_FIELD_WORDS:
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

    def card(self, number: int, raw: str, text: str) -> None:
        """A card line, or the problem that it is not one (the first such line may be the
        deck's title: ``Night March``)."""
        card = _card_line(number, raw, text, self.section) or _proxy_line(
            number, raw, text, self.section
        )
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
        text_line = comma_count(text_line)  # "4,Metagross"
        if read.counted_header(number, raw, text_line):
            continue
        if text_line.startswith(("#", "//")) or read.colon_header(number, raw, text_line):
            continue
        if read.section != "spare":  # a tool's spare cards beyond the deck: not part of it
            read.card(number, raw, text_line)
    return Decklist(
        tuple(read.lines),
        tuple(read.headers),
        tuple(read.problems),
        source,
        name=read.deck_name,
        title=read.title,
    )
