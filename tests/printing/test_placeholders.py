"""The proxy sheet holds one slot per card copy of the list (issue 33's note): a line no one
print stands for (ambiguous, naming no card, no card line) is a placeholder proxy per copy,
carrying the line as written and what it could be, and the CLI says which lines on stderr.
Before, such lines were left out of the proxies with no word said.
"""

from __future__ import annotations

import datetime as dt
import io
import re
from collections import Counter
from pathlib import Path

import pytest

pypdf = pytest.importorskip("pypdf", reason="pypdf is a dev dependency (make install)")

from totemdeck.api.printing import print_notes, print_proxies, print_sheet, proxy_count  # noqa: E402
from totemdeck.catalogue.read import Catalogue  # noqa: E402
from totemdeck.cli import main  # noqa: E402
from totemdeck.collection.owned import Coverage, CoveredLine  # noqa: E402
from totemdeck.decklist.parse import parse  # noqa: E402
from totemdeck.export.order import export_lines  # noqa: E402
from totemdeck.rules import Checker  # noqa: E402
from totemdeck.rules.engine import CheckedDeck  # noqa: E402

MM = 72 / 25.4
RECT = re.compile(rb"(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re")
DECK = """\
Totem:
1 Charizard ex OBF 125
Pokemon:
3 Charmander
2 Blorpzilla
1 Pidgey OBF 162
see you at worlds!
Trainer:
4 Ultra Ball SVI 196
Energy:
20 Basic Fire Energy SVE 2
"""


@pytest.fixture(scope="module")
def checked(catalogue: Catalogue) -> CheckedDeck:
    return Checker(catalogue, today=dt.date(2026, 11, 30)).check_deck(parse(DECK, "deck.txt"))


def _slots(data: bytes) -> int:
    """The card-sized boxes drawn on every page (one per proxy, placeholders too)."""
    boxes = 0
    for page in pypdf.PdfReader(io.BytesIO(data)).pages:
        for match in RECT.finditer(page.get_contents().get_data()):
            width, height = (abs(float(v)) / MM for v in match.groups()[2:])
            boxes += abs(width - 63) < 0.5 and abs(height - 88) < 0.5
    return boxes


def _lines(data: bytes) -> Counter[str]:
    pages = pypdf.PdfReader(io.BytesIO(data)).pages
    return Counter(line for page in pages for line in page.extract_text().splitlines())


def test_one_slot_per_copy_and_a_placeholder_per_copy_of_a_line_read_as_is(
    checked: CheckedDeck,
) -> None:
    printed = print_proxies(checked, allow_illegal=True)
    exact = sum(x.count for x in export_lines(checked) if x.line != 4)  # 3 Charmander: held
    assert exact == 26  # Totem, Pidgey, 4 Ultra Ball, 20 Energy
    assert printed.cards == proxy_count(checked) == exact + 3 + 2 + 1 == _slots(printed.data)
    lines = _lines(printed.data)
    assert lines["AMBIGUOUS LINE"] == 3 and lines["3 Charmander"] == 3
    assert lines["UNKNOWN CARD"] == 2 and lines["2 Blorpzilla"] == 2
    assert lines["NOT A CARD LINE"] == 1 and lines["see you at worlds!"] == 1
    assert lines["placeholder proxy: not one print"] == 6
    text = "\n".join(lines)
    assert "Could be: Charmander" in text and "OBF 26" in text  # as players name prints
    assert printed.notes[0] == (
        "3 lines are printed as placeholder proxies carrying the lines as written, not as one "
        "print each: lines 4 (ambiguous), 5 (names no card), 7 (not a card line)"
    )


def test_only_missing_still_prints_the_placeholders(checked: CheckedDeck) -> None:
    """No collection owns a line that names no one print: its placeholders stay."""
    covered = Coverage(
        tuple(
            CoveredLine(x.line or 0, x.card, x.count, x.count, None) for x in export_lines(checked)
        )
    )
    printed = print_proxies(checked, allow_illegal=True, covered=covered)
    assert printed.cards == 6 == _slots(printed.data)


def test_a_list_read_exactly_prints_no_placeholder_and_says_nothing(catalogue: Catalogue) -> None:
    text = "Totem:\n1 Charizard ex OBF 125\nPokemon:\n1 Pidgey OBF 162\n"
    exact = Checker(catalogue).check_deck(parse(text))
    assert print_notes(exact) == ()
    printed = print_proxies(exact, allow_illegal=True)
    assert printed.cards == 2 and "placeholder" not in " ".join(printed.notes)
    assert "placeholder" not in "\n".join(_lines(printed.data))


def test_the_page_notes_are_the_pdfs_notes(checked: CheckedDeck) -> None:
    proxies, sheet = print_notes(checked)
    assert print_proxies(checked, allow_illegal=True).notes[0] == proxies
    assert print_sheet(checked, allow_illegal=True).notes[0] == sheet
    assert "they read back the same" in sheet


def test_chinese_prints_and_a_character_no_font_draws_is_said(catalogue: Catalogue) -> None:
    """``古月鸟`` (DejaVu has no CJK) prints through the fallback font and is in the PDF's
    text; a hieroglyph no font has is said, never dropped silently."""
    text = DECK.replace("Blorpzilla", "古月鸟").replace("see you", "𓀀 see you")
    checked = Checker(catalogue).check_deck(parse(text))
    for printed in (
        print_proxies(checked, allow_illegal=True),
        print_sheet(checked, allow_illegal=True),
    ):
        assert "2 古月鸟" in _lines(printed.data)
        font = [note for note in printed.notes if "the font has no" in note]
        assert font == ["line 7: the font has no 𓀀, so they are not printed"]


def test_the_cli_says_which_lines_are_placeholders(
    catalogue_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK, "utf-8")
    out = tmp_path / "proxies.pdf"
    args = ["print", str(deck), "--catalogue", str(catalogue_dir), "--allow-illegal"]
    assert main([*args, "--proxies", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "3 lines are printed as placeholder proxies" in err and "7 (not a card line)" in err
    assert "(5 pages, 32 cards)" in err
    assert _slots(out.read_bytes()) == 32
    assert main([*args, "--sheet", "-o", str(tmp_path / "sheet.pdf")]) == 0
    assert "3 lines are written as the list has them" in capsys.readouterr().err


def test_a_long_line_is_set_smaller_or_cut_on_paper_but_reads_back_whole(
    catalogue: Catalogue,
) -> None:
    """A line wider than the sheet's column never runs into the next column: smaller, then
    cut at the column's edge, said in the notes; the PDF's text keeps it whole."""
    fits = "see you at worlds, and bring the spare sleeves please!"
    long = "this list was built over three weekends with friends " * 3
    text = DECK.replace("see you at worlds!", f"{fits}\n{long.strip()}")
    checked = Checker(catalogue).check_deck(parse(text))
    printed = print_sheet(checked, allow_illegal=True)
    lines = _lines(printed.data)
    assert lines[fits] == 1 and lines[long.strip()] == 1
    cut = [note for note in printed.notes if "too long for its column" in note]
    assert len(cut) == 1 and cut[0].startswith("this list was built"), printed.notes
