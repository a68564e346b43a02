"""The search page (docs/search.md) is true: every example runs and finds cards, every key is in
the syntax table, and the error shown is the error given."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from totemdeck.api.search import search_cards
from totemdeck.catalogue.read import Catalogue
from totemdeck.catalogue.search.keys import KEYS
from totemdeck.cli import main

pytestmark = pytest.mark.full_mirrors(
    "the whole catalogue the docs' search examples were written against"
)

ROOT = Path(__file__).resolve().parents[3]
SECTION = (ROOT / "docs" / "search.md").read_text(encoding="utf-8")
ROWS = re.findall(r"^\| `(\w+)` \|.*\| `([^`]+)` \|$", SECTION, re.MULTILINE)
COMMANDS = re.findall(r"^totemdeck card search (.+?)(?:\s{2,}#.*)?$", SECTION, re.MULTILINE)


def test_the_table_has_every_key_with_its_example() -> None:
    assert {(k.name, k.example) for k in KEYS} == set(ROWS)


@pytest.fixture(scope="module")
def owned(catalogue: Catalogue) -> dict[str, int]:
    """The example deck as a collection, for ``own:``."""
    from totemdeck.api import make_checker, owned_prints, read_collection

    deck = ROOT / "examples" / "charizard-ex.txt"
    return owned_prints(make_checker(catalogue), read_collection(catalogue, str(deck)))


@pytest.mark.parametrize(("key", "example"), ROWS)
def test_each_table_example_finds_cards(
    catalogue: Catalogue, owned: dict[str, int], key: str, example: str
) -> None:
    found = search_cards(catalogue, example, owned=owned)
    assert found.total > 0 and found.cards, f"{example!r} finds nothing"


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_example_runs(
    full_catalogue_dir: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    catalogue_dir = full_catalogue_dir  # the docs' examples search the whole catalogue
    args = shlex.split(re.sub(r"\s+>\s+\S+$", "", command))  # no "> file.csv"
    # the catalogue first: after an example's "--" every word is the query
    assert main(["card", "search", "--catalogue", str(catalogue_dir), *args]) == 0
    assert capsys.readouterr().out.strip(), f"{command} finds nothing"


def test_the_error_example_is_the_error(
    catalogue_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shown = re.search(r"^\$ totemdeck card search (.+)\n(.+)$", SECTION, re.MULTILINE)
    assert shown is not None
    args = shlex.split(shown.group(1))
    assert main(["card", "search", *args, "--catalogue", str(catalogue_dir)]) == 2
    assert capsys.readouterr().err.strip() == shown.group(2)
