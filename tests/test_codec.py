"""Issue 39.5: a deck's share code and a game's code are one codec (``totemdeck.codec``) with
two sets of data (letters, bounds, error, words), not the same code written twice."""

from __future__ import annotations

import base64
import zlib

import pytest

from tests.table.test_rules import play
from totemdeck import codec, sharecode
from totemdeck.codec.check import seal
from totemdeck.sharecode import ShareCodeError, SharedDeck
from totemdeck.table import TableError
from totemdeck.table import code as game_code

DECK = SharedDeck(("Totem:", "1 sv3-125", "Main deck:", "4 sv3-1"), "Mine")


def _packed(letter: str, raw: bytes) -> str:
    return seal(letter + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("="))


def _deflated(payload: bytes) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return packer.compress(payload) + packer.flush()


def test_both_kinds_of_code_are_one_codec() -> None:
    assert isinstance(sharecode.CODEC, codec.Codec)
    assert isinstance(game_code.CODEC, codec.Codec)
    assert sharecode.CODEC.encode.__func__ is game_code.CODEC.encode.__func__  # type: ignore[attr-defined]
    code = sharecode.encode(DECK)
    assert sharecode.CODEC.decode(code) == ("3", ("Mine\n" + "\n".join(DECK.lines)).encode())
    state = play("k13", "n", "e2+")
    assert game_code.decode(game_code.encode(state)) == state


def test_each_codec_refuses_the_others_codes_in_its_own_words() -> None:
    deck, game = sharecode.encode(DECK), game_code.encode(play("k13"))
    with pytest.raises(TableError, match="not a game code"):
        game_code.decode(deck)
    with pytest.raises(ShareCodeError, match="not a deck code"):
        sharecode.decode(game)


@pytest.mark.parametrize(
    ("decode", "letter", "error", "words"),
    [
        (sharecode.decode, "3", ShareCodeError, "holds more than a deck"),
        (game_code.decode, "h", TableError, "holds more than a game"),
    ],
)
def test_bytes_after_the_compressed_stream_are_refused_for_both(
    decode: object, letter: str, error: type[Exception], words: str
) -> None:
    """The game codec once ignored what followed its DEFLATE stream; one codec, one rule."""
    payload = game_code.encode(play("k13"))  # any valid stream, then one byte more
    inner = base64.urlsafe_b64decode(payload[1:-6] + "=" * (-len(payload[1:-6]) % 4))
    with pytest.raises(error, match=words):
        decode(_packed(letter, inner + b"\x00"))  # type: ignore[operator]


def test_the_codec_is_bounded_before_it_inflates() -> None:
    huge = _packed("3", _deflated(b"x" * (sharecode.MAX_PAYLOAD_BYTES + 1)))
    with pytest.raises(ShareCodeError, match="holds more than a deck"):
        sharecode.decode(huge)
    with pytest.raises(TableError, match="over 6000 characters"):
        game_code.decode("h" + "A" * 6000)
