"""Lines read with the catalogue's words (issue 33): the whole name before any split, the
parts the catalogue knows anywhere in the line, a note for every reading that is not exact,
and both readings when two stay possible (FORMAT.md "ex and EX on a list line")."""

from __future__ import annotations

import datetime as dt

import pytest

from totemdeck.catalogue.read import Catalogue
from totemdeck.decklist import Resolver, parse
from totemdeck.decklist.resolved import ResolvedLine


@pytest.fixture(scope="module")
def resolver(catalogue: Catalogue) -> Resolver:
    """Over the fixture catalogue, which holds each name these lines mean and each name they
    could be misread as (tests/fixtures/mirror.yaml)."""
    return Resolver(catalogue, today=dt.date(2026, 11, 30))


def read(resolver: Resolver, text: str) -> list[ResolvedLine]:
    deck = parse(text)
    assert not deck.problems, deck.problems
    return list(resolver.resolve(deck).lines)


def one(resolver: Resolver, text: str) -> ResolvedLine:
    lines = read(resolver, text)
    assert len(lines) == 1
    assert lines[0].finding is None, lines[0].finding
    return lines[0]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("1 Dark Porygon2", "Dark Porygon2"),  # was a basic Darkness Energy, silently
        ("1 Fire Cube 01", "Fire Cube 01"),  # was a basic Fire Energy
        ("4 Energy Removal 2", "Energy Removal 2"),  # was Energy Removal
        ("1 Team Rocket's Porygon2", "Team Rocket's Porygon2"),  # was Team Rocket's Porygon
    ],
)
def test_a_name_that_ends_in_a_number_is_read_whole(
    resolver: Resolver, text: str, name: str
) -> None:
    line = one(resolver, text)
    assert {c.name for c in line.candidates} == {name}
    assert line.note is None  # read exactly as written


@pytest.mark.parametrize(
    "text", ["1 Charizard EX OBF", "Totem: 1 Charizard EX (OBF)", "1 Charizard EX OBF 125"]
)
def test_a_set_code_decides_between_ex_and_upper_ex(resolver: Resolver, text: str) -> None:
    line = one(resolver, text)
    assert "sv3-125" in {c.id for c in line.candidates}
    assert {c.name for c in line.candidates} == {"Charizard ex"}
    assert "set decides" in (line.note or "")


def test_an_upper_case_ex_without_a_set_names_both_cards(resolver: Resolver) -> None:
    line = one(resolver, "3 Gardevoir EX")
    names = {c.name for c in line.candidates}
    assert {"Gardevoir ex", "Gardevoir-EX"} <= names
    assert "names both" in (line.note or "")


def test_the_hyphen_and_the_lower_case_still_decide(resolver: Resolver) -> None:
    assert {c.name for c in one(resolver, "1 Gardevoir-EX").candidates} == {"Gardevoir-EX"}
    assert "Gardevoir-EX" not in {c.name for c in one(resolver, "1 Gardevoir ex").candidates}


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("4 Charmander - OBF", {"sv3-26"}),
        ("4 Drizzile SSH 56/202", {"swsh1-56"}),
        ("2x Darkrai EX from DEX 63/108", {"bw5-63"}),
        ("- 4 Hitmonchan (Base Set 7/102)", {"base1-7"}),
        ("1 Base Squirtle", {"base1-63"}),
        ("1 Pikachu Base Set 2 87/130", {"base4-87"}),
    ],
)
def test_the_parts_of_a_print_anywhere_after_the_name(
    resolver: Resolver, text: str, ids: set[str]
) -> None:
    assert {c.id for c in one(resolver, text).candidates} == ids


def test_a_set_taken_by_its_name_is_said(resolver: Resolver) -> None:
    assert "as the set Base (BS)" in (one(resolver, "1 Base Squirtle").note or "")


def test_shaymin_upper_ex_ros_is_the_ros_print(resolver: Resolver) -> None:
    line = one(resolver, "1 Shaymin EX ROS")
    assert {c.set.id for c in line.candidates} == {"xy6"}


def test_several_cards_on_one_line(resolver: Resolver) -> None:
    lines = read(resolver, "3 Rowlet, 3 Dartrix, 2 Decidueye GX\n")
    assert [(r.line.count, r.candidates[0].name) for r in lines] == [
        (3, "Rowlet"),
        (3, "Dartrix"),
        (2, "Decidueye-GX"),
    ]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("4 Electric Energy", "Lightning Energy"),
        ("2 Prof. Oak", "Professor Oak"),
        ("3 Double Colourless", "Double Colorless Energy"),
        ("1 Scramble", "Scramble Energy"),
        ("1 Heal", "Heal Energy"),
        ("1 Multi", "Multi Energy"),
        ("1 Tapu Koko Prism Star", "Tapu Koko ◇"),
    ],
)
def test_shorthand_is_spelled_out_with_a_note(resolver: Resolver, text: str, name: str) -> None:
    line = one(resolver, text)
    assert name in {c.name for c in line.candidates} or (
        name == "Lightning Energy" and line.via == "basic energy"
    )
    assert line.note and "read" in line.note


def test_blend_suggests_both_blend_energy_cards(resolver: Resolver) -> None:
    [line] = read(resolver, "1 Blend\n")
    assert line.finding is not None and line.finding.code == "unknown-card"
    assert set(line.finding.context["suggestions"]) == {
        "Blend Energy GrassFirePsychicDarkness",
        "Blend Energy WaterLightningFightingMetal",
    }


@pytest.mark.parametrize("text", ["4 Darkness Energy", "3 Metal Energy"])
def test_a_basic_energy_name_alone_is_the_basic_energy(resolver: Resolver, text: str) -> None:
    line = one(resolver, text)
    assert line.via == "basic energy" and all(c.is_basic_energy for c in line.candidates)


def test_a_comment_that_runs_onto_the_next_line(resolver: Resolver) -> None:
    lines = read(resolver, "4 Pikachu (my favourite\ncard of all)\n2 Iono PAL 185\n")
    assert [r.line.line for r in lines] == [1, 3]
    assert "left out the comment" in (lines[0].note or "")


@pytest.mark.parametrize(
    "text", ["Pokemon (12):", "Pokémon - 12", "Pokemon", "Trainer", "Energy", "Entrenador"]
)
def test_headers_in_every_form(text: str) -> None:
    deck = parse(f"{text}\n4 Pikachu\n")
    assert not deck.problems and len(deck.headers) == 1


def test_a_print_only_another_source_names_so_is_left_out_with_a_note(
    resolver: Resolver,
) -> None:
    line = one(resolver, "1 Sprigatito ex")
    assert {c.name for c in line.candidates} == {"Sprigatito ex"}
    assert "svp-87" in (line.note or "")


def test_fighting_energy_is_never_read_as_lightning_energy(resolver: Resolver) -> None:
    line = one(resolver, "1 Fighting Energy TK-Latios 10")
    assert [c.name for c in line.candidates] == ["Fighting Energy"]


def test_a_set_code_word_beside_a_name_ending_in_ex_is_said(resolver: Resolver) -> None:
    line = one(resolver, "1 Alakazam ex 1")  # "ex" is also a code of Expedition
    assert [c.id for c in line.candidates] == ["ecard1-1"]
    assert "also a card name" in (line.note or "")


def test_read_card_reads_fields_with_the_same_words(resolver: Resolver) -> None:
    """The one reader other formats use (collection rows, card-name fields)."""
    assert {c.id for c in resolver.read_card("Dark Porygon2").candidates} == {"neo4-8"}
    charizard = resolver.read_card("Charizard EX", "OBF", "125", line=7)
    assert [c.id for c in charizard.candidates] == ["sv3-125"]
    assert charizard.line.line == 7 and "set decides" in (charizard.note or "")
    assert [r.candidates[0].name for r in resolver.read_text("3 Rowlet, 2 Dartrix")] == [
        "Rowlet",
        "Dartrix",
    ]


def test_a_stray_parenthesis_never_swallows_the_lines_after_it() -> None:
    deck = parse("4 Pikachu (my best\n2 Iono PAL 185\n1 Nest Ball SVI 181\n")
    assert [(x.line, x.name) for x in deck.lines] == [(1, "Pikachu"), (2, "Iono"), (3, "Nest Ball")]
    assert "left out the comment" in deck.lines[0].notes[0]
