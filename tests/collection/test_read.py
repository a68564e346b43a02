"""Reading collections: real app exports (goldens), decklists, unknown CSVs, hostile text."""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers.golden import compare
from totemdeck.base.errors import UsageError
from totemdeck.catalogue.read import Catalogue
from totemdeck.collection import read_collection_text
from totemdeck.collection.read import read_collection_file

pytestmark = pytest.mark.full_mirrors(
    "the real exports of tests/collection/samples/ and their goldens (cards of every set)"
)

SAMPLES = Path(__file__).resolve().parent / "samples"


def _sources() -> list[tuple[str, str]]:
    found = []
    for line in (SAMPLES / "SOURCES").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, _source, digest = (part.strip() for part in line.split("|"))
            found.append((name, digest))
    return found


def test_the_real_exports_are_at_least_12_files_from_at_least_8_sources() -> None:
    # a source is the repository the file was copied from: one person's collection (or, for
    # BradleyLauweres, the collection two people keep in one PokéTrack TCG app)
    lines = [line for line in (SAMPLES / "SOURCES").read_text(encoding="utf-8").splitlines()
             if line and not line.startswith("#")]  # fmt: skip
    repositories = {line.split("|")[1].split()[1].rstrip(",") for line in lines}
    on_disk = {p.name for p in SAMPLES.iterdir() if p.name != "SOURCES"}
    assert on_disk == {name for name, _digest in _sources()}  # every file has its source
    assert len(lines) >= 12 and len(repositories) >= 8


@pytest.mark.parametrize(("name", "digest"), _sources())
def test_each_sample_is_byte_faithful_to_its_source(name: str, digest: str) -> None:
    assert hashlib.sha256((SAMPLES / name).read_bytes()).hexdigest() == digest


@pytest.mark.parametrize(("name", "_digest"), _sources())
def test_each_real_export_reads_as_its_golden(
    full_catalogue: Catalogue, name: str, _digest: str, update_golden: bool
) -> None:
    catalogue = full_catalogue  # real exports name cards of every set
    collection = read_collection_file(io.BytesIO((SAMPLES / name).read_bytes()), name, catalogue)
    data = {
        "format": collection.format,
        "copies": collection.copies,
        "holdings": [[h.line, h.count, [c.id for c in h.candidates]] for h in collection.holdings],
        "findings": [[f.line, f.code] for f in collection.findings],
        "readings": [list(r) for r in collection.readings],
    }
    # every row of the file is either held or reported: nothing is dropped
    summary = collection.summary
    assert (
        summary is not None and len(collection.holdings) + len(collection.findings) == summary.rows
    )
    assert (summary.matched, summary.unreadable) == (
        len(collection.holdings),
        len(collection.findings),
    )
    if name.endswith(".csv"):
        assert summary.rows + summary.skipped == len((SAMPLES / name).read_bytes().splitlines()) - 1
    text_out = "\n".join(f"{key}: {json.dumps(value)}" for key, value in data.items() if
                         key != "holdings")  # fmt: skip
    text_out += "\n" + "".join(f"{json.dumps(h)}\n" for h in data["holdings"])
    compare(f"collection/{name}.txt", text_out, update_golden)


def test_the_collectr_sample_reads_every_row_to_the_right_print(catalogue: Catalogue) -> None:
    text = (SAMPLES / "collectr-pokegridview.csv").read_text(encoding="utf-8")
    collection = read_collection_text(text, "cards.csv", catalogue)
    assert collection.format == "collectr" and not collection.findings
    by_line = {h.line: h for h in collection.holdings}
    assert [c.id for c in by_line[5].candidates] == ["base4-126"]  # Base Set 2 Fire Energy
    assert by_line[5].count == 19 and by_line[5].energy_type == "Fire"
    assert [c.id for c in by_line[13].candidates] == ["base1-1"]  # "Base Set (Unlimited)"


CSV_FORMS = [
    (  # Dragon Shield writes Excel's separator line first
        '"sep=,"\nFolder Name,Quantity,Trade Quantity,Card Name,Set Code,Set Name,Card Number,'
        "Condition,Printing,Language\nBinder,2,0,Charizard ex,OBF,Obsidian Flames,125,NearMint,"
        "Normal,English\n",
        "dragonshield", 3, "sv3-125", 2,
    ),
    (  # TCGplayer seller inventory: "NAME - NUMBER/TOTAL" product names, set names prefixed
        "TCGplayer Id,Product Line,Set Name,Product Name,Title,Number,Rarity,Condition,"
        "TCG Market Price,Total Quantity\n7337188,Pokemon,SV03: Obsidian Flames,"
        "Charizard ex - 125/197,,125/197,Double Rare,Near Mint,3.05,3\n"
        "1,Magic,Alpha,Black Lotus,,232,Rare,Near Mint,1,1\n",
        "tcgplayer-seller", 2, "sv3-125", 3,
    ),
    (  # TCGplayer app collection export
        "Quantity,Name,Simple Name,Set,Card Number,Set Code,Printing,Condition,Language,Rarity,"
        "Product ID,SKU\n4,Ultra Ball,Ultra Ball,SV01: Scarlet & Violet Base Set,196/198,SVI,"
        "Normal,Near Mint,English,Uncommon,1,2\n",
        "tcgplayer", 2, "sv1-196", 4,
    ),
]  # fmt: skip


@pytest.mark.parametrize(("text", "key", "line", "card_id", "count"), CSV_FORMS)
def test_each_csv_form_reads(
    catalogue: Catalogue, text: str, key: str, line: int, card_id: str, count: int
) -> None:
    collection = read_collection_text(text, "x.csv", catalogue)
    assert collection.format == key
    [holding] = collection.holdings  # rows of another game are skipped
    assert (holding.line, holding.count) == (line, count)
    assert card_id in [c.id for c in holding.candidates]


def test_a_csv_of_unknown_app_is_read_by_its_header_words(catalogue: Catalogue) -> None:
    collection = read_collection_text("Qty,Card,Where\n3,Ultra Ball,box\n", "mine.csv", catalogue)
    assert collection.format == "table" and collection.summary is not None
    assert dict(collection.summary.columns) == {"name": ("Card",), "count": ("Qty",)}
    [holding] = collection.holdings
    assert holding.count == 3 and {c.name for c in holding.candidates} == {"Ultra Ball"}


def test_a_decklist_is_a_collection_and_its_unknown_lines_are_reported(
    catalogue: Catalogue,
) -> None:
    text = "4 Ultra Ball SVI 196\n2 Pikachuu\n30 Basic Fire Energy\nnot a line at all ?\n"
    collection = read_collection_text(text, "binder.txt", catalogue)
    assert collection.format == "decklist"
    assert [(h.line, h.count) for h in collection.holdings] == [(1, 4), (3, 30)]
    assert {(f.line, f.code) for f in collection.findings} >= {(2, "unknown-card")}
    assert collection.holdings[1].energy_type == "Fire"


def test_a_row_whose_count_is_not_a_number_is_reported(catalogue: Catalogue) -> None:
    text = "Quantity,Name,Set,Number\nmany,Ultra Ball,Scarlet & Violet,196\n1,Iono,PAL,185\n"
    collection = read_collection_text(text, "x.csv", catalogue)
    assert [h.line for h in collection.holdings] == [3]
    [finding] = collection.findings
    assert finding.line == 2 and "'many' is not a number of copies" in finding.message


def test_a_row_whose_set_is_unknown_is_read_by_name_and_says_so(catalogue: Catalogue) -> None:
    text = "Quantity,Name,Set,Number\n1,Ultra Ball,My Shoebox,12\n"
    collection = read_collection_text(text, "x.csv", catalogue)
    [holding] = collection.holdings
    assert all(c.name == "Ultra Ball" for c in holding.candidates)
    [(line, note)] = collection.readings
    assert line == 2 and "'My Shoebox'" in note


@given(st.text(max_size=400))
def test_any_text_reads_or_is_refused_in_one_line(catalogue: Catalogue, text: str) -> None:
    try:
        collection = read_collection_text(text, "x.csv", catalogue)
    except UsageError as exc:
        assert "\n" not in str(exc)
    else:
        assert collection.summary is not None and collection.summary.matched >= 1


def test_a_list_longer_than_one_prefetch_reads_every_line_as_it_reads_alone(
    catalogue: Catalogue,
) -> None:
    """A long list is resolved ``PREFETCH_LINES`` at a time (what the catalogue answers at
    once stays in its memo): the lines across each boundary read as they do on their own."""
    from totemdeck.decklist import Resolver, parse
    from totemdeck.decklist.resolve import PREFETCH_LINES

    lines = ["4 Ultra Ball SVI 196", "2 Iono PAL 185", "1 Charizard ex OBF 125", "3 Pikachuu",
             "1 Professor's Research", "9 Basic Fire Energy", "1 Lugia V SIT 138",
             "2 Rare Candy"]  # fmt: skip
    alone = {}
    for text in lines:
        [read] = Resolver(catalogue).resolve(parse(text + "\n")).lines
        alone[text] = ([c.id for c in read.candidates], read.finding is None)
    long_list = [lines[i % len(lines)] for i in range(2 * PREFETCH_LINES + 3)]
    resolved = Resolver(catalogue).resolve(parse("\n".join(long_list) + "\n"))
    assert len(resolved.lines) == len(long_list)
    for text, read in zip(long_list, resolved.lines, strict=True):
        assert ([c.id for c in read.candidates], read.finding is None) == alone[text]


def test_the_json_binder_owns_each_variant_as_the_file_states_it(
    full_catalogue: Catalogue,
) -> None:
    # json-vmurthy45 keeps each name's set, number and copies in a list of variants: each is
    # a row of its own (274, the file's own "ownedEntries"), and its copies add up to the
    # file's "ownedCopies"; "4 Abra MEG 54" is owned
    data = (SAMPLES / "json-vmurthy45.json").read_bytes()
    stats = json.loads(data)["stats"]
    collection = read_collection_file(io.BytesIO(data), "json-vmurthy45.json", full_catalogue)
    assert collection.summary is not None and collection.summary.rows == stats["ownedEntries"]
    assert len(collection.holdings) == stats["ownedEntries"] and not collection.findings
    assert collection.copies == stats["ownedCopies"] == 912
    assert collection.owned_ids()["me01-054"] == 4  # Abra MEG 54
