"""Share codes: the deck in a URL survives the trip whole, old codes still read, and hostile
codes fail cleanly."""

from __future__ import annotations

import base64
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from totemdeck.sharecode import (
    MAX_CODE_CHARS,
    MAX_ENTRIES,
    MAX_LINES,
    ShareCodeError,
    SharedCard,
    SharedDeck,
    decode,
    decode_decklist,
    encode,
    from_cards,
)

ids = st.from_regex(r"[a-z0-9]{1,6}-[A-Za-z0-9!?%]{1,5}", fullmatch=True)
cards = st.lists(
    st.builds(SharedCard, ids, st.integers(1, 100), st.booleans()), min_size=1, max_size=120
)
# Any text a player might paste, one line at a time (no line breaks inside a line).
line_text = st.text(
    st.characters(
        blacklist_categories=("Cs",),
        blacklist_characters="\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029",
    ),
    max_size=60,
).map(str.rstrip)
decks = st.builds(
    SharedDeck,
    st.lists(line_text, max_size=80).map(tuple),
    st.one_of(
        st.none(), st.text(st.characters(whitelist_categories=("L", "N")), min_size=1, max_size=40)
    ),
)


def _raw(payload: bytes, version: str = "1") -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = packer.compress(payload) + packer.flush()
    return version + base64.urlsafe_b64encode(data).decode().rstrip("=")


def _v1(deck: list[SharedCard]) -> str:
    """A code as totemdeck wrote them before version 2 (ids and counts only)."""

    def item(card: SharedCard) -> str:
        return card.card_id if card.count == 1 else f"{card.count}*{card.card_id}"

    totem = ",".join(item(c) for c in deck if c.totem)
    main = ",".join(item(c) for c in deck if not c.totem)
    return _raw(f"{totem}~{main}".encode())


def _trimmed(deck: SharedDeck) -> tuple[str, ...]:
    lines = list(deck.lines)
    while lines and not lines[-1]:
        lines.pop()
    return tuple(lines)


@given(decks)
def test_every_line_and_the_name_survive_the_round_trip(deck: SharedDeck) -> None:
    code = encode(deck)
    back = decode(code)
    assert back.lines == _trimmed(deck)
    assert back.name == (" ".join(deck.name.split()) if deck.name else None)
    assert code[0] == "3" and code.isascii() and "=" not in code


@given(cards)
def test_old_codes_still_decode_to_the_same_cards(deck: list[SharedCard]) -> None:
    decklist = decode_decklist(_v1(deck))
    totem_first = [c for c in deck if c.totem] + [c for c in deck if not c.totem]
    assert [(x.card_id, x.count, x.is_totem) for x in decklist.lines] == [
        (c.card_id, c.count, c.totem) for c in totem_first
    ]
    assert not decklist.problems


def test_a_hundred_card_deck_makes_a_short_link() -> None:
    deck = [SharedCard("sv3-125", 1, True)] + [SharedCard(f"sv{i % 9}-{i}", 1) for i in range(99)]
    assert len(encode(from_cards(deck))) < 800


def test_unmatched_lines_and_the_name_are_kept() -> None:
    deck = SharedDeck(
        ("Totem: 1 sv3-125", "", "1 Charizzard OBF 999", "please add two more"), "Mine"
    )
    decklist = decode_decklist(encode(deck))
    assert decklist.name == "Mine"
    assert [(x.line, x.name) for x in decklist.lines] == [(1, ""), (3, "Charizzard")]
    assert [p.line for p in decklist.problems] == [4]


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("", "empty"),
        ("4abc", "version"),
        ("1abc$", "characters"),
        ("1" + "A" * (MAX_CODE_CHARS + 1), "over"),
        ("1AAAA", "cut short"),
        (_raw(b"sv3-125"), "not a deck"),
        (_raw(b"~0*sv3-125"), "bad count"),
        (_raw(b"~101*sv3-125"), "bad count"),
        (_raw(b"~" + b"9" * 4301 + b"*sv3-125"), "bad count"),  # issue 20.8: digits first
        (_raw(b"~<script>"), "bad card id"),
        (_raw(b"~" + b",".join([b"a-1"] * (MAX_ENTRIES + 1))), "entries"),
        (_raw(b"~" + b"a" * 200_000), "more than a deck"),  # a zip bomb is cut off
        (_raw("~sv3-12é".encode()), "cut short or altered"),
        (_raw(b"\n" + b"1 a-1\n" * (MAX_LINES + 1), "2"), "more than a deck"),
        (_raw(b"\xff\xfe", "2"), "cut short or altered"),
        (encode(from_cards([SharedCard("sv3-125", 1)]))[:-4], "link is damaged"),
    ],
)
def test_hostile_codes_are_one_clear_error(code: str, words: str) -> None:
    with pytest.raises(ShareCodeError, match=words):
        decode(code)


@settings(max_examples=300)
@given(st.text(max_size=300))
def test_any_text_decodes_or_raises_share_code_error(code: str) -> None:
    try:
        deck = decode(code)
    except ShareCodeError:
        return
    assert len(deck.lines) <= MAX_LINES


def test_encode_refuses_what_it_could_not_decode() -> None:
    with pytest.raises(ValueError):
        encode(SharedDeck(("1 a-1",) * (MAX_LINES + 1)))
    with pytest.raises(ValueError):
        encode(SharedDeck(("x" * 400,)))
