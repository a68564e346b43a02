"""One reader for every table of cards: CSV/TSV in any encoding, xlsx/ods, JSON; columns by
their header words in seven languages; a file that is no table refused in one line."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from totemdeck.catalogue.read import Catalogue
from totemdeck.collection import CollectionError, read_collection_text
from totemdeck.collection.match import copies
from totemdeck.collection.read import read_collection_file

pytestmark = pytest.mark.full_mirrors("a real PokéTrack backup naming cards of every set")


def _read(data: bytes, catalogue: Catalogue, name: str = "mine") -> object:
    return read_collection_file(io.BytesIO(data), name, catalogue)


def _ids(collection: object) -> list[tuple[int, list[str]]]:
    return [(h.count, [c.id for c in h.candidates]) for h in collection.holdings]  # type: ignore[attr-defined]


ULTRA_BALL = [(4, ["sv1-196"])]


@pytest.mark.parametrize(
    ("header", "row"),
    [
        ("Quantity,Name,Set Code,Number", "4,Ultra Ball,SVI,196"),
        ("Cantidad;Nombre;Código;Número", "4;Ultra Ball;SVI;196"),  # ES, semicolons
        ("Anzahl\tKartenname\tSet-Kürzel\tNummer", "4\tUltra Ball\tSVI\t196"),  # DE, TSV
        ("Quantidade,Nome,Sigla,Número", "4,Ultra Ball,SVI,196"),  # PT
        ("Quantité|Nom|Code|Numéro", "4|Ultra Ball|SVI|196"),  # FR, pipes
        ("Quantità,Nome,Codice,Numero", "4,Ultra Ball,SVI,196"),  # IT
        ("枚数,カード名,略号,番号", "4,Ultra Ball,SVI,196"),  # JA headers
        ("qty,card,exp.,#", "4,Ultra Ball,SVI,196"),
    ],
)
def test_columns_are_found_by_their_header_words(
    catalogue: Catalogue, header: str, row: str
) -> None:
    collection = read_collection_text(f"{header}\n{row}\n", "mine.csv", catalogue)
    assert _ids(collection) == ULTRA_BALL


@pytest.mark.parametrize("codec", ["utf-8-sig", "utf-16", "utf-32", "cp1252"])
def test_any_encoding_a_spreadsheet_writes(catalogue: Catalogue, codec: str) -> None:
    text = "Quantity\tName\tSet\tNumber\r\n2\tFlabébé\tFlashfire\t82\r\n"
    collection = _read(text.encode(codec), catalogue)
    assert {c.name for c in collection.holdings[0].candidates} == {"Flabébé"}  # type: ignore[attr-defined]
    summary = collection.summary  # type: ignore[attr-defined]
    assert summary.kind == "tsv" and ("Windows-1252" in summary.note) == (codec == "cp1252")


def test_a_workbook_xlsx_and_ods(catalogue: Catalogue, tmp_path: Path) -> None:
    import pandas as pd

    frame = pd.DataFrame({"Name": ["Ultra Ball", "Iono"], "Set": ["SVI", "PAL"],
                          "No.": [196, 185], "Qty": [4, 2]})  # fmt: skip
    for suffix, engine in (("xlsx", "openpyxl"), ("ods", "odf")):
        path = tmp_path / f"binder.{suffix}"
        with pd.ExcelWriter(path, engine=engine) as writer:
            pd.DataFrame([["My binder"]]).to_excel(writer, sheet_name="Notes", header=False,
                                                   index=False)  # fmt: skip
            frame.to_excel(writer, sheet_name="Cards", index=False)
        collection = _read(path.read_bytes(), catalogue, path.name)
        assert _ids(collection) == [(4, ["sv1-196"]), (2, ["sv2-185"])]
        assert collection.summary.kind == suffix  # type: ignore[attr-defined]
        assert [h.line for h in collection.holdings] == [2, 3]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "document",
    [
        [{"name": "Abra", "set": "MEG", "num": "54", "total": 4}],  # the issue's own
        # a binder's groups: the set and number in a list of variants under the name
        [{"name": "Abra", "variants": [{"set": "MEG", "num": "54", "total": 4}]}],
        {"name": ["Abra"], "set": ["MEG"], "number": ["54"], "qty": [4]},  # object of arrays
        {
            "user": {
                "collection": {
                    "cards": [
                        {
                            "card": {"name": "Abra", "number": "54", "set": {"id": "me01"}},
                            "count": 4,
                        }
                    ]
                }
            }
        },
    ],
)
def test_json_arrays_of_objects_at_any_depth(catalogue: Catalogue, document: object) -> None:
    collection = _read(json.dumps(document).encode(), catalogue, "c.json")
    assert _ids(collection) == [(4, ["me01-054"])]
    assert collection.summary.kind == "json"  # type: ignore[attr-defined]


def test_each_variant_under_an_entry_is_a_row_of_its_own(catalogue: Catalogue) -> None:
    # each object of a nested list that says a print or a count is a row, with the entry's
    # fields (its name) under its own; its place is said in words
    groups = [
        {"name": "Abra", "total": 7, "variants": [
            {"version": "Standard", "qty": 4, "set": "MEG", "num": "54"},
            {"version": "Reverse Holo", "qty": 1, "set": "MEG", "num": "54"},
            {"qty": "two", "set": "SVI", "num": "196"},
            {"name": "Zzzz Qqqq", "qty": 2, "set": "MEG", "num": "54"},
        ]},
        {"name": "Ultra Ball", "qty": 3, "variants": [{"set": "SVI", "num": "196"}]},
        # several variants without a count of their own: the 3 are theirs together, so the
        # entry is one row (its name), never 3 copies of each
        {"name": "Ultra Ball", "qty": 3, "variants": [{"set": "SVI", "num": "196"},
                                                      {"set": "PAL", "num": "186"}]},
        {"name": "Ultra Ball", "qty": 1, "attacks": [{"name": "Tackle", "damage": "10"}]},
    ]  # fmt: skip
    collection = _read(json.dumps({"groups": groups}).encode(), catalogue, "c.json")
    held = {h.line: (h.count, [c.id for c in h.candidates]) for h in collection.holdings}  # type: ignore[attr-defined]
    assert held[1] == (4, ["me01-054"]) and held[2] == (1, ["me01-054"])
    assert held[5] == (3, ["sv1-196"])
    assert held[6][0] == 3 and len(held[6][1]) > 1 and held[7][0] == 1
    findings = {f.line: f.message for f in collection.findings}  # type: ignore[attr-defined]
    assert sorted(findings) == [3, 4] and sorted(held) == [1, 2, 5, 6, 7]
    assert findings[3] == "entry 1 variants 3: 'two' is not a number of copies"
    assert findings[4].startswith("entry 1 variants 4: ") and "Zzzz Qqqq" in findings[4]
    summary = collection.summary  # type: ignore[attr-defined]
    assert (summary.rows, summary.matched, summary.unreadable) == (7, 5, 2)


def test_no_count_column_is_one_copy_a_row_and_says_so(catalogue: Catalogue) -> None:
    text = "Name,Set,Set Code,Image URL\nUltra Ball,Scarlet & Violet,SVI,https://x/1.png\n"
    collection = read_collection_text(text, "sheet.csv", catalogue)
    assert _ids(collection) == [(1, ["sv1-196"])]
    assert collection.summary is not None and collection.summary.one_copy


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"\x89PNG\r\n\x1a\n....", "a PNG file"),
        (b"%PDF-1.4 ...", "a PDF file"),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "old Excel .xls"),
        (b"PK\x03\x04garbage", "ZIP"),
        (b"Quantity,Name,Set,Number\n", "no rows of cards"),
        (b"My cards are in a shoebox under the bed.\nAsk me.\n", "no line of it is a card"),
        (b"[1, 2, 3]", "JSON without an array of cards"),
        (b'{"name": ', "not valid JSON"),
        (b"Quantity,Name\n3,Black Lotus\n2,Sol Ring\n", "none of its 2 rows"),
    ],
)
def test_a_file_that_is_no_table_of_cards_is_one_line(
    catalogue: Catalogue, data: bytes, said: str
) -> None:
    with pytest.raises(CollectionError) as raised:
        _read(data, catalogue, "mine.dat")
    message = str(raised.value)
    assert "\n" not in message and message.startswith("mine.dat: ") and said in message


@pytest.mark.parametrize(
    ("written", "count"),
    [
        ("1,000", 1000),
        ("2,000", 2000),
        ("1.000", 1000),
        ("4", 4),
        ("4.0", 4),
        ("", 0),
        (None, 1),
        ("1 000", 1000),
    ],
)
def test_counts_as_people_write_them(written: str | None, count: int) -> None:
    assert copies(written) == count


@pytest.mark.parametrize("written", ["²", "1" * 5000, "1.5", "many", "-1", "2,5", "10000001"])
def test_a_count_that_is_no_count_is_refused(written: str) -> None:
    said = copies(written)
    assert isinstance(said, str) and len(said) < 120


def test_a_bad_count_is_reported_with_its_row(catalogue: Catalogue) -> None:
    text = "set,name,number,unlimited\nBase,Onix,56,²\nBase,Onix,56," + "9" * 5000 + "\n"
    text += "Base,Onix,56,1\n"
    collection = read_collection_text(text, "x.csv", catalogue)
    assert [f.line for f in collection.findings] == [2, 3]
    assert all(len(f.message) < 200 for f in collection.findings)


@pytest.mark.parametrize(
    "text",
    [
        "Quantity,Name,Set,Number\n1,Ultra Ball,SVI,196\n1," + "x" * 140_000 + ",SVI,1\n",
        'Quantity,Name,Set,Number\n1,Ultra Ball,SVI,196\n1,"Iono,PAL,185\n2,Arven,OBF,186\n',
    ],
)
def test_a_cell_past_the_limit_or_a_quote_never_closed_is_one_line(
    catalogue: Catalogue, text: str
) -> None:
    with pytest.raises(CollectionError) as raised:
        read_collection_text(text, "big.csv", catalogue)
    message = str(raised.value)
    assert "\n" not in message and message.startswith("big.csv: line 3:")


@pytest.mark.parametrize(
    "text",
    [
        "Portfolio Name,Category,Set,Product Name,Card Number,Quantity\nMain,Pokemon,Paldea "
        "Evolved,,185,1\nMain,Pokemon,Paldea Evolved,Iono,185,1\n",
        '"sep=,"\nFolder Name,Quantity,Trade Quantity,Card Name,Set Code,Set Name,Card Number\n'
        "Binder,2,0,   ,PAL,Paldea Evolved,185\nBinder,1\nBinder,1,0,Iono,PAL,Paldea Evolved,185\n",
        "TCGplayer Id,Product Line,Set Name,Product Name,Number,Total Quantity\n1,Pokemon,"
        "SV02: Paldea Evolved,,185/193,1\n2,Pokemon,SV02: Paldea Evolved,Iono - 185/193,,1\n",
    ],
)
def test_an_empty_name_or_a_short_row_is_a_finding(catalogue: Catalogue, text: str) -> None:
    collection = read_collection_text(text, "app.csv", catalogue)
    assert [c.id for c in collection.holdings[-1].candidates] == ["sv2-185"]
    assert collection.findings and all("no card name" in f.message for f in collection.findings)


def test_a_header_behind_a_comment_label_is_read(full_catalogue: Catalogue) -> None:
    # PokéTrack TCG's backup: "# …" title lines, then the header as "# Format: card_id | …"
    text = (
        "# PokéTrack TCG Collection Backup\n# Total Cards: 1\n"
        "# Format: card_id | set_id | number | quantity | name\n"
        "sv3-105 | sv3 | 105 | 2 | Larvitar\n"
    )
    collection = read_collection_text(text, "backup.txt", full_catalogue)
    assert _ids(collection) == [(2, ["sv3-105"])]
    assert collection.summary is not None
    assert dict(collection.summary.columns)["id"] == ("# Format: card_id",)
