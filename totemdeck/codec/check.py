"""A check on the codes links carry (deck share codes, game codes): a mangled link is
refused as damaged instead of read as another deck (issue 43.2).

A code without a check was read, one character changed, as a different deck in 4 of 30
tries: DEFLATE inflates most altered streams to something. ``seal`` appends the CRC-32 of
the code's text as six base64url characters; ``unseal`` gives the code back only when they
match. CRC-32 finds every change of up to 32 bits in a row (any one character changed, two
neighbours swapped) and all but one in 4 billion of the rest; the check's own characters
are compared as text, so not one of them may change either. Plain data, no secret: a check
against accidents (a chat app, a hand copy), not against forgery (the decoder bounds and
verifies whatever it is given anyway).
"""

from __future__ import annotations

import base64
import zlib

CHECK_CHARS = 6  # 32 bits of CRC in base64url (36 bits, the last 4 zero)


def _check(text: str) -> str:
    crc = zlib.crc32(text.encode("utf-8", "surrogatepass"))
    return base64.urlsafe_b64encode(crc.to_bytes(4, "big")).decode("ascii")[:CHECK_CHARS]


def seal(code: str) -> str:
    """``code`` with its check at the end."""
    return code + _check(code)


def unseal(sealed: str) -> str | None:
    """The code ``sealed`` carries when its check holds, else None."""
    if len(sealed) <= CHECK_CHARS:
        return None
    code, check = sealed[:-CHECK_CHARS], sealed[-CHECK_CHARS:]
    return code if check == _check(code) else None
