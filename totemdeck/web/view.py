"""A checked deck arranged the way players read it, for the templates.

The Totem; Pokémon by evolution line; Trainers by Supporter / Item / Pokémon Tool / Stadium;
Energy; then the lines that matched no card. Each finding is attached to the rows it is
about (its line, or the cards it names); what is about the whole deck stays on top.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from totemdeck.catalogue.model import LETTER_OF_TYPE, Card
from totemdeck.catalogue.names import name_key
from totemdeck.export.order import TRAINER_KINDS, export_lines
from totemdeck.findings import Finding
from totemdeck.i18n import N_
from totemdeck.rules.engine import CheckedDeck, Report

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

    @property
    def worst(self) -> str | None:
        if any(f.is_error for f in self.findings):
            return "error"
        return "warning" if self.findings else None


@dataclass(slots=True)
class Unresolved:
    """A line that matched no playable card (or could not be read at all)."""

    line: int
    raw: str
    findings: list[Finding]
    suggestions: list[str]


@dataclass(slots=True)
class Group:
    key: str  # totem | pokemon | supporter | item | tool | stadium | other | energy
    title: str
    rows: list[Row]

    @property
    def count(self) -> int:
        return sum(r.count for r in self.rows)


@dataclass(slots=True)
class DeckView:
    report: Report
    groups: list[Group]
    unresolved: list[Unresolved]
    deck_findings: list[Finding]
    totem_cards: list[Card]

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
    by_name = {name_key(r.card.name): r for r in rows}
    for row in rows:
        depth, current, seen = 0, row.card, set()
        while current.evolves_from and name_key(current.evolves_from) in by_name:
            key = name_key(current.evolves_from)
            if key in seen:
                break
            seen.add(key)
            current, depth = by_name[key].card, depth + 1
        row.depth = depth


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
    deck_findings: list[Finding] = []
    for finding in report.findings:
        placed = False
        if finding.line in unresolved:
            target = unresolved[finding.line]
            target.findings.append(finding)
            target.suggestions += [str(s) for s in finding.context.get("suggestions", [])]
            placed = True
        for row in rows:
            if row.line == finding.line or row.card.id in finding.cards:
                row.findings.append(finding)
                placed = True
        if not placed:
            deck_findings.append(finding)
    groups = [Group(key, _GROUP_TITLES[key], order[key]) for key in order if order[key]]
    return DeckView(
        report=report,
        groups=groups,
        unresolved=sorted(unresolved.values(), key=lambda u: u.line),
        deck_findings=deck_findings,
        totem_cards=[e.card for e in checked.deck.totem],
    )
