"""Round trips are identities (issue 22.2): what totemdeck writes, it reads back to the same
deck (the same prints) and the same verdict — every export format and the share code, over
every legal deck of ``tests/decks/`` and ``examples/``, every real list of ``tests/decklists/``
that resolves, and decks made of random legal cards.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from totemdeck.catalogue.read import Catalogue
from totemdeck.decklist.parse import parse
from totemdeck.export.formats import FORMATS, export_deck
from totemdeck.export.order import export_lines
from totemdeck.i18n import use_language
from totemdeck.rules.engine import CheckedDeck, Checker
from totemdeck.sharecode import decode_decklist, share_code

pytestmark = pytest.mark.full_mirrors(
    "the real decklists of tests/decklists/, which name cards of every set"
)

ROOT = Path(__file__).resolve().parent.parent
LEGAL = [
    *sorted((ROOT / "tests" / "decks").glob("legal-*.txt")),
    ROOT / "examples" / "charizard-ex.txt",
    ROOT / "examples" / "kyogre-groudon-legend.txt",
]
REAL = sorted((ROOT / "tests" / "decklists").rglob("*.txt"))
# Findings about how a list is written, not about the deck: an export writes its own headers,
# and names the print a name-only line stands for (which ends its ambiguity warning).
ABOUT_THE_TEXT = {"count-mismatch", "ambiguous-card"}


@pytest.fixture(scope="module")
def checker(catalogue: Catalogue) -> Iterator[Checker]:
    yield Checker(catalogue)


@pytest.fixture(scope="module")
def full_checker(full_catalogue: Catalogue) -> Iterator[Checker]:
    """Over the whole catalogue: the real lists name cards of every set."""
    yield Checker(full_catalogue)


def _prints(checked: CheckedDeck) -> Counter[tuple[bool, str]]:
    out: Counter[tuple[bool, str]] = Counter()
    for entry in checked.deck.entries:
        out[(entry.section == "totem", entry.card.id)] += entry.count
    return out


def _written(checked: CheckedDeck) -> Counter[tuple[bool, str]]:
    """The prints an export writes (a name-only line: the print it stands in with)."""
    out: Counter[tuple[bool, str]] = Counter()
    for line in export_lines(checked):
        out[(line.section == "totem", line.card.id)] += line.count
    return out


def _verdict(checked: CheckedDeck) -> tuple[bool, list[str]]:
    codes = sorted(f.code for f in checked.report.findings if f.code not in ABOUT_THE_TEXT)
    return checked.report.legal, codes


def _assert_round_trips(checker: Checker, checked: CheckedDeck) -> None:
    for to in FORMATS:
        text = export_deck(checked, to, allow_illegal=True)
        again = checker.check_deck(parse(text, f"export.{to}"))
        assert _prints(again) == _written(checked), to
        assert _verdict(again) == _verdict(checked), (to, text)
        assert again.report.name == checked.report.name, (to, text)  # the deck's name too
    code = share_code(checked)
    assert code is not None
    shared = checker.check_deck(decode_decklist(code))
    assert shared.report.name == checked.report.name
    assert _prints(shared) == _prints(checked)
    assert shared.report.as_dict()["findings"] == checked.report.as_dict()["findings"]


@pytest.mark.parametrize("path", LEGAL, ids=lambda p: p.name)
def test_every_legal_deck_round_trips(checker: Checker, path: Path) -> None:
    checked = checker.check_deck(parse(path.read_text("utf-8"), path.name))
    assert checked.report.legal, path
    _assert_round_trips(checker, checked)


NAMES = ["Fire & Dark", 'Quoted "name", with commas', "Nombre: ñandú — 2026", "20 Fire", "#1 deck"]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_named_deck_keeps_its_name_through_every_export(
    checker: Checker, name: str, lang: str
) -> None:
    text = (ROOT / "examples" / "charizard-ex.txt").read_text("utf-8")
    checked = checker.check_deck(parse(f"Deckname: {name}\n{text}", "named.txt"))
    assert checked.report.name == name
    for to in FORMATS:
        with use_language(lang):  # the text export's words ("Nombre del mazo:")
            exported = export_deck(checked, to, lang=lang)
        assert checker.check_deck(parse(exported, f"export.{to}")).report.name == name, exported
        assert to not in ("text", "ptcgl") or name in exported  # written for people to see
    _assert_round_trips(checker, checked)


@pytest.mark.parametrize("path", REAL, ids=lambda p: p.name)
def test_every_real_list_that_resolves_round_trips(full_checker: Checker, path: Path) -> None:
    checker = full_checker
    checked = checker.check_deck(parse(path.read_text("utf-8", "replace"), path.name))
    if not checked.deck.entries:
        return
    if checked.resolved.findings or any(
        f.code == "ambiguous-card" for f in checked.report.findings
    ):
        # A line no one print stands for (ambiguous, naming no card, no card line) is written
        # as read by every export: tests/test_round_trips_as_read.py reads it back as the same
        # line; the share code keeps it in its place.
        shared = checker.check_deck(decode_decklist(share_code(checked) or ""))
        assert shared.report.as_dict()["findings"] == checked.report.as_dict()["findings"]
        return
    _assert_round_trips(checker, checked)


@pytest.fixture(scope="module")
def legal_pool(checker: Checker) -> list[str]:
    """Card ids a Charizard ex deck may hold (its legal cards, one print a name)."""
    from totemdeck.api.search import search_cards

    found = search_cards(checker.catalogue, "totem:sv3-125 -t:energy", limit=None)
    return [card.id for card in found.cards]


def test_every_print_is_written_in_a_form_that_reads_back(checker: Checker) -> None:
    """``NAME SET NUMBER`` as every export writes it resolves to that very print — numbers
    without digits (``TM FOUR``, ``UF !``, ``exu %3F``) included."""
    from totemdeck.export.formats import export_name, set_code

    missed = set()
    for card in checker.catalogue.iter_cards():
        text = f"1 {export_name(card, 'en')} {set_code(card)} {card.number}"
        line = parse(text).lines[0]
        if [c.id for c in checker.resolver.resolve_line(line).candidates] != [card.id]:
            missed.add(card.id)
    assert not missed, sorted(missed)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.integers(0, 2**32 - 1))
def test_decks_of_random_legal_cards_round_trip(
    checker: Checker, legal_pool: list[str], seed: int
) -> None:
    picked = random.Random(seed).sample(legal_pool, 60)
    text = "Totem:\n1 sv3-125\nMain deck:\n" + "".join(f"1 {card_id}\n" for card_id in picked)
    text += "20 Basic Fire Energy SVE 2\n19 Basic Darkness Energy SVE 7\n"
    checked = checker.check_deck(parse(text))
    _assert_round_trips(checker, checked)
