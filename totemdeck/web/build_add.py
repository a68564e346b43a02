"""Build's "Add these N": one copy of each card on the results page that can legally go in,
and the marks and notes that say why the others were skipped.

Adding is a plain GET form (``?add=shown`` with the deck, the query and the page), so it
works without JavaScript; the answer is a redirect to the grown deck, carrying how many
cards went in and which were skipped (``added=N&skipped=ID,ID``), so the page can say so
and the back button undoes it.
"""

from __future__ import annotations

from collections.abc import Callable

from starlette.requests import Request

import totemdeck.api.build as build
from totemdeck.api.cards import Card
from totemdeck.api.deck import CheckedDeck, SharedDeck
from totemdeck.base.records import frozen
from totemdeck.i18n import N_, _, ngettext
from totemdeck.web.build_form import SEARCH_LIMIT, code_of, default_query
from totemdeck.web.finder import find_cards
from totemdeck.web.pages import int_param, language, library
from totemdeck.web.templating import query as query_string

MAX_SKIPPED = 60  # ids carried in the redirect (a page holds 48 results)

REASONS = {
    build.HELD: N_("already in the deck"),
    build.BANNED: N_("banned"),
    build.IDENTITY: N_("outside the Totem's identity"),
    build.COLORLESS: N_("Colorless, which the Totem's Retreat Cost 0 forbids"),
    build.LIMIT: N_("one more than the format allows of its kind"),
}
MARKS = {
    "ace-spec": N_("ACE SPEC"),
    "radiant": N_("Radiant"),
    "star": N_("Pokémon ★"),
    build.BANNED: N_("Banned"),
    build.IDENTITY: N_("Outside the identity"),
    build.COLORLESS: N_("Colorless: forbidden by the Totem"),
}


@frozen
class Mark:
    """A badge on a search result in Build (ACE SPEC, banned, outside the identity)."""

    code: str  # the CSS class: ace-spec, radiant, star, banned, identity, colorless-restriction
    label: str
    problem: bool  # it keeps the card out of this deck


def marks(card: Card, judge: build.Fit | None) -> list[Mark]:
    """What a result is (ACE SPEC, Radiant, ★) and, with a deck, what keeps it out."""
    out = [Mark(kind, _(MARKS[kind]), False) for kind in build.limited_kinds(card)]
    misfit = judge.misfit(card) if judge is not None else None
    if misfit:
        out.append(Mark(misfit, _(MARKS[misfit]), True))
    return out


def banned_marks(card: Card, banned: bool) -> list[Mark]:
    """The marks of a result without a deck (the Cards page): kinds and the banlist."""
    out = [Mark(kind, _(MARKS[kind]), False) for kind in build.limited_kinds(card)]
    if banned:
        out.append(Mark(build.BANNED, _(MARKS[build.BANNED]), True))
    return out


def judge(checked: CheckedDeck) -> build.Fit:
    """The deck's room for more cards, under the rules it was judged by."""
    return build.deck_fit(checked)


def add_shown(
    deck: SharedDeck, cards: list[Card], judge_: build.Fit
) -> tuple[SharedDeck, list[Card], list[tuple[Card, str]]]:
    """The deck with one copy of each of ``cards`` that may go in; those added; those
    skipped with why."""
    gained, skipped = build.new_cards(cards, judge_)
    return build.add_each(deck, [card.id for card in gained]), gained, skipped


def note(added: int, skipped: list[tuple[Card, str]], name_of: Callable[[Card], str]) -> str:
    """The note: "Added 20 cards. Skipped 2: Absol (already in the deck), …"."""
    said = ngettext("Added {n} card.", "Added {n} cards.", added).format(n=added)
    if not skipped:
        return said
    why = ", ".join(f"{name_of(card)} ({_(REASONS[reason])})" for card, reason in skipped)
    more = ngettext("Skipped {n}: {cards}.", "Skipped {n}: {cards}.", len(skipped))
    return f"{said} {more.format(n=len(skipped), cards=why)}"


def shown_target(
    request: Request, deck: SharedDeck, checked: CheckedDeck, asked: str | None, page: int
) -> str:
    """``?add=shown``: one copy of each result on this page that may go in; the page of
    the grown deck, saying how many went in and which were skipped."""
    lib = library(request)
    lang = language(request)
    query = asked if asked is not None else default_query(checked.deck.totem[0].card)
    found = find_cards(lib, query, SEARCH_LIMIT, lang, offset=page * SEARCH_LIMIT)
    grown, gained, skipped = add_shown(deck, found.cards, judge(checked))
    code = code_of(grown)
    if code is None:  # too long for a link: the deck stays as it was, never lost
        code, gained, skipped = code_of(deck), [], []
    ids = ",".join(card.id for card, _why in skipped[:MAX_SKIPPED])
    shown = page + 1 if page else None
    return "/build" + query_string(d=code, q=asked, page=shown, added=str(len(gained)), skipped=ids)


def added_note(request: Request, checked: CheckedDeck, cards: list[Card]) -> str | None:
    """What the last "Add these N" did (``added`` and ``skipped`` of its redirect)."""
    added = int_param(request, "added", -1, -1, 10_000)
    if added < 0:
        return None
    wanted = request.query_params.get("skipped", "").split(",")
    judge_ = judge(checked)
    by_id = {card.id: card for card in cards}
    skipped = [(by_id[i], judge_.reason(by_id[i]) or build.HELD) for i in wanted if i in by_id]
    return note(added, skipped, checked.ctx.name_of)
