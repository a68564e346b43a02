"""Reports: golden text and JSON files, the JSON schema, colour only when asked."""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path

import pytest

from tests.helpers.golden import compare
from totemdeck.banlist import load_banlist
from totemdeck.catalogue.read import Catalogue
from totemdeck.decklist import read_decklist
from totemdeck.files.schemas import validator
from totemdeck.report import render_json, render_text
from totemdeck.rules import Checker, Report

ROOT = Path(__file__).resolve().parents[2]
DECKS = ["examples/illegal-several-codes.txt", "examples/kyogre-groudon-legend.txt"]


@pytest.fixture(scope="module")
def reports(catalogue: Catalogue) -> list[Report]:
    checker = Checker(
        catalogue,
        banlist=load_banlist(ROOT / "banlist.yaml").banlist,
        today=dt.date(2026, 11, 30),
    )
    return [checker.check(read_decklist(deck)) for deck in DECKS]


@pytest.fixture(autouse=True)
def _run_from_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def test_text_report_golden(reports: list[Report], update_golden: bool) -> None:
    compare("report.txt", render_text(reports), update_golden)


def test_json_report_golden(reports: list[Report], update_golden: bool) -> None:
    compare("report.json", render_json(reports), update_golden)


def test_json_report_matches_its_schema(reports: list[Report]) -> None:
    for item in json.loads(render_json(reports)):
        errors = [e.message for e in validator("report").iter_errors(item)]
        assert errors == []
    single = json.loads(render_json(reports[:1]))
    assert isinstance(single, dict) and single["legal"] is False


def test_text_report_fits_80_columns_and_has_no_colour_unless_asked(
    reports: list[Report],
) -> None:
    plain = render_text(reports)
    assert max(len(line) for line in plain.splitlines()) <= 80
    assert "\033[" not in plain
    coloured = render_text(reports, colour=True)
    assert re.search(r"\033\[[0-9;]*31m", coloured)  # red, however the terminal codes combine
    assert re.sub(r"\033\[[0-9;]*m", "", coloured) == plain  # the same text underneath


def test_text_report_order_totem_errors_warnings_verdict(reports: list[Report]) -> None:
    text = render_text(reports[:1])
    positions = [text.index(x) for x in ("Totem:", "Errors (", "Warnings (", "NOT LEGAL")]
    assert positions == sorted(positions)
