"""Which print each line exports as, and the canonical order of an exported list.

A line keeps its print when it named one. A name-only line gets the newest print that has a
PTCG Live code among the prints that judge exactly like it (basic Energy: the SVE print,
where PTCG Live lists basic Energy). Order: the Totem; Pokémon in evolution lines (each
line from its Basic); Trainers by kind (Supporter, Item, Pokémon Tool, Stadium, others);
Energy last (basic by type, then special).
"""

from __future__ import annotations

from totemdeck.base.records import frozen
from totemdeck.catalogue.model import ENERGY_TYPES, Card, basic_energy_type
from totemdeck.catalogue.names import evolution_places, name_key
from totemdeck.decklist.model import DeckLine
from totemdeck.rules.engine import CheckedDeck

TRAINER_KINDS = ("Supporter", "Item", "Pokémon Tool", "Stadium")
SECTION_ORDER = ("totem", "pokemon", "trainer", "energy")


@frozen
class ExportLine:
    """One line of an export, in the section and order the format writes."""

    section: str  # totem | pokemon | trainer | energy
    count: int
    card: Card
    line: int | None = None  # the decklist line it comes from (the web page marks findings)


def _print_for(line: DeckLine, checked: CheckedDeck, evaluated: Card) -> Card:
    line_number = line.line
    named_a_print = line.card_id or line.number is not None
    if named_a_print and not evaluated.is_basic_energy:
        return evaluated
    alike = checked.alike.get(line_number, (evaluated,))
    if evaluated.is_basic_energy:
        sve = [c for c in alike if (c.set.ptcgl_code or "") == "SVE"]
        if sve:
            return min(sve, key=lambda c: (len(c.number), c.number))
    coded = [c for c in alike if c.set.ptcgl_code]
    if not coded:
        return evaluated
    return max(coded, key=lambda c: (c.set.release_date, c.id))


def _section(card: Card) -> str:
    return "pokemon" if card.is_pokemon else "trainer" if card.is_trainer else "energy"


def _pokemon_order(lines: list[ExportLine]) -> list[ExportLine]:
    """Evolution lines together: each family from its root (Basic) up, families by size."""
    places = evolution_places((x.card.name, x.card.evolves_from) for x in lines)
    placed = {id(x): places[name_key(x.card.name)] for x in lines}
    family_size: dict[str, int] = {}
    for root, _depth in placed.values():
        family_size[root] = family_size.get(root, 0) + 1
    return sorted(
        lines,
        key=lambda x: (
            -family_size[placed[id(x)][0]],
            placed[id(x)][0],
            placed[id(x)][1],
            x.card.name,
        ),
    )


def _trainer_rank(card: Card) -> int:
    for rank, kind in enumerate(TRAINER_KINDS):
        if kind in card.subtypes:
            return rank
    return len(TRAINER_KINDS)


def _energy_rank(card: Card) -> tuple[int, int, str]:
    if card.is_basic_energy:
        kind = basic_energy_type(card)
        return 0, ENERGY_TYPES.index(kind) if kind in ENERGY_TYPES else 99, card.name
    return 1, 0, card.name


def export_lines(checked: CheckedDeck, plain: bool = False) -> list[ExportLine]:
    """The deck's lines in export order; ``plain`` puts the Totem first among the Pokémon."""
    totem: list[ExportLine] = []
    main: dict[str, list[ExportLine]] = {"pokemon": [], "trainer": [], "energy": []}
    written = {r.line.line: r.line for r in checked.resolved.lines}
    for entry in checked.deck.totem:
        card = _print_for(written[entry.line], checked, entry.card)
        totem.append(ExportLine("pokemon" if plain else "totem", entry.count, card, entry.line))
    for entry in checked.deck.main:
        card = _print_for(written[entry.line], checked, entry.card)
        main[_section(card)].append(ExportLine(_section(card), entry.count, card, entry.line))
    pokemon = _pokemon_order(main["pokemon"])
    trainers = sorted(main["trainer"], key=lambda x: (_trainer_rank(x.card), x.card.name))
    energy = sorted(main["energy"], key=lambda x: _energy_rank(x.card))
    return totem + pokemon + trainers + energy
