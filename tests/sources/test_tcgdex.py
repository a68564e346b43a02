"""TCGdex over real local HTTP: counts, the merge with pokemon-tcg-data, faults, Spanish."""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from pathlib import Path

import pytest

from tests.helpers.mirrors import small_pokemontcg, small_tcgdex
from tests.helpers.server import serve
from totemdeck.catalogue.read import Catalogue
from totemdeck.decklist import Resolver, parse, resolve
from totemdeck.importer import ImportFailed, import_sources
from totemdeck.rules import Checker, load_format
from totemdeck.rules.stages import CatalogueStages
from totemdeck.rules.totem import totem_numbers
from totemdeck.rules.traits import identity
from totemdeck.sources.http import Location, make_session
from totemdeck.sources.tcgdex.transform import is_basic_energy, printed_number, rule_suffix

FMT = load_format()


@pytest.mark.full_mirrors("the whole TCGdex copy's counts (21,066 English prints, 14,074 Spanish)")
def test_counts_per_language(full_catalogue: Catalogue, full_tcgdex_dir: Path) -> None:
    catalogue, tcgdex_dir = full_catalogue, full_tcgdex_dir
    db = sqlite3.connect(catalogue.path)
    cards = db.execute("SELECT COUNT(*) FROM staged_cards WHERE source = 'tcgdex'").fetchone()[0]
    names = dict(
        db.execute(
            "SELECT lang, COUNT(*) FROM staged_names WHERE source = 'tcgdex' GROUP BY lang"
        ).fetchall()
    )
    listed = json.loads((tcgdex_dir / "en/cards.json").read_text(encoding="utf-8"))
    assert cards == len(listed) == 21_066  # the mirror's README: 21,066 English cards
    assert names["es"] == 14_074  # and 14,074 Spanish ones


def test_a_print_in_both_sources_is_one_record(catalogue: Catalogue) -> None:
    assert [c.id for c in catalogue.by_set_number("sv3", "125")] == ["sv3-125"]
    by_tcgdex_id = catalogue.get("sv03-125")
    assert by_tcgdex_id is not None and by_tcgdex_id.id == "sv3-125"
    assert by_tcgdex_id.aliases["tcgdex"] == "sv03-125"
    assert catalogue.get("sv03-125") is catalogue.get("sv3-125")


def test_modern_mega_ex_uses_printed_stage_and_gives_three_prizes(catalogue: Catalogue) -> None:
    card = catalogue.get("me01-003")
    assert card is not None and card.name == "Mega Venusaur ex" and card.stage == "Stage 2"
    numbers = totem_numbers([card], FMT, CatalogueStages(catalogue))
    assert (numbers.cost_column, numbers.invocation_cost, numbers.prizes) == ("Stage 2", 4, 3)


def _unknown_retreats() -> set[str]:
    """The prints known_errors.yaml says no source gives a retreat (FORMAT.md: unknown, not 0)."""
    import yaml

    from totemdeck.base.resources import packaged_text

    data = yaml.safe_load(packaged_text("known_errors.yaml"))
    entries = data if isinstance(data, list) else next(iter(data.values()))
    return {c for e in entries if e.get("field") == "retreat_missing" for c in e.get("cards", [])}


@pytest.mark.parametrize(
    ("which", "fewest"),
    [
        ("catalogue", 250),  # the fixture's 255 (bog, mee, me01, the My First Battle prints …)
        pytest.param(
            "full_catalogue",
            2_500,
            marks=pytest.mark.full_mirrors("every TCGdex-only print of the whole mirror (2,500+)"),
        ),
    ],
)
def test_every_tcgdex_only_print_has_what_the_rules_read(
    request: pytest.FixtureRequest, which: str, fewest: int
) -> None:
    catalogue: Catalogue = request.getfixturevalue(which)
    unknown = _unknown_retreats()
    assert unknown  # the My First Battle prints
    db = sqlite3.connect(catalogue.path)
    ids = [r[0] for r in db.execute("SELECT id FROM cards WHERE source = 'tcgdex'")]
    assert len(ids) > fewest
    for card in catalogue.get_many(ids):
        assert card.supertype in ("Pokémon", "Trainer", "Energy"), card.id
        if card.is_pokemon:
            assert card.stage is not None, card.id
            assert card.retreat_cost is not None or card.id in unknown, card.id
        identity(card, FMT)  # never raises; Trainers empty, others by types/costs/text
    energies = [c for c in catalogue.get_many(ids) if c.is_energy]
    assert {c.is_basic_energy for c in energies} == {True, False}


def test_tcgdex_data_quirks_are_derived(catalogue: Catalogue) -> None:
    computer_search = catalogue.get("bw7-137")  # a BW ACE SPEC: no marker in TCGdex
    assert computer_search is not None and "ACE SPEC" in computer_search.subtypes
    newest = catalogue.by_name("Radiant Charizard")
    assert newest and all("Radiant" in c.subtypes for c in newest)


@pytest.mark.parametrize(
    ("spanish", "english"),
    [
        ("1 Supercaña", "Super Rod"),
        ("1 Órdenes de Jefes", "Boss's Orders"),
        ("1 Carameloraro", "Rare Candy"),
        ("1 ordenes de jefes", "Boss's Orders"),
    ],
)
def test_spanish_names_resolve(catalogue: Catalogue, spanish: str, english: str) -> None:
    line = Resolver(catalogue).resolve_line(parse(spanish).lines[0])
    assert line.finding is None and line.candidates
    assert {c.name.split(" (")[0] for c in line.candidates} == {english}


def test_a_decklist_written_in_spanish_resolves(catalogue: Catalogue) -> None:
    text = (Path(__file__).parents[1] / "decklists" / "espanol-nombres.txt").read_text(
        encoding="utf-8"
    )
    resolved = resolve(parse(text), catalogue, today=dt.date(2026, 11, 30))
    assert [r.finding.message for r in resolved.lines if r.finding] == []
    assert len(resolved.lines) >= 10


def test_tcgdex_set_ids_and_newest_sets_resolve(catalogue: Catalogue) -> None:
    resolver = Resolver(catalogue)
    for text, expected in [
        ("1 Charizard ex sv03 125", "sv3-125"),
        ("1 Mega Venusaur ex MEG 3", "me01-003"),
        ("1 Mega Venusaur ex me01 3", "me01-003"),
        ("1 Fire Energy SVE 10", None),  # a Live number beyond 8: TCGdex has them
    ]:
        line = resolver.resolve_line(parse(text).lines[0])
        assert line.finding is None, (text, line.finding)
        if expected:
            assert [c.id for c in line.candidates] == [expected]


def test_spanish_names_in_check_output(catalogue: Catalogue) -> None:
    checker = Checker(catalogue, lang="es")
    report = checker.check(parse("Totem: 1 Charizard ex OBF 125\n4 Rare Candy SVI 191\n"))
    singleton = [f for f in report.findings if f.code == "singleton"]
    assert singleton and "Caramelo Raro" in singleton[0].message  # SVI 191 in Spanish


# -- a small mirror for faults and incremental runs ---------------------------------------


def _small(tmp_path: Path, tcgdex_dir: Path, pokemontcg_dir: Path) -> tuple[Path, Path]:
    return (
        small_pokemontcg(tmp_path, pokemontcg_dir, ["sv3", "hgss3"]),
        small_tcgdex(tmp_path, tcgdex_dir, ["sv03", "hgss3", "me01", "exu"]),
    )


@pytest.fixture
def mirrors(tmp_path: Path, tcgdex_dir: Path, pokemontcg_dir: Path) -> tuple[Path, Path]:
    """These sets as the fixture mirror holds them (exu whole, sv3-125, me01-003, a part of
    hgss3 in both): enough for faults, odd ids and the merge."""
    return _small(tmp_path, tcgdex_dir, pokemontcg_dir)


WHOLE_SETS = pytest.mark.full_mirrors(
    "whole sets sv03, hgss3, me01 (a second import's 400+ prints)"
)


@pytest.fixture
def whole_sets(
    tmp_path: Path, full_tcgdex_dir: Path, full_pokemontcg_dir: Path
) -> tuple[Path, Path]:
    """Whole sets of both mirrors: the counts of a second import are of whole sets."""
    return _small(tmp_path, full_tcgdex_dir, full_pokemontcg_dir)


def _fast(url: str) -> Location:
    return Location(url, session=make_session(retries=2, backoff=0.01), timeout=(5, 5))


@WHOLE_SETS
def test_second_import_fetches_no_unchanged_card(
    whole_sets: tuple[Path, Path], tmp_path: Path
) -> None:
    _ptcg, dex = whole_sets
    folder = str(tmp_path / "c")
    with serve(dex) as (url, state):
        first = import_sources(folder, ["tcgdex"], {"tcgdex": url})
        assert first.summaries[0].added > 400
        state.log.clear()
        again = import_sources(folder, ["tcgdex"], {"tcgdex": url})
        # Unchanged sets (304) whose cards were checked lately: no card request at all.
        assert [p for p in state.requested() if "/cards/" in p] == []
        assert {s for p, s in state.log if "/en/sets/" in p} == {304}
        state.log.clear()
        revalidated = import_sources(folder, ["tcgdex"], {"tcgdex": url}, revalidate_days=0)
    cards = [(p, status) for p, status in state.log if "/cards/" in p]
    assert cards and {status for _p, status in cards} == {304}  # asked, none sent again
    assert again.summaries[0].unchanged == revalidated.summaries[0].unchanged
    assert revalidated.summaries[0].unchanged == first.summaries[0].added
    assert revalidated.summaries[0].bytes_downloaded < 200_000


def test_ids_with_odd_characters_are_escaped_not_refused(
    mirrors: tuple[Path, Path], tmp_path: Path
) -> None:
    """TCGdex's Unown "?" has the id ``exu-%3F`` and Unown "!" ``exu-!``: the client
    escapes them for the URL (``exu-%253F``), the server decodes them back."""
    _ptcg, dex = mirrors
    with serve(dex) as (url, state):
        import_sources(str(tmp_path / "c"), ["tcgdex"], {"tcgdex": url})
    assert "/en/cards/exu-%3F.json" in state.requested(200)
    assert "/en/cards/exu-!.json" in state.requested(200)
    with Catalogue.open(tmp_path / "c") as cat:
        assert cat.get("exu-%3F") is not None and cat.get("exu-!") is not None


def test_a_500_then_success_is_retried(mirrors: tuple[Path, Path], tmp_path: Path) -> None:
    _ptcg, dex = mirrors
    with serve(dex) as (url, state):
        state.faults["/en/cards/me01-003.json"] = ["status:500:once"]
        result = import_sources(
            str(tmp_path / "c"), ["tcgdex"], {"tcgdex": url}, locations={"tcgdex": _fast(url)}
        )
    assert result.ok
    assert ("/en/cards/me01-003.json", 500) in state.log


def test_permanent_failure_leaves_the_catalogue_intact(
    mirrors: tuple[Path, Path], tmp_path: Path
) -> None:
    _ptcg, dex = mirrors
    folder = tmp_path / "c"
    with serve(dex) as (url, state):
        import_sources(str(folder), ["tcgdex"], {"tcgdex": url})
        before = (folder / "catalogue.sqlite").read_bytes()
        state.faults["/en/sets/me01.json"] = ["status:503"]
        with pytest.raises(ImportFailed):
            import_sources(
                str(folder), ["tcgdex"], {"tcgdex": url}, force=True,
                locations={"tcgdex": _fast(url)},
            )  # fmt: skip
    assert (folder / "catalogue.sqlite").read_bytes() == before
    with Catalogue.open(folder) as cat:
        assert cat.get("me01-003") is not None


def _cards_table(folder: Path) -> list[tuple[str, str, str]]:
    db = sqlite3.connect(folder / "catalogue.sqlite")
    cards = db.execute("SELECT id, source, data FROM cards ORDER BY id").fetchall()
    aliases = db.execute("SELECT * FROM aliases ORDER BY 1, 2, 3, 4").fetchall()
    return cards + aliases


def test_import_order_does_not_matter(mirrors: tuple[Path, Path], tmp_path: Path) -> None:
    ptcg, dex = mirrors
    origins = {"pokemontcg": str(ptcg), "tcgdex": str(dex)}
    import_sources(str(tmp_path / "all"), ["pokemontcg", "tcgdex"], origins)
    import_sources(str(tmp_path / "a"), ["pokemontcg"], origins)
    import_sources(str(tmp_path / "a"), ["tcgdex"], origins)
    import_sources(str(tmp_path / "b"), ["tcgdex"], origins)
    import_sources(str(tmp_path / "b"), ["pokemontcg"], origins)
    everything = _cards_table(tmp_path / "all")
    assert _cards_table(tmp_path / "a") == everything
    assert _cards_table(tmp_path / "b") == everything
    with Catalogue.open(tmp_path / "all") as cat:
        assert len(cat.by_set_number("sv3", "125")) == 1
        assert cat.get("me01-003") is not None  # only TCGdex has it


def test_card_search_finds_spanish_names(catalogue: Catalogue) -> None:
    from totemdeck.api.search import search_cards

    found = search_cards(catalogue, "supercaña", limit=50)
    assert {c.name for c in found.cards} == {"Super Rod"}


@WHOLE_SETS
def test_mirror_script_copies_the_api_layout(whole_sets: tuple[Path, Path], tmp_path: Path) -> None:
    """scripts/mirror_tcgdex.py (used by the public CI) rebuilds a copy the importer reads."""
    from scripts.mirror_tcgdex import mirror

    _ptcg, dex = whole_sets
    out = tmp_path / "copy"
    with serve(dex) as (url, _state):
        written = mirror(out, url, ["en", "es"], workers=4)
    originals = sorted(p.relative_to(dex) for p in dex.rglob("*.json"))
    copied = sorted(p.relative_to(out) for p in out.rglob("*.json") if p.name != "cards.json")
    assert copied == originals and written == len(originals) - 2  # less the two sets.json
    for path in originals:
        assert json.loads((out / path).read_text("utf-8")) == json.loads(
            (dex / path).read_text("utf-8")
        )
    result = import_sources(str(tmp_path / "c"), ["tcgdex"], {"tcgdex": str(out)})
    assert result.summaries[0].added > 400


@pytest.mark.parametrize(
    ("raw", "name", "basic"),
    [
        ({"energyType": "Normal"}, "Fire Energy", True),
        ({}, "Water Energy", True),  # trainer-kit Energy without an energyType
        # TCGdex marks these "Normal"; their text makes them Special (FORMAT.md)
        ({"energyType": "Normal", "effect": "it provides {C} Energy."}, "Prism Energy", False),
        (
            {"energyType": "Normal", "effect": "it provides {G} Energy.\\n+20 HP"},
            "Growing Grass Energy",
            False,
        ),
        ({"energyType": "Special", "effect": "reduced by 10"}, "Metal Energy", False),
        ({}, "Double Colorless Energy", False),
    ],
)
def test_an_energy_with_text_is_special(raw: dict[str, object], name: str, basic: bool) -> None:
    assert is_basic_energy(raw, name) is basic


@pytest.mark.parametrize(
    ("local_id", "number"),
    [("061", "61"), ("000", "0"), ("7", "7"), ("TG05", "TG05"), ("SWSH001", "SWSH001"),
     ("%3F", "?"), ("!", "!"), ("50a", "50a")],
)  # fmt: skip
def test_numbers_are_written_as_printed(local_id: str, number: str) -> None:
    assert printed_number(local_id) == number


@pytest.mark.parametrize(
    ("suffix", "name", "expected"),
    [
        ("EX", "Mega Greninja ex", "ex"),  # TCGdex says EX on some Mega ex
        (None, "Mega Heracross ex", "ex"),
        (None, "M Manectric-EX", "EX"),
        (None, "Latios ex δ", "ex"),
        ("GX", "Umbreon-GX", "GX"),
        ("ex", "Raichu", "ex"),  # the name says nothing: the field is kept
        (None, "Pikachu", None),
    ],
)
def test_the_ex_suffix_follows_the_printed_name(
    suffix: str | None, name: str, expected: str | None
) -> None:
    assert rule_suffix({"suffix": suffix}, name) == expected
