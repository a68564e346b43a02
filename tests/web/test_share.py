"""Share codes: the deck in a URL survives the trip, and hostile codes fail cleanly."""

from __future__ import annotations

import base64
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from totemdeck.web.share import (
    MAX_CODE_CHARS,
    MAX_ENTRIES,
    ShareCodeError,
    SharedCard,
    decode,
    decode_cards,
    encode,
)

ids = st.from_regex(r"[a-z0-9]{1,6}-[A-Za-z0-9!?%]{1,5}", fullmatch=True)
cards = st.lists(
    st.builds(SharedCard, ids, st.integers(1, 100), st.booleans()), min_size=1, max_size=120
)


def _raw(payload: bytes) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = packer.compress(payload) + packer.flush()
    return "1" + base64.urlsafe_b64encode(data).decode().rstrip("=")


@given(cards)
def test_a_deck_survives_the_round_trip(deck: list[SharedCard]) -> None:
    code = encode(deck)
    totem_first = [c for c in deck if c.totem] + [c for c in deck if not c.totem]
    assert decode_cards(code) == totem_first
    assert code[0] == "1" and code.isascii() and "=" not in code


def test_a_hundred_card_deck_makes_a_short_link() -> None:
    deck = [SharedCard("sv3-125", 1, True)] + [SharedCard(f"sv{i % 9}-{i}", 1) for i in range(99)]
    assert len(encode(deck)) < 700


def test_decoding_gives_card_id_lines_with_the_totem_first() -> None:
    decklist = decode(encode([SharedCard("sv3-125", 1, True), SharedCard("sve-2", 20)]))
    assert [(x.line, x.count, x.card_id, x.is_totem) for x in decklist.lines] == [
        (1, 1, "sv3-125", True),
        (2, 20, "sve-2", False),
    ]


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("", "empty"),
        ("2abc", "version"),
        ("1abc$", "characters"),
        ("1" + "A" * (MAX_CODE_CHARS + 1), "over"),
        ("1AAAA", "cut short"),
        (_raw(b"sv3-125"), "not a deck"),
        (_raw(b"~0*sv3-125"), "bad count"),
        (_raw(b"~101*sv3-125"), "bad count"),
        (_raw(b"~<script>"), "bad card id"),
        (_raw(b"~" + b",".join([b"a-1"] * (MAX_ENTRIES + 1))), "entries"),
        (_raw(b"~" + b"a" * 200_000), "more than a deck"),  # a zip bomb is cut off
        (_raw("~sv3-12é".encode()), "cut short or altered"),
        (encode([SharedCard("sv3-125", 1)])[:-4], "cut short"),
    ],
)
def test_hostile_codes_are_one_clear_error(code: str, words: str) -> None:
    with pytest.raises(ShareCodeError, match=words):
        decode_cards(code)


@settings(max_examples=300)
@given(st.text(max_size=300))
def test_any_text_decodes_or_raises_share_code_error(code: str) -> None:
    try:
        decoded = decode_cards(code)
    except ShareCodeError:
        return
    assert all(1 <= c.count <= 100 for c in decoded)


def test_encode_refuses_what_it_could_not_decode() -> None:
    with pytest.raises(ValueError):
        encode([SharedCard("a,b", 1)])
    with pytest.raises(ValueError):
        encode([SharedCard("sv3-125", 101)])
