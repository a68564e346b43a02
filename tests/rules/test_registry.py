"""The code registry is FORMAT.md's list, runs the engine, and its examples are true.

Each registry entry carries a decklist snippet that breaks its rule and one that does not;
both go through the real engine on the session catalogue, so an example that stopped
showing what it claims fails here.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from totemdeck.banlist import load_banlist
from totemdeck.catalogue.read import Catalogue
from totemdeck.decklist.parse import parse
from totemdeck.findings import CODES, Finding
from totemdeck.findings.registry import REGISTRY, RuleDoc, by_code
from totemdeck.rules import Checker, checks

ROOT = Path(__file__).resolve().parents[2]
FORMAT = ROOT.parent / "shared" / "FORMAT.md"
IDS = [doc.code for doc in REGISTRY]


def format_codes(text: str) -> list[str]:
    """The codes of FORMAT.md's rule and warning tables: the first cell of each row."""
    return re.findall(r"^\| `([a-z-]+)` \|", text, re.MULTILINE)


def test_format_md_tables_and_the_registry_hold_the_same_codes_in_order() -> None:
    if not FORMAT.is_file():
        pytest.skip(f"FORMAT.md is not beside this checkout ({FORMAT})")
    assert format_codes(FORMAT.read_text(encoding="utf-8")) == IDS


def test_format_md_severities_match() -> None:
    if not FORMAT.is_file():
        pytest.skip(f"FORMAT.md is not beside this checkout ({FORMAT})")
    text = FORMAT.read_text(encoding="utf-8")
    warnings = set(format_codes(text[text.index("## Warnings") :]))
    assert {doc.code for doc in REGISTRY if doc.severity == "warning"} == warnings


def test_codes_are_unique_and_findings_read_the_registry() -> None:
    assert len(set(IDS)) == len(IDS)
    assert {doc.code: doc.severity for doc in REGISTRY} == CODES
    assert by_code("identity") is REGISTRY[IDS.index("identity")]
    assert by_code("no-such-code") is None


def test_the_engine_runs_exactly_the_deck_codes_in_registry_order() -> None:
    assert [code for code, _rule in checks.RULES] == [
        doc.code for doc in REGISTRY if doc.stage == "deck"
    ]
    assert set(checks.CHECKS) == {doc.code for doc in REGISTRY if doc.stage == "deck"}


def test_every_finding_points_at_its_explanation() -> None:
    finding = Finding("identity", "Alomomola is Water")
    assert finding.as_dict()["help"] == "totemdeck rules identity" == finding.help


@pytest.mark.parametrize("doc", REGISTRY, ids=IDS)
def test_every_text_is_a_sentence_and_the_examples_differ(doc: RuleDoc) -> None:
    for text in (doc.rule, doc.why, doc.fix):
        assert text[0].isupper() and text.endswith("."), text
    assert doc.title and not doc.title.endswith(".")
    assert doc.fails != doc.passes
    assert not parse(doc.passes).problems or doc.code != "malformed-line"


@pytest.fixture(scope="module")
def checker(catalogue: Catalogue) -> Checker:
    banlist = load_banlist(ROOT / "banlist.yaml").banlist
    return Checker(catalogue, banlist=banlist, today=dt.date(2026, 11, 30))


def codes_of(checker: Checker, snippet: str) -> set[str]:
    return {f.code for f in checker.check(parse(snippet, "<example>")).findings}


@pytest.mark.parametrize("doc", REGISTRY, ids=IDS)
def test_the_failing_example_breaks_its_rule_and_the_passing_one_does_not(
    doc: RuleDoc, checker: Checker
) -> None:
    assert doc.code in codes_of(checker, doc.fails), doc.fails
    assert doc.code not in codes_of(checker, doc.passes), doc.passes
