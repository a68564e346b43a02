"""A game of ``totemdeck.table`` arranged for the /table page: tiles, actions, log, summary.

Each action is a plain link (``/table/do?g=…&e=…``) to the next state, so the page works
without JavaScript; the words of the log and the tiles are here, in the request's language.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import quote_plus

from markupsafe import Markup, escape

from totemdeck.api.cards import Card
from totemdeck.i18n import _, ngettext
from totemdeck.table import (
    Event,
    GameState,
    Kind,
    Place,
    Summary,
    board,
    encode,
    invocation_cost,
    ready_to_invoke,
    step,
    summary,
    turns,
)
from totemdeck.web.templating import query


def place_name(place: Place) -> str:
    return {
        Place.ZONE: _("Totem Zone"),
        Place.PLAY: _("in play"),
        Place.DISCARD: _("discard pile"),
        Place.ELSEWHERE: _("elsewhere (hand, deck…)"),
    }[place]


def reason_name(reason: str) -> str:
    return {
        "prizes": _("took their last Prize card"),
        "deck": _("could not draw: the deck ran out"),
        "conceded": _("conceded"),
    }.get(reason, reason)


def clock(seconds: int) -> str:
    """``1:05:09`` or ``5:09``: time since the set-up."""
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def describe(state: GameState, event: Event) -> str:
    """One line of the log, in the request's language."""
    kind = event.kind
    if kind is Kind.NEXT_TURN:
        return _("Next turn")
    name = state.seats[event.player].name
    if kind is Kind.KNOCK_OUT:
        took = ngettext("takes {n} Prize card", "takes {n} Prize cards", event.prizes).format(
            n=event.prizes
        )
        if event.totem and event.to:
            return _("{name}'s Totem was Knocked Out ({took}); it goes to: {place}").format(
                name=name, took=took, place=place_name(event.to)
            )
        return _("A Pokémon of {name}'s was Knocked Out: {name} {took}").format(
            name=name, took=took
        )
    if kind is Kind.ENERGY:
        what = _("Special Energy") if event.special else _("Energy")
        if event.delta > 0:
            return _("{name} attached {what} to the Totem in the Totem Zone").format(
                name=name, what=what
            )
        return _("{name} removed {what} from the Totem in the Totem Zone").format(
            name=name, what=what
        )
    if kind is Kind.INVOKE:
        return _("{name} invoked their Totem").format(name=name)
    if kind is Kind.MOVE and event.to:
        return _("{name}'s Totem was moved to: {place}").format(
            name=name, place=place_name(event.to)
        )
    if kind is Kind.DECK_OUT:
        return _("{name} could not draw: the deck ran out").format(name=name)
    return _("{name} conceded").format(name=name)


@dataclass(slots=True)
class Action:
    """A button of the table page: a link that records one event."""

    label: str
    href: str
    kind: str = ""  # a CSS class: primary, danger…
    title: str = ""
    token: str = ""  # the event (``k12z``…), for tests and scripts


@dataclass(slots=True)
class Tile:
    """One seat at the table as its tile shows it."""

    seat: int
    name: str
    totem_name: str
    card: Card | None
    identity: tuple[str, ...]
    prizes: int
    place: Place
    place_name: str
    cost: int
    base_cost: int
    totem_knock_outs: int
    energy: int
    special: int
    ready: bool
    current: bool
    out: str | None
    knock_outs: list[Action] = field(default_factory=list)
    totem_actions: list[Action] = field(default_factory=list)
    more: list[Action] = field(default_factory=list)


def do_href(code: str, action: str) -> str:
    return "/table/do" + query(g=code, e=action)


def _hrefs(code: str) -> Callable[[str], str]:
    """``do_href`` for one code: the code (a 600-event game's is ~1.8 KB) is URL-encoded
    once per page, not once for each of the page's ~30 links."""
    head = "/table/do" + query(g=code) + "&e="
    return lambda action: head + quote_plus(action)


def _allowed(state: GameState, token: str) -> bool:
    from totemdeck.table import TableError, parse_event

    try:
        step(state, board(state), parse_event(token))
    except TableError:
        return False
    return True


def _actions(state: GameState, code: str, seat: int) -> tuple[list[Action], ...]:
    href = _hrefs(code)

    def act(token: str, label: str, kind: str = "", title: str = "") -> Action | None:
        if not _allowed(state, token):
            return None
        return Action(label, href(token), kind, title, token)

    prizes = state.seats[seat].prizes
    knocks = [
        act(f"k{seat}{n}", str(n), "ko", _("A Pokémon Knocked Out: take {n}").format(n=n))
        for n in (1, 2, 3)
    ]
    totem = [
        act(f"e{seat}+", _("+ Energy"), "energy"),
        act(f"e{seat}+s", _("+ Special Energy"), "energy"),
        act(f"e{seat}-", _("− Energy"), "energy"),
        act(f"e{seat}-s", _("− Special Energy"), "energy"),
        act(f"i{seat}", _("Invoke the Totem"), "primary"),
        act(f"k{seat}{prizes}z", _("Totem Knocked Out (−{n}) → Totem Zone").format(n=prizes), "ko"),
        act(
            f"k{seat}{prizes}d", _("Totem Knocked Out (−{n}) → discard pile").format(n=prizes), "ko"
        ),
    ]
    more = [
        act(f"m{seat}o", _("Totem moved elsewhere (hand, deck…)")),
        act(f"m{seat}z", _("Totem back to the Totem Zone")),
        act(f"m{seat}d", _("Totem to the discard pile")),
        act(f"d{seat}", _("Deck ran out"), "danger"),
        act(f"c{seat}", _("Concede"), "danger"),
    ]
    return tuple([a for a in group if a] for group in (knocks, totem, more))


def tiles(state: GameState, cards: dict[str, Card | None]) -> list[Tile]:
    code = encode(state)
    now = board(state)
    out = []
    for index, (seat, mine) in enumerate(zip(state.seats, now.players, strict=True)):
        knocks, totem, more = _actions(state, code, index)
        out.append(
            Tile(
                seat=index,
                name=seat.name,
                totem_name=seat.totem_name,
                card=cards.get(seat.totem_id),
                identity=seat.identity,
                prizes=mine.prizes,
                place=mine.place,
                place_name=place_name(mine.place),
                cost=invocation_cost(state, index),
                base_cost=seat.base_cost,
                totem_knock_outs=mine.totem_knock_outs,
                energy=mine.energy,
                special=mine.special,
                ready=ready_to_invoke(state, index),
                current=index == now.current and not now.over,
                out=reason_name(mine.out) if mine.out else None,
                knock_outs=knocks,
                totem_actions=totem,
                more=more,
            )
        )
    return out


def log_html(state: GameState) -> Markup:
    """The log's items (``<li>``), newest first, each event with its turn and time since the
    set-up, as one piece of HTML. A 600-event log is 600 lines: made here, a line costs two
    formats (the words of an event said once per page, the log repeats them), where the
    template's loop cost a third of the page's CPU in Jinja's calls and escapes."""
    when = str(escape(_("turn {n}")))
    said: dict[tuple[object, ...], str] = {}
    items = []
    for event, turn in zip(reversed(state.log), reversed(turns(state)), strict=True):
        key = (event.kind, event.player, event.prizes, event.totem, event.to, event.delta,
               event.special)  # fmt: skip
        text = said.get(key)
        if text is None:
            text = said[key] = str(escape(describe(state, event)))
        items.append(
            f'<li><span class="when">{when.format(n=turn)} · {clock(event.at)}</span> {text}</li>'
        )
    return Markup("".join(items))


@dataclass(slots=True)
class SummaryView:
    """The end of a game as its summary page shows it."""

    summary: Summary
    winner: str | None
    order: list[tuple[str, str, int]]  # name, why, turn
    rows: list[tuple[str, int, int]]  # name, Knock Outs, of which the Totem's
    length: str


def summary_view(state: GameState) -> SummaryView:
    result = summary(state)
    names = [s.name for s in state.seats]
    return SummaryView(
        summary=result,
        winner=names[result.winner] if result.winner is not None else None,
        order=[(names[e.player], reason_name(e.reason), e.turn) for e in result.eliminated],
        rows=[
            (names[i], result.knock_outs[i], result.totem_knock_outs[i]) for i in range(len(names))
        ],
        length=clock(result.seconds),
    )
