"""Whether one more card may go into a deck (Build's "Add these N" and its marks), over
the real catalogue and the Charizard ex example deck: each reason is the rule's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from totemdeck.banlist import load_banlist
from totemdeck.catalogue.model import Card
from totemdeck.catalogue.read import Catalogue
from totemdeck.rules import fit
from totemdeck.rules.engine import Checker
from totemdeck.sharecode import SharedDeck

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLE = ROOT / "examples" / "charizard-ex.txt"


def _card(catalogue: Catalogue, card_id: str) -> Card:
    card = catalogue.get(card_id)
    assert card is not None, card_id
    return card


def _fit(catalogue: Catalogue, extra: str = "") -> tuple[fit.Fit, Checker]:
    checker = Checker(catalogue, banlist=load_banlist(ROOT / "banlist.yaml").banlist)
    text = EXAMPLE.read_text("utf-8").replace("Total Cards: 100", "") + extra
    checked = checker.check_deck(SharedDeck.from_text(text).decklist())
    return fit.Fit(checked.deck, checker.ctx), checker


@pytest.mark.parametrize(
    ("card_id", "reason"),
    [
        ("sv3-125", fit.HELD),  # the Totem's own name
        ("sv6pt5-30", fit.HELD),  # Absol, already in the main deck
        ("sm10-165", fit.BANNED),  # Chip-Chip Ice Axe (every print banned)
        ("swsh10-46", fit.IDENTITY),  # Radiant Greninja: Water
        ("swsh12pt5-20", None),  # Radiant Charizard: Fire, no Radiant in the deck yet
        ("sve-2", None),  # one more Basic Fire Energy is always fine
    ],
)
def test_why_a_card_may_not_go_in(catalogue: Catalogue, card_id: str, reason: str | None) -> None:
    judge, _ = _fit(catalogue)
    assert judge.reason(_card(catalogue, card_id)) == reason


def test_the_second_radiant_is_over_the_limit(catalogue: Catalogue) -> None:
    judge, _ = _fit(catalogue, "\n1 Radiant Charizard CRZ 20\n")
    assert judge.reason(_card(catalogue, "swsh10-27")) == fit.LIMIT  # Radiant Heatran


def test_new_cards_take_one_of_each_name_and_say_why_they_skip(catalogue: Catalogue) -> None:
    judge, _ = _fit(catalogue)
    ids = ["swsh12pt5-20", "swsh10-27", "sm10-165", "sv3-125", "sve-2"]
    gained, skipped = fit.new_cards([_card(catalogue, i) for i in ids], judge)
    assert [c.id for c in gained] == ["swsh12pt5-20"]
    assert [(c.id, why) for c, why in skipped] == [
        ("swsh10-27", fit.LIMIT),  # the first Radiant went in just before
        ("sm10-165", fit.BANNED),
        ("sv3-125", fit.HELD),
        ("sve-2", fit.HELD),  # a name already in the deck: Add these N adds no copies
    ]


def test_kinds_read_ace_spec_radiant_and_star(catalogue: Catalogue) -> None:
    assert fit.kinds(_card(catalogue, "swsh12pt5-20")) == ("radiant",)
    assert fit.kinds(_card(catalogue, "sv08-162")) == ("ace-spec",)  # Amulet of Hope
    assert fit.kinds(_card(catalogue, "sv6pt5-30")) == ()
