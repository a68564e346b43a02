"""How lines were read (issue 13): in the JSON report, and in the text report with --verbose."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from totemdeck.catalogue import Catalogue
from totemdeck.decklist import parse
from totemdeck.files.schemas import validator
from totemdeck.report import render_json, render_text
from totemdeck.rules import Checker, Report

DECK = (
    "Totem: 1 Charizard ex OBF 125\n2 Espurr GEN 114\n1 Battle Compressor PHF 92\n1 Iono PAL 185\n"
)


@pytest.fixture(scope="module")
def report(catalogue: Catalogue) -> Report:
    return Checker(catalogue, today=dt.date(2026, 11, 30)).check(parse(DECK, "deck.txt"))


def test_the_json_report_says_how_lines_were_read(report: Report) -> None:
    document = json.loads(render_json([report]))
    validator("report").validate(document)
    assert [r["line"] for r in document["readings"]] == [2, 3]
    assert document["readings"][0]["note"].startswith("GEN has no card 114; took Espurr GEN RC14")
    assert "Battle Compressor Team Flare Gear" in document["readings"][1]["note"]


def test_readings_are_absent_when_every_line_reads_as_written(catalogue: Catalogue) -> None:
    plain = Checker(catalogue, today=dt.date(2026, 11, 30)).check(parse("1 Iono PAL 185\n"))
    assert "readings" not in json.loads(render_json([plain]))


def test_the_text_report_shows_readings_only_when_verbose(report: Report) -> None:
    assert "Read as" not in render_text([report])
    verbose = render_text([report], verbose=True)
    assert "Read as (2)\n  line 2: GEN has no card 114; took Espurr GEN RC14" in verbose
    assert verbose.rstrip().splitlines()[-1].startswith("NOT LEGAL")  # the verdict stays last
