"""The merge of the sources: derived again when its rule changes, kept when nothing did."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tests.helpers.mirrors import small_pokemontcg, small_tcgdex
from totemdeck.catalogue import Catalogue
from totemdeck.importer import import_sources, merge


@pytest.fixture
def origins(tmp_path: Path, tcgdex_dir: Path, pokemontcg_dir: Path) -> dict[str, str | None]:
    return {
        "pokemontcg": str(small_pokemontcg(tmp_path, pokemontcg_dir, ["sv3"])),
        "tcgdex": str(small_tcgdex(tmp_path, tcgdex_dir, ["sv03"])),
    }


def _owner_of_tcgdex_print(folder: Path) -> str | None:
    with Catalogue.open(folder) as cat:
        card = cat.get("sv03-125")
        return None if card is None else card.id


def _no_set_matches(monkeypatch: pytest.MonkeyPatch) -> None:
    """A changed merge rule: no TCGdex set is like enough to a pokemontcg set."""
    monkeypatch.setattr(merge, "MIN_SCORE", 1_000)


def test_an_upgraded_merge_rule_is_applied_to_an_existing_catalogue(
    origins: dict[str, str | None], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "cat"
    first = import_sources(str(folder), origins=origins)
    assert first.merge is not None and first.merge.sets_matched == 1
    assert _owner_of_tcgdex_print(folder) == "sv3-125"  # one record, the pokemontcg one
    _no_set_matches(monkeypatch)
    monkeypatch.setattr(merge, "MERGE_VERSION", merge.MERGE_VERSION + 1)
    again = import_sources(str(folder), origins=origins)  # no source changed
    assert not any(s.changed for s in again.summaries)
    assert again.merge is not None and again.merge.sets_matched == 0
    assert _owner_of_tcgdex_print(folder) == "sv03-125"  # the new rule: a print of its own


def test_force_derives_the_merge_again(
    origins: dict[str, str | None], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "cat"
    import_sources(str(folder), origins=origins)
    _no_set_matches(monkeypatch)  # same version and code: the stored merge still stands
    kept = import_sources(str(folder), origins=origins)
    assert kept.merge is not None and kept.merge.sets_matched == 1
    assert _owner_of_tcgdex_print(folder) == "sv3-125"
    forced = import_sources(str(folder), origins=origins, force=True)
    assert forced.merge is not None and forced.merge.sets_matched == 0
    assert _owner_of_tcgdex_print(folder) == "sv03-125"


def test_the_merge_key_changes_with_the_version_and_not_with_the_package_version(
    origins: dict[str, str | None], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import totemdeck
    from totemdeck.catalogue.write import CatalogueWriter
    from totemdeck.importer import merge_key

    import_sources(str(tmp_path / "cat"), origins=origins)
    with CatalogueWriter(tmp_path / "cat") as writer:
        key = merge_key(writer)
        monkeypatch.setattr(totemdeck, "__version__", "99.0")
        assert merge_key(writer) == key
        monkeypatch.setattr(merge, "MERGE_VERSION", merge.MERGE_VERSION + 1)
        assert merge_key(writer) != key


@pytest.mark.parametrize(
    ("known", "expected"),
    [
        (Counter({"Stage 1": 3, "Basic": 1}), "Stage 1"),
        (Counter({"Basic": 2, "LEGEND": 5}), "Basic"),  # only evolution stages count
        (Counter(), "Stage 1"),  # nothing known: the usual stage of an unmarked evolution
    ],
)
def test_a_print_without_a_stage_takes_its_names_usual_one(
    known: Counter[str], expected: str
) -> None:
    added = [{"name": "Pikachu", "supertype": "Pokémon", "stage": None, "subtypes": []}]
    assert merge.names_missing_stage(added) == {"pikachu"}
    merge.fill_missing_stages(added, {"pikachu": known})
    assert added[0]["stage"] == expected and added[0]["subtypes"] == [expected]
