"""Game codes from strangers: every hostile or broken code is one ``TableError``, never a crash."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.table.test_rules import play
from totemdeck.table import TableError, decode, encode
from totemdeck.table.code import MAX_CODE_CHARS, MAX_PAYLOAD_BYTES


def pack(payload: object, raw: bytes | None = None) -> str:
    data = raw if raw is not None else json.dumps(payload).encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = packer.compress(data) + packer.flush()
    return "g" + base64.urlsafe_b64encode(body).decode().rstrip("=")


SEAT = ["Ana", "sv3-125", "Charizard ex", 4, 2, "RD"]
GOOD = [1, 0, 0, 6, [SEAT, SEAT, SEAT], "n@1,k02@3", ""]


def with_(index: int, value: object) -> list[object]:
    out = list(GOOD)
    out[index] = value
    return out


HOSTILE = {
    "empty": "",
    "wrong version": "x" + encode(play())[1:],
    "deck code": "1q1YqSM3My1PSSUwz0jUyNTLSNTTUMzUwNgAA",
    "bad characters": "g<script>",
    "too long": "g" + "A" * MAX_CODE_CHARS,
    "not base64 deflate": "gAAAA",
    "cut short": encode(play("k13", "n", "e2+"))[:-6],
    "zip bomb": pack(None, b"[" + b" " * (MAX_PAYLOAD_BYTES * 4) + b"]"),
    "deep nesting": pack(None, b"[" * 20_000),
    "not json": pack(None, b"\xff\xfe"),
    "not a list": pack({"a": 1}),
    "wrong format": pack(with_(0, 9)),
    "two players": pack(with_(4, [SEAT, SEAT])),
    "seven players": pack(with_(4, [SEAT] * 7)),
    "first player out of range": pack(with_(2, 5)),
    "float prizes": pack(with_(3, 6.5)),
    "bool cost": pack(with_(4, [["Ana", "sv3-125", "C", True, 2, ""]] * 3)),
    "bad card id": pack(with_(4, [["Ana", "../etc", "C", 4, 2, ""]] * 3)),
    "bad identity": pack(with_(4, [["Ana", "sv3-125", "C", 4, 2, "Q"]] * 3)),
    "control character in a name": pack(with_(4, [["A\x00", "sv3-125", "C", 4, 2, ""]] * 3)),
    "name too long": pack(with_(4, [["A" * 25, "sv3-125", "C", 4, 2, ""]] * 3)),
    "bad event": pack(with_(5, "zz@1")),
    "event the rules refuse": pack(with_(5, "k02z@1")),  # a Totem Knocked Out in its Zone
    "event after the end": pack(with_(5, "c1@1,c2@2,n@3")),
    "a year later": pack(with_(5, "n@31536000")),
    "log too long": pack(with_(5, ",".join(["n@0"] * 601))),
    "redo that does not apply": pack(with_(6, "k02z@1")),
}


@pytest.mark.parametrize("code", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_code_is_one_clear_error(code: str) -> None:
    with pytest.raises(TableError) as caught:
        decode(code)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 120


def test_the_good_payload_is_read() -> None:
    state = decode(pack(GOOD))
    assert len(state.log) == 2 and state.seats[0].identity == ("Fire", "Darkness")


@settings(max_examples=300)
@given(st.text(max_size=300))
def test_any_text_is_a_game_or_a_table_error(text: str) -> None:
    try:
        state = decode(text)
    except TableError as exc:
        assert str(exc)
    else:
        assert decode(encode(state)) == state


@settings(max_examples=300)
@given(st.integers(1, 200), st.sampled_from("AZaz09_-"))
def test_an_altered_code_is_a_game_or_a_table_error(position: int, char: str) -> None:
    code = encode(play("k13", "n", "e2+", "e2+s", "c3"))
    altered = code[:position] + char + code[position + 1 :]
    try:
        state = decode(altered)
    except TableError:
        return
    assert encode(state) == altered or decode(encode(state)) == state


def test_a_long_game_stays_short() -> None:
    tokens = ["n", "e1+", "e2+s", "e3+", "e3-"] * 40  # 200 events, none ending the game
    code = encode(play(*tokens))
    assert len(code) < 1500, len(code)


def test_reading_a_code_checks_each_event_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 600-event code replays 600 steps, not 180,000 (each apply reused the board before)."""
    from totemdeck.table import rules

    tokens = ["n", "e1+", "e1-", "e2+s", "e2-s", "e3+", "e3-"] * 85
    code = encode(play(*tokens))
    calls = 0
    real_step = rules.step

    def counting(*args: Any) -> Any:
        nonlocal calls
        calls += 1
        return real_step(*args)

    monkeypatch.setattr(rules, "step", counting)
    assert len(decode(code).log) == len(tokens)
    assert calls <= len(tokens) + 10, calls


def test_reading_a_code_never_hashes_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """W14: boards were memoised by the whole ``GameState``, so each of 600 applies hashed
    the whole log (368,407 hashes to read one code). The fold carries its board along: no
    game, event or board is hashed to read a code, tap once, undo, redo and add it up."""
    from totemdeck.table import Board, Event, GameState, apply, board, parse_event, redo, undo

    tokens = ["n", "e1+", "e1-", "e2+s", "e2-s", "e3+", "e3-"] * 85
    code = encode(play(*tokens))
    hashed: list[str] = []
    for cls in (GameState, Event, Board):

        def counting(self: Any, name: str = cls.__name__) -> int:
            hashed.append(name)
            return 0

        monkeypatch.setattr(cls, "__hash__", counting)
    state = decode(code)
    after = redo(undo(apply(state, parse_event("n", state.log[-1].at))))
    assert board(after).turn == board(state).turn + 1
    assert len(after.log) == len(tokens) + 1
    assert hashed == []
