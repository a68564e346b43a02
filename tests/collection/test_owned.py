"""Owned or missing, by what judges alike: a deck is covered copy by copy."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from totemdeck.api import deck_coverage, make_checker, missing_decklist
from totemdeck.catalogue.model import Card
from totemdeck.catalogue.read import Catalogue
from totemdeck.collection import Collection, Holding, read_collection_text
from totemdeck.collection.owned import judged_as
from totemdeck.decklist import read_decklist
from totemdeck.rules.deck import Entry
from totemdeck.rules.engine import CheckedDeck, Checker

ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "examples" / "charizard-ex.txt"


@pytest.fixture(scope="module")
def checker(catalogue: Catalogue) -> Checker:
    return make_checker(catalogue)


@pytest.fixture(scope="module")
def checked(checker: Checker) -> CheckedDeck:
    return checker.check_deck(read_decklist(str(DECK)))


def _collection(holdings: list[Holding]) -> Collection:
    return Collection("test", "test", tuple(holdings))


def test_a_deck_is_its_own_collection(checker: Checker, checked: CheckedDeck) -> None:
    mine = read_collection_text(DECK.read_text(encoding="utf-8"), "deck.txt", checker.catalogue)
    covered = deck_coverage(checked, mine, checker)
    assert (covered.owned, covered.missing, covered.needed) == (100, 0, 100)


def test_an_empty_collection_misses_everything(checker: Checker, checked: CheckedDeck) -> None:
    covered = deck_coverage(checked, _collection([]), checker)
    assert covered.owned == 0 and covered.missing == 100
    assert sum(m.missing for m in covered.missing_lines) == 100


def test_another_print_that_judges_alike_covers_the_line(
    catalogue: Catalogue, checker: Checker
) -> None:
    deck = checker.check_deck(read_decklist(str(DECK)))
    ctx = checker.ctx

    def reprint(entry: Entry) -> Card | None:
        return next((c for c in catalogue.by_name(entry.card.name) if c.id != entry.card.id
                     and judged_as(c, ctx) == judged_as(entry.card, ctx)), None)  # fmt: skip

    entry, other = next((e, r) for e in deck.deck.main if not e.card.is_basic_energy
                        and (r := reprint(e)) is not None)  # fmt: skip
    covered = deck_coverage(deck, _collection([Holding(1, 1, (other,))]), checker)
    line = next(c for c in covered.lines if c.line == entry.line)
    assert line.owned == 1 and other.id != entry.card.id


def test_a_print_of_the_same_name_that_judges_differently_does_not(
    catalogue: Catalogue, checker: Checker, checked: CheckedDeck
) -> None:
    totem = checked.deck.totem[0]  # Charizard ex OBF 125 (Darkness ex, Stage 2)
    other = next(c for c in catalogue.by_name("Charizard ex") if c.set.release_date < "2010")
    covered = deck_coverage(checked, _collection([Holding(1, 1, (other,))]), checker)
    assert next(c for c in covered.lines if c.line == totem.line).owned == 0


def test_basic_energy_is_covered_by_type_whatever_the_print(
    catalogue: Catalogue, checker: Checker, checked: CheckedDeck
) -> None:
    fire = next(
        c for c in catalogue.by_name("Fire Energy") if c.is_basic_energy and c.set.id == "base1"
    )
    covered = deck_coverage(checked, _collection([Holding(1, 500, (fire,))]), checker)
    needed = sum(e.count for e in checked.deck.main if e.card.is_basic_energy
                 and "Fire" in e.card.name)  # fmt: skip
    assert covered.owned == needed > 0


def test_the_buy_list_reads_back_and_completes_the_collection(
    checker: Checker, checked: CheckedDeck
) -> None:
    half = [Holding(e.line, e.count, (e.card,)) for e in checked.deck.entries[::2]]
    covered = deck_coverage(checked, _collection(half), checker)
    buy = missing_decklist(covered, "buy.txt")
    bought = checker.resolver.resolve(buy)
    assert all(r.resolved for r in bought.lines)
    more = [Holding(r.line.line + 1000, r.line.count, r.candidates) for r in bought.lines]
    assert deck_coverage(checked, _collection(half + more), checker).missing == 0


@settings(max_examples=40)
@given(st.data())
def test_owned_plus_missing_is_the_deck(
    checker: Checker, checked: CheckedDeck, data: st.DataObject
) -> None:
    entries = checked.deck.entries
    holdings = []
    for number, entry in enumerate(entries):
        copies = data.draw(st.integers(0, entry.count + 1), label=entry.card.label)
        if copies:
            holdings.append(Holding(number, copies, (entry.card,)))
    covered = deck_coverage(checked, _collection(holdings), checker)
    assert covered.owned + covered.missing == covered.needed == 100
    for line in covered.lines:
        assert 0 <= line.owned <= line.needed
    # a deck built only from the collection is never missing anything
    owned_all = [Holding(n, e.count, (e.card,)) for n, e in enumerate(entries)]
    assert deck_coverage(checked, _collection(holdings + owned_all), checker).missing == 0


def test_own_finds_what_a_plain_filter_over_the_catalogue_owns(
    catalogue: Catalogue, checker: Checker
) -> None:
    from totemdeck.api import owned_prints
    from totemdeck.api.search import search_cards

    mine = read_collection_text(DECK.read_text(encoding="utf-8"), "deck.txt", catalogue)
    owned = owned_prints(checker, mine)
    ctx = checker.ctx
    held = {judged_as(c, ctx) for h in mine.holdings for c in h.candidates}
    expected = {
        card.id
        for card in catalogue.iter_cards()
        if judged_as(card, ctx) in held
        # a basic Energy stands for every basic Energy print of its type (issue 38.4)
        and (
            card.is_basic_energy
            or card.name in {c.name for h in mine.holdings for c in h.candidates}
        )
    }
    assert set(owned) == expected
    found = search_cards(catalogue, "own:", prints=True, limit=None, owned=owned)
    assert {c.id for c in found.cards} == expected
    supporters = search_cards(catalogue, "totem:sv3-125 t:supporter own:", limit=None,
                              owned=owned)  # fmt: skip
    in_deck = {e.card.name for e in checker.check_deck(read_decklist(str(DECK))).deck.main
               if "Supporter" in e.card.subtypes}  # fmt: skip
    assert {c.name for c in supporters.cards} == in_deck and in_deck
    lacking = search_cards(catalogue, "-own: t:supporter", prints=True, limit=None, owned=owned)
    assert not {c.id for c in lacking.cards} & expected
    many = search_cards(catalogue, "own>=10", prints=True, limit=None, owned=owned)
    assert many.cards and all(owned[c.id] >= 10 for c in many.cards)


def test_owned_copies_counts_each_card_by_what_judges_alike(
    catalogue: Catalogue, checker: Checker, checked: CheckedDeck
) -> None:
    from totemdeck.api import owned_copies

    ctx = checker.ctx
    entry = next(e for e in checked.deck.main if not e.card.is_basic_energy
                 and any(judged_as(c, ctx) == judged_as(e.card, ctx) and c.id != e.card.id
                         for c in catalogue.by_name(e.card.name)))  # fmt: skip
    other = next(c for c in catalogue.by_name(entry.card.name)
                 if c.id != entry.card.id and judged_as(c, ctx) == judged_as(entry.card, ctx))  # fmt: skip
    totem = checked.deck.totem[0].card
    unlike = next(c for c in catalogue.by_name("Charizard ex") if c.set.release_date < "2010")
    fire = next(e.card for e in checked.deck.main if e.card.is_basic_energy)
    mine = _collection([Holding(1, 3, (other,)), Holding(2, 2, (totem,)), Holding(3, 9, (fire,))])
    ids = [entry.card.id, other.id, totem.id, unlike.id, fire.id, "no-such-card"]
    owned = owned_copies(catalogue, mine, ids, checker)
    # each card on its own: the 3 copies count for both prints that judge alike
    assert owned == {entry.card.id: 3, other.id: 3, totem.id: 2, unlike.id: 0, fire.id: 9}
