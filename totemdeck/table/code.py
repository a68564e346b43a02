"""The whole game in a URL: a compact, versioned code, like the deck share code.

``encode(state)`` writes the seats and the events as a small JSON array, raw DEFLATE and base64url
behind the version letter ``g`` (written as ``h``: the same with a check at its end; ``codec`` is
the one codec of deck and game codes); events are short tokens (``k12z@30``: player 1's Totem
Knocked Out, 2 Prize cards, back to the Totem Zone, 30 s after the one before).
``event_token``/``parse_event`` are the same tokens the web page's links carry.

A code comes from strangers, so ``decode`` is strict and bounded (code length, inflated
size, players, log length, every field's type and range) and then replays every event
through the rules: whatever it returns is a game the rules allow, and every failure is one
``TableError`` with a sentence a player understands.
"""

from __future__ import annotations

import json
import re
from typing import Any

from totemdeck.catalogue.model import LETTER_OF_TYPE, TYPE_LETTERS
from totemdeck.codec import Codec, CodeWords
from totemdeck.i18n import N_, _
from totemdeck.table.model import (
    CARD_ID,
    MAX_LOG,
    MAX_NAME,
    MAX_PLAYERS,
    MAX_SECONDS,
    MAX_TOTEM_NAME,
    Event,
    GameState,
    Kind,
    Place,
    Seat,
    TableError,
)
from totemdeck.table.rules import new_game, replay, with_redo

VERSION = "g"
CHECKED = "h"  # a "g" code with a check at its end (linkcheck): what encode writes
FORMAT = 1
MAX_CODE_CHARS = 6_000  # 6 players and a 200-event game encode to ~900 characters
MAX_PAYLOAD_BYTES = 24_000  # inflated: ~10 bytes an event, ~100 a seat
_NOT_OURS = N_("this is not a game code of this version of totemdeck")
CODEC = Codec(
    sealed=CHECKED,
    older=(VERSION,),
    max_chars=MAX_CODE_CHARS,
    max_bytes=MAX_PAYLOAD_BYTES,
    error=TableError,
    words=CodeWords(
        empty=N_("the game code is empty"),
        too_long=N_("the game code is over {n} characters long"),
        not_ours=_NOT_OURS,
        bad_chars=_NOT_OURS,
        damaged=N_("this game link is damaged: its code fails its check (a character was changed)"),
        altered=N_("the game code is cut short or altered"),
        too_much=N_("the game code holds more than a game"),
        cut_short=N_("the game code is cut short or altered"),
    ),
)
_TOKEN = re.compile(
    r"^(?:(?P<n>n)|k(?P<kp>[0-5])(?P<kn>[1-3])(?P<kt>[zd])?|e(?P<ep>[0-5])(?P<ed>[+-])(?P<es>s?)"
    r"|(?P<x>[idc])(?P<xp>[0-5])|m(?P<mp>[0-5])(?P<mt>[zdo]))$"
)
_TIMED = re.compile(r"^(?P<token>[a-z0-9+-]{1,5})@(?P<gap>\d{1,7})$")


def event_token(event: Event) -> str:
    """The short text of an event without its time (``k12z``, ``e0+s``, ``n``)."""
    kind, p = event.kind, event.player
    if kind is Kind.NEXT_TURN:
        return "n"
    if kind is Kind.KNOCK_OUT:
        return f"k{p}{event.prizes}{event.to.value if event.totem and event.to else ''}"
    if kind is Kind.ENERGY:
        return f"e{p}{'+' if event.delta > 0 else '-'}{'s' if event.special else ''}"
    if kind is Kind.MOVE:
        return f"m{p}{event.to.value if event.to else ''}"
    return f"{kind.value}{p}"


def parse_event(token: str, at: int = 0) -> Event:
    """The event a token stands for (the rules judge it later); ``TableError`` if unreadable.
    Each readable token is read once per process (``_READ``: under 200 exist, as ``_TOKEN``
    allows), then its event is made again with the time: a 600-event log is ~10 tokens."""
    e = _READ.get(token)
    if e is None:
        e = _READ[token] = _read_token(token)
    return Event(e.kind, e.player, e.prizes, e.totem, e.to, e.delta, e.special, at)


_READ: dict[str, Event] = {}  # token -> its event at time 0; bounded by _TOKEN's alphabet


def _read_token(token: str) -> Event:
    match = _TOKEN.match(token)
    if match is None:
        raise TableError(_("{token!r} is not an event of a Totem game").format(token=token[:20]))
    g = match.groupdict()
    if g["n"]:
        return Event(Kind.NEXT_TURN)
    if g["kp"]:
        to = Place(g["kt"]) if g["kt"] else None
        return Event(Kind.KNOCK_OUT, int(g["kp"]), prizes=int(g["kn"]), totem=to is not None, to=to)
    if g["ep"]:
        delta = 1 if g["ed"] == "+" else -1
        return Event(Kind.ENERGY, int(g["ep"]), delta=delta, special=bool(g["es"]))
    if g["mp"]:
        return Event(Kind.MOVE, int(g["mp"]), to=Place(g["mt"]))
    return Event(Kind(g["x"]), int(g["xp"]))


def _events(events: tuple[Event, ...], before: int = 0) -> str:
    out = []
    for event in events:
        out.append(f"{event_token(event)}@{max(event.at - before, 0)}")
        before = event.at
    return ",".join(out)


def encode(state: GameState) -> str:
    """The URL-safe code of a game (the same game → the same code), worked out once per
    state (a page's many links to it cost one encoding)."""
    if state.encoded is not None:
        return state.encoded
    seats = [
        [
            s.name,
            s.totem_id,
            s.totem_name,
            s.base_cost,
            s.prizes,
            "".join(LETTER_OF_TYPE.get(t, "") for t in s.identity),
        ]
        for s in state.seats
    ]
    last = state.log[-1].at if state.log else 0
    payload = [
        FORMAT,
        state.started,
        state.first,
        state.starting_prizes,
        seats,
        _events(state.log),
        _events(state.redo, last),
    ]
    text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    code = CODEC.encode(text.encode("utf-8"))
    object.__setattr__(state, "encoded", code)
    return code


def _inflate(code: str) -> Any:
    _version, data = CODEC.decode(code)
    try:
        return json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise TableError(_(CODEC.words.altered)) from exc


def _int(value: Any, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise TableError(_("the game code has a number out of range"))
    return value


def _text(value: Any, longest: int) -> str:
    if not isinstance(value, str) or not 1 <= len(value) <= longest or not value.isprintable():
        raise TableError(_("the game code has a bad name"))
    return value


def _seat(raw: Any) -> Seat:
    if not isinstance(raw, list) or len(raw) != 6:
        raise TableError(_("the game code has a bad player"))
    name, card_id, totem, cost, prizes, letters = raw
    if not isinstance(card_id, str) or not CARD_ID.match(card_id):
        raise TableError(_("the game code has a bad card id"))
    if not isinstance(letters, str) or len(letters) > 11 or set(letters) - set(TYPE_LETTERS):
        raise TableError(_("the game code has a bad identity"))
    return Seat(
        _text(name, MAX_NAME),
        card_id,
        _text(totem, MAX_TOTEM_NAME),
        _int(cost, 0, 20),
        _int(prizes, 1, 3),
        tuple(TYPE_LETTERS[letter] for letter in letters),
    )


def _timed(text: Any, before: int) -> list[Event]:
    if not isinstance(text, str):
        raise TableError(_("the game code has a bad log"))
    items = text.split(",") if text else []
    if len(items) > MAX_LOG:
        raise TableError(_("the game code has over {n} events").format(n=MAX_LOG))
    events = []
    for item in items:
        match = _TIMED.match(item)
        if match is None:
            raise TableError(_("the game code has a bad event"))
        before += int(match["gap"])
        if before > MAX_SECONDS:
            raise TableError(_("the game code has an event a week after the start"))
        events.append(parse_event(match["token"], before))
    return events


def decode(code: str) -> GameState:
    """The game a code stands for, every event checked again; raises ``TableError``."""
    data = _inflate(code)
    if not isinstance(data, list) or len(data) != 7 or data[0] != FORMAT:
        raise TableError(_(_NOT_OURS))
    _format, started, first, prizes, seats, log, redo = data
    if not isinstance(seats, list) or len(seats) > MAX_PLAYERS:
        raise TableError(_("the game code has too many players"))
    state = new_game(
        tuple(_seat(s) for s in seats),
        _int(first, 0, 5),
        _int(prizes, 1, 12),
        _int(started, 0, 2**40),
    )
    state = replay(state, tuple(_timed(log, 0)))  # one fold: linear in the log
    last = state.log[-1].at if state.log else 0
    undone = tuple(_timed(redo, last))
    replay(state, undone)  # each undone event must apply in turn, as redo will do it
    return with_redo(state, undone)
