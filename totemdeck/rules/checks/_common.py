"""What the rules share: where a finding is (its lines), the ids it names, the Totem's groups
and the halves/pieces of a LEGEND / V-UNION."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator

from totemdeck.catalogue.model import Card
from totemdeck.findings import Finding
from totemdeck.i18n import _, ngettext
from totemdeck.rules.allowed import totem_groups
from totemdeck.rules.deck import Deck, Entry, RuleContext
from totemdeck.rules.traits import is_legend

__all__ = ["Rule", "totem_groups"]  # the Totem's groups: rules/allowed.py, shared by all

Rule = Callable[[Deck, RuleContext], Iterator[Finding]]


def _lines(entries: list[Entry] | tuple[Entry, ...]) -> str:
    """Where a finding is: ``line 4`` or ``lines 4, 9`` (a message's opening words)."""
    numbers = sorted({e.line for e in entries})
    return ngettext("line {numbers}", "lines {numbers}", len(numbers)).format(
        numbers=", ".join(map(str, numbers))
    )


def _ids(entries: list[Entry] | tuple[Entry, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(e.card.id for e in entries))


def _positions(entries: list[Entry], ctx: RuleContext) -> dict[int, int]:
    """Copies of each half/piece position (a reprint of piece 1 is piece 1 again)."""
    copies: dict[int, int] = defaultdict(int)
    for entry in entries:
        copies[ctx.position(entry.card)] += entry.count
    return copies


def _piece(position: int, card: Card) -> str:
    """``half 2`` of a LEGEND, ``piece 3`` of a V-UNION."""
    return (_("half {n}") if is_legend(card) else _("piece {n}")).format(n=position)


def _piece_list(positions: list[int], card: Card) -> str:
    return ", ".join(_piece(p, card) for p in positions)
