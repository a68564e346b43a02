"""What players paste that the reader learnt in issue 25, pattern by pattern, against the full
mirror catalogue; and real corpus lines perturbed (spacing, case, punctuation, glued
suffixes) that must still mean the same card."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from totemdeck.catalogue.model import basic_energy_type
from totemdeck.catalogue.read import Catalogue
from totemdeck.decklist import Resolver, parse
from totemdeck.decklist.resolved import ResolvedLine

pytestmark = pytest.mark.full_mirrors(
    "the real lines of tests/decklists/, which name cards of every set"
)

WILD = Path(__file__).parent.parent / "decklists" / "wild"


@pytest.fixture(scope="module")
def resolver(catalogue: Catalogue) -> Resolver:
    return Resolver(catalogue, today=dt.date(2026, 11, 30))


def one(resolver: Resolver, text: str) -> ResolvedLine:
    deck = parse(text)
    assert len(deck.lines) == 1, deck.problems
    line = resolver.resolve_line(deck.lines[0])
    assert line.finding is None, line.finding
    return line


def names(line: ResolvedLine) -> set[str]:
    return {c.name for c in line.candidates}


# -- 1. a comma between count and name --------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "count", "name"),
    [
        ("4,Metagross", 4, "Metagross"),
        ("2,Rare Candy", 2, "Rare Candy"),
        ("12 , Psychic", 12, "Psychic"),
    ],
)
def test_a_comma_between_count_and_name_is_a_card_line(text: str, count: int, name: str) -> None:
    deck = parse(text)
    assert not deck.problems
    assert (deck.lines[0].count, deck.lines[0].name) == (count, name)


def test_the_comma_form_resolves_as_the_tab_form(full_resolver: Resolver) -> None:
    resolver = full_resolver  # names of every set
    for name in ("Metagross", "Rare Candy", "Pokemon Collector"):
        assert names(one(resolver, f"4,{name}")) == names(one(resolver, f"4\t{name}"))


# -- 2. basic Energy as a bare type word ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "energy"),
    [
        ("9\tDark", "Darkness"),
        ("4\tGrass", "Grass"),
        ("10 Fire", "Fire"),
        ("7 Metal", "Metal"),
        ("9 Oscura", "Darkness"),
        ("8 Fuego", "Fire"),
        ("6 Agua", "Water"),
    ],
)
def test_a_bare_type_word_is_that_basic_energy(resolver: Resolver, text: str, energy: str) -> None:
    line = one(resolver, text)
    assert line.via == "basic energy"
    assert line.candidates
    assert all(c.is_basic_energy and basic_energy_type(c) == energy for c in line.candidates)
    assert line.note and "Energy" in line.note


# -- 3. suffixes glued to the name ------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "printed"),
    [
        ("ShayminEX", "Shaymin-EX"),
        ("MManectricEX", "M Manectric-EX"),
        ("RayquazaEX", "Rayquaza-EX"),
        ("PikachuV", "Pikachu V"),
        ("MSceptileEX", "M Sceptile-EX"),
        ("DarkraiEX", "Darkrai-EX"),
    ],
)
def test_a_glued_suffix_reads_as_the_printed_name(
    resolver: Resolver, written: str, printed: str
) -> None:
    line = one(resolver, f"2 {written}")
    assert names(line) == {printed}
    assert line.note and written in line.note and printed in line.note


# -- 4. names without their printed affix -----------------------------------------------------


@pytest.mark.parametrize(
    ("written", "printed"),
    [
        ("Battle Compressor", "Battle Compressor Team Flare Gear"),
        ("Head Ringer", "Head Ringer Team Flare Hyper Gear"),
        ("Poke Turn", "Team Galactic's Invention G-105 Poké Turn"),
        ("Power Spray", "Team Galactic's Invention G-103 Power Spray"),
        ("SP Radar", "Team Galactic's Invention G-109 SP Radar"),
        ("Energy Gain", "Team Galactic's Invention G-101 Energy Gain"),
    ],
)
def test_a_left_off_affix_reads_as_the_printed_name(
    resolver: Resolver, written: str, printed: str
) -> None:
    line = one(resolver, f"4 {written}")
    assert names(line) == {printed}
    assert line.note and printed in line.note


@pytest.mark.parametrize("name", ["Gengar", "Kingdra", "Yanmega", "Feraligatr"])
def test_a_subtype_word_after_the_name_keeps_those_prints(
    full_resolver: Resolver, name: str
) -> None:
    resolver = full_resolver  # names of every set
    line = one(resolver, f"1 {name} Prime")
    assert names(line) == {name}
    assert all("Prime" in c.subtypes or "Prime" in (c.rarity or "") for c in line.candidates)
    assert line.note and "Prime" in line.note


def test_a_suffix_that_makes_another_card_is_never_left_off(resolver: Resolver) -> None:
    deck = parse("1 Mega Venusaur")  # "Mega Venusaur ex" is another card: no reading
    line = resolver.resolve_line(deck.lines[0])
    assert "Mega Venusaur ex" not in names(line)


# -- 5. spacing and punctuation ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "printed"),
    [
        ("Plus Power", "PlusPower"),
        ("Broken Time Space", "Broken Time-Space"),
        ("Mr.Mime", "Mr. Mime"),
        ("Porygon Z", "Porygon-Z"),
        ("Ho Oh", "Ho-Oh"),
        ("Exp Share", "Exp. Share"),
    ],
)
def test_spacing_and_punctuation_aside(full_resolver: Resolver, written: str, printed: str) -> None:
    resolver = full_resolver  # names of every set
    line = one(resolver, f"1 {written}")
    assert names(line) == {printed}
    if not resolver.catalogue.by_name(written):  # "Ho Oh" is Ho-Oh's name already
        assert line.note and printed in line.note


# -- 6. headers without a colon ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "section", "declared"),
    [
        ("Pokémon 8", "pokemon", 8),
        ("Trainer 30", "trainer", 30),
        ("Energy 12", "energy", 12),
        ("Total Cards 60", None, 60),
        ("总计: 60", None, 60),
        ("宝可梦: 12", "pokemon", 12),
        ("训练家 30", "trainer", 30),
        ("能量：8", "energy", 8),
        # Japanese words with voiced kana (ポ, ズ, ギ): folding drops their marks
        ("ポケモン: 22", "pokemon", 22),
        ("トレーナーズ: 32", "trainer", 32),
        ("エネルギー: 6", "energy", 6),
        ("포켓몬: 15", "pokemon", 15),
    ],
)
def test_headers_without_a_colon_and_in_chinese(
    text: str, section: str | None, declared: int
) -> None:
    deck = parse(f"{text}\n4 Pikachu\n")
    assert not deck.problems
    assert [(h.section, h.declared) for h in deck.headers] == [(section, declared)]
    assert len(deck.lines) == 1


# -- 7. names in a script the catalogue has no names for --------------------------------------


def test_a_chinese_name_with_an_exact_set_and_number_is_that_print(resolver: Resolver) -> None:
    line = one(resolver, "4 盖诺赛克特V FST 255")
    assert names(line) == {"Genesect V"}
    assert line.note and "FST 255" in line.note


@pytest.mark.parametrize(
    ("text", "both"),
    [
        ("1 白蓬蓬V SSP 84", {"Espurr", "Eldegoss V"}),
        ("4 博士的研究 SSP 152", {"Rufflet", "Professor's Research"}),
    ],
)
def test_ssp_with_an_unreadable_name_keeps_both_clients_readings(
    resolver: Resolver, text: str, both: set[str]
) -> None:
    line = one(resolver, text)
    assert names(line) == both  # never silently Surging Sparks' card
    assert line.note and "SSP" in line.note


@pytest.mark.parametrize(
    ("text", "printed"),
    [
        ("1 リッチエネルギー SSP 191", "Enriching Energy"),  # not PTCGO's SWSH191 Leafeon
        ("2 基本【超】エネルギー SVE 5", "Basic Psychic Energy"),
        ("4 基本超能量 SVE 5", "Basic Psychic Energy"),
    ],
)
def test_what_an_unreadable_name_still_says_decides(
    resolver: Resolver, text: str, printed: str
) -> None:
    """A name in another script still says it is an Energy (its last word: エネルギー, 能量,
    에너지) and, in 【】, which type: a print that is neither is not what it names."""
    line = one(resolver, text)
    assert names(line) == {printed}
    assert line.note


def test_the_reading_names_the_print_the_unreadable_name_ruled_out(resolver: Resolver) -> None:
    """``1 リッチエネルギー SSP 191``: the reading says the other client's SSP 191 (PTCGO's
    SWSH promo, a Leafeon) was ruled out by what the name still says."""
    line = one(resolver, "1 リッチエネルギー SSP 191")
    ruled_out = resolver.sets.client_sets_for("SSP")
    assert ruled_out and line.note
    assert any(f"{s.ptcgl_code or s.id} SWSH191" in line.note for s in ruled_out), line.note


def test_a_foreign_energy_whose_number_names_another_type_is_a_finding(
    resolver: Resolver,
) -> None:
    line = resolver.resolve_line(parse("3 テレパス【超】エネルギー POR 87").lines[0])
    assert line.finding is not None and line.finding.code == "unknown-card"
    assert "POR 87" in line.finding.message


@pytest.mark.parametrize(
    ("text", "printed"),
    [("1 Eldegoss V SSP 84", "Eldegoss V"), ("1 Espurr SSP 84", "Espurr")],
)
def test_ssp_with_a_readable_name_is_decided_by_it(
    resolver: Resolver, text: str, printed: str
) -> None:
    assert names(one(resolver, text)) == {printed}


# -- 8. readings say what they did ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "number"),
    [("1 Drizzile SHF 99", "SV026"), ("1 Flareon BRS 187", "TG01")],
)
def test_a_subset_mapped_by_number_is_a_reading(resolver: Resolver, text: str, number: str) -> None:
    line = one(resolver, text)
    assert {c.number for c in line.candidates} == {number}
    assert line.note and number in line.note


def test_a_subset_without_a_client_code_is_named_by_the_code_it_was_found_under(
    resolver: Resolver,
) -> None:
    """PTCG Live numbers Hidden Fates' Shiny Vault on after the main set (``Guzma HIF 153``);
    the data's Shiny Vault has no client code of its own, and the reading says ``HIF SV84``,
    not the data's set id."""
    line = one(resolver, "1 Guzma HIF 153")
    assert {c.number for c in line.candidates} == {"SV84"}
    assert line.note and "HIF SV84" in line.note
    assert all(c.set.id not in line.note for c in line.candidates)


def test_a_promo_number_without_its_padding_is_no_reading(resolver: Resolver) -> None:
    assert one(resolver, "1 Pikachu V-UNION PR-SW 140").note is None


# -- 9. deck titles ---------------------------------------------------------------------------


@pytest.mark.parametrize("title", ["Night March", "Luxchomp\t", "Vespi & Friends"])
def test_a_title_on_line_one_stays_malformed_and_names_the_deck(
    resolver: Resolver, title: str
) -> None:
    deck = parse(f"{title}\n4\tJoltik\n4\tPumpkaboo\n")
    assert [p.line for p in deck.problems] == [1]
    assert "title" in deck.problems[0].message
    resolved = resolver.resolve(deck)
    assert [f.code for f in resolved.findings] == ["malformed-line"]
    assert resolved.name == title.strip()


def test_a_first_line_that_names_a_card_is_no_deck_name(resolver: Resolver) -> None:
    resolved = resolver.resolve(parse("Gengar\n4\tGastly\n"))
    assert resolved.decklist.title == "Gengar"
    assert resolved.name is None


def test_only_the_first_line_can_be_a_title() -> None:
    deck = parse("4 Joltik\nNight March\n")
    assert deck.title is None
    assert "title" not in deck.problems[0].message


# -- real lines perturbed ---------------------------------------------------------------------

_SUFFIX = re.compile(r"^(?P<head>.+?)[- ](?P<suffix>EX|GX|V|VMAX|VSTAR)$")


def _real_lines(resolver: Resolver) -> list[tuple[str, frozenset[str]]]:
    """Name-only lines of the archive that resolve, with the names they mean."""
    found: dict[str, frozenset[str]] = {}
    for path in sorted(WILD.glob("kaktusgris-*.txt")):
        for line in parse(path.read_text("utf-8")).lines:
            resolved = resolver.resolve_line(line)
            if resolved.finding is None and resolved.via != "basic energy":
                found.setdefault(line.name, frozenset(names(resolved)))
    return sorted(found.items())


@pytest.fixture(scope="module")
def full_resolver(full_catalogue: Catalogue) -> Resolver:
    """Over the whole catalogue: the real lines name cards of every set."""
    return Resolver(full_catalogue, today=dt.date(2026, 11, 30))


@pytest.fixture(scope="module")
def real_lines(full_resolver: Resolver) -> list[tuple[str, frozenset[str]]]:
    lines = _real_lines(full_resolver)
    assert len(lines) > 200
    return lines


def _perturb(name: str, printed: frozenset[str], how: str, spaces: str) -> str:
    if how == "glue" and len(printed) == 1:
        glued = _SUFFIX.match(next(iter(printed)))
        if glued:  # "Shaymin-EX" written "ShayminEX"
            return glued.group("head").replace(" ", "") + glued.group("suffix")
    if how == "case" and not any(re.search(r"\b(?:ex|EX|GX)\b", p) for p in printed):
        return name.swapcase()  # ex and EX are different cards: only other names change case
    if how == "punctuation":
        return re.sub(r"[.\-']", "", name)
    return spaces.join(name.split(" "))


@settings(max_examples=300)
@given(
    index=st.integers(min_value=0, max_value=10_000),
    how=st.sampled_from(["spacing", "case", "punctuation", "glue"]),
    spaces=st.sampled_from([" ", "  ", "\t", " \t "]),
    around=st.sampled_from(["\t", " ", "  ", ","]),
)
def test_perturbed_real_lines_mean_the_same_card(
    full_resolver: Resolver,
    real_lines: list[tuple[str, frozenset[str]]],
    index: int,
    how: str,
    spaces: str,
    around: str,
) -> None:
    resolver = full_resolver
    name, printed = real_lines[index % len(real_lines)]
    text = f"3{around}{_perturb(name, printed, how, spaces)}  "
    deck = parse(text)
    assert len(deck.lines) == 1, (text, deck.problems)
    line = resolver.resolve_line(deck.lines[0])
    assert line.finding is None, (text, line.finding)
    assert frozenset(names(line)) == printed, text


@pytest.mark.parametrize("written", ["SHAYMINEX", "shayminex", "Shayminex"])
def test_ex_and_ex_in_another_case_are_never_read_loosely(resolver: Resolver, written: str) -> None:
    line = resolver.resolve_line(parse(f"1 {written}").lines[0])  # FORMAT.md: ex is not EX
    assert "Shaymin-EX" not in names(line)
