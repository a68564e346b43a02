"""The table verbs: a player's seat from what they bring (FORMAT.md "At the table";
``totemdeck.table`` is the game itself)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from totemdeck.api.totems import lookup_totem
from totemdeck.base.errors import UsageError
from totemdeck.i18n import _
from totemdeck.rules.engine import Checker
from totemdeck.rules.totem import TotemNumbers

if TYPE_CHECKING:
    from totemdeck.decklist.model import Decklist
    from totemdeck.rules.engine import CheckedDeck
    from totemdeck.table import Seat

__all__ = ["table_seat"]

_DECK_LINK = re.compile(r"[?&]d=([A-Za-z0-9_-]+)")


def _shared_decklist(code: str) -> Decklist:
    """The decklist of a Check/Build share code (the library's share codes, either version)."""
    from totemdeck.sharecode import ShareCodeError, decode_decklist

    try:
        return decode_decklist(code, "shared deck")
    except ShareCodeError as exc:
        raise UsageError(str(exc)) from exc


def _deck_numbers(check: Callable[[Decklist], CheckedDeck], decklist: Decklist) -> TotemNumbers:
    from totemdeck.table import TableError

    checked = check(decklist)
    if checked.report.totem is None:
        raise TableError(_("this deck has no Totem (a “Totem:” section with one Pokémon)"))
    return checked.report.totem


def table_seat(
    checker: Checker,
    name: str,
    deck: str,
    check: Callable[[Decklist], CheckedDeck] | None = None,
) -> Seat:
    """A player's seat from what they brought: a share link or code from Check/Build, a
    pasted list, or a Totem's name; its numbers come from the rules engine. A pasted list is
    read with Check's limits (bytes, lines); ``check`` (default ``checker.check_deck``) is
    how a face checks a deck (the web app's waits its turn among the other checks).

    Raises a ``TotemdeckError`` saying what could not be read (the page shows it by the seat).
    """
    from totemdeck.decklist.read import decklist_from_bytes
    from totemdeck.sharecode import code_in
    from totemdeck.table import Seat, TableError
    from totemdeck.table.model import MAX_NAME, MAX_TOTEM_NAME

    text = deck.strip()
    link = _DECK_LINK.search(text)  # a link from any host (a player pastes what they have)
    code = link[1] if link else code_in(text)
    if not text:
        raise TableError(_("bring a deck: a share link, a code, a list or a Totem's name"))
    check = check or checker.check_deck
    if code is not None:
        numbers = _deck_numbers(check, _shared_decklist(code))
    elif "\n" in text:
        numbers = _deck_numbers(check, decklist_from_bytes(text.encode("utf-8"), "pasted list"))
    else:
        found = [f for f in lookup_totem(checker.catalogue, text, checker.ctx.fmt) if f.numbers]
        if not found:
            raise TableError(_("{text} cannot be a Totem").format(text=text[:60]))
        # a name only: the newest print (the one a player most likely holds)
        newest = max(found, key=lambda f: (f.card.set.release_date, f.card.id))
        assert newest.numbers is not None
        numbers = newest.numbers
    clean = " ".join(name.split())[:MAX_NAME]
    return Seat(
        name=clean if clean.isprintable() and clean else _("Player"),
        totem_id=numbers.id,
        totem_name=numbers.name[:MAX_TOTEM_NAME],
        base_cost=numbers.invocation_cost,
        prizes=min(max(numbers.prizes, 1), 3),
        identity=numbers.identity,
    )
