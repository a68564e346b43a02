"""A code that is one set's id and another set's printed code: ``g1`` and ``G1``.

Gym Heroes (``gym1``) prints ``G1`` (Cardmarket's code too); Generations' id is ``g1``. A
decklist line names its card, so the set whose print at that number has that name is meant:
``Leafeon-EX g1 10`` is Generations', ``Misty's Tentacruel G1 10`` Gym Heroes'. A search
has no name to go by: ``set:g1`` is the set of that id, Generations, alone.
"""

from __future__ import annotations

import datetime as dt

import pytest

from totemdeck.api.search import search_cards
from totemdeck.catalogue.read import Catalogue
from totemdeck.decklist import Resolver, parse


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1 Leafeon-EX g1 10", "g1-10"),
        ("1 Leafeon-EX GEN 10", "g1-10"),
        ("1 Misty's Tentacruel gym1 10", "gym1-10"),
        ("1 Misty's Tentacruel G1 10", "gym1-10"),
        ("1 The Rocket's Trap G1 19", "gym1-19"),  # Cardmarket's code for Gym Heroes
    ],
)
def test_set_and_number_reads_the_set_whose_card_it_is(
    catalogue: Catalogue, text: str, expected: str
) -> None:
    line = Resolver(catalogue, today=dt.date(2026, 11, 30)).resolve_line(parse(text).lines[0])
    assert [c.id for c in line.candidates] == [expected]
    assert line.finding is None
    assert line.note is None  # not "g1 10 is Misty's Tentacruel; took …"


@pytest.mark.parametrize(("query", "set_id"), [("set:g1", "g1"), ("set:gym1", "gym1")])
def test_search_by_set_id_finds_that_set_alone(
    catalogue: Catalogue, query: str, set_id: str
) -> None:
    found = search_cards(catalogue, f"{query} number:10", limit=None, prints=True)
    assert {card.set.id for card in found.cards} == {set_id}
