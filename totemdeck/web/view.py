"""A checked deck arranged the way players read it, for the templates.

The Totem; Pokémon by evolution line; Trainers by Supporter / Item / Pokémon Tool / Stadium;
Energy; then the lines that matched no card. A finding about one row is shown on that row;
one about several rows (a card named on 4,000 lines) is shown once, in ``shared``, and each
of its rows points at it by number, so the page grows with the lines, never with their
product; what is about the whole deck stays on top.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from totemdeck.api.cards import Card
from totemdeck.api.deck import TRAINER_KINDS, CheckedDeck, Finding, Report, export_lines
from totemdeck.catalogue.model import LETTER_OF_TYPE
from totemdeck.catalogue.names import evolution_places, name_key
from totemdeck.i18n import N_

# A Totem deck is 100 cards; a list far longer is wrong as a whole, so past this many rows
# (and this many unmatched lines) the page counts lines instead of showing them: the page
# stays small whatever is pasted (the findings still name every line, once).
MAX_SHOWN = 300
# A Totem is one card, a LEGEND two pieces, a V-UNION four: more tiles would say nothing.
MAX_TOTEM_TILES = 4

# One letter and one CSS class per Energy type (the letters PTCG Live writes: {R}, {W}…).
ENERGY_SYMBOLS: dict[str, str] = LETTER_OF_TYPE


@dataclass(slots=True)
class Row:
    """One deck line that resolved: the print judged, its count and what is wrong with it."""

    line: int
    count: int
    card: Card
    findings: list[Finding] = field(default_factory=list)
    depth: int = 0  # place in its evolution line (0: the Basic)
    refs: list[int] = field(default_factory=list)  # indexes into DeckView.shared
    ref_error: bool = False  # whether one of ``refs`` is an error

    @property
    def worst(self) -> str | None:
        if self.ref_error or any(f.is_error for f in self.findings):
            return "error"
        return "warning" if self.findings or self.refs else None


@dataclass(slots=True)
class Unresolved:
    """A line that matched no playable card (or could not be read at all)."""

    line: int
    raw: str
    findings: list[Finding]
    suggestions: list[str]


@dataclass(slots=True)
class Group:
    """One section of a deck's page (Pokémon, Supporters…), with its rows."""

    key: str  # totem | pokemon | supporter | item | tool | stadium | other | energy
    title: str
    rows: list[Row]  # the rows shown (at most MAX_SHOWN over the whole deck)
    count: int = 0  # cards in the whole group, shown or not
    hidden: int = 0  # rows past MAX_SHOWN, counted but not shown


@dataclass(slots=True)
class DeckView:
    """A checked deck laid out for its page: groups, findings, the Totem."""

    report: Report
    groups: list[Group]
    unresolved: list[Unresolved]
    deck_findings: list[Finding]
    totem_cards: list[Card]
    shared: list[Finding] = field(default_factory=list)  # findings about several rows
    hidden_unresolved: int = 0  # unmatched lines past MAX_SHOWN, counted but not shown
    unresolved_count: int = 0

    @property
    def legal(self) -> bool:
        return self.report.legal


_GROUP_TITLES = {
    "totem": N_("Totem"),
    "pokemon": N_("Pokémon"),
    "Supporter": N_("Supporters"),
    "Item": N_("Items"),
    "Pokémon Tool": N_("Pokémon Tools"),
    "Stadium": N_("Stadiums"),
    "other": N_("Other Trainers"),
    "energy": N_("Energy"),
}


def _trainer_group(card: Card) -> str:
    return next((kind for kind in TRAINER_KINDS if kind in card.subtypes), "other")


def _depths(rows: list[Row]) -> None:
    """How far each Pokémon is from the Basic of its line, within this deck."""
    places = evolution_places((r.card.name, r.card.evolves_from) for r in rows)
    for row in rows:
        row.depth = places[name_key(row.card.name)][1]


def deck_view(checked: CheckedDeck) -> DeckView:
    """Group a checked deck's lines and attach every finding where a player looks for it."""
    report = checked.report
    entries = {e.line: e for e in checked.deck.entries}
    order: dict[str, list[Row]] = {key: [] for key in _GROUP_TITLES}
    rows: list[Row] = []
    for export in export_lines(checked):
        entry = entries.get(export.line or 0)
        if entry is None:
            continue
        row = Row(entry.line, entry.count, entry.card)
        rows.append(row)
        if export.section == "trainer":
            order[_trainer_group(entry.card)].append(row)
        else:
            order[export.section].append(row)
    _depths(order["pokemon"])
    unresolved = {
        r.line.line: Unresolved(r.line.line, r.line.raw.strip(), [], [])
        for r in checked.resolved.lines
        if not r.resolved
    }
    for problem in checked.resolved.decklist.problems:
        unresolved.setdefault(problem.line, Unresolved(problem.line, problem.raw.strip(), [], []))
    deck_findings, shared = _place(report.findings, rows, unresolved)
    shown = sorted(unresolved.values(), key=lambda u: u.line)
    return DeckView(
        report=report,
        groups=_groups(order),
        unresolved=shown[:MAX_SHOWN],
        deck_findings=deck_findings,
        totem_cards=_distinct([e.card for e in checked.deck.totem])[:MAX_TOTEM_TILES],
        shared=shared,
        hidden_unresolved=max(0, len(shown) - MAX_SHOWN),
        unresolved_count=len(shown),
    )


def _groups(order: dict[str, list[Row]]) -> list[Group]:
    """The non-empty groups in order, their rows cut once MAX_SHOWN rows are shown."""
    groups: list[Group] = []
    room = MAX_SHOWN
    for key, rows in order.items():
        if rows:
            kept = rows[:room]
            room -= len(kept)
            count = sum(r.count for r in rows)
            groups.append(Group(key, _GROUP_TITLES[key], kept, count, len(rows) - len(kept)))
    return groups


def _distinct(cards: list[Card]) -> list[Card]:
    return list({card.id: card for card in cards}.values())


def _place(
    findings: Iterable[Finding], rows: list[Row], unresolved: dict[int, Unresolved]
) -> tuple[list[Finding], list[Finding]]:
    """Attach each finding to its rows (by line and by card, through indexes: linear);
    return the findings about the whole deck and those shown once for several rows."""
    by_line: dict[int, list[Row]] = {}
    by_card: dict[str, list[Row]] = {}
    for row in rows:
        by_line.setdefault(row.line, []).append(row)
        by_card.setdefault(row.card.id, []).append(row)
    deck_findings: list[Finding] = []
    shared: list[Finding] = []
    for finding in findings:
        target = unresolved.get(finding.line) if finding.line is not None else None
        if target is not None:
            target.findings.append(finding)
            target.suggestions += [str(s) for s in finding.context.get("suggestions", [])]
        about: dict[int, Row] = {}  # by id(): a row once, in deck order
        for row in by_line.get(finding.line, []) if finding.line is not None else []:
            about[id(row)] = row
        for card_id in finding.cards:
            for row in by_card.get(card_id, []):
                about[id(row)] = row
        if len(about) == 1 and target is None:
            next(iter(about.values())).findings.append(finding)
        elif about:
            shared.append(finding)
            for row in about.values():
                row.refs.append(len(shared) - 1)
                row.ref_error = row.ref_error or finding.is_error
        elif target is None:
            deck_findings.append(finding)
    return deck_findings, shared
