"""The deck in a URL: a compact, versioned, lossless encoding of a decklist and its name.

A share code is what a link (``/check?d=…``, ``/build?d=…``) or ``totemdeck check --share`` carries:
the version character ``3``, the raw DEFLATE of the deck's name and its lines in base64url, and a
check (``codec``, the one codec of deck and game codes: a mangled link is refused as damaged, never
read as another deck). Every line of the list is kept in its place (so findings keep their line
numbers): a line that named a print and resolved is written as ``COUNT CARD-ID`` (the same print,
shorter), every other line — headers, name-only lines, lines that match no card, lines that are not
card lines at all — as it was written. Decoding gives back text that the ordinary reader, resolver
and rules judge, so a shared deck gets exactly the verdict the pasted one got, with nothing stored
on the server.

Older codes still decode: version ``2`` (the same, without the check) and ``1`` (card ids
and counts only, before the deck name and unmatched lines were kept).

A code comes from strangers (a link in a chat), so decoding is strict and bounded: its
length, the inflated size, the number of lines, each count's digits (before ``int()``) and
each id's characters are capped, and every failure is one ``ShareCodeError`` with a
sentence a player understands.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from totemdeck.base.errors import ShareCodeError as ShareCodeError
from totemdeck.base.lazy import LazyPattern
from totemdeck.base.records import frozen
from totemdeck.codec import Codec, CodeWords
from totemdeck.decklist.model import DeckLine, Decklist
from totemdeck.i18n import N_, _
from totemdeck.sharecode.cards import MAX_ENTRIES as MAX_ENTRIES
from totemdeck.sharecode.cards import SharedCard, old_cards
from totemdeck.sharecode.links import BadBaseUrl as BadBaseUrl
from totemdeck.sharecode.links import base_url_of as base_url_of
from totemdeck.sharecode.links import code_in as code_in
from totemdeck.sharecode.links import share_link as share_link

if TYPE_CHECKING:
    from totemdeck.decklist.resolve import Resolver
    from totemdeck.decklist.resolved import ResolvedLine
    from totemdeck.rules.engine import CheckedDeck

VERSION = "3"  # with a check
UNCHECKED_VERSION = "2"
OLD_VERSION = "1"
MAX_CODE_CHARS = 8_000  # a 100-card deck encodes to ~600–1,500 characters
MAX_PAYLOAD_BYTES = 32_000  # inflated
MAX_LINES = 600  # a 100-card list with headers, blank lines and notes
MAX_LINE_CHARS = 300
MAX_NAME_CHARS = 200
MAX_COUNT = 100  # the whole deck is 100 cards
# Card ids as both sources write them (``sv3-125``, ``me01-003``, ``exu-!``, ``exu-%3F``).
_ID = LazyPattern(r"^[A-Za-z0-9][A-Za-z0-9._!?%-]{0,39}$")


DAMAGED = N_(
    "this link is damaged: its deck code fails its check (a character was changed, added "
    "or lost); copy the whole link again"
)
CODEC = Codec(
    sealed=VERSION,
    older=(UNCHECKED_VERSION, OLD_VERSION),
    max_chars=MAX_CODE_CHARS,
    max_bytes=MAX_PAYLOAD_BYTES,
    error=ShareCodeError,
    words=CodeWords(
        empty=N_("the deck code is empty"),
        too_long=N_("the deck code is over {n} characters long"),
        not_ours=N_("this is not a deck code of this version of totemdeck"),
        bad_chars=N_("the deck code has characters a deck code never has"),
        damaged=DAMAGED,
        altered=N_("the deck code is cut short or altered"),
        too_much=N_("the deck code holds more than a deck"),
        cut_short=N_("the deck code is cut short"),
    ),
)


@frozen
class SharedDeck:
    """A decklist as text lines (line ``n`` is ``lines[n - 1]``) and the deck's name."""

    lines: tuple[str, ...]
    name: str | None = None

    @classmethod
    def from_text(cls, text: str, name: str | None = None) -> SharedDeck:
        return cls(tuple(text.lstrip("\ufeff").splitlines()), clean_name(name))

    def text(self) -> str:
        return "\n".join(self.lines) + "\n" if self.lines else ""

    def decklist(self, source: str = "shared deck") -> Decklist:
        """The decklist the lines say, named ``name`` (or as its own ``Deckname:`` line says)."""
        from totemdeck.decklist.parse import parse

        parsed = parse(self.text(), source)
        return replace(parsed, name=self.name or parsed.name)


def clean_name(name: str | None) -> str | None:
    """A deck name on one line, at most ``MAX_NAME_CHARS`` characters; None when blank."""
    if name is None:
        return None
    kept = " ".join(name.split())[:MAX_NAME_CHARS]
    return kept or None


def encode(deck: SharedDeck) -> str:
    """The URL-safe code of a deck (the same lines and name → the same code).

    Raises ``ValueError`` for a deck too big for a link (see ``MAX_LINES`` …)."""
    lines = [line.rstrip() for line in deck.lines]
    while lines and not lines[-1]:
        lines.pop()
    if len(lines) > MAX_LINES or any(len(line) > MAX_LINE_CHARS for line in lines):
        raise ValueError(f"a deck of {len(lines)} lines is too long to share")  # i18n: keep
    payload = ((deck.name or "") + "\n" + "\n".join(lines)).encode("utf-8")
    if len(payload) > MAX_PAYLOAD_BYTES:
        raise ValueError("the deck is too long to share")  # i18n: keep
    code = CODEC.encode(payload)
    if len(code) > MAX_CODE_CHARS:
        raise ValueError("the deck is too long to share")  # i18n: keep
    return code


def from_cards(cards: Iterable[SharedCard], name: str | None = None) -> SharedDeck:
    """A deck of ``COUNT CARD-ID`` lines: a Totem section, then the main deck."""
    cards = list(cards)
    totem = [f"{c.count} {c.card_id}" for c in cards if c.totem]
    main = [f"{c.count} {c.card_id}" for c in cards if not c.totem]
    head = ["Totem:", *totem, "Main deck:"] if totem else []  # i18n: keep (decklist headers)
    return SharedDeck(tuple(head + main), clean_name(name))


def decode(code: str) -> SharedDeck:
    """The deck a code stands for (either version); raises ``ShareCodeError``."""
    version, data = CODEC.decode(code)
    if version == OLD_VERSION:
        return from_cards(old_cards(data))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ShareCodeError(_("the deck code is cut short or altered")) from exc
    name, _newline, body = text.partition("\n")
    lines = body.splitlines()
    if len(lines) > MAX_LINES or len(name) > MAX_NAME_CHARS:
        raise ShareCodeError(_("the deck code holds more than a deck"))
    if any(len(line) > MAX_LINE_CHARS for line in lines):
        raise ShareCodeError(_("the deck code holds more than a deck"))
    return SharedDeck(tuple(lines), clean_name(name))


def decode_decklist(code: str, source: str = "shared deck") -> Decklist:
    """The decklist a code stands for; raises ``ShareCodeError``."""
    return decode(code).decklist(source)


def _card_text(resolved: ResolvedLine) -> str | None:
    """``COUNT CARD-ID [PH]`` for a line that named a print and resolved to one, else None."""
    line = resolved.line
    named_print = line.card_id is not None or line.number is not None
    if not (resolved.resolved and named_print and len(resolved.candidates) == 1):
        return None
    card_id = resolved.candidates[0].id
    if not _ID.match(card_id) or " " in card_id:
        return None
    return " ".join([str(line.count), card_id, *line.flags])


TOTEM_LABEL = "Totem:"  # i18n: keep (a decklist header, read back by the parser)


def _totem_reach(decklist: Decklist) -> set[int]:
    """The lines a "Totem:" header of the list puts in the Totem (up to the next header).

    A JSON or CSV deck says which cards are its Totem in a field, not in a header: its Totem
    lines are outside any reach, and are labelled one by one in the shared text (issue 34.1:
    they came back as main-deck cards, ``totem-missing``)."""
    reach: set[int] = set()
    headers = sorted(decklist.headers, key=lambda h: h.line)
    last = max((x.line for x in decklist.lines), default=0) + 1
    for index, header in enumerate(headers):
        if header.section == "totem":
            end = headers[index + 1].line if index + 1 < len(headers) else last
            reach.update(range(header.line, end))
    return reach


def _as_text(line: DeckLine) -> str:
    """A card line as text the reader reads back: as written when it was a text line, else
    (a JSON entry, a CSV row) as Pokémon TCG Live writes it."""
    if line.raw.lstrip().startswith("{"):
        return line.render()
    from totemdeck.decklist.parse import parse

    again = parse(line.raw, "line").lines
    same = len(again) == 1 and _card_of(again[0]) == _card_of(line)
    return line.raw if same else line.render()


def _card_of(line: DeckLine) -> tuple[object, ...]:
    return (line.count, line.name, line.set_code, line.number, line.card_id, line.flags)


def shared_deck(checked: CheckedDeck, name: str | None = None) -> SharedDeck:
    """A checked deck as a ``SharedDeck``: every line in its place, prints named by id; its
    name is ``name``, else the one the list gives itself."""
    decklist = checked.resolved.decklist
    lines: dict[int, str] = {}
    for header in decklist.headers:
        lines[header.line] = header.raw
    for problem in decklist.problems:
        lines[problem.line] = problem.raw
    resolved_at: dict[int, ResolvedLine] = {}
    for resolved in checked.resolved.lines:
        resolved_at.setdefault(resolved.line.line, resolved)
    totem_reach = _totem_reach(decklist)
    for line in decklist.lines:
        at = resolved_at.get(line.line)
        by_id = _card_text(at) if at is not None else None
        raw = by_id if by_id is not None else _as_text(line)
        if line.line in lines:  # "Totem: 1 Charizard ex OBF 125": its header's label
            label = re.split(r"[:：]", lines[line.line], maxsplit=1)[0]
            raw = f"{label}: {raw}" if by_id is not None else line.raw
        elif line.is_totem and line.line not in totem_reach:  # a JSON or CSV deck's Totem
            raw = f"{TOTEM_LABEL} {raw}"
        lines[line.line] = raw
    last = max(lines, default=0)
    text = tuple(" ".join(lines.get(n, "").splitlines()) for n in range(1, last + 1))
    return SharedDeck(text, clean_name(name or decklist.name))


def share_code(checked: CheckedDeck, name: str | None = None) -> str | None:
    """The share code of a checked deck, or None when it is too long for a link."""
    deck = shared_deck(checked, name)
    if not any(deck.lines):
        return None
    try:
        return encode(deck)
    except ValueError:
        return None


def readable(checked: CheckedDeck, deck: SharedDeck, resolver: Resolver) -> SharedDeck:
    """The deck with each ``COUNT CARD-ID`` line written as players write it
    (``1 Charizard ex OBF 125``) where that text reads back to the same print."""
    from totemdeck.export.formats import export_name, set_code

    lines = list(deck.lines)
    for resolved in checked.resolved.lines:
        line = resolved.line
        if not (line.card_id and not line.name and resolved.resolved):
            continue
        if len(resolved.candidates) != 1 or not 1 <= line.line <= len(lines):
            continue
        card = resolved.candidates[0]
        written = " ".join([export_name(card, "en"), set_code(card), card.number])
        if not resolver.reads_back(written, card.id):
            continue
        text = " ".join([str(line.count), written, *line.flags])
        old = lines[line.line - 1]
        head = re.match(r"^\s*[^\d\s][^:：]*[:：]\s*", old)  # "Totem: 1 sv3-125"
        lines[line.line - 1] = (head.group(0) if head else "") + text
    return SharedDeck(tuple(lines), deck.name)
