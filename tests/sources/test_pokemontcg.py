"""The pokemontcg importer over real local HTTP: real facts, faults, safety, incrementality."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers.mirrors import small_pokemontcg
from tests.helpers.server import serve
from totemdeck.catalogue.read import Catalogue
from totemdeck.importer import ImportFailed, import_sources
from totemdeck.sources.http import FetchError, Location, check_segment, make_session

pytestmark = pytest.mark.full_mirrors(
    "the whole pokemon-tcg-data mirror (every set imported; every print of Mew)"
)


def test_whole_mirror_is_imported(full_catalogue: Catalogue, full_pokemontcg_dir: Path) -> None:
    catalogue, pokemontcg_dir = full_catalogue, full_pokemontcg_dir
    set_ids = {s["id"] for s in json.loads((pokemontcg_dir / "sets/en.json").read_text())}
    assert set_ids <= set(catalogue.sets())
    assert catalogue.count() >= 18_000


def test_charizard_ex_obf_125_is_read_right(catalogue: Catalogue) -> None:
    card = catalogue.get("sv3-125")
    assert card is not None
    assert card.name == "Charizard ex"
    assert card.stage == "Stage 2"
    assert card.types == ("Darkness",)
    assert [a.cost for a in card.attacks] == [("Fire", "Fire")]
    assert card.retreat_cost == 2
    assert card.set.ptcgl_code == "OBF"
    assert card.set.release_date == "2023-08-11"
    assert card.evolves_from == "Charmeleon"
    assert card.regulation_mark == "G"


def test_free_retreat_pokemon_has_retreat_zero(full_catalogue: Catalogue) -> None:
    catalogue = full_catalogue  # every print of Mew
    # Latios (Evolving Skies? no) — pick any Pokémon printed without retreat symbols.
    zero = [c for c in catalogue.by_name("Mew") if c.retreat_cost == 0]
    assert zero, "some print of Mew has free retreat"


@pytest.fixture
def mirror(tmp_path: Path, pokemontcg_dir: Path) -> Path:
    return small_pokemontcg(tmp_path, pokemontcg_dir, ["base1", "sv3", "swsh9tg"])


def _cards_in(mirror: Path) -> int:
    """The prints the mirror's card files hold: base1 (102) and swsh9tg (30) whole, and the
    fixture's prints of sv3."""
    return sum(len(json.loads(p.read_text())) for p in (mirror / "cards/en").glob("*.json"))


def _fast_location(url: str, timeout: float = 5.0) -> Location:
    return Location(url, session=make_session(retries=2, backoff=0.01), timeout=(timeout, timeout))


def test_second_import_downloads_no_card_file(mirror: Path, tmp_path: Path) -> None:
    with serve(mirror) as (url, state):
        first = import_sources(
            str(tmp_path / "cat"), ["pokemontcg"], {"pokemontcg": url}
        ).summaries[0]
        assert first.added == _cards_in(mirror) > 102 + 30
        state.log.clear()
        second = import_sources(
            str(tmp_path / "cat"), ["pokemontcg"], {"pokemontcg": url}
        ).summaries[0]
    assert second.added == second.updated == 0
    assert second.unchanged == first.added
    assert [p for p in state.requested() if "/cards/" in p] == []


def test_changed_updated_at_with_same_content_is_a_304(mirror: Path, tmp_path: Path) -> None:
    with serve(mirror) as (url, state):
        import_sources(str(tmp_path / "cat"), ["pokemontcg"], {"pokemontcg": url})
        sets = json.loads((mirror / "sets/en.json").read_text())
        sets[0]["updatedAt"] = "2099/01/01 00:00:00"
        (mirror / "sets/en.json").write_text(json.dumps(sets))
        state.log.clear()
        again = import_sources(
            str(tmp_path / "cat"), ["pokemontcg"], {"pokemontcg": url}
        ).summaries[0]
    assert ("/cards/en/base1.json", 304) in state.log
    assert again.unchanged == _cards_in(mirror) and again.bytes_downloaded < 100_000


def test_changed_card_is_updated_and_removed_card_removed(mirror: Path, tmp_path: Path) -> None:
    with serve(mirror) as (url, _state):
        import_sources(str(tmp_path / "cat"), ["pokemontcg"], {"pokemontcg": url})
        cards = json.loads((mirror / "cards/en/base1.json").read_text())
        cards[0]["hp"] = "999"
        del cards[-1]
        (mirror / "cards/en/base1.json").write_text(json.dumps(cards))
        sets = json.loads((mirror / "sets/en.json").read_text())
        sets[0]["updatedAt"] = "2099/01/01 00:00:00"
        (mirror / "sets/en.json").write_text(json.dumps(sets))
        again = import_sources(
            str(tmp_path / "cat"), ["pokemontcg"], {"pokemontcg": url}
        ).summaries[0]
    assert (again.updated, again.removed, again.added) == (1, 1, 0)
    with Catalogue.open(tmp_path / "cat") as cat:
        assert cat.get(cards[0]["id"]).hp == 999  # type: ignore[union-attr]


def test_a_500_then_success_is_retried(mirror: Path, tmp_path: Path) -> None:
    with serve(mirror) as (url, state):
        state.faults["/cards/en/sv3.json"] = ["status:500:once"]
        summary = import_sources(
            str(tmp_path / "cat"),
            ["pokemontcg"],
            {"pokemontcg": url},
            locations={"pokemontcg": _fast_location(url)},
        ).summaries[0]
    assert summary.ok
    assert ("/cards/en/sv3.json", 500) in state.log and ("/cards/en/sv3.json", 200) in state.log


def _previous_catalogue(mirror: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "cat"
    with serve(mirror) as (url, _state):
        import_sources(str(folder), ["pokemontcg"], {"pokemontcg": url})
    return folder


@pytest.mark.parametrize(
    ("fault", "message"),
    [
        ("status:500", "HTTP 500"),
        ("truncate", "sv3.json"),
        ('body:[{"id": "sv3-1", ', "not valid JSON"),
    ],
)
def test_failed_set_leaves_previous_catalogue_intact(
    mirror: Path, tmp_path: Path, fault: str, message: str
) -> None:
    folder = _previous_catalogue(mirror, tmp_path)
    before = (folder / "catalogue.sqlite").read_bytes()
    sets = json.loads((mirror / "sets/en.json").read_text())
    for s in sets:
        s["updatedAt"] = "2099/01/01 00:00:00"
    (mirror / "sets/en.json").write_text(json.dumps(sets))
    with serve(mirror) as (url, state):
        state.faults["/cards/en/sv3.json"] = [fault]
        with pytest.raises(ImportFailed) as failed:
            import_sources(
                str(folder),
                ["pokemontcg"],
                {"pokemontcg": url},
                locations={"pokemontcg": _fast_location(url)},
            )
    assert [s.set_id for s in failed.value.summary.skipped] == ["sv3"]
    assert message in failed.value.summary.skipped[0].reason
    assert (folder / "catalogue.sqlite").read_bytes() == before
    # no temp file left (the writers' lock file stays: removing it would race another writer)
    assert sorted(p.name for p in folder.iterdir()) == [
        ".catalogue.sqlite.lock",
        "catalogue.sqlite",
    ]
    with Catalogue.open(folder) as cat:
        assert cat.get("sv3-125") is not None


def test_keep_going_swaps_in_the_rest_and_keeps_the_failed_set(
    mirror: Path, tmp_path: Path
) -> None:
    folder = _previous_catalogue(mirror, tmp_path)
    cards = json.loads((mirror / "cards/en/base1.json").read_text())
    cards[0]["hp"] = "999"
    (mirror / "cards/en/base1.json").write_text(json.dumps(cards))
    sets = json.loads((mirror / "sets/en.json").read_text())
    for s in sets:
        s["updatedAt"] = "2099/01/01 00:00:00"
    (mirror / "sets/en.json").write_text(json.dumps(sets))
    with serve(mirror) as (url, state):
        state.faults["/cards/en/sv3.json"] = ["status:503"]
        summary = import_sources(
            str(folder),
            ["pokemontcg"],
            {"pokemontcg": url},
            keep_going=True,
            locations={"pokemontcg": _fast_location(url)},
        ).summaries[0]
    assert summary.committed and not summary.ok
    with Catalogue.open(folder) as cat:
        assert cat.get("sv3-125") is not None
        assert cat.get(cards[0]["id"]).hp == 999  # type: ignore[union-attr]


def test_set_id_with_dot_dot_is_refused(mirror: Path, tmp_path: Path) -> None:
    sets = json.loads((mirror / "sets/en.json").read_text())
    sets.append(dict(sets[0], id="../x"))
    (mirror / "sets/en.json").write_text(json.dumps(sets))
    with serve(mirror) as (url, state), pytest.raises(ImportFailed) as failed:
        import_sources(str(tmp_path / "cat"), ["pokemontcg"], {"pokemontcg": url})
    skipped = failed.value.summary.skipped
    assert [s.set_id for s in skipped] == ["../x"] and "refused" in skipped[0].reason
    assert not any(".." in p or "/x" in p for p in state.requested())


@pytest.mark.parametrize("bad", ["../x", "a/b", "", ".hidden", "x" * 80, "a\\b"])
def test_check_segment_refuses_path_tricks(bad: str) -> None:
    with pytest.raises(FetchError):
        check_segment(bad)


def test_slow_response_times_out(mirror: Path, tmp_path: Path) -> None:
    with serve(mirror) as (url, state):
        state.faults["/sets/en.json"] = ["slow:2"]
        location = Location(url, session=make_session(retries=0), timeout=(1.0, 0.3))
        with pytest.raises(ImportFailed, match="timed out"):
            import_sources(
                str(tmp_path / "cat"),
                ["pokemontcg"],
                {"pokemontcg": url},
                locations={"pokemontcg": location},
            )
    assert not (tmp_path / "cat" / "catalogue.sqlite").exists()


def test_response_over_the_cap_is_refused(mirror: Path, tmp_path: Path) -> None:
    with serve(mirror) as (url, _state):
        location = Location(url, max_bytes=50_000)
        with pytest.raises(ImportFailed) as failed:
            import_sources(
                str(tmp_path / "cat"),
                ["pokemontcg"],
                {"pokemontcg": url},
                locations={"pokemontcg": location},
            )
    assert any("cap" in s.reason for s in failed.value.summary.skipped)


def test_bad_card_is_rejected_and_the_rest_imported(mirror: Path, tmp_path: Path) -> None:
    cards = json.loads((mirror / "cards/en/base1.json").read_text())
    cards[1]["supertype"] = "Spell"
    del cards[2]["name"]
    (mirror / "cards/en/base1.json").write_text(json.dumps(cards))
    with serve(mirror) as (url, _state):
        summary = import_sources(
            str(tmp_path / "cat"), ["pokemontcg"], {"pokemontcg": url}
        ).summaries[0]
    assert summary.ok
    assert sorted(r.card_id for r in summary.rejected) == sorted([cards[1]["id"], cards[2]["id"]])
    assert any("supertype" in r.reason for r in summary.rejected)
    assert summary.added == _cards_in(mirror) - 2


def test_local_folder_and_file_url_work_like_http(mirror: Path, tmp_path: Path) -> None:
    by_dir = import_sources(
        str(tmp_path / "a"), ["pokemontcg"], {"pokemontcg": str(mirror)}
    ).summaries[0]
    by_url = import_sources(
        str(tmp_path / "b"), ["pokemontcg"], {"pokemontcg": mirror.as_uri()}
    ).summaries[0]
    assert by_dir.added == by_url.added == _cards_in(mirror)
