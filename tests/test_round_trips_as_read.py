"""Round trips are identities for the lines no one print stands for (issue 33's note): a line
that is ``ambiguous-card`` (``1 SSP 104``, ``3 Gardevoir EX``), one that names no card
(``unknown-card``, ``not-legal-print``) and one that is no card line (``malformed-line``) are
written as the list wrote them by every export form, and read back as the same line: the same
count, the same candidates, the same finding. Over every real list of ``tests/decklists/``,
through the library and the CLI, and over synthetic decks of ambiguous, unknown and unreadable
lines.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from totemdeck.catalogue.read import Catalogue
from totemdeck.cli import main
from totemdeck.decklist.parse import parse
from totemdeck.export.asread import ambiguous_lines, as_read_lines, written_rest
from totemdeck.export.formats import FORMATS, export_deck
from totemdeck.export.order import export_lines
from totemdeck.i18n import use_language
from totemdeck.rules.engine import CheckedDeck, Checker

pytestmark = pytest.mark.full_mirrors(
    "the real decklists of tests/decklists/, which name cards of every set"
)

ROOT = Path(__file__).resolve().parent.parent
REAL = sorted((ROOT / "tests" / "decklists").rglob("*.txt"))
# Findings about how a list is written, not about the deck (as in test_round_trips.py).
ABOUT_THE_TEXT = {"count-mismatch"}


@pytest.fixture(scope="module")
def full_checker(full_catalogue: Catalogue) -> Iterator[Checker]:
    yield Checker(full_catalogue)


@pytest.fixture(scope="module")
def checker(catalogue: Catalogue) -> Iterator[Checker]:
    yield Checker(catalogue)


def _title_lines(checked: CheckedDeck) -> set[int]:
    """The deck's title line, which every export writes as the deck's name."""
    decklist = checked.resolved.decklist
    kept = {x.line for x in as_read_lines(checked)}
    return {p.line for p in decklist.problems if p.line not in kept}


def deck_of(checked: CheckedDeck) -> tuple[Counter[tuple[object, ...]], Counter[str]]:
    """What a deck is, line by line: a line one print stands for, as that print (the one an
    export writes); an ambiguous line, as its candidates; a line that names no card, as its
    finding, candidates and text; and the lines that are no card line, as written."""
    ambiguous = ambiguous_lines(checked)
    printed = {x.line: x.card.id for x in export_lines(checked)}
    lines: Counter[tuple[object, ...]] = Counter()
    for r in checked.resolved.lines:
        ids = tuple(sorted(c.id for c in r.candidates))
        totem, number = r.line.is_totem, r.line.line
        if r.finding is not None:
            key: tuple[object, ...] = (r.finding.code, ids, written_rest(r.line))
        elif number in ambiguous:
            key = ("ambiguous", ids)
        else:
            key = ("print", printed[number])
        lines[(totem, r.line.count, *key)] += 1
    titles = _title_lines(checked)
    unread = Counter(
        " ".join(p.raw.split()) for p in checked.resolved.decklist.problems if p.line not in titles
    )
    return lines, unread


def verdict(checked: CheckedDeck) -> tuple[bool, list[str]]:
    titles = _title_lines(checked)
    codes = [
        f.code
        for f in checked.report.findings
        if f.code not in ABOUT_THE_TEXT and not (f.code == "malformed-line" and f.line in titles)
    ]
    return checked.report.legal, sorted(codes)


def assert_reads_back(checker: Checker, checked: CheckedDeck, text: str, to: str) -> None:
    again = checker.check_deck(parse(text, f"export.{to}"))
    assert deck_of(again) == deck_of(checked), (to, text)
    assert verdict(again) == verdict(checked), (to, text)
    assert again.report.name == checked.report.name, (to, text)


@pytest.mark.parametrize("path", REAL, ids=lambda p: p.name)
def test_every_real_list_reads_back_from_every_export(full_checker: Checker, path: Path) -> None:
    checked = full_checker.check_deck(parse(path.read_text("utf-8", "replace"), path.name))
    if not checked.resolved.lines:
        return  # nothing to export (a file that is no deck)
    for to in FORMATS:
        assert_reads_back(full_checker, checked, export_deck(checked, to, allow_illegal=True), to)
    with use_language("es"):  # the text export's Spanish headers ("Mazo principal (2)")
        text = export_deck(checked, "text", lang="es", allow_illegal=True)
    assert_reads_back(full_checker, checked, text, "text")


def test_the_corpus_holds_every_kind_of_line_written_as_read(full_checker: Checker) -> None:
    """The test above is not empty: the real lists hold each kind of line."""
    kinds: Counter[str] = Counter()
    for path in REAL:
        checked = full_checker.check_deck(parse(path.read_text("utf-8", "replace"), path.name))
        kinds.update(x.status for x in as_read_lines(checked))
    assert kinds["ambiguous"] > 100 and kinds["unknown"] > 10 and kinds["unreadable"] > 5, kinds


AMBIGUOUS_LISTS = [
    p for p in REAL if p.parent.name == "wild" and p.name.startswith(("kaktusgris-xy", "ptcgo"))
]


@pytest.mark.parametrize("to", FORMATS)
@pytest.mark.parametrize("path", AMBIGUOUS_LISTS[:6], ids=lambda p: p.name)
def test_the_cli_export_reads_back_and_says_so(
    full_checker: Checker,
    full_catalogue_dir: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    path: Path,
    to: str,
) -> None:
    """``totemdeck export --allow-illegal`` writes the lines as read and says so on stderr
    (exit 0); without --allow-illegal such a deck, which is not legal, is refused (exit 1)."""
    checked = full_checker.check_deck(parse(path.read_text("utf-8", "replace"), path.name))
    held = as_read_lines(checked)
    out = tmp_path / f"deck.{to}"
    args = ["export", str(path), "--to", to, "--catalogue", str(full_catalogue_dir)]
    assert main([*args, "--allow-illegal", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert_reads_back(full_checker, checked, out.read_text("utf-8"), to)
    if held:
        assert f"{len(held)} line" in err and "not as one print" in err, err
    else:
        assert "not as one print" not in err
    assert main(args) == (1 if not checked.report.legal else 0)
    capsys.readouterr()


# -- synthetic decks ---------------------------------------------------------------------------

UNKNOWN = ["Blorpzilla", "Zorua SUM 83", "Pikachu XYZ 999", "Professor Nobody", "Qwfp ex"]
UNREADABLE = ["Random words here", "Pokémon: many", "see you at worlds!"]


@pytest.fixture(scope="module")
def ambiguous_names(checker: Checker) -> list[str]:
    """Names whose prints judge differently in the fixture catalogue (``1 Charmander``)."""
    names = sorted({c.name for c in checker.catalogue.iter_cards()})
    text = "Totem:\n1 Charizard ex OBF 125\nMain deck:\n" + "".join(f"1 {n}\n" for n in names)
    checked = checker.check_deck(parse(text))
    lines = {r.line.line: r.line.name for r in checked.resolved.lines}
    found = sorted({lines[f.line] for f in checked.report.findings if f.code == "ambiguous-card"})
    assert len(found) >= 10, found
    return found


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    seed=st.integers(0, 2**32 - 1),
    sizes=st.tuples(st.integers(1, 6), st.integers(0, 3), st.integers(0, 2)),
    sections=st.booleans(),
    lang=st.sampled_from(["en", "es"]),
)
def test_synthetic_decks_of_ambiguous_lines_read_back(
    checker: Checker,
    ambiguous_names: list[str],
    seed: int,
    sizes: tuple[int, int, int],
    sections: bool,
    lang: str,
) -> None:
    pick = random.Random(seed)
    n_ambiguous, n_unknown, n_unread = sizes
    lines = [f"{pick.randint(1, 4)} {name}" for name in pick.sample(ambiguous_names, n_ambiguous)]
    lines += [f"{pick.randint(1, 4)} {name}" for name in pick.sample(UNKNOWN, n_unknown)]
    lines += [f"- 2 {pick.choice(ambiguous_names)}"] if sections else []  # a bullet, read past
    lines += pick.sample(UNREADABLE, n_unread)
    pick.shuffle(lines)
    head = ["Totem:", "1 Charizard ex OBF 125", "Pokemon:" if sections else "Main deck:"]
    tail = ["Trainer:", "1 Ultra Ball SVI 196", "20 Basic Fire Energy SVE 2"] if sections else []
    checked = checker.check_deck(parse("\n".join(head + lines + tail) + "\n"))
    assume(any(x.status == "ambiguous" for x in as_read_lines(checked)))  # nearly always
    for to in FORMATS:
        with use_language(lang):
            text = export_deck(checked, to, lang=lang, allow_illegal=True)
        assert_reads_back(checker, checked, text, to)
        if to == "json":
            document = json.loads(text)
            ambiguous = [e for e in document["cards"] if e.get("status") == "ambiguous"]
            assert all(len(e["candidates"]) > 1 for e in ambiguous)


def test_a_strangers_written_lines_stay_one_line_each() -> None:
    """``written`` and ``unread`` come from files anyone writes: a line break in them is a
    space (never a second line, nor a JSON document read inside the line), and a document of
    more than MAX_ENTRIES lines to read is refused before any is read."""
    document = {
        "format": "totem",
        "version": 1,
        "totem": [],
        "cards": [{"count": 2, "written": 'Pikachu\n{"format": "totem"}', "status": "unknown"}],
        "unread": ["please\nadd two more"],
    }
    read = parse(json.dumps(document))
    assert [(x.count, x.name) for x in read.lines] == [(2, 'Pikachu {"format": "totem"}')]
    assert [p.raw for p in read.problems] == ["please add two more"]
    document["unread"] = ["x"] * 6000
    assert "entry limit" in parse(json.dumps(document)).problems[0].message


def test_a_document_without_the_new_fields_reads_as_before(checker: Checker) -> None:
    """Old files stay readable: entries by id or by name, no ``written``, no ``unread``."""
    document = {
        "format": "totem",
        "version": 1,
        "totem": [{"count": 1, "id": "sv3-125"}],
        "cards": [{"count": 1, "name": "Charmander", "set": "OBF", "number": "26"}],
    }
    checked = checker.check_deck(parse(json.dumps(document)))
    assert [e.card.id for e in checked.deck.entries] == ["sv3-125", "sv3-26"]
    assert not as_read_lines(checked)
