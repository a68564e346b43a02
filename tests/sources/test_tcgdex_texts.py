"""The whole Spanish card: TCGdex's Spanish documents kept per print, shown, kept current."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers.mirrors import small_pokemontcg, small_tcgdex
from tests.helpers.server import serve
from totemdeck.api import card_facts
from totemdeck.catalogue.localized import SPANISH_TYPES, is_fallback, localize
from totemdeck.catalogue.read import Catalogue
from totemdeck.cli import main
from totemdeck.files.schemas import is_valid_fast
from totemdeck.importer import import_sources
from totemdeck.report.card import render_card_json
from totemdeck.sources.tcgdex.localized import text_record

pytestmark = pytest.mark.full_mirrors("every Spanish cost of the whole TCGdex copy")

SAMPLE = 300


def _spanish_cards(tcgdex_dir: Path) -> list[dict[str, Any]]:
    paths = sorted((tcgdex_dir / "es" / "cards").glob("*.json"))
    chosen = random.Random(23).sample(paths, SAMPLE)
    return [json.loads(p.read_text(encoding="utf-8")) for p in chosen]


def _words(text: object) -> str:
    return " ".join(str(text or "").split())


def _twin(catalogue: Catalogue, tcgdex_id: str) -> Any:
    card = catalogue.get(tcgdex_id)
    assert card is not None, tcgdex_id
    return card


def _expected(raw: dict[str, Any]) -> dict[str, Any]:
    """What ``card show --lang es --format json`` must say, from the TCGdex record alone."""
    return {
        "attacks": [
            (_words(a.get("name")), _words(a.get("effect"))) for a in raw.get("attacks") or []
        ],
        "abilities": [_words(a.get("name")) for a in raw.get("abilities") or []],
        "ability_texts": [_words(a.get("effect")) for a in raw.get("abilities") or []],
        "set": _words(raw["set"]["name"]),
        "rarity": None if raw.get("rarity") in (None, "None") else _words(raw["rarity"]),
        "evolves_from": _words(raw.get("evolveFrom")) or None,
        "effect": _words(raw.get("effect")) or None,
        "category": raw["category"],
        "stage": raw.get("stage"),
        "types": raw.get("types") or [],
        "trainer_type": raw.get("trainerType"),
        "energy_type": raw.get("energyType"),
    }


def _shown(document: dict[str, Any]) -> dict[str, Any]:
    printed = document["printed"]
    return {
        "attacks": [(a["name"], a["text"]) for a in document["attacks"]],
        "abilities": document["abilities"] if document["ability_texts"] else [],
        "ability_texts": document["ability_texts"],
        "set": document["set"]["name"],
        "rarity": document["rarity"],
        "evolves_from": document["evolves_from"],
        "effect": document["rules"][-1] if document["rules"] else None,
        "category": printed["category"],
        "stage": printed["stage"],
        "types": printed["types"],
        "trainer_type": printed["trainer_type"],
        "energy_type": printed["energy_type"],
    }


def _allow_english_where_spanish_is_missing(
    expected: dict[str, Any], shown: dict[str, Any]
) -> None:
    """Where TCGdex's Spanish record lacks a piece (an attack without its name, no
    "evolves from", a VSTAR Power left out) the English one is shown: not compared."""
    if len(expected["attacks"]) == len(shown["attacks"]):
        expected["attacks"] = [
            mine if not theirs[0] else theirs
            for theirs, mine in zip(expected["attacks"], shown["attacks"], strict=True)
        ]
    for key in ("abilities", "ability_texts", "evolves_from", "effect"):
        if not expected[key]:
            expected[key] = shown[key]


def test_300_random_prints_show_the_tcgdex_spanish_record(
    catalogue: Catalogue, tcgdex_dir: Path
) -> None:
    """``card show --lang es --format json`` of a print equals its TCGdex Spanish record,
    field by field (name, attacks, abilities, effect, set, rarity, category, stage, types)."""
    differences = []
    for raw in _spanish_cards(tcgdex_dir):
        card = _twin(catalogue, raw["id"])
        document = json.loads(render_card_json(card, card_facts(catalogue, card), "es"))
        assert document["text_lang"] in ("es", "es,en"), raw["id"]
        assert document["name"].removesuffix(" LV.X") == _words(raw["name"]).removesuffix(" LV.X")
        expected, shown = _expected(raw), _shown(document)
        _allow_english_where_spanish_is_missing(expected, shown)
        differences += [(raw["id"], k, shown[k], v) for k, v in expected.items() if shown[k] != v]
    assert differences == []


def test_card_show_json_in_spanish_is_the_library_document(
    catalogue: Catalogue, catalogue_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    card = _twin(catalogue, "sv03-125")
    args = ["card", "show", "sv3-125", "--lang", "es", "--format", "json"]
    assert main([*args, "--catalogue", str(catalogue_dir)]) == 0
    assert capsys.readouterr().out == render_card_json(card, card_facts(catalogue, card), "es")


def test_card_show_in_spanish_has_no_english_card_words(
    catalogue_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", "es", "card", "show", "sv3-125", "--catalogue", str(catalogue_dir)]) == 0
    out = capsys.readouterr().out
    for spanish in ("Reino Infernal", "Oscuridad Ardiente", "Llamas Obsidianas", "Rara Doble"):
        assert spanish in out
    for english in ("Infernal Reign", "Burning Darkness", "Obsidian Flames", "Double Rare"):
        assert english not in out


def test_a_print_without_spanish_is_english_with_one_marker(
    catalogue: Catalogue, catalogue_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    card = _twin(catalogue, "base1-4")  # Base Set has no Spanish cards on TCGdex
    assert is_fallback(card, "es") and localize(card, "es") == card
    assert main(["--lang", "es", "card", "show", "base1-4", "--catalogue", str(catalogue_dir)]) == 0
    out = capsys.readouterr().out
    assert out.count("ᴱᴺ") == 1 and "Fire Spin" not in out.split("\n", 1)[0]


def test_every_spanish_card_reaches_one_print(catalogue: Catalogue, tcgdex_dir: Path) -> None:
    listed = json.loads((tcgdex_dir / "es" / "cards.json").read_text(encoding="utf-8"))
    cards = catalogue.get_many(entry["id"] for entry in listed)
    with_text = {c.id for c in cards if "es" in c.texts}
    assert len(with_text) >= 0.99 * len(listed)


def test_spanish_type_words_are_all_known(full_tcgdex_dir: Path) -> None:
    """Every type word in Spanish costs of the whole mirror reads back to a type (the
    attack-cost fallback)."""
    seen = set()
    for raw in _spanish_cards(full_tcgdex_dir):
        seen.update(c for a in raw.get("attacks") or [] for c in a.get("cost") or [])
    assert seen and seen <= set(SPANISH_TYPES)


# -- incremental and atomic ------------------------------------------------------------------


@pytest.fixture
def mirrors(tmp_path: Path, tcgdex_dir: Path, pokemontcg_dir: Path) -> tuple[Path, Path]:
    return (
        small_pokemontcg(tmp_path, pokemontcg_dir, ["sv3"]),
        small_tcgdex(tmp_path, tcgdex_dir, ["sv03", "me01"]),
    )


def test_a_changed_spanish_card_is_fetched_again_and_shown(
    mirrors: tuple[Path, Path], tmp_path: Path
) -> None:
    ptcg, dex = mirrors
    folder = str(tmp_path / "c")
    origins = {"pokemontcg": str(ptcg)}
    with serve(dex) as (url, state):
        import_sources(folder, ["pokemontcg", "tcgdex"], {**origins, "tcgdex": url})
        assert "/es/cards/sv03-125.json" in state.requested(200)
        path = dex / "es" / "cards" / "sv03-125.json"
        raw = json.loads(path.read_text(encoding="utf-8"))
        raw["attacks"][0]["name"] = "Oscuridad Ardiente Nueva"
        path.write_text(json.dumps(raw), encoding="utf-8")
        state.log.clear()
        import_sources(
            folder, ["pokemontcg", "tcgdex"], {**origins, "tcgdex": url}, revalidate_days=0
        )
        spanish = [(p, s) for p, s in state.log if "/es/cards/" in p]
    assert ("/es/cards/sv03-125.json", 200) in spanish
    assert {s for p, s in spanish if p != "/es/cards/sv03-125.json"} == {304}
    with Catalogue.open(folder) as cat:
        card = cat.get("sv3-125")
        assert card is not None
        assert localize(card, "es").attacks[0].name == "Oscuridad Ardiente Nueva"


def test_a_failed_spanish_card_leaves_the_catalogue_as_it_was(
    mirrors: tuple[Path, Path], tmp_path: Path
) -> None:
    _ptcg, dex = mirrors
    folder = tmp_path / "c"
    with serve(dex) as (url, state):
        import_sources(str(folder), ["tcgdex"], {"tcgdex": url})
        before = (folder / "catalogue.sqlite").read_bytes()
        state.faults["/es/cards/me01-003.json"] = ["status:404"]
        with pytest.raises(Exception, match="could not be imported"):
            import_sources(str(folder), ["tcgdex"], {"tcgdex": url}, force=True)
    assert (folder / "catalogue.sqlite").read_bytes() == before


@settings(max_examples=150, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(
            [
                "id",
                "name",
                "attacks",
                "abilities",
                "set",
                "rarity",
                "stage",
                "effect",
                "types",
                "suffix",
                "weaknesses",
            ]
        ),
        st.recursive(
            st.none() | st.text(max_size=8) | st.integers(),
            lambda inner: (
                st.lists(inner, max_size=3)
                | st.dictionaries(st.text(max_size=6), inner, max_size=3)
            ),
            max_leaves=8,
        ),
    )
)
def test_hostile_spanish_documents_are_a_record_or_a_clean_refusal(raw: dict[str, Any]) -> None:
    try:
        record = text_record(raw, "es")
    except (KeyError, TypeError, AttributeError, ValueError):
        return
    assert isinstance(record["attacks"], list)
    is_valid_fast("card_text", record)  # valid or not, never a crash
