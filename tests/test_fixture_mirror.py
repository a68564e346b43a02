"""The committed fixture mirror (tests/fixtures/mirror/, issue 39): small, in each source's own
layout, what scripts/fixture_mirror.py cuts from ../shared/data by tests/fixtures/mirror.yaml,
and imported whole — every print the selection names is in the catalogue the unit tests read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from scripts import fixture_mirror
from tests.conftest import FIXTURE_MIRROR, FIXTURE_POKEMONTCG, FIXTURE_TCGDEX, SHARED_DATA
from totemdeck.catalogue.read import Catalogue

SELECTION: dict[str, Any] = yaml.safe_load(fixture_mirror.SELECTION.read_text(encoding="utf-8"))


def _read(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def _named(source: str) -> set[str]:
    return {i for group in SELECTION[source]["prints"] for i in group["ids"]}


def test_it_is_at_most_3_mb() -> None:
    size = sum(p.stat().st_size for p in FIXTURE_MIRROR.rglob("*") if p.is_file())
    assert 0 < size <= fixture_mirror.LIMIT == 3_000_000


def test_every_set_and_print_says_why_it_is_there() -> None:
    for source in ("pokemontcg", "tcgdex"):
        assert all(why.strip() for why in SELECTION[source]["sets"].values())
        assert all(g["why"].strip() and g["ids"] for g in SELECTION[source]["prints"])


def test_pokemontcg_is_laid_out_as_pokemon_tcg_data() -> None:
    listed = {s["id"] for s in _read(FIXTURE_POKEMONTCG / "sets" / "en.json")}
    files = {p.stem for p in (FIXTURE_POKEMONTCG / "cards" / "en").glob("*.json")}
    assert listed == files
    cards = {c["id"]: s for s in files for c in _read(FIXTURE_POKEMONTCG / f"cards/en/{s}.json")}
    assert _named("pokemontcg") <= set(cards)
    for set_id in SELECTION["pokemontcg"]["sets"]:  # a whole set holds what its record says
        (record,) = (s for s in _read(FIXTURE_POKEMONTCG / "sets/en.json") if s["id"] == set_id)
        assert sum(1 for s in cards.values() if s == set_id) == record["total"], set_id


@pytest.mark.parametrize("lang", ["en", "es"])
def test_tcgdex_is_laid_out_as_its_api_copy(lang: str) -> None:
    root = FIXTURE_TCGDEX / lang
    listed = {s["id"] for s in _read(root / "sets.json")}
    assert listed == {p.stem for p in (root / "sets").glob("*.json")}
    in_sets = {c["id"] for s in listed for c in _read(root / "sets" / f"{s}.json")["cards"]}
    files = {p.stem for p in (root / "cards").glob("*.json")}
    assert files <= in_sets and files == {c["id"] for c in _read(root / "cards.json")}
    if lang == "en":
        assert _named("tcgdex") <= files


def test_every_named_print_is_in_the_catalogue(catalogue: Catalogue) -> None:
    for card_id in _named("pokemontcg") | _named("tcgdex"):
        assert catalogue.get(card_id) is not None, card_id


def test_the_unit_tests_read_the_fixture_catalogue(catalogue: Catalogue) -> None:
    """With or without ../shared: the same small catalogue, so a clone passes as CI does."""
    assert catalogue.count() < 3_000  # the whole catalogue has 21,152 prints


@pytest.mark.full_mirrors("the mirrors scripts/fixture_mirror.py cuts the fixture from (--check)")
def test_it_is_what_the_script_cuts_from_the_shared_mirror(full_pokemontcg_dir: Path) -> None:
    """Edited by hand, or cut from another mirror, it fails here (CI has the mirrors)."""
    assert fixture_mirror.main(["--check", "--shared", str(SHARED_DATA)]) == 0
