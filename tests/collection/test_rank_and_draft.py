"""Which Totems a collection builds (against a plain filter), and drafts the engine calls legal."""

from __future__ import annotations

import functools
import random
from pathlib import Path

import pytest

from totemdeck.api import best_totems, draft_for, make_checker, read_collection
from totemdeck.catalogue.names import name_key
from totemdeck.catalogue.read import Catalogue
from totemdeck.collection import Collection, Holding
from totemdeck.collection.rank import TotemRank, rank_totems
from totemdeck.rules.deck import Deck, Entry
from totemdeck.rules.engine import Checker
from totemdeck.rules.fit import Fit, kinds
from totemdeck.rules.traits import (
    identity,
    is_ace_spec,
    is_colorless_pokemon,
    is_radiant,
    is_star,
    printed_retreat_cost,
    provides_colorless,
)

pytestmark = pytest.mark.full_mirrors(
    "a large collection: every print, both halves of every LEGEND"
)

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = Path(__file__).resolve().parent / "samples" / "collectr-pokegridview.csv"


@pytest.fixture(scope="module")
def checker(catalogue: Catalogue) -> Checker:
    return make_checker(catalogue, banlist=ROOT / "banlist.yaml")


@pytest.fixture(scope="module")
def binder(catalogue: Catalogue) -> Collection:
    """The real Collectr sample plus the example decks: ~300 distinct cards of every era."""
    parts = [read_collection(catalogue, str(SAMPLE))]
    parts += [read_collection(catalogue, str(p)) for p in sorted((ROOT / "examples").glob("*.txt"))]
    holdings = tuple(h for part in parts for h in part.holdings)
    return Collection("binder", "test", holdings)


@pytest.fixture(scope="module")
def everything(catalogue: Catalogue) -> Collection:
    """One copy of every print, 60 of each basic Energy: a collection that allows any deck."""
    holdings = tuple(
        Holding(n, 60 if c.is_basic_energy else 1, (c,))
        for n, c in enumerate(catalogue.iter_cards(), start=1)
    )
    return Collection("everything", "test", holdings)


@functools.cache
def _everything_of(catalogue: Catalogue) -> tuple[Checker, Collection]:
    """A checker and every print of ``catalogue`` (the whole one, made once a run)."""
    holdings = tuple(
        Holding(n, 60 if c.is_basic_energy else 1, (c,))
        for n, c in enumerate(catalogue.iter_cards(), start=1)
    )
    checker = make_checker(catalogue, banlist=ROOT / "banlist.yaml")
    return checker, Collection("everything", "test", holdings)


def _plain_fitting(totem_id: str, collection: Collection, checker: Checker) -> int:
    """What ranking should count, card by card with the rules' own traits."""
    ctx = checker.ctx
    totem = checker.catalogue.get(totem_id)
    assert totem is not None
    allowed = identity(totem, ctx.fmt)
    retreat_zero = printed_retreat_cost(totem) == 0
    plain: set[str] = set()
    kinds: set[str] = set()
    for holding in collection.holdings:
        if holding.energy_type is not None:
            continue
        for card in holding.candidates:
            restricted = is_colorless_pokemon(card) or provides_colorless(card, ctx.fmt)
            if ctx.banlist.match(card) or not identity(card, ctx.fmt) <= allowed:
                continue
            if retreat_zero and restricted:
                continue
            kind = next((k for k, t in (("a", is_ace_spec), ("r", is_radiant), ("s", is_star))
                         if t(card)), None)  # fmt: skip
            if kind:
                kinds.add(kind)
            else:
                plain.add(name_key(card.name, card.supertype))
    plain.discard(name_key(totem.name, totem.supertype))
    return len(plain) + len(kinds)


def test_ranking_counts_what_a_plain_filter_counts(
    catalogue: Catalogue, checker: Checker, binder: Collection
) -> None:
    ranked = rank_totems(catalogue, binder, checker.ctx, best=100_000)
    assert ranked == sorted(ranked, key=lambda r: (-r.fitting, r.shortfall, r.card_id))
    single = [r for r in ranked if r.main_size == 99]
    for rank in random.Random(7).sample(single, 40) + single[:5]:
        assert rank.fitting == _plain_fitting(rank.card_id, binder, checker), rank.card_id


def test_banned_totems_are_not_ranked(
    catalogue: Catalogue, checker: Checker, everything: Collection
) -> None:
    ranked = rank_totems(catalogue, everything, checker.ctx, best=100_000)
    cards = catalogue.get_many(r.card_id for r in ranked)
    assert not [c.id for c in cards if checker.ctx.banlist.match(c)]


def test_owned_only_ranks_only_totems_the_collection_holds(
    checker: Checker, binder: Collection
) -> None:
    ranked = best_totems(checker, binder, best=50, owned_only=True)
    assert ranked and all(rank.owned for rank, _card in ranked)


TOTEMS = [
    "sv3-125", "base1-4", "xy2-13", "sm3-20", "swsh3-20", "sv4-153", "dp3-3", "ex13-100",
    "hgss1-113", "hgss3-87",  # LEGEND halves (Lugia; Kyogre & Groudon UD 87)
    "swshp-SWSH287", "swsh45sv-SV107", "swsh9-123", "sm12-1", "sv2-199", "pl1-9",
    "swsh12pt5-160", "sv3pt5-151", "base1-16", "sv6-141",
]  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("totem_id", TOTEMS)
def test_a_draft_from_a_large_collection_is_legal(full_catalogue: Catalogue, totem_id: str) -> None:
    catalogue = full_catalogue  # both halves of every LEGEND
    checker, everything = _everything_of(full_catalogue)
    totem = catalogue.get(totem_id)
    assert totem is not None, totem_id
    draft = draft_for(checker, everything, totem)
    assert draft.shortfall == 0
    assert draft.report.legal, [f.message for f in draft.report.findings if f.is_error]
    # what the draft writes reads back to the same deck and verdict
    again = checker.check(draft.decklist)
    assert again.legal and again.chosen == draft.report.chosen


def test_the_kinds_of_totem_are_all_drafted(catalogue: Catalogue) -> None:
    cards = [catalogue.get(i) for i in TOTEMS]
    assert all(cards)
    kinds = {
        "legend": any(c and "LEGEND" in (c.stage or "") + " ".join(c.subtypes) for c in cards),
        "v-union": any(c and "V-UNION" in " ".join(c.subtypes) for c in cards),
        "retreat 0": any(c and printed_retreat_cost(c) == 0 for c in cards),
        "empty identity": any(c and not identity(c, make_checker(catalogue).ctx.fmt) for c in cards),
    }  # fmt: skip
    assert all(kinds.values()), kinds


def test_a_small_collection_says_exactly_what_is_short(
    catalogue: Catalogue, checker: Checker
) -> None:
    small = read_collection(catalogue, str(SAMPLE))  # 63 lines of a real Collectr export
    [(rank, totem)] = best_totems(checker, small, best=1)
    draft = draft_for(checker, small, totem)
    assert draft.shortfall == rank.shortfall > 0
    assert draft.shortfall == 99 - draft.available - draft.basic_energy
    assert not draft.report.legal
    assert {f.code for f in draft.report.findings if f.is_error} == {"deck-size"}


def _fit_fitting(totem_id: str, collection: Collection, checker: Checker) -> int:
    """What ranking should count, asked of ``rules.fit`` (Build's own room-for-cards check):
    the ranking's bit masks are a fast copy of those rules, so the two must agree."""
    totem = checker.catalogue.get(totem_id)
    assert totem is not None
    deck = Deck(totem=(Entry(1, 1, totem, "totem"),), main=(), written_totem=1, written_main=0)
    fit = Fit(deck, checker.ctx)
    plain: set[str] = set()
    limited: set[str] = set()
    for holding in collection.holdings:
        if holding.energy_type is not None:
            continue
        for card in holding.candidates:
            if fit.misfit(card) is not None:
                continue
            if kinds(card):
                limited.add(kinds(card)[0])
            else:
                plain.add(name_key(card.name, card.supertype))
    plain.discard(name_key(totem.name, totem.supertype))
    return len(plain) + len(limited)


def test_ranking_agrees_with_the_rules_of_build(
    catalogue: Catalogue, checker: Checker, binder: Collection
) -> None:
    ranked = rank_totems(catalogue, binder, checker.ctx, best=100_000)
    single = [r for r in ranked if r.main_size == 99]
    break_ids = _break_ids(catalogue, single)
    breaks = [r for r in single if r.card_id in break_ids]
    cards = {c.id: c for c in catalogue.get_many(r.card_id for r in single)}
    zeros = [r for r in single if printed_retreat_cost(cards[r.card_id]) == 0]
    assert breaks and zeros  # no printed Retreat Cost is not Retreat 0; both are asked
    asked = random.Random(11).sample(single, 60) + single[:5] + breaks[:3] + zeros[:5]
    for rank in asked:
        assert rank.fitting == _fit_fitting(rank.card_id, binder, checker), rank.card_id


def _break_ids(catalogue: Catalogue, ranked: list[TotemRank]) -> set[str]:
    """The ranked Totems that are Pokémon BREAK (no printed Retreat Cost, not Retreat 0)."""
    cards = catalogue.get_many(r.card_id for r in ranked)
    return {c.id for c in cards if "BREAK" in c.subtypes}
