"""Issue 43.6: exports of decks with hostile names never write raw control characters.

A deck's name is a stranger's text (a shared link, a file from a chat). PTCG Live, CSV,
plain-text and JSON exports, in English and Spanish, write it with every control, format or
bidi character escaped as the error lines write them (``\\x1b``), so ``cat deck.txt`` cannot
recolour, retitle or clear a terminal, or reverse the text around it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.helpers.processes import ROOT, run_cli
from totemdeck.api import Catalogue, Checker, make_checker
from totemdeck.api.deck import CheckedDeck, decklist_from_bytes, export_deck

NAMES = {
    "colour": "\x1b[31mRed\x1b[0m deck",
    "title": "\x1b]0;pwned\x07 deck",
    "clear screen": "\x1b[2J\x1b[H deck",
    "reset": "\x1bc deck",
    "bell": "ding\x07 deck",
    "C1 CSI": "\x9b2J deck",
    "bidi override": "\u202ekced\u202c deck",
    "delete": "del\x7f deck",
    "nul": "nul\x00 deck",
    "carriage return": "over\rwritten deck",
    "next line": "two\x85lines deck",
    "line separator": "two\u2028lines deck",
    "zero width": "zero\u200bwidth deck",
}
FORMATS = ["ptcgl", "text", "csv", "json"]


@pytest.fixture(scope="module")
def checker(catalogue: Catalogue) -> Checker:
    return make_checker(catalogue)


def named_deck(checker: Checker, name: str) -> tuple[CheckedDeck, bytes]:
    """The example deck as a JSON document named ``name`` (JSON carries any character)."""
    data = (ROOT / "examples" / "charizard-ex.txt").read_bytes()
    checked = checker.check_deck(decklist_from_bytes(data, "charizard-ex.txt"))
    document = json.loads(export_deck(checked, "json"))
    document["name"] = name
    raw = json.dumps(document).encode("utf-8")
    return checker.check_deck(decklist_from_bytes(raw, "named.json")), raw


def unsafe(text: str) -> list[str]:
    return sorted({repr(ch) for ch in text if not ch.isprintable() and ch not in "\n"})


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("to", FORMATS)
@pytest.mark.parametrize("name", sorted(NAMES))
def test_an_export_writes_no_control_character(
    checker: Checker, name: str, to: str, lang: str
) -> None:
    checked, _raw = named_deck(checker, NAMES[name])
    assert checked.report.name  # the hostile name reached the report
    out = export_deck(checked, to, lang=lang)
    assert unsafe(out) == []
    assert "deck" in out.splitlines()[0] + out  # the name is there, escaped, not dropped


@pytest.mark.slow
@pytest.mark.parametrize("to", FORMATS)
def test_the_command_line_export_writes_no_control_character(
    catalogue_dir: Path, tmp_path: Path, checker: Checker, to: str
) -> None:
    _checked, raw = named_deck(checker, NAMES["colour"] + NAMES["C1 CSI"] + NAMES["bidi override"])
    (tmp_path / "named.json").write_bytes(raw)
    env = {**os.environ, "TOTEMDECK_CATALOGUE": str(catalogue_dir)}
    run = run_cli(["export", str(tmp_path / "named.json"), "--to", to], env)
    assert run.returncode == 0, run.stderr
    assert unsafe(run.stdout) == []
    assert "\\x1b[31mRed\\x1b[0m deck" in run.stdout.replace("\\\\", "\\")
