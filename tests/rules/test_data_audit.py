"""The data audit of every TCGdex-only print (``make audit``), over the shared mirror.

A disagreement the audit finds must be explained in ``totemdeck/data/known_errors.yaml``
(an upstream error, with its reason) or fixed by a general rule in a transform; a new one
fails here, and so does an entry the audit no longer finds.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from scripts.audit import main as audit_main
from scripts.audit import records_in
from tests.conftest import TCGDEX
from tests.helpers.cards import card
from totemdeck.catalogue.model import Attack, Card
from totemdeck.catalogue.read import Catalogue
from totemdeck.rules.data_audit import (
    FIELDS,
    MISSING,
    Disagreement,
    against_record,
    audit,
    known_errors,
    stale,
    summary,
)

pytestmark = pytest.mark.full_mirrors(
    "every print of both mirrors and TCGdex's Spanish cards (the data audit's invariants)"
)

SPANISH = TCGDEX / "es" / "cards"


@pytest.fixture(scope="module")
def catalogue(full_catalogue: Catalogue) -> Catalogue:
    """Every print of both mirrors: this module's invariants are over the whole catalogue
    (without ../shared they skip, saying so; the unit tests elsewhere read the fixture's)."""
    return full_catalogue


@pytest.fixture(scope="module")
def catalogue_dir(full_catalogue_dir: Path) -> Path:
    return full_catalogue_dir


@pytest.fixture(scope="module")
def found(catalogue: Catalogue) -> list[Disagreement]:
    return audit(catalogue.iter_cards(), other_language=records_in(SPANISH))


def test_the_spanish_records_are_compared(catalogue: Catalogue) -> None:
    record = records_in(SPANISH)
    assert record is not None
    only = [c for c in catalogue.iter_cards() if c.source == "tcgdex" and c.is_pokemon]
    with_record = [(c, r) for c in only if (r := record(c.id)) is not None]
    assert len(with_record) > 2_000
    # a Spanish record that says another type is a disagreement (TCGdex's are all alike now)
    card, raw = next((c, r) for c, r in with_record if c.types == ("Grass",) and r.get("types"))
    assert list(against_record(card, {**raw, "types": ["Agua"]})) == [("types", "Grass", "Water")]
    assert list(against_record(card, raw)) == []


def test_every_disagreement_of_a_tcgdex_only_print_is_explained(
    found: list[Disagreement],
) -> None:
    unexplained = [d.as_dict() for d in found if d.known is None]
    assert unexplained == [], "fix the transform, or add the prints to known_errors.yaml"
    assert stale(found) == [], "remove these from known_errors.yaml"
    assert found, "the audit compares something (the mirror has known upstream errors)"


def test_no_energy_kind_disagreement_is_left(found: list[Disagreement]) -> None:
    # the 13 Special Energy TCGdex marks "Normal" are Special by the transform's rule
    assert [d for d in found if d.field in ("kind", "identity", "provides_colorless")] == []
    assert set(summary(found)) <= set(FIELDS) | set(MISSING)


def test_the_known_errors_file_names_fields_and_reasons() -> None:
    known = known_errors()
    assert known and all(field in FIELDS or field in MISSING for _card, field in known)
    assert all(len(reason) >= 40 for reason in known.values())


def test_make_audit_exits_0_on_the_shared_mirror(
    catalogue_dir: object, capsys: pytest.CaptureFixture[str]
) -> None:
    assert audit_main(["--catalogue", str(catalogue_dir), "--spanish", str(SPANISH)]) == 0
    assert "0 unexplained, 0 stale" in capsys.readouterr().out


def _tcgdex(base: Card, **fields: object) -> Card:
    return replace(base, id=f"dex-{base.id}", source="tcgdex", **fields)  # type: ignore[arg-type]


ENERGY_TEXT = ("As long as this card is attached to a Pokémon, it provides {G} Energy.",)


@pytest.mark.parametrize(
    ("cards", "field"),
    [
        # FORMAT.md: an Energy with text of its own is Special, whatever the record says
        ([_tcgdex(card("Leafy Energy", "Energy", subtypes=("Basic",), rules=ENERGY_TEXT))], "kind"),
        # FORMAT.md: a Baby Pokémon is Basic
        ([_tcgdex(card("Babymon", subtypes=("Baby",), stage=None))], "stage"),
        # the same card (name, HP, types, attacks) with another cost elsewhere
        (
            [
                card("Costmon", attacks=(Attack("Ember", ("Fire", "Colorless")),)),
                _tcgdex(card("Costmon", attacks=(Attack("Ember", ("Fire",)),))),
            ],
            "costs",
        ),
        ([card("Retreatmon"), _tcgdex(card("Retreatmon", retreat_cost=0))], "retreat"),
        (
            [
                card("Teramon ex", subtypes=("Basic", "ex", "Tera")),
                _tcgdex(card("Teramon ex", subtypes=("Basic", "ex"))),
            ],
            "subtypes",
        ),
    ],
)
def test_the_audit_finds_each_class(cards: list[Card], field: str) -> None:
    found = audit(cards, known={})
    assert [(d.card, d.field) for d in found] == [(cards[-1].id, field)]
    assert found[0].known is None and found[0].ours != found[0].expected


def test_the_audit_finds_a_missing_number_of_any_print() -> None:
    # FORMAT.md "Missing data is not zero": a retreat nothing states, whichever the source
    lost = card("Lostmon", retreat_cost=None)
    found = audit(
        [lost, _tcgdex(card("Lostmon BREAK", stage="BREAK", retreat_cost=None))], known={}
    )
    assert [(d.card, d.field, d.ours) for d in found] == [(lost.id, "retreat_missing", "unknown")]


def test_a_print_of_another_card_is_not_compared() -> None:
    # same name, but another type: a Jigglypuff of 2025 is not the one of 2019
    old = card("Puffmon", types=("Fairy",), attacks=(Attack("Roll", ("Colorless", "Colorless")),))
    new = _tcgdex(card("Puffmon", types=("Colorless",), attacks=(Attack("Roll", ("Colorless",)),)))
    assert audit([old, new], known={}) == []


def test_tcgdex_only_prints_are_numbered_as_printed(catalogue: Catalogue) -> None:
    only = [c for c in catalogue.iter_cards() if c.source == "tcgdex"]
    assert len(only) > 2_500
    padded = [c.id for c in only if c.number.isdigit() and c.number != str(int(c.number))]
    assert padded == [], "PFL 61, not PFL 061"
    sharpedo = catalogue.get("me02-061")
    assert sharpedo is not None and sharpedo.label == "Mega Sharpedo ex PFL 61"
