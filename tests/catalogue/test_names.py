"""Name comparison (FORMAT.md "Words → Name"): what is one name and what is two."""

from __future__ import annotations

import pytest

from totemdeck.catalogue.names import name_key


@pytest.mark.parametrize(
    ("a", "a_type", "b", "b_type", "same"),
    [
        # ex and EX stay distinct; EX is one name however it is spelled (FORMAT.md).
        ("Mewtwo-EX", "Pokémon", "Mewtwo EX", "Pokémon", True),
        ("Mewtwo EX", None, "Mewtwo-EX", "Pokémon", True),
        ("Mewtwo EX", "Pokémon", "Mewtwo ex", "Pokémon", False),
        ("Mewtwo EX", None, "Mewtwo ex", None, False),
        ("M Venusaur EX", None, "M Venusaur-EX", "Pokémon", True),
        ("charizard ex", None, "Charizard ex", "Pokémon", True),
        # δ on a Pokémon is not part of the name; on a Trainer or Energy it is.
        ("Pikachu δ", "Pokémon", "Pikachu", "Pokémon", True),
        ("Latios ex δ", "Pokémon", "Latios ex", "Pokémon", True),
        ("δ Rainbow Energy", "Energy", "Rainbow Energy", "Energy", False),
        ("δ Rainbow Energy", None, "δ Rainbow Energy", "Energy", True),
        ("Mystery Plate δ", "Trainer", "Mystery Plate", "Trainer", False),
        # A character in a trailing parenthesis on a Trainer is not part of the name.
        ("Boss's Orders (Ghetsis)", "Trainer", "Boss’s Orders", "Trainer", True),
        ("Unown [G]", "Pokémon", "Unown G", "Pokémon", True),
        ("Pokémon Center Lady", None, "Pokemon  Center lady", None, True),
        ("EXP. Share", "Trainer", "Exp. Share", "Trainer", True),
    ],
)
def test_name_key(a: str, a_type: str | None, b: str, b_type: str | None, same: bool) -> None:
    assert (name_key(a, a_type) == name_key(b, b_type)) is same


def test_evolution_places_is_the_one_walk_of_a_deck_s_lines() -> None:
    """Issue 39.5: the deck page's depths and the export's families are one walk."""
    from totemdeck.catalogue.names import evolution_places

    places = evolution_places(
        [
            ("Charizard ex", "Charmeleon"),
            ("Charmander", None),
            ("Charmeleon", "Charmander"),
            ("Pidgeot ex", "Pidgeotto"),  # its Stage 1 is not in the deck: its own root
            ("Missingno", "Missingno"),  # a line that names itself
            ("A", "B"),
            ("B", "A"),  # a loop of bad data stops where it closes
        ]
    )
    assert places["charizard ex"] == ("charmander", 2)
    assert places["charmeleon"] == ("charmander", 1)
    assert places["charmander"] == ("charmander", 0)
    assert places["pidgeot ex"] == ("pidgeot ex", 0)
    assert places["missingno"] == ("missingno", 0)
    assert places["a"] == ("b", 1)
    assert places["b"] == ("a", 1)
