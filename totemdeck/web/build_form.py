"""Build's one form: every step of the page (add a card, one more or fewer, a count, a
filter, a Totem) is a button of one GET form that holds the deck code once.

A Build page used to carry the whole deck code in each row's − and + link and in each
result's Add link (a 100-card deck's page was 453 KB); now the form ``#build-form`` holds
``d`` (and the search box ``q``) once, and each button adds only its own word:

- ``card=ID``: one more copy of that print (refused, unchanged, when the deck may not hold
  it: a second copy of a name, banned, outside the identity — the page shows why instead);
- ``set=LINE:COUNT``: that line's count (− and +, and Remove: ``LINE:0``);
- ``count-LINE=N``: the row's count field (only the fields whose count changed count);
- ``toggle=TERM``: a filter button: its term in or out of what the search box holds;
- ``totem=ID``: that print (and the rest of its LEGEND / V-UNION) as the Totem;
- ``print=LINE:ID``: an ambiguous line names exactly that print ("choose the print").

Each answer is a redirect to the page of the result (``?d=…&q=…``), so the address always
names a state, the back button undoes, and a reload never repeats a step. The search box
travels with every button, so a step never loses what was typed.
"""

from __future__ import annotations

from starlette.datastructures import QueryParams

import totemdeck.api.build as build
from totemdeck.api.cards import Card
from totemdeck.api.deck import MAX_COUNT, CheckedDeck, SharedDeck, encode
from totemdeck.catalogue.names import name_key
from totemdeck.web.finder import toggled
from totemdeck.web.service import Library

SEARCH_LIMIT = 48  # results a page
ACTIONS = ("card", "set", "toggle", "totem", "print")
MAX_PRINTS = 12  # prints offered to choose from on an ambiguous line
COUNT_PREFIX = "count-"
MAX_COUNT_FIELDS = 400  # a deck page shows at most ~100 rows; more fields are junk


def default_query(totem: Card | None) -> str:
    """What the search box holds before the player types: the Totem's legal cards."""
    if totem is None:
        return ""
    return f"totem:{totem.id}"


def code_of(deck: SharedDeck) -> str | None:
    """The deck's share code (None for an empty deck, or one too long for a link)."""
    try:
        return encode(deck) if any(deck.lines) or deck.name else None
    except ValueError:
        return None


def is_action(params: QueryParams) -> bool:
    """Whether the request is a step of the one form (not a plain page)."""
    return any(name in params for name in ACTIONS) or any(
        key.startswith(COUNT_PREFIX) for key in params
    )


def _number(text: str, low: int, high: int) -> int | None:
    try:
        value = int(text.strip()[:6])
    except ValueError:
        return None
    return value if low <= value <= high else None


def counts(deck: SharedDeck, params: QueryParams) -> tuple[SharedDeck, int | None]:
    """The deck with each changed count field applied (and ``set=LINE:COUNT``); the last
    line touched (the page goes back to it without JavaScript)."""
    touched: int | None = None
    edit = build.editor(deck)
    changes: list[tuple[int, int]] = []
    for key, value in list(params.multi_items())[:MAX_COUNT_FIELDS]:
        if not key.startswith(COUNT_PREFIX):
            continue
        line = _number(key.removeprefix(COUNT_PREFIX), 1, 10_000)
        count = _number(value, 0, MAX_COUNT)
        if line is not None and count is not None and build.count_of(deck, line) != count:
            changes.append((line, count))
    wanted = params.get("set", "")
    if ":" in wanted:
        line_text, _sep, count_text = wanted.partition(":")
        line, count = _number(line_text, 1, 10_000), _number(count_text, 0, MAX_COUNT)
        if line is not None and count is not None:
            changes.append((line, count))
    for line, count in changes:
        deck = edit.with_count(line, count)
        edit = build.editor(deck)
        touched = line
    return deck, touched


def choose_print(deck: SharedDeck, params: QueryParams) -> SharedDeck:
    """``print=LINE:ID``: the line names exactly that print, its count kept."""
    line_text, _sep, card_id = params.get("print", "").partition(":")
    line = _number(line_text, 1, 10_000)
    return deck if line is None else build.with_print(deck, line, card_id.strip()[:40])


def ambiguous_prints(lib: Library, checked: CheckedDeck) -> dict[int, list[tuple[Card, bool]]]:
    """For each ambiguous line, the prints it may mean (those that fit the deck first),
    to choose from; each with whether it fits (identity, banlist)."""
    judge = build.deck_fit(checked)
    out: dict[int, list[tuple[Card, bool]]] = {}
    for finding in checked.report.findings:
        if finding.code != "ambiguous-card" or finding.line is None:
            continue
        cards = lib.catalogue.get_many(finding.cards[: MAX_PRINTS * 2])
        newest = sorted(cards, key=lambda c: c.set.release_date, reverse=True)
        ranked = sorted(newest, key=lambda c: judge.misfit(c) is not None)  # stable
        chosen = ranked[:MAX_PRINTS]
        out[finding.line] = [(card, judge.misfit(card) is None) for card in chosen]
    return out


def add_card(lib: Library, checked: CheckedDeck, deck: SharedDeck, card_id: str) -> SharedDeck:
    """One more copy of ``card_id``, when the deck may hold it (the same rule that decides
    whether the page offers Add): a replayed or forged Add never breaks singleton."""
    card = lib.catalogue.get(card_id)
    if card is None or not checked.deck.totem:
        return deck
    if build.deck_fit(checked).reason(card) is not None:
        return deck
    return build.add(deck, card.id)


def choose_totem(lib: Library, deck: SharedDeck, card_id: str) -> SharedDeck:
    """The deck with ``card_id`` (and the rest of its LEGEND / V-UNION) as its Totem."""
    card = lib.catalogue.get(card_id)
    if card is None or not card.is_pokemon:
        return deck
    return build.with_totem(deck, [piece.id for piece in lib.totem_pieces(card)])


def query_after(params: QueryParams) -> str | None:
    """The search box after the step: a filter button toggles its own term."""
    asked = params.get("q")
    term = params.get("toggle")
    if term is None:
        return asked
    return toggled(asked or "", term)


def held_names(checked: CheckedDeck) -> set[str]:
    """The names the deck holds (any print, Totem included: singleton counts names)."""
    return {name_key(entry.card.name) for entry in checked.deck.entries}


def offered(card: Card, judge: build.Fit, names: set[str]) -> bool:
    """Whether a result offers Add: a name not in the deck yet (or a basic Energy), and
    nothing that keeps it out (banned, identity, Colorless, a kind's limit)."""
    if name_key(card.name) in names and not card.is_basic_energy:
        return False
    return judge.reason(card) is None
