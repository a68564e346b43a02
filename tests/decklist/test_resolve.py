"""Resolution against the full mirror catalogue: every way players name a print."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from totemdeck.catalogue.read import Catalogue
from totemdeck.decklist import Resolver, parse, read_decklist, resolve

CORPUS = sorted((Path(__file__).parent.parent / "decklists").glob("*.txt"))


@pytest.fixture(scope="module")
def resolver(catalogue: Catalogue) -> Resolver:
    return Resolver(catalogue, today=dt.date(2026, 11, 30))


def ids(resolver: Resolver, text: str) -> list[str]:
    deck = parse(text)
    assert len(deck.lines) == 1, deck.problems
    line = resolver.resolve_line(deck.lines[0])
    assert line.finding is None, line.finding
    return sorted(c.id for c in line.candidates)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1 Charizard ex OBF 125", ["sv3-125"]),
        ("1 Charizard ex sv3 125", ["sv3-125"]),  # pokemontcg set id
        ("1 sv3-125", ["sv3-125"]),  # card id
        ("1 SV3-125", ["sv3-125"]),
        ("1 Pikachu V-UNION PR-SW SWSH139", ["swshp-SWSH139"]),
        ("1 Pikachu V-UNION PR-SW 140", ["swshp-SWSH140"]),  # bare promo number
        ("1 Flareon BRS TG01", ["swsh9tg-TG01"]),  # subset by prefix
        ("1 Flareon BRS 187", ["swsh9tg-TG01"]),  # printed total + n
        ("1 Iono PAL 185", ["sv2-185"]),
        ("1 Mew ex SVP 53", ["svp-53"]),
        ("1 Mew ex PR-SV 53", ["svp-53"]),
        ("1 Marshadow PR-SM SM85", ["smp-SM85"]),
        ("1 Marshadow PR-SM 85", ["smp-SM85"]),
        ("1 Lugia FAC 78", ["xy10-78"]),  # PTCGO's code for Fates Collide
        ("1 Wash {W} Energy VIV 165", ["swsh4-165"]),
        ("12 Basic {R} Energy SVE 2", ["sve-2"]),
        ("1 Pokemon Catcher SVI 187", ["sv1-187"]),  # accents
        ("1 Boss’s Orders PAL 172", ["sv2-172"]),  # typographic apostrophe
        ("1 Ultra Ball SVI 196 PH", ["sv1-196"]),
        ("1 Iono PAL", ["sv2-185", "sv2-254", "sv2-269"]),  # name within a set
    ],
)
def test_set_number_id_and_names(resolver: Resolver, text: str, expected: list[str]) -> None:
    assert ids(resolver, text) == expected


@pytest.mark.parametrize(
    ("text", "energy_type"),
    [
        ("1 Fire Energy SVE 12", "Fire"),  # Live numbers beyond the printed eight
        ("1 Basic {L} Energy Energy 4", "Lightning"),
        ("10 Lightning Energy SMEnergy 4", "Lightning"),
        ("1 Metal Energy SMEnergy 8", "Metal"),
        ("3 Water Energy  3", "Water"),
        ("1 Grass Energy BWALT 1", "Grass"),
        ("1 Psychic Energy ecalt 5", "Psychic"),
        ("1 Fire Energy FST 283", "Fire"),  # secret-rare print
        ("12 Psychic Energy", "Psychic"),
        ("1 Basic Darkness Energy", "Darkness"),
    ],
)
def test_basic_energy_lines(resolver: Resolver, text: str, energy_type: str) -> None:
    line = resolver.resolve_line(parse(text).lines[0])
    assert line.finding is None and line.candidates
    assert all(c.is_basic_energy for c in line.candidates)
    assert all(energy_type in c.name for c in line.candidates)


def test_name_only_line_keeps_every_print(resolver: Resolver) -> None:
    found = ids(resolver, "1 Professor's Research (Professor Oak)")
    assert len(found) > 10 and "sv1-189" in found


def test_number_that_set_lacks_is_reported_as_such(resolver: Resolver) -> None:
    line = resolver.resolve_line(parse("1 Charizard ex OBF 999").lines[0])
    assert line.finding is not None and line.finding.code == "unknown-card"
    assert "OBF has no card 999; OBF 125 is Charizard ex" in line.finding.message


def test_unknown_name_gets_three_suggestions(resolver: Resolver) -> None:
    line = resolver.resolve_line(parse("1 Charizzard exx").lines[0])
    assert line.finding is not None
    suggestions = line.finding.context["suggestions"]
    assert len(suggestions) == 3 and "Charizard ex" in suggestions


def test_other_card_at_that_number(resolver: Resolver) -> None:
    line = resolver.resolve_line(parse("1 Arven BRS 187").lines[0])
    assert line.finding is not None and "BRS 187 is Flareon, not 'Arven'" in line.finding.message


def test_pocket_set_is_not_a_legal_print(resolver: Resolver) -> None:
    line = resolver.resolve_line(parse("1 Pikachu ex A1 96").lines[0])
    assert line.finding is not None and line.finding.code == "not-legal-print"


def test_card_from_a_future_set_is_not_a_legal_print(catalogue: Catalogue) -> None:
    before_obsidian_flames = Resolver(catalogue, today=dt.date(2023, 1, 1))
    line = before_obsidian_flames.resolve_line(parse("1 Charizard ex OBF 125").lines[0])
    assert line.finding is not None and line.finding.code == "not-legal-print"
    assert "after today" in line.finding.message


@pytest.mark.parametrize("path", CORPUS, ids=[p.stem for p in CORPUS])
def test_corpus_decklists_resolve_every_line(path: Path, catalogue: Catalogue) -> None:
    decklist = read_decklist(str(path))
    assert not decklist.problems, decklist.problems
    resolved = resolve(decklist, catalogue, today=dt.date(2026, 11, 30))
    unresolved = [(r.line.line, r.finding.message) for r in resolved.lines if r.finding]
    assert unresolved == []
    assert len(resolved.lines) >= 15


@pytest.mark.parametrize("name", ["Chi-Yu", "Ho-Oh", "Porygon-Z", "Kommo-o"])
def test_hyphenated_names_are_names_not_ids(resolver: Resolver, name: str) -> None:
    found = resolver.resolve_line(parse(f"1 {name}").lines[0])
    assert found.finding is None and {c.name.casefold() for c in found.candidates} == {
        name.casefold()
    }
