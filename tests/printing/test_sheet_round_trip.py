"""Round trips are identities for the registration sheet (issue 33's note): over every real
list of ``tests/decklists/``, the sheet's PDF text, read back through the reader, is the same
deck — the same lines, counts and prints, and the lines no one print stands for (ambiguous,
unknown, unreadable) as the list wrote them, with the same candidates and the same verdict,
Chinese and Japanese lines included (the fallback font). Before, the sheet left such lines
out, so the text read back as a smaller deck, silently.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

pypdf = pytest.importorskip("pypdf", reason="pypdf is a dev dependency (make install)")

from tests.test_round_trips_as_read import REAL, deck_of, verdict  # noqa: E402
from totemdeck.api.printing import print_sheet  # noqa: E402
from totemdeck.catalogue.read import Catalogue  # noqa: E402
from totemdeck.decklist.parse import parse  # noqa: E402
from totemdeck.export.asread import as_read_lines  # noqa: E402
from totemdeck.i18n import use_language  # noqa: E402
from totemdeck.rules.engine import CheckedDeck, Checker  # noqa: E402

pytestmark = [
    pytest.mark.full_mirrors(
        "the 206 real lists, which name cards of every set (tests/decklists/)"
    ),
    pytest.mark.slow,  # ~200 PDFs written and read back: beside the browser tests, in make test
]


@pytest.fixture(scope="module")
def full_checker(full_catalogue: Catalogue) -> Iterator[Checker]:
    yield Checker(full_catalogue)


def sheet_text(checked: CheckedDeck, lang: str = "en") -> tuple[str, tuple[str, ...]]:
    """The sheet's text as a person copies it out of the PDF, and the sheet's notes."""
    with use_language(lang):
        printed = print_sheet(checked, lang=lang, allow_illegal=True)
    pages = pypdf.PdfReader(io.BytesIO(printed.data)).pages
    return "\n".join(page.extract_text() for page in pages), printed.notes


def assert_sheet_reads_back(checker: Checker, checked: CheckedDeck, lang: str) -> None:
    text, notes = sheet_text(checked, lang)
    assert not [note for note in notes if "the font has no" in note]  # CJK: the fallback font
    again = checker.check_deck(parse(text, "sheet.pdf"))
    assert deck_of(again) == deck_of(checked), text
    assert verdict(again) == verdict(checked), text
    assert again.report.name == checked.report.name, text


@pytest.mark.parametrize("path", REAL, ids=lambda p: p.name)
def test_every_real_list_reads_back_from_its_registration_sheet(
    full_checker: Checker, path: Path
) -> None:
    checked = full_checker.check_deck(parse(path.read_text("utf-8", "replace"), path.name))
    if not checked.resolved.lines:
        return  # nothing to print (a file that is no deck)
    assert_sheet_reads_back(full_checker, checked, "en")


@pytest.mark.parametrize("path", REAL[::20], ids=lambda p: p.name)
def test_a_spanish_sheet_reads_back_too(full_checker: Checker, path: Path) -> None:
    checked = full_checker.check_deck(parse(path.read_text("utf-8", "replace"), path.name))
    if checked.resolved.lines:
        assert_sheet_reads_back(full_checker, checked, "es")


def test_the_corpus_prints_every_kind_of_line_as_read(full_checker: Checker) -> None:
    """The tests above are not empty: the sheets of the real lists hold each kind of line
    as read, and each is on its sheet as the list wrote it."""
    kinds: Counter[str] = Counter()
    for path in REAL:
        checked = full_checker.check_deck(parse(path.read_text("utf-8", "replace"), path.name))
        held = as_read_lines(checked)
        if not held:
            continue
        kinds.update(x.status for x in held)
        written = sheet_text(checked)[0].splitlines()
        assert all(x.text in written for x in held), path.name
    assert kinds["ambiguous"] > 100 and kinds["unknown"] > 10 and kinds["unreadable"] > 5, kinds
