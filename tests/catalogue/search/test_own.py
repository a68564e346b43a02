"""``own:`` (issue 38.4): one definition of "owned" for search and ``check --collection``.

A print's copies are what ``check --collection`` would cover it with (``judges alike``,
basic Energy by type); a print the collection does not hold has 0 copies, so ``own=0``,
``own<2`` and ``own!=0`` each keep what a plain filter over those counts keeps.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from totemdeck.api import deck_coverage, make_checker, owned_prints
from totemdeck.api.search import QuerySyntaxError, search_cards
from totemdeck.catalogue.model import basic_energy_type
from totemdeck.catalogue.read import Catalogue
from totemdeck.collection import Collection, read_collection_text
from totemdeck.decklist import read_decklist
from totemdeck.rules.engine import Checker

pytestmark = pytest.mark.full_mirrors(
    "every print of a card (own: counts them all; every basic Energy print)"
)


@pytest.fixture(scope="module")
def catalogue(full_catalogue: Catalogue) -> Catalogue:
    """Every print of both mirrors: own: counts every print of a card (without ../shared
    these skip, saying so)."""
    return full_catalogue


DECK = Path(__file__).resolve().parents[3] / "examples" / "charizard-ex.txt"
MINE = "10 Basic Fire Energy SVE 2\n3 Boss's Orders PAL 172\n1 Iono PAL 185\n"


@pytest.fixture(scope="module")
def checker(catalogue: Catalogue) -> Checker:
    return make_checker(catalogue)


@pytest.fixture(scope="module")
def mine(catalogue: Catalogue) -> Collection:
    return read_collection_text(MINE, "mine.txt", catalogue)


def ids(catalogue: Catalogue, query: str, owned: dict[str, int]) -> set[str]:
    found = search_cards(catalogue, query, prints=True, limit=None, owned=owned)
    return {c.id for c in found.cards}


def test_basic_energy_counts_by_type(
    full_catalogue: Catalogue, checker: Checker, mine: Collection
) -> None:
    catalogue = full_catalogue  # every basic Energy print of the whole catalogue
    owned = owned_prints(checker, mine)
    fire = {
        c.id for c in catalogue.iter_cards() if c.is_basic_energy and basic_energy_type(c) == "Fire"
    }
    assert len(fire) > 20  # every Basic Fire Energy print, "Fire Energy" of 1999 too
    assert ids(catalogue, "own: t:energy", owned) == fire
    assert ids(catalogue, "own>=10 t:energy", owned) == fire
    assert not ids(catalogue, "own>10 t:energy", owned)


def test_unowned_prints_have_0_copies(
    catalogue: Catalogue, checker: Checker, mine: Collection
) -> None:
    owned = owned_prints(checker, mine)
    supporters = ids(catalogue, "t:supporter", {})
    count = {i: owned.get(i, 0) for i in supporters}
    assert 0 < sum(1 for n in count.values() if n) < len(count)
    for query, keep in [
        ("own=0", lambda n: n == 0),
        ("own!=0", lambda n: n != 0),
        ("own<2", lambda n: n < 2),
        ("own<=3", lambda n: n <= 3),
        ("own>=3", lambda n: n >= 3),
        ("-own:", lambda n: n == 0),
        ("own:", lambda n: n >= 1),
        ("owned:", lambda n: n >= 1),
        ("owned>=1", lambda n: n >= 1),
    ]:
        expected = {i for i, n in count.items() if keep(n)}
        assert ids(catalogue, f"{query} t:supporter", owned) == expected, query


def test_own_agrees_with_check_collection(catalogue: Catalogue, checker: Checker) -> None:
    """Each line of a deck: ``check --collection`` covers it iff ``own:`` lists its print."""
    collection = read_collection_text(MINE + "1 Charizard ex OBF 125\n", "mine.txt", catalogue)
    checked = checker.check_deck(read_decklist(str(DECK)))
    covered = deck_coverage(checked, collection, checker)
    found = ids(catalogue, "own:", owned_prints(checker, collection))
    assert any(line.owned for line in covered.lines)
    for line in covered.lines:
        assert (line.owned > 0) == (line.card.id in found), line.card.label


def test_own_without_a_collection_says_how_to_give_one(catalogue: Catalogue) -> None:
    with pytest.raises(QuerySyntaxError, match="--collection"):
        search_cards(catalogue, "own:")
