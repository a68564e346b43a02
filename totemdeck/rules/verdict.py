"""What the engine hands back: the ``Report`` (the verdict reporters read), the ``CheckedDeck``
(the report with the deck and context it judged) and ``alike_key``, what makes two prints judge
alike."""

from __future__ import annotations

from dataclasses import field
from typing import Any

from totemdeck.base.records import frozen
from totemdeck.catalogue.model import Card
from totemdeck.catalogue.names import name_key
from totemdeck.decklist.resolved import ResolvedDeck, ResolvedLine
from totemdeck.findings import Finding
from totemdeck.rules.deck import Deck, RuleContext
from totemdeck.rules.totem import TotemNumbers

SEVERITY_ORDER = {"error": 0, "warning": 1}


@frozen
class Report:
    """The verdict on one deck: what the text and JSON reporters read."""

    deck: str
    legal: bool
    totem: TotemNumbers | None
    counts: dict[str, int]
    findings: tuple[Finding, ...]
    chosen: dict[int, str] = field(default_factory=dict)  # line → the print evaluated
    # How lines were read when not exactly as written: (line, note), e.g. a subset numbered
    # straight on ("GEN has no card 114; took Espurr GEN RC14…"), a name with an extra.
    readings: tuple[tuple[int, str], ...] = ()
    totem_label: str | None = None  # "Charizard ex OBF 125", for people
    name: str | None = None  # the deck's name: a "Deckname:" header or a title on line 1

    @property
    def errors(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.is_error)

    @property
    def warnings(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if not f.is_error)

    def as_dict(self) -> dict[str, Any]:
        """The object of ``schemas/report.schema.json``."""
        return {
            "deck": self.deck,
            "legal": self.legal,
            "totem": self.totem.as_dict() if self.totem else None,
            "counts": dict(self.counts),
            "findings": [f.as_dict() for f in self.findings],
            **({"name": self.name} if self.name else {}),
            **(
                {"readings": [{"line": line, "note": note} for line, note in self.readings]}
                if self.readings
                else {}
            ),
        }


@frozen
class CheckedDeck:
    """A report with the deck it judged: each line's evaluated print, and the prints of that
    line that judge exactly alike (any of them may stand in for it, e.g. in an export), and
    the rule context it was judged with (format, banlist, stages): what exports and stats
    read, so they cannot be handed another."""

    report: Report
    deck: Deck
    alike: dict[int, tuple[Card, ...]]
    resolved: ResolvedDeck
    ctx: RuleContext


def alike_key(card: Card, ctx: RuleContext) -> tuple[Any, ...]:
    """Everything a rule reads off a print; prints with equal signatures judge alike."""
    return (
        card.supertype,
        card.types,
        tuple(a.cost for a in card.attacks),
        card.stage,
        card.subtypes,
        name_key(card.evolves_from) if card.evolves_from else None,
        card.retreat_cost,
        # the rules as one text: the sources split the same words into sentences their own
        # way (Ultra Ball PAF 91 has three where BRS 186 has two), which is no other card
        " ".join(" ".join(card.rules).split()),
        card.rarity if card.rarity and "ace" in card.rarity.casefold() else None,
        ctx.banlist.match(card) is not None,
        ctx.position(card),  # which half/piece of a LEGEND / V-UNION
    )


def groups_alike(line: ResolvedLine, ctx: RuleContext) -> list[list[Card]]:
    """A line's prints grouped by signature, newest first; the newest print's group leads."""
    if len(line.candidates) == 1:
        return [list(line.candidates)]
    groups: dict[tuple[Any, ...], list[Card]] = {}
    for card in sorted(line.candidates, key=lambda c: (c.set.release_date, c.id), reverse=True):
        groups.setdefault(alike_key(card, ctx), []).append(card)
    return list(groups.values())
