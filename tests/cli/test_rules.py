"""``totemdeck rules``: every code listed, one explained, JSON and Markdown, near misses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from totemdeck.cli import main
from totemdeck.files.schemas import is_valid_fast
from totemdeck.findings.registry import REGISTRY
from totemdeck.i18n import use_language
from totemdeck.report.rules import render_rules_markdown

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_list_shows_every_code_with_its_rule(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    lines = capsys.readouterr().out.splitlines()
    for doc in REGISTRY:
        assert any(line.startswith(doc.code + " ") and doc.rule in line for line in lines)


def test_one_code_is_explained_with_its_examples(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "identity"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("identity (error): Outside the Totem's identity\n")
    assert "How to fix:" in out and "    1 Alomomola SVI 48" in out


@pytest.mark.parametrize(
    ("args", "single"),
    [(["rules", "--format", "json"], False), (["rules", "banned", "-f", "json"], True)],
)
def test_json_matches_its_schema(
    args: list[str], single: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 0
    value = json.loads(capsys.readouterr().out)
    assert is_valid_fast("rules", value)
    assert isinstance(value, dict) is single
    if not single:
        assert [item["code"] for item in value] == [doc.code for doc in REGISTRY]


def test_spanish_keeps_codes_and_examples(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "es", "rules", "totem-missing", "--format", "json"]) == 0
    value = json.loads(capsys.readouterr().out)
    assert value["code"] == "totem-missing" and value["title"] == "Sin Tótem"
    assert value["fails"] == REGISTRY[0].fails


@pytest.mark.parametrize(
    ("typed", "closest"), [("identiy", "identity"), ("singelton", "singleton"), ("zzz", None)]
)
def test_an_unknown_code_names_the_closest_and_exits_2(
    typed: str, closest: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rules", typed]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    error = captured.err.strip()
    assert error.startswith(f"totemdeck: error: no rule has the code '{typed}'; did you mean ")
    assert len(error.splitlines()) == 1
    if closest:
        assert f"did you mean {closest}?" in error


def test_codes_are_read_case_insensitively(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "Identity"]) == 0
    assert capsys.readouterr().out.startswith("identity (error)")


@pytest.mark.parametrize(("path", "lang"), [("docs/rules.md", "en"), ("docs/rules.es.md", "es")])
def test_the_rules_docs_are_current(path: str, lang: str) -> None:
    with use_language(lang):
        expected = render_rules_markdown(REGISTRY)
    assert (ROOT / path).read_text(encoding="utf-8") == expected, (
        f"{path} is stale: run `totemdeck rules --format markdown --lang {lang} > {path}`"
    )


def test_readme_links_the_rules_reference() -> None:
    assert "(docs/rules.md)" in README
    assert "totemdeck rules identity" in README
