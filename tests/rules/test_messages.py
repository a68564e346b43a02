"""What the findings say: the sentences players read for the cases FORMAT.md's revision named."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
import yaml

from tests.helpers.cards import basic_energy, card, deck, trainer
from totemdeck.banlist import load_banlist
from totemdeck.catalogue.model import Attack
from totemdeck.catalogue.read import Catalogue
from totemdeck.decklist import read_decklist
from totemdeck.rules import Checker, checks
from totemdeck.rules.banlist import Banlist
from totemdeck.rules.deck import RuleContext
from totemdeck.rules.format import FormatRules, load_format

ROOT = Path(__file__).resolve().parent.parent.parent
FMT = load_format()
CTX = RuleContext(FMT, Banlist(), lambda n: "Basic")


@pytest.fixture(scope="module")
def checker(catalogue: Catalogue) -> Checker:
    banlist = load_banlist(ROOT / "banlist.yaml").banlist
    return Checker(catalogue, banlist=banlist, today=dt.date(2026, 11, 30))


def test_singleton_names_the_shared_name_and_each_line(checker: Checker) -> None:
    report = checker.check(
        read_decklist(str(ROOT / "tests/decks/singleton-boss-orders-ghetsis.txt"))
    )
    (finding,) = [f for f in report.findings if f.code == "singleton"]
    assert finding.message.startswith(
        "lines 69, 77: Boss's Orders on line 69 and Boss's Orders (Ghetsis) on line 77 share "
        "the name Boss's Orders;"
    )
    assert finding.context["name"] == "Boss's Orders"


def test_identity_message_says_the_identity_is_empty() -> None:
    totem = card("Normalmon", types=("Colorless",), attacks=(Attack("Tackle", ("Colorless",)),))
    d = deck([totem], [(1, card("Blazemon")), (98, trainer("Switch"))])
    (finding,) = checks.identity_rule(d, CTX)
    assert "the Totem's identity is empty (none)" in finding.message
    assert "Colorless" not in finding.message


def test_ambiguous_card_groups_alike_prints_and_says_what_differs(checker: Checker) -> None:
    report = checker.check(read_decklist(str(ROOT / "tests/decks/ambiguous-card.txt")))
    (finding,) = [f for f in report.findings if f.code == "ambiguous-card"]
    groups = finding.context["groups"]
    # The pinned DEX 62 and the other Darkness prints judge differently from Psychic ones...
    assert "banned (this print is pinned)" in finding.message
    assert "identity Psychic" in finding.message and "identity Darkness" in finding.message
    # ...and prints that judge alike are one group, not one group per distinct text.
    verdicts = [tuple(sorted(g["differs"].items())) for g in groups]
    assert len(verdicts) == len(set(verdicts))
    assert sum(len(g["prints"]) for g in groups) == len(finding.cards)


def test_trainers_played_as_basic_count_only_for_no_basic_pokemon() -> None:
    doll = trainer("Clefairy Doll", rules=("Play Clefairy Doll as if it were a Basic Pokémon.",))
    d = deck([card("Blazemon")], [(1, doll), (98, basic_energy("Fire"))])
    assert list(checks.no_basic_pokemon(d, CTX)) == []
    data = yaml.safe_load((ROOT / "totemdeck/data/format.yaml").read_text(encoding="utf-8"))
    data["trainers_as_basic"]["count_for_no_basic_pokemon"] = False
    off = RuleContext(FormatRules.from_data(data), Banlist(), lambda n: "Basic")
    assert [f.code for f in checks.no_basic_pokemon(d, off)] == ["no-basic-pokemon"]
    # ...and for nothing else: a Retreat-0 Totem does not forbid it as a Colorless Pokémon.
    zero = deck([card("Zippy", retreat_cost=0)], [(1, doll), (98, basic_energy("Fire"))])
    assert list(checks.colorless_restriction(zero, CTX)) == []


def test_a_break_totem_is_not_retreat_cost_zero() -> None:
    colorless = card("Normalmon", types=("Colorless",), attacks=())
    main = [(1, colorless), (98, basic_energy("Fire"))]
    breaks = card("Blazemon BREAK", stage="BREAK", subtypes=("BREAK",), retreat_cost=0)
    assert list(checks.colorless_restriction(deck([breaks], main), CTX)) == []
    plain = card("Zippy", retreat_cost=0)
    assert [f.code for f in checks.colorless_restriction(deck([plain], main), CTX)] == [
        "colorless-restriction"
    ]
