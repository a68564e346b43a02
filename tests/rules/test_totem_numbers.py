"""The Totem's numbers for every row of FORMAT.md's cost table, on real cards."""

from __future__ import annotations

import pytest

from tests.helpers.cards import card
from totemdeck.catalogue.model import Card
from totemdeck.catalogue.read import Catalogue
from totemdeck.rules import load_format
from totemdeck.rules.pieces import CataloguePieces
from totemdeck.rules.stages import CatalogueStages
from totemdeck.rules.totem import cost_column, totem_numbers

FMT = load_format()
# A row whose evolution line the fixture does not hold reads the whole catalogue.
LINE_OF_EVERY_PRINT = pytest.mark.full_mirrors(
    "the evolution line of Empoleon LV.X and of Omastar BREAK (every Empoleon, every Omastar)"
)


@pytest.mark.parametrize(
    ("card_id", "column", "cost", "prizes"),
    [
        ("sv3-125", "Stage 2", 4, 2),  # Stage 2 Pokémon ex, printed stage
        ("sv3-26", "Basic", 2, 1),  # Charmander: plain Basic
        ("sv3-27", "Stage 1", 3, 1),  # Charmeleon: plain Stage 1
        ("swsh12pt5-20", "Basic", 2, 1),  # Radiant Charizard: Basic
        ("sm11-1", "Basic", 2, 3),  # TAG TEAM: Basic, 3 Prize cards
        ("swsh10tg-TG15", "Stage 1", 3, 3),  # VMAX → Stage 1, 3 Prize cards
        ("swsh10-18", "Stage 1", 3, 2),  # VSTAR → Stage 1
        ("xy12-16", "Stage 2", 4, 1),  # Ninetales BREAK: BREAK of a Stage 1
        ("xy1-2", "Stage 3", 5, 2),  # M Venusaur-EX: Venusaur is Stage 2
        ("xy5-55", "Stage 1", 3, 2),  # Primal Kyogre-EX: Kyogre is Basic
        pytest.param("dp1-120", "Stage 3", 5, 1, marks=LINE_OF_EVERY_PRINT),  # Empoleon LV.X
        ("hgss1-111", "Basic", 2, 1),  # Ho-Oh LEGEND: single LEGEND, 1 Prize card
        ("hgss3-87", "Basic", 2, 2),  # Kyogre & Groudon LEGEND: dual LEGEND, 2
        ("swshp-SWSH139", "Stage 2", 4, 3),  # Pikachu V-UNION: Stage 2, 3 Prize cards
        ("xy3-25", "Stage 1", 3, 1),  # Amaura: Restored (decision: Stage 1)
        # Mega Evolution-era Mega ex: printed Stage, 3 Prize cards whatever TCGdex's suffix
        # says ("EX" on me04-015, nothing on me02-013: they gave 2 and 1 before).
        ("me02-013", "Stage 2", 4, 3),  # Mega Charizard X ex, no suffix in TCGdex
        ("me04-015", "Stage 1", 3, 3),  # Mega Pyroar ex, suffix "EX" in TCGdex
        ("me01-086", "Basic", 2, 3),  # Mega Absol ex
        pytest.param("xy10-19", "Stage 3", 5, 1, marks=LINE_OF_EVERY_PRINT),  # Omastar BREAK
        ("neo1-20", "Basic", 2, 1),  # Cleffa: a Baby Pokémon, whose data says only "Baby"
    ],
)
def test_cost_table_rows(
    catalogue_as_marked: Catalogue, card_id: str, column: str, cost: int, prizes: int
) -> None:
    """On the fixture catalogue, which holds these prints and the lines they evolve from."""
    catalogue = catalogue_as_marked
    card = catalogue.get(card_id)
    assert card is not None, card_id
    stages = CatalogueStages(catalogue)
    pieces = CataloguePieces(catalogue, FMT).pieces(card)
    numbers = totem_numbers(pieces, FMT, stages)
    assert (numbers.cost_column, numbers.invocation_cost, numbers.prizes) == (
        column,
        cost,
        prizes,
    )


@pytest.mark.full_mirrors("every BREAK print and the stage of what each evolves from")
def test_break_of_a_stage_2_is_stage_3(full_catalogue: Catalogue) -> None:
    catalogue = full_catalogue  # every BREAK print
    breaks = [c for c in catalogue.iter_cards() if c.stage == "BREAK"]
    stages = CatalogueStages(catalogue)
    of_stage_2 = [c for c in breaks if stages(c.evolves_from or "") == "Stage 2"]
    assert of_stage_2, "some BREAK evolves from a Stage 2 Pokémon"
    assert {cost_column(c, FMT, stages) for c in of_stage_2} == {"Stage 3"}


def test_every_pokemon_in_the_catalogue_gets_a_column(catalogue: Catalogue) -> None:
    stages = CatalogueStages(catalogue)
    columns = {cost_column(c, FMT, stages) for c in catalogue.iter_cards() if c.is_pokemon}
    assert columns == {"Basic", "Stage 1", "Stage 2", "Stage 3"}


def test_identity_with_energy_names(catalogue: Catalogue) -> None:
    card = catalogue.get("sv3-125")
    assert card is not None
    numbers = totem_numbers([card], FMT, CatalogueStages(catalogue))
    assert numbers.identity == ("Fire", "Darkness")


class _Prints:
    """A catalogue of just the prints of one name (``CatalogueStages`` reads ``by_name``)."""

    def __init__(self, stages: list[str]) -> None:
        self.cards = [card("Tiemon", stage=s, subtypes=(s,)) for s in stages]

    def by_name(self, name: str) -> list[Card]:
        return self.cards


@pytest.mark.parametrize(
    ("stages", "normal"),
    [
        (["Stage 1", "Stage 1", "Stage 1", "Stage 2", "Stage 2", "Stage 2"], "Stage 2"),  # tie
        (["Basic", "Stage 1"], "Stage 1"),  # tie
        (["Stage 1", "Stage 1", "Stage 2"], "Stage 1"),  # most prints
    ],
)
def test_normal_stage_is_the_most_common_and_a_tie_goes_higher(
    stages: list[str], normal: str
) -> None:
    assert CatalogueStages(_Prints(stages))("Tiemon") == normal  # type: ignore[arg-type]
