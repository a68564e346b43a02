"""Reading one export row: the apps' spellings of sets, numbers and names, on real rows and
on rows written from any print of the catalogue."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from totemdeck.catalogue.model import Card
from totemdeck.catalogue.read import Catalogue
from totemdeck.collection import read_collection_text
from totemdeck.collection.sets import SetNames

SAMPLES = Path(__file__).resolve().parent / "samples"

# (sample, line, what the row says, the print it is): rows of the real exports
REAL_ROWS = [
    ("pricecharting-pokemoncards.csv", 18, "Zapdos [Corrected] #15, Pokemon Fossil", "base3-15"),
    ("pricecharting-pokemoncards.csv", 47, "Pikachu [1st Edition Red Cheeks] #58", "base1-58"),
    ("pricecharting-pokemoncards.csv", 7, "Venusaur ex #198, Pokemon Scarlet & Violet 151",
     "sv3pt5-198"),
    ("pricecharting-pokemoncards.csv", 26, "Mew #9, Pokemon Promo", "basep-9"),
    ("pricecharting-pokemoncards.csv", 66, "Mew ex #53, Pokemon Promo", "svp-53"),
    ("pricecharting-bilalsi20.csv", 5, "Galarian Darmanitan #SV024, Pokemon Shining Fates",
     "swsh45sv-SV024"),
    ("pricecharting-bilalsi20.csv", 24, "Riolu #GG26, Pokemon Crown Zenith", "swsh12pt5gg-GG26"),
    ("pricecharting-bilalsi20.csv", 367, "Urshifu V #TG20, Pokemon Brilliant Stars",
     "swsh9tg-TG20"),
    ("pricecharting-bilalsi20.csv", 819, "Steel Energy #237, Pokemon Evolving Skies",
     "swsh7-237"),
    ("pricecharting-bilalsi20.csv", 1954, "Slowking VMAX #207, Pokemon Chilling Reign",
     "swsh6-207"),
    ("cardstorage-jihunkimcode.csv", 2, "Altaria, Silver Tempest, Trainer Gallery, Yuu Nishida",
     "swsh12tg-TG11"),
    ("printings-oibur.csv", 2025, "Alolan Sandshrew, McDonald's Promos 2019, 4", "mcd19-4"),
    ("printings-oibur.csv", 3795, "Lance , Dragon Majesty, 61", "sm75-61"),
    ("printings-oibur.csv", 5241, "Umbreon Star, Celebrations, 17", "cel25c-17_A"),
    ("printings-oibur.csv", 5248, "Mega Rayquaza EX, Celebrations, 76", "cel25c-76_A"),
    ("printings-oibur.csv", 7352, "Oddish, Lost Origins, 001", "swsh11-1"),
    ("cardstorage-jihunkimcode.csv", 4, "Blaziken V, Chilling Reign, Rare Holo V", "swsh6-20"),
]  # fmt: skip


# 30 rows of pchiwan's JSON collection (every 71st entry), each checked by hand: the id the
# entry gives is the catalogue's print of the entry's name and number.
HAND_CHECKED = {
    "json-pchiwan.json": [
        (1, "base3-53"), (72, "bw1-45"), (143, "pop1-11"), (214, "swsh8-42"), (285, "pop2-5"),
        (356, "ex2-39"), (427, "xy3-10"), (498, "xy9-16"), (569, "xy10-85"), (640, "bw8-6"),
        (711, "sm9-49"), (782, "pgo-14"), (853, "xy12-8"), (924, "dp2-96"), (995, "xy11-56"),
        (1066, "ex7-81"), (1137, "sm6-33"), (1208, "pl1-41"), (1279, "ex2-38"),
        (1350, "dp6-69"), (1421, "hgss4-33"), (1492, "xy8-152"), (1563, "dp6-130"),
        (1634, "xy1-134"), (1705, "dp1-123"), (1776, "swsh2-171"), (1847, "swsh3-175"),
        (1918, "ex12-82"), (1989, "base4-127"), (2060, "neo1-107"),
    ],
}  # fmt: skip


@pytest.mark.parametrize("sample", sorted(HAND_CHECKED))
def test_a_hand_checked_sample_of_30_rows_reads_each_to_its_print(
    full_catalogue: Catalogue, sample: str
) -> None:
    catalogue = full_catalogue  # real exports name cards of every set
    text = (SAMPLES / sample).read_text(encoding="utf-8")
    by_line = {h.line: h for h in read_collection_text(text, sample, catalogue).holdings}
    expected = HAND_CHECKED[sample]
    assert len(expected) == 30
    assert [(line, [c.id for c in by_line[line].candidates]) for line, _id in expected] == [
        (line, [card_id]) for line, card_id in expected
    ]


def test_an_id_column_names_the_print_unless_it_is_no_print_or_belies_the_name(
    full_catalogue: Catalogue,
) -> None:
    catalogue = full_catalogue  # Psyduck base3-53 and every Lugia
    text = (
        "id,name,number,quantity\nbase3-53,Psyduck,53,2\n"  # the print's id: that print
        "762330,Lugia,9,1\n"  # a shop's product id: no print, read by name and number
        "base3-53,Lugia,9,1\n"  # an id the name belies: read by the name
    )
    collection = read_collection_text(text, "mine.csv", catalogue)
    held = {h.line: [c.id for c in h.candidates] for h in collection.holdings}
    assert held[2] == ["base3-53"]
    assert "base3-53" not in held[3] and all(catalogue.get(i).name == "Lugia" for i in held[3])
    assert "base3-53" not in held[4] and all(catalogue.get(i).name == "Lugia" for i in held[4])
    assert collection.summary is not None and dict(collection.summary.columns)["id"] == ("id",)


@pytest.fixture(scope="module")
def read_samples(full_catalogue: Catalogue) -> dict[str, dict[int, list[str]]]:
    catalogue = full_catalogue  # real exports name cards of every set
    found = {}
    for name in {row[0] for row in REAL_ROWS}:
        text = (SAMPLES / name).read_text(encoding="utf-8")
        collection = read_collection_text(text, name, catalogue)
        found[name] = {h.line: [c.id for c in h.candidates] for h in collection.holdings}
    return found


@pytest.mark.parametrize(("sample", "line", "_says", "card_id"), REAL_ROWS)
def test_a_real_row_reads_as_its_print(
    read_samples: dict[str, dict[int, list[str]]], sample: str, line: int, _says: str,
    card_id: str,
) -> None:  # fmt: skip
    assert read_samples[sample][line] == [card_id]


def test_a_row_that_names_no_card_is_reported_with_its_line(full_catalogue: Catalogue) -> None:
    catalogue = full_catalogue  # a real export
    text = (SAMPLES / "pricecharting-pokemoncards.csv").read_text(encoding="utf-8")
    collection = read_collection_text(text, "collection.csv", catalogue)
    [finding] = collection.findings  # "Birthday Pikachu #24": the catalogue says "_____'s Pikachu"
    assert (finding.line, finding.code) == (39, "unknown-card")
    assert "'Birthday Pikachu'" in finding.message


def test_a_byte_order_mark_does_not_hide_the_header(catalogue: Catalogue) -> None:
    text = "\ufeffName,Sets,Artist,Count\nAltaria,Silver Tempest,Yuu Nishida,2\n"
    collection = read_collection_text(text, "binder.csv", catalogue)
    assert collection.format == "cardstorage"
    [holding] = collection.holdings
    assert holding.count == 2 and [c.id for c in holding.candidates] == ["swsh12tg-TG11"]


@pytest.mark.parametrize(("cells", "count"), [("2,2,0,,0", 4), ("1,,,,", 1), ("0,0,0,0,0", 0)])
def test_a_count_per_printing_is_summed(catalogue: Catalogue, cells: str, count: int) -> None:
    header = "set,name,number,unlimited,reverse,promo,1st,shadowless\n"
    collection = read_collection_text(f"{header}Base,Charizard,4,{cells}\n", "x.csv", catalogue)
    [holding] = collection.holdings
    assert holding.count == count and [c.id for c in holding.candidates] == ["base1-4"]


def test_a_count_per_printing_that_is_not_a_number_is_reported(catalogue: Catalogue) -> None:
    text = "set,name,number,unlimited,reverse\nBase,Charizard,4,1,two\nBase,Onix,56,1,0\n"
    collection = read_collection_text(text, "x.csv", catalogue)
    [finding] = collection.findings
    assert finding.line == 2 and "'two' is not a number of copies" in finding.message


def test_a_pricecharting_row_of_another_game_is_skipped(catalogue: Catalogue) -> None:
    text = (
        "id,product-name,console-name,quantity\n1,Super Mario 64,Nintendo 64,1\n"
        "2,Charizard ex #125,Pokemon Obsidian Flames,3\n"
    )
    collection = read_collection_text(text, "pc.csv", catalogue)
    assert [(h.line, h.count, [c.id for c in h.candidates]) for h in collection.holdings] == [
        (3, 3, ["sv3-125"])
    ]


def _csv(rows: list[list[str]]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


def _written(card: Card, app: str) -> str:
    """The row an app would write for one copy of ``card``."""
    total = card.set.printed_total or 0
    if app == "collectr":
        header = ["Portfolio Name", "Category", "Set", "Product Name", "Card Number", "Quantity"]
        row = ["Main", "Pokemon", card.set.name, card.name, f"{card.number}/{total}", "1"]
    elif app == "pricecharting":
        header = ["id", "product-name", "console-name", "quantity"]
        row = ["1", f"{card.name} #{card.number}", f"Pokemon {card.set.name}", "1"]
    else:  # TCGplayer seller inventory
        header = ["TCGplayer Id", "Product Line", "Set Name", "Product Name", "Number",
                  "Total Quantity"]  # fmt: skip
        row = ["1", "Pokemon", card.set.name, f"{card.name} - {card.number}/{total}",
               f"{card.number}/{total}", "1"]  # fmt: skip
    return _csv([header, row])


@pytest.fixture(scope="module")
def prints(catalogue: Catalogue) -> list[Card]:
    """Prints a row can name unambiguously: no other print of its set shares its number."""
    names = SetNames(catalogue.sets().values())
    return [
        card
        for card in catalogue.iter_cards()
        if card.number and names.find([card.set.name])[:1] == [card.set.id]
    ]


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
@given(data=st.data(), app=st.sampled_from(["collectr", "pricecharting", "tcgplayer-seller"]))
def test_a_row_written_for_any_print_reads_back_to_it(
    catalogue: Catalogue, prints: list[Card], data: st.DataObject, app: str
) -> None:
    card = data.draw(st.sampled_from(prints))
    collection = read_collection_text(_written(card, app), "x.csv", catalogue)
    assert not collection.findings, collection.findings
    [holding] = collection.holdings
    assert card.id in [c.id for c in holding.candidates], (card.id, card.name, card.set.name)
