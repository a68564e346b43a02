"""The deck in a URL: a compact, versioned encoding of card ids and counts.

``encode`` turns ``[(card id, count, is_totem), …]`` into a short URL-safe code (version
character ``1``, then raw DEFLATE of ``totem ids ~ count*id,…`` in base64url); ``decode``
turns a code back into a ``Decklist`` of card-id lines that the ordinary resolver and rules
judge, so a link reproduces the deck and its verdict with nothing stored on the server.

A code comes from strangers (a link in a chat), so decoding is strict and bounded: its
length, the inflated size, the number of entries, each id's characters and each count are
capped, and every failure is one ``ShareCodeError`` with a sentence a player understands.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from collections.abc import Iterable
from dataclasses import dataclass

from totemdeck.decklist.model import DeckLine, Decklist
from totemdeck.errors import TotemdeckError
from totemdeck.i18n import _

VERSION = "1"
MAX_CODE_CHARS = 8_000  # a 100-card deck encodes to ~600 characters
MAX_PAYLOAD_BYTES = 32_000  # inflated; ~9 characters an entry
MAX_ENTRIES = 400
MAX_COUNT = 100  # the whole deck is 100 cards
# Card ids as both sources write them (``sv3-125``, ``me01-003``, ``exu-!``, ``exu-%3F``).
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._!?%-]{0,39}$")
_CODE = re.compile(r"^[A-Za-z0-9_-]+$")


class ShareCodeError(TotemdeckError):
    """A deck code that cannot be read (cut short, altered, or not a deck code at all)."""


@dataclass(frozen=True, slots=True)
class SharedCard:
    card_id: str
    count: int
    totem: bool = False


def _payload(cards: Iterable[SharedCard]) -> str:
    totem: list[str] = []
    main: list[str] = []
    for card in cards:
        if not _ID.match(card.card_id) or not 1 <= card.count <= MAX_COUNT:
            raise ValueError(f"cannot share {card.count} × {card.card_id!r}")  # i18n: keep
        item = card.card_id if card.count == 1 else f"{card.count}*{card.card_id}"
        (totem if card.totem else main).append(item)
    return ",".join(totem) + "~" + ",".join(main)


def encode(cards: Iterable[SharedCard]) -> str:
    """The URL-safe code of a deck (same cards in the same order → the same code)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = packer.compress(_payload(cards).encode("ascii")) + packer.flush()
    return VERSION + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def _inflate(code: str) -> str:
    if not code:
        raise ShareCodeError(_("the deck code is empty"))
    if len(code) > MAX_CODE_CHARS:
        raise ShareCodeError(
            _("the deck code is over {n} characters long").format(n=MAX_CODE_CHARS)
        )
    if code[0] != VERSION:
        raise ShareCodeError(_("this is not a deck code of this version of totemdeck"))
    body = code[1:]
    if not _CODE.match(body):
        raise ShareCodeError(_("the deck code has characters a deck code never has"))
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError) as exc:
        raise ShareCodeError(_("the deck code is cut short or altered")) from exc
    unpacker = zlib.decompressobj(-15)
    try:
        data = unpacker.decompress(raw, MAX_PAYLOAD_BYTES)
    except zlib.error as exc:
        raise ShareCodeError(_("the deck code is cut short or altered")) from exc
    if unpacker.unconsumed_tail:
        raise ShareCodeError(_("the deck code holds more than a deck"))
    if not unpacker.eof:
        raise ShareCodeError(_("the deck code is cut short"))
    try:
        return data.decode("ascii")
    except UnicodeDecodeError as exc:
        raise ShareCodeError(_("the deck code is cut short or altered")) from exc


def _entry(item: str, totem: bool) -> SharedCard:
    count_text, star, card_id = item.rpartition("*")
    if not star:
        count_text, card_id = "1", item
    if not count_text.isdigit() or not 1 <= int(count_text) <= MAX_COUNT:
        raise ShareCodeError(_("the deck code has a bad count in {item!r}").format(item=item[:50]))
    if not _ID.match(card_id):
        raise ShareCodeError(_("the deck code has a bad card id {id!r}").format(id=card_id[:50]))
    return SharedCard(card_id, int(count_text), totem)


def decode_cards(code: str) -> list[SharedCard]:
    """The cards of a code, in order (the Totem first); raises ``ShareCodeError``."""
    totem_part, tilde, main_part = _inflate(code).partition("~")
    if not tilde or "~" in main_part:
        raise ShareCodeError(_("the deck code is not a deck"))
    items = [(x, True) for x in totem_part.split(",") if x]
    items += [(x, False) for x in main_part.split(",") if x]
    if len(items) > MAX_ENTRIES:
        raise ShareCodeError(_("the deck code has over {n} entries").format(n=MAX_ENTRIES))
    return [_entry(item, totem) for item, totem in items]


def to_decklist(cards: list[SharedCard], source: str = "shared deck") -> Decklist:
    """A decklist of card-id lines (``1 sv3-125``), numbered 1… with the Totem first."""
    lines = tuple(
        DeckLine(
            line=number,
            raw=f"{card.count} {card.card_id}",
            section="totem" if card.totem else None,
            count=card.count,
            name="",
            card_id=card.card_id,
        )
        for number, card in enumerate(cards, start=1)
    )
    return Decklist(lines, source=source)


def decode(code: str, source: str = "shared deck") -> Decklist:
    """The decklist a code stands for; raises ``ShareCodeError``."""
    return to_decklist(decode_cards(code), source)
