"""Issue 43.3 and 34.1: every deck form × every way out is one round trip.

A deck in each form totemdeck reads and writes (a text list, and its PTCG Live, JSON, CSV
and plain-text exports) leaves through each way a player has — a share code or link, an
export in each format, Build (which re-encodes the deck, and can set its Totem again), the
Table's seat — and comes back with the verdict it had: legal or not, the same Totem, the
same counts, the same finding codes. JSON and CSV decks used to lose their Totem.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.helpers.processes import ROOT, run_cli
from totemdeck.api import Catalogue, Checker, make_checker
from totemdeck.api.deck import (
    CheckedDeck,
    decklist_from_bytes,
    decode,
    decode_decklist,
    encode,
    export_deck,
    share_code,
)
from totemdeck.api.table import table_seat
from totemdeck.sharecode import edit as deckedit

LOSSY = "illegal-several-codes.txt"
DECKS = ["kyogre-groudon-legend.txt", "charizard-ex.txt", LOSSY]
FORMS = ["list", "ptcgl", "json", "csv", "text"]
EXPORTS = ["ptcgl", "json", "csv", "text"]


@pytest.fixture(scope="module")
def checker(catalogue: Catalogue) -> Checker:
    return make_checker(catalogue)


def verdict(checked: CheckedDeck) -> tuple[object, ...]:
    report = checked.report
    totem = report.totem.id if report.totem is not None else None
    codes = sorted(f.code for f in (*report.errors, *report.warnings))
    return (report.legal, totem, report.as_dict()["counts"], codes)


def in_form(checker: Checker, deck: str, form: str) -> CheckedDeck:
    """The example deck in ``form``: as written, or exported (illegal decks marked so)."""
    data = (ROOT / "examples" / deck).read_bytes()
    checked = checker.check_deck(decklist_from_bytes(data, deck))
    if form == "list":
        return checked
    text = export_deck(checked, form, allow_illegal=True)
    return checker.check_deck(decklist_from_bytes(text.encode("utf-8"), f"{deck}.{form}"))


def _code(checked: CheckedDeck) -> str:
    code = share_code(checked)
    assert code is not None
    return code


def by_share_code(checker: Checker, checked: CheckedDeck) -> CheckedDeck:
    return checker.check_deck(decode_decklist(_code(checked)))


def by_build(checker: Checker, checked: CheckedDeck) -> CheckedDeck:
    """Build opens the code and writes it again after an edit and its undoing."""
    deck = decode(_code(checked))
    main = next(r for r in checked.resolved.lines if not r.line.is_totem and r.resolved)
    edited = deckedit.add(deck, main.candidates[0].id, 1)
    line = next(n for n in range(1, len(edited.lines) + 1) if deckedit.count_of(edited, n)
                and deckedit.count_of(edited, n) != deckedit.count_of(deck, n))  # fmt: skip
    undone = deckedit.with_count(edited, line, deckedit.count_of(deck, line) or 0)
    return checker.check_deck(decode_decklist(encode(undone)))


def by_build_totem(checker: Checker, checked: CheckedDeck) -> CheckedDeck:
    """Build's "make this the Totem" with the deck's own Totem prints."""
    deck = decode(_code(checked))
    totem = [r.candidates[0].id for r in checked.resolved.lines if r.line.is_totem]
    return checker.check_deck(decode_decklist(encode(deckedit.with_totem(deck, totem))))


def exporting(to: str) -> Callable[[Checker, CheckedDeck], CheckedDeck]:
    def way(checker: Checker, checked: CheckedDeck) -> CheckedDeck:
        text = export_deck(checked, to, allow_illegal=True)
        return checker.check_deck(decklist_from_bytes(text.encode("utf-8"), f"out.{to}"))

    return way


WAYS: dict[str, Callable[[Checker, CheckedDeck], CheckedDeck]] = {
    "share code": by_share_code,
    "Build": by_build,
    "Build's Totem": by_build_totem,
    **{f"export {to}": exporting(to) for to in EXPORTS},
}


# Every deck in every form, out every way. An export leaves out what it cannot name (the
# illegal example's "1 Charizzard OBF 999" and its note): that deck goes out only the ways
# that keep every line (share code, Build), in the form it was written in.
CASES = [
    (deck, form, way)
    for deck in DECKS
    for form in (FORMS if deck != LOSSY else ["list"])
    for way in sorted(WAYS)
    if deck != LOSSY or not way.startswith("export")
]


@pytest.mark.parametrize(("deck", "form", "way"), CASES)
def test_every_form_leaves_every_way_with_its_verdict(
    checker: Checker, deck: str, form: str, way: str
) -> None:
    original = checker.check_deck(
        decklist_from_bytes((ROOT / "examples" / deck).read_bytes(), deck)
    )
    checked = in_form(checker, deck, form)
    assert verdict(checked) == verdict(original)  # the form itself is a round trip
    back = verdict(WAYS[way](checker, checked))
    if way.startswith("Build"):  # Build's first edit drops the counts headers declare
        assert back == _undeclared(verdict(original))
    else:
        assert back == verdict(original)


def _undeclared(judged: tuple[object, ...]) -> tuple[object, ...]:
    legal, totem, counts, codes = judged
    return (legal, totem, counts, [c for c in codes if c != "count-mismatch"])  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("deck", "form"), [(d, f) for d in DECKS for f in FORMS if d != LOSSY or f == "list"]
)
def test_the_tables_seat_has_the_decks_totem(checker: Checker, deck: str, form: str) -> None:
    checked = in_form(checker, deck, form)
    code = _code(checked)
    assert checked.report.totem is not None
    for brought in (code, f"https://totem.example/check?d={code}"):
        seat = table_seat(checker, "Ana", brought)
        assert seat.totem_id == checked.report.totem.id


@pytest.mark.slow
@pytest.mark.parametrize("to", ["json", "csv"])
def test_the_issues_command_line_round_trip(catalogue_dir: Path, tmp_path: Path, to: str) -> None:
    """``export --to json -o kg.json; check "$(check --share kg.json …)"`` (issue 34.1)."""
    env = {**os.environ, "TOTEMDECK_CATALOGUE": str(catalogue_dir)}
    env.pop("TOTEMDECK_BASE_URL", None)
    out = tmp_path / f"kg.{to}"
    deck = str(ROOT / "examples" / "kyogre-groudon-legend.txt")
    assert run_cli(["export", deck, "--to", to, "-o", str(out)], env).returncode == 0
    shared = run_cli(["check", "--share", str(out)], env)
    assert shared.returncode == 0, shared.stdout
    code = shared.stdout.strip().splitlines()[-1].removeprefix("share: ")
    again = run_cli(["check", code], env)
    assert again.returncode == 0, again.stdout
    assert "LEGAL — shared deck" in again.stdout and "totem-missing" not in again.stdout


@pytest.mark.slow
@pytest.mark.parametrize("value", ["https://decks.example\n", "https://decks.example/ \n"])
def test_a_base_url_ending_in_a_newline_is_taken_off_with_a_word(
    catalogue_dir: Path, value: str
) -> None:
    """Issue 43.3: ``TOTEMDECK_BASE_URL`` with a trailing newline made the share line two."""
    env = {
        **os.environ,
        "TOTEMDECK_CATALOGUE": str(catalogue_dir),
        "TOTEMDECK_BASE_URL": value,
    }
    run = run_cli(["check", "--share", str(ROOT / "examples" / "charizard-ex.txt")], env)
    assert run.returncode == 0
    last = run.stdout.splitlines()[-1]
    assert last.startswith("share: https://decks.example/check?d=3"), run.stdout[-300:]
    assert run.stderr == (
        "totemdeck: warning: TOTEMDECK_BASE_URL ends in blanks or a newline; links start with "
        "https://decks.example\n"
    )


@pytest.mark.slow
@pytest.mark.parametrize("value", ["https://decks.example/a\nb", "ftp://decks.example", "https://"])
def test_a_base_url_no_link_can_start_with_is_refused_at_start(
    catalogue_dir: Path, value: str
) -> None:
    env = {
        **os.environ,
        "TOTEMDECK_CATALOGUE": str(catalogue_dir),
        "TOTEMDECK_BASE_URL": value,
    }
    run = run_cli(["check", "--share", str(ROOT / "examples" / "charizard-ex.txt")], env)
    assert run.returncode == 2
    assert run.stdout == ""
    assert run.stderr.startswith("totemdeck: error: TOTEMDECK_BASE_URL must be an http")
    assert run.stderr.count("\n") == 1
