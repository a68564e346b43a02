"""Each rule function alone, on synthetic cards: one passing and one failing case per code."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from tests.helpers.cards import basic_energy, card, deck, special_energy, trainer
from totemdeck.catalogue.model import Attack
from totemdeck.findings import Finding
from totemdeck.rules import checks
from totemdeck.rules.banlist import BanEntry, Banlist
from totemdeck.rules.deck import Deck, RuleContext
from totemdeck.rules.format import load_format

FMT = load_format()
CTX = RuleContext(
    FMT, Banlist((BanEntry("Red Card", "too strong", "2020-01-01"),)), lambda n: "Basic"
)
Rule = Callable[[Deck, RuleContext], Iterator[Finding]]

TOTEM = card("Blazemon", types=("Fire",), retreat_cost=2)


def codes(rule: Rule, d: Deck) -> list[str]:
    return [f.code for f in rule(d, CTX)]


def full(main: list[tuple[int, object]], totem: list[object] | None = None) -> Deck:
    """Pad the main deck with basic Fire Energy up to 99 cards."""
    count = sum(n for n, _c in main)  # type: ignore[misc]
    padded = [*main, (99 - count, basic_energy("Fire"))] if count < 99 else main
    return deck(totem or [TOTEM], padded)  # type: ignore[arg-type]


LEGEND_A = card("Kyo & Gro LEGEND", stage="LEGEND", subtypes=("LEGEND",), types=("Water",))
LEGEND_B = card("Kyo & Gro LEGEND", stage="LEGEND", subtypes=("LEGEND",), types=("Water",))
BASIC = card("Sparky")

CASES: list[tuple[str, Rule, Deck, Deck]] = [
    # (code, rule, a deck that passes, a deck that breaks it)
    ("totem-missing", checks.totem_missing, full([(1, BASIC)]), deck([], [(1, BASIC)])),
    ("totem-multiple", checks.totem_multiple, full([(1, BASIC)]),
     full([(1, BASIC)], [TOTEM, card("Other")])),
    ("totem-not-pokemon", checks.totem_not_pokemon, full([(1, BASIC)]),
     full([(1, BASIC)], [trainer("Iono", "Supporter")])),
    ("totem-incomplete", checks.totem_incomplete, full([(1, BASIC)], [LEGEND_A, LEGEND_B]),
     full([(1, BASIC)], [LEGEND_A])),
    ("deck-size", checks.deck_size, full([(1, BASIC)]), deck([TOTEM], [(1, BASIC)])),
    ("singleton", checks.singleton, full([(1, BASIC), (1, trainer("Switch"))]),
     full([(1, BASIC), (1, trainer("Switch")), (1, trainer("switch"))])),
    ("ace-spec-limit", checks.ace_spec_limit,
     full([(1, BASIC), (1, trainer("Master Ball", extra_subtypes=("ACE SPEC",)))]),
     full([(1, BASIC), (1, trainer("Master Ball", extra_subtypes=("ACE SPEC",))),
           (1, trainer("Prime Catcher", rarity="ACE SPEC Rare"))])),
    ("radiant-limit", checks.radiant_limit, full([(1, card("Radiant Heatran"))]),
     full([(1, card("Radiant Heatran")), (1, card("Radiant Charizard"))])),
    ("star-limit", checks.star_limit, full([(1, card("Torchic ★"))]),
     full([(1, card("Torchic ★")), (1, card("Entei ★", subtypes=("Basic", "Star")))])),
    ("banned", checks.banned, full([(1, BASIC), (1, trainer("Blue Card"))]),
     full([(1, BASIC), (1, trainer("Red Card"))])),
    ("identity", checks.identity_rule,
     full([(1, card("Ashmon", types=("Fire",), attacks=(Attack("Hit", ("Colorless",)),)))]),
     full([(1, card("Dripmon", types=("Fire",), attacks=(Attack("Splash", ("Water",)),)))])),
    ("colorless-restriction", checks.colorless_restriction,
     full([(1, card("Normalmon", types=("Colorless",)))]),
     full([(1, card("Normalmon", types=("Colorless",)))], [card("Zippy", retreat_cost=0)])),
    ("no-basic-pokemon", checks.no_basic_pokemon, full([(1, BASIC)]),
     full([(1, card("Evomon", stage="Stage 1", subtypes=("Stage 1",), evolves_from="X"))])),
    ("evolution-line-gap", checks.evolution_line_gap,
     full([(1, BASIC), (1, card("Sparkier", stage="Stage 1", evolves_from="Sparky"))]),
     full([(1, card("Sparkier", stage="Stage 1", evolves_from="Sparky"))])),
    ("incomplete-multipart", checks.incomplete_multipart,
     full([(1, BASIC), (1, LEGEND_A), (1, LEGEND_B)]), full([(1, BASIC), (1, LEGEND_A)])),
]  # fmt: skip


@pytest.mark.parametrize(("code", "rule", "passing", "breaking"), CASES, ids=[c[0] for c in CASES])
def test_rule(code: str, rule: Rule, passing: Deck, breaking: Deck) -> None:
    assert codes(rule, passing) == []
    assert codes(rule, breaking) == [code]


def test_every_rule_of_the_registry_has_a_unit_case() -> None:
    registered = {code for code, _rule in checks.RULES} - {"count-mismatch"}
    assert registered == {c[0] for c in CASES}


def test_basic_energy_is_exempt_from_singleton_and_any_number_text_too() -> None:
    arceus = card("Arceus", rules=("You may have as many of this card in your deck as you like.",))
    d = full([(1, BASIC), (4, arceus), (30, basic_energy("Fire"))])
    assert codes(checks.singleton, d) == []


def test_legend_halves_in_totem_and_main_deck_repeat_a_piece() -> None:
    d = full([(1, BASIC), (1, LEGEND_A)], [LEGEND_A, LEGEND_B])
    assert codes(checks.singleton, d) == ["singleton"]


def test_colorless_special_energy_under_a_retreat_zero_totem() -> None:
    dce = special_energy("Double Colorless Energy", "Provides ColorlessColorless energy.")
    wild = special_energy("Aurora Energy", "it provides every type of Energy")
    totem = [card("Zippy", retreat_cost=0)]
    assert codes(checks.colorless_restriction, full([(1, BASIC), (1, dce)], totem)) == [
        "colorless-restriction"
    ]
    assert codes(checks.colorless_restriction, full([(1, BASIC), (1, wild)], totem)) == []


def test_colorless_attack_costs_are_not_restricted() -> None:
    pokemon = card("Firemon", attacks=(Attack("Tackle", ("Colorless", "Colorless")),))
    totem = [card("Zippy", retreat_cost=0)]
    assert codes(checks.colorless_restriction, full([(1, pokemon)], totem)) == []


def test_trainers_are_never_out_of_identity() -> None:
    assert codes(checks.identity_rule, full([(1, BASIC), (1, trainer("Water Stone"))])) == []
