"""``totemdeck print``: the PDFs are opened and measured (page size, 63 × 88 mm card boxes,
cut marks), every card name is on its proxies once per copy, and the registration sheet's text
reads back, through ``check``, as the same deck."""

from __future__ import annotations

import datetime as dt
import io
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

pypdf = pytest.importorskip("pypdf", reason="pypdf is a dev dependency (make install)")

from totemdeck.api.printing import PrintRefused, print_proxies, print_sheet  # noqa: E402
from totemdeck.banlist import load_banlist  # noqa: E402
from totemdeck.catalogue.localized import localize, shown_name  # noqa: E402
from totemdeck.catalogue.printed import symbols  # noqa: E402
from totemdeck.catalogue.read import Catalogue  # noqa: E402
from totemdeck.collection.owned import Coverage, CoveredLine  # noqa: E402
from totemdeck.decklist import parse, read_decklist  # noqa: E402
from totemdeck.export.order import export_lines  # noqa: E402
from totemdeck.i18n import set_language  # noqa: E402
from totemdeck.printing.paper import PAPERS, grid  # noqa: E402
from totemdeck.printing.proxytext import proxy_text  # noqa: E402
from totemdeck.rules import Checker  # noqa: E402
from totemdeck.rules.engine import CheckedDeck  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
MM = 72 / 25.4  # points in a millimetre
RECT = re.compile(rb"(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re")
SEGMENT = re.compile(rb"(-?[\d.]+) (-?[\d.]+) m (-?[\d.]+) (-?[\d.]+) l S")


@pytest.fixture(scope="module")
def checker(catalogue: Catalogue) -> Checker:
    banlist = load_banlist(ROOT / "banlist.yaml").banlist
    return Checker(catalogue, banlist=banlist, today=dt.date(2026, 11, 30))


def _checked(checker: Checker, name: str) -> CheckedDeck:
    return checker.check_deck(read_decklist(str(EXAMPLES / name)))


def _pages(data: bytes) -> list[pypdf.PageObject]:
    return list(pypdf.PdfReader(io.BytesIO(data)).pages)


def _text_lines(data: bytes) -> list[str]:
    return [line for page in _pages(data) for line in page.extract_text().splitlines()]


def _card_boxes(page: pypdf.PageObject) -> list[tuple[float, float]]:
    """Width and height (mm) of every rectangle drawn on ``page`` that is card-sized or more."""
    boxes = []
    for match in RECT.finditer(page.get_contents().get_data()):
        width, height = (abs(float(v)) / MM for v in match.groups()[2:])
        if width > 20 and height > 20:
            boxes.append((width, height))
    return boxes


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_proxies_are_true_size_nine_a_page_with_cut_marks(checker: Checker, paper: str) -> None:
    checked = _checked(checker, "kyogre-groudon-legend.txt")
    printed = print_proxies(checked, paper=paper)
    pages = _pages(printed.data)
    assert printed.cards == 100 and len(pages) == printed.pages == 12  # ⌈100 / 9⌉
    width, height = PAPERS[paper]
    for page in pages:
        assert float(page.mediabox.width) == pytest.approx(width * MM, abs=0.5)
        assert float(page.mediabox.height) == pytest.approx(height * MM, abs=0.5)
    boxes = [box for page in pages for box in _card_boxes(page)]
    assert len(boxes) == 100
    for box_width, box_height in boxes:
        assert box_width == pytest.approx(63, abs=0.5)
        assert box_height == pytest.approx(88, abs=0.5)
    marks = SEGMENT.findall(pages[0].get_contents().get_data())
    assert len(marks) == len(grid(paper).cut_marks()) == 16


def test_every_card_name_is_on_its_proxies_once_per_copy(checker: Checker) -> None:
    checked = _checked(checker, "kyogre-groudon-legend.txt")
    wanted = Counter()
    for line in export_lines(checked):
        wanted[line.card.name] += line.count
    found = Counter(line for line in _text_lines(print_proxies(checked).data) if line in wanted)
    assert found == wanted


def test_the_totem_proxy_says_its_numbers(checker: Checker) -> None:
    checked = _checked(checker, "charizard-ex.txt")
    lines = _text_lines(print_proxies(checked).data)
    assert lines[0] == "Charizard ex"
    assert "Totem · Invocation Cost 4 · Prize cards 2" in lines[:4]


@pytest.mark.parametrize("deck", ["kyogre-groudon-legend.txt", "charizard-ex.txt"])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_registration_sheet_reads_back_as_the_same_deck(
    checker: Checker, deck: str, lang: str
) -> None:
    set_language(lang)
    try:
        checked = _checked(checker, deck)
        printed = print_sheet(checked, lang=lang)
        text = "\n".join(_text_lines(printed.data))
        again = checker.check_deck(parse(text, source="sheet"))
    finally:
        set_language("en")
    assert 1 <= printed.pages <= 2
    assert again.report.legal, [f.message for f in again.report.findings]
    assert not again.report.readings  # every line read exactly
    written = Counter({x.card.id: x.count for x in export_lines(checked)})
    read = Counter()
    for entry in again.deck.entries:
        read[entry.card.id] += entry.count
    assert read == written
    assert again.report.totem == checked.report.totem


def test_the_sheet_holds_the_players_fields_and_the_verdict(checker: Checker) -> None:
    lines = _text_lines(print_sheet(_checked(checker, "charizard-ex.txt")).data)
    assert lines[0] == "Totem Format: deck registration sheet"
    for field in ("Player name:", "Player ID:", "Division:", "Deckname:"):
        assert any(line.startswith(field) for line in lines), field
    assert "Verdict: LEGAL under banlist.yaml of 2026-11-30" in lines
    assert "Totem numbers: Invocation Cost 4 · Prize cards 2 · identity Fire, Darkness" in lines


def test_an_illegal_deck_prints_only_when_asked_with_its_findings_first(checker: Checker) -> None:
    checked = _checked(checker, "illegal-several-codes.txt")
    with pytest.raises(PrintRefused):
        print_proxies(checked)
    with pytest.raises(PrintRefused):
        print_sheet(checked)
    codes = {finding.code for finding in checked.report.findings}
    proxies = _pages(print_proxies(checked, allow_illegal=True).data)
    first = proxies[0].extract_text()
    assert "NOT LEGAL in the Totem Format (10 errors)" in first
    assert all(code in first for code in codes)
    assert not _card_boxes(proxies[0])  # the findings page holds no card
    sheet = "\n".join(_text_lines(print_sheet(checked, allow_illegal=True).data))
    assert "Verdict: NOT LEGAL under banlist.yaml" in sheet
    assert all(f"Finding: {code}:" in sheet for code in codes)


def test_only_missing_prints_just_the_copies_a_collection_lacks(checker: Checker) -> None:
    checked = _checked(checker, "kyogre-groudon-legend.txt")
    lines = export_lines(checked)
    owned = {line.line for line in lines[:10]}
    covered = Coverage(
        tuple(
            CoveredLine(x.line or 0, x.card, x.count, x.count if x.line in owned else 0, None)
            for x in lines
        )
    )
    printed = print_proxies(checked, covered=covered)
    skipped = sum(x.count for x in lines[:10])
    assert printed.cards == 100 - skipped
    names = set(_text_lines(printed.data))
    assert lines[10].card.name in names
    assert (
        not {
            x.card.name for x in lines[:10] if x.card.name not in {y.card.name for y in lines[10:]}
        }
        & names
    )


def test_spanish_proxies_carry_the_catalogues_spanish_text(checker: Checker) -> None:
    set_language("es")
    try:
        checked = _checked(checker, "charizard-ex.txt")
        lines = _text_lines(print_proxies(checked, lang="es").data)
    finally:
        set_language("en")
    totem = checked.deck.totem[0].card
    spanish = localize(totem, "es")
    assert spanish.attacks[0].text != totem.attacks[0].text  # the catalogue has its text
    assert lines[0] == shown_name(totem, "es")
    assert spanish.attacks[0].text.split()[0] in " ".join(lines[:20])


def test_a_picture_in_the_image_folder_replaces_the_text_proxy(
    checker: Checker, tmp_path: Path
) -> None:
    from PIL import Image

    checked = _checked(checker, "charizard-ex.txt")
    totem = checked.deck.totem[0].card
    Image.new("RGB", (63, 88), (200, 40, 40)).save(tmp_path / f"{totem.id}.png")
    broken = export_lines(checked)[1].card
    (tmp_path / broken.set.id).mkdir()
    (tmp_path / broken.set.id / f"{broken.number}.png").write_bytes(b"not a picture")
    printed = print_proxies(checked, images=tmp_path)
    first = _pages(printed.data)[0]
    assert "/Image" in str(first["/Resources"]["/XObject"].get_object()[next(iter(
        first["/Resources"]["/XObject"].get_object()))].get_object()["/Subtype"])  # fmt: skip
    lines = _text_lines(printed.data)
    assert totem.name not in lines[:2]  # its picture, not its words
    assert broken.name in lines  # a broken file: the words, and a note
    assert any("not a picture" in note for note in printed.notes)


def test_text_proxy_words() -> None:
    assert symbols("Attach a {R} Energy and a {P} Energy") == "Attach a [R] Energy and a [P] Energy"


def test_a_missing_retreat_is_unknown_never_zero(catalogue: Catalogue) -> None:
    import dataclasses

    card = catalogue.get("sv3-125")
    assert card is not None
    proxy = proxy_text(dataclasses.replace(card, retreat_cost=None), "en")
    assert proxy.footer is not None and "Retreat unknown" in proxy.footer


def _cli(*args: str, catalogue: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "totemdeck", *args, "--catalogue", str(catalogue)],
        capture_output=True,
        timeout=300,
        check=False,
    )


@pytest.mark.slow
def test_the_print_command(catalogue_dir: Path, tmp_path: Path) -> None:
    deck = str(EXAMPLES / "charizard-ex.txt")
    out = tmp_path / "sheet.pdf"
    done = _cli("print", deck, "--sheet", "-o", str(out), catalogue=catalogue_dir)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(b"%PDF-") and b"wrote" in done.stderr
    piped = _cli("print", deck, "--proxies", "-o", "-", catalogue=catalogue_dir)
    assert piped.returncode == 0 and piped.stdout.startswith(b"%PDF-")
    both = _cli("print", deck, "--proxies", "--sheet", "-o", str(out), catalogue=catalogue_dir)
    assert both.returncode == 2 and b"--proxies or --sheet" in both.stderr
    illegal = str(EXAMPLES / "illegal-several-codes.txt")
    refused = _cli(
        "print", illegal, "--sheet", "-o", str(tmp_path / "x.pdf"), catalogue=catalogue_dir
    )
    assert refused.returncode == 1 and b"--allow-illegal" in refused.stderr
    assert not (tmp_path / "x.pdf").exists()
    paper = _cli("print", deck, "--sheet", "--paper", "a5", "-o", str(out), catalogue=catalogue_dir)
    assert paper.returncode == 2
