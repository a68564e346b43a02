"""The one codec of the codes links carry: a deck's share code (``sharecode``) and a game's
code (``table.code``) are both a version letter, then raw DEFLATE in unpadded base64url, then
(in the current versions) a CRC-32 check (``codec.check``).

What differs between the two is data, not code: the letters, the bounds, the error type and
the words of its messages — a ``Codec`` holds them. Decoding is bounded before any work
(the code's length, the inflated size) and every way a code can be wrong is one message, so
a mangled link is refused in words, never read as another deck or game.
"""

from __future__ import annotations

import base64
import binascii
import zlib

from totemdeck.base.errors import TotemdeckError
from totemdeck.base.lazy import LazyPattern
from totemdeck.base.records import frozen
from totemdeck.codec.check import seal, unseal
from totemdeck.i18n import _

_CODE = LazyPattern(r"^[A-Za-z0-9_-]+$")


@frozen
class CodeWords:
    """What a codec says of a code it cannot read, each message marked with ``N_`` where
    it is written (``too_long`` takes ``{n}``, the longest code)."""

    empty: str
    too_long: str
    not_ours: str
    bad_chars: str
    damaged: str
    altered: str
    too_much: str
    cut_short: str


@frozen
class Codec:
    """One kind of code: the version letter ``encode`` writes (checked), the older letters
    still read (unchecked), the bounds, and the error raised with its words."""

    sealed: str
    older: tuple[str, ...]
    max_chars: int
    max_bytes: int
    error: type[TotemdeckError]
    words: CodeWords

    def encode(self, payload: bytes) -> str:
        """The code of ``payload`` (the same bytes → the same code); the writer bounds
        what it packs, and says so in its own words when it is too long."""
        packer = zlib.compressobj(9, zlib.DEFLATED, -15)
        raw = packer.compress(payload) + packer.flush()
        return seal(self.sealed + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("="))

    def decode(self, code: str) -> tuple[str, bytes]:
        """The version letter and the payload of ``code``; raises ``error`` saying why not."""
        words = self.words
        if not code:
            raise self.error(_(words.empty))
        if len(code) > self.max_chars:
            raise self.error(_(words.too_long).format(n=self.max_chars))
        if code[0] != self.sealed and code[0] not in self.older:
            raise self.error(_(words.not_ours))
        if not _CODE.match(code[1:]):
            raise self.error(_(words.bad_chars))
        unsealed = unseal(code) if code[0] == self.sealed else code
        if unsealed is None:
            raise self.error(_(words.damaged))
        return code[0], self._inflate(unsealed[1:])

    def _inflate(self, body: str) -> bytes:
        try:
            raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        except (binascii.Error, ValueError) as exc:
            raise self.error(_(self.words.altered)) from exc
        unpacker = zlib.decompressobj(-15)
        try:
            data = unpacker.decompress(raw, self.max_bytes)
        except zlib.error as exc:
            raise self.error(_(self.words.altered)) from exc
        full = not unpacker.eof and len(data) >= self.max_bytes  # more is held back
        if unpacker.unconsumed_tail or unpacker.unused_data or full:
            raise self.error(_(self.words.too_much))
        if not unpacker.eof:
            raise self.error(_(self.words.cut_short))
        return data
