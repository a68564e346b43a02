"""Identity, Special Energy text and Prize cards; every Special Energy of the catalogue decided."""

from __future__ import annotations

import pytest

from tests.helpers.cards import card, special_energy
from totemdeck.catalogue.model import Attack
from totemdeck.catalogue.read import Catalogue
from totemdeck.rules import load_format
from totemdeck.rules.traits import identity, prize_cards, provides_colorless, read_provides

FMT = load_format()


@pytest.mark.parametrize(
    ("text", "types", "colorless", "every"),
    [
        ("Provides ColorlessColorless energy.", set(), True, False),
        ("This card provides {C} Energy.", set(), True, False),
        ("Darkness Energy provides Darkness Energy.", {"Darkness"}, False, False),
        ("it provides every type of Energy but provides only 1 Energy at a time.", set(), False, True),
        ("While in play, Dark Metal Energy provides Darkness Energy and Metal Energy", {"Darkness", "Metal"}, False, False),
        ("This card provides Colorless Energy. When this card is attached to a Pokémon, this card provides Grass, Fire, Psychic, or Darkness Energy", {"Grass", "Fire", "Psychic", "Darkness"}, True, False),
        ("Magma Energy provides Fighting and /or Darkness Energy", {"Fighting", "Darkness"}, False, False),
        ("As long as this card is attached to a Pokémon, it provides [W] Energy.", {"Water"}, False, False),
        # what it counts as while not in play is not what it provides (decision, HS 104)
        ("While in play, Rainbow Energy provides every type of Energy but provides only 1 Energy at a time. (While not in play, Rainbow Energy counts as Colorless Energy.)", set(), False, True),
        ("As long as this card is attached to a Pokémon, it provides 2 in any combination of {P} Energy and {D} Energy.", {"Psychic", "Darkness"}, False, False),
    ],
)  # fmt: skip
def test_read_provides(text: str, types: set[str], colorless: bool, every: bool) -> None:
    provides = read_provides(text)
    assert (set(provides.types), provides.colorless, provides.every, provides.decided) == (
        types,
        colorless,
        every,
        True,
    )


def test_type_bound_wildcard_is_still_an_empty_identity() -> None:
    """FORMAT.md (decision): "every type" is a wildcard even when it may only be attached to
    Dragon Pokémon; it names no type of its own (it was judged Dragon before)."""
    dde = special_energy(
        "Double Dragon Energy",
        "This card provides every type of Energy but provides only 2 Energy at a time. "
        "This card can only be attached to Dragon Pokémon.",
    )
    assert identity(dde, FMT) == frozenset()


def test_identity_of_a_pokemon_is_types_and_named_costs_never_colorless() -> None:
    pokemon = card(
        "Mixmon",
        types=("Fire",),
        attacks=(Attack("A", ("Water", "Colorless")), Attack("B", ("Free",))),
    )
    assert identity(pokemon, FMT) == {"Fire", "Water"}
    assert identity(card("Normalmon", types=("Colorless",), attacks=()), FMT) == frozenset()


@pytest.mark.parametrize(
    ("rules", "prizes"),
    [
        (("Pokémon ex rule: When your Pokémon ex is Knocked Out, your opponent takes 2 Prize cards.",), 2),
        (("VMAX rule: When your Pokémon VMAX is Knocked Out, your opponent takes 3 Prize cards.",), 3),
        (("When this Pokémon has been Knocked Out, your opponent takes 2 Prize cards.",), 2),
        (("Put this card from your hand onto your Bench only with the other half of Ho-Oh LEGEND.",), 1),
        ((), 1),
    ],
)  # fmt: skip
def test_prize_cards(rules: tuple[str, ...], prizes: int) -> None:
    assert prize_cards(card("X", rules=rules)) == prizes


def test_every_special_energy_in_the_catalogue_gets_an_answer(catalogue: Catalogue) -> None:
    undecided, overridden = [], []
    for energy in catalogue.iter_cards():
        if not energy.is_special_energy:
            continue
        provides = read_provides(" ".join(energy.rules))
        if energy.id in FMT.energy_overrides or energy.name in FMT.energy_overrides:
            overridden.append(energy.id)
        elif not provides.decided:
            undecided.append(f"{energy.id} {energy.name}")
    assert undecided == [], "add these to special_energy.overrides in format.yaml"
    # The cards that needed an override (none in the pokemontcg data so far):
    assert overridden == sorted(overridden)


def test_known_special_energy_identities(catalogue: Catalogue) -> None:
    def ident(card_id: str) -> set[str]:
        found = catalogue.get(card_id)
        assert found is not None
        return set(identity(found, FMT))

    assert ident("sm5-137") == {"Grass", "Fire", "Water"}  # Unit Energy GRW
    assert ident("swsh1-186") == set()  # Aurora Energy: every type
    assert ident("swsh10-216") == set()  # Double Turbo Energy: Colorless only
    assert ident("swsh5-140") == {"Water", "Fighting"}  # Rapid Strike Energy
    dte = catalogue.get("swsh10-216")
    assert dte is not None and provides_colorless(dte, FMT)
