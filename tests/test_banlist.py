"""The banlist: example files with their exact messages, the seed, commands and the rules."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from totemdeck.banlist import BanlistError, dump_banlist, load_banlist
from totemdeck.banlist.checks import check_banlist
from totemdeck.catalogue.names import name_key
from totemdeck.catalogue.read import Catalogue
from totemdeck.cli import main
from totemdeck.files.schemas import is_valid_fast

pytestmark = pytest.mark.full_mirrors(
    "every card name (the example banlists' findings suggest over all of them)"
)

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted((ROOT / "tests" / "banlists").glob("*.yaml"))
TODAY = dt.date(2026, 11, 30)


def expected(path: Path) -> list[str]:
    lines = [x for x in path.read_text(encoding="utf-8").splitlines() if x.startswith("# expect:")]
    return [x.removeprefix("# expect: ").replace("{file}", str(path)) for x in lines]


def problems(path: Path, catalogue: Catalogue) -> list[str]:
    try:
        banfile = load_banlist(path)
    except BanlistError as exc:
        return exc.messages
    return [p.render() for p in check_banlist(banfile, catalogue, TODAY)]


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_example_banlists(path: Path, full_catalogue: Catalogue) -> None:
    catalogue = full_catalogue  # suggestions over every name
    want = expected(path)
    assert want, f"{path.name} must say what it expects"
    assert problems(path, catalogue) == ([] if want == ["ok"] else want)


def test_the_projects_banlist_is_clean_and_canonical(catalogue: Catalogue) -> None:
    path = ROOT / "banlist.yaml"
    assert problems(path, catalogue) == []
    assert dump_banlist(load_banlist(path)) == path.read_text(encoding="utf-8")


def test_seed_equals_what_the_data_marks_expanded_banned(catalogue: Catalogue) -> None:
    """A data update that changes the official list makes this fail, so we notice."""
    banned: dict[str, set[str]] = {}
    for card in catalogue.iter_cards():
        if card.legalities.get("expanded") == "Banned":
            banned.setdefault(name_key(card.name), set()).add(card.id)
    entries = load_banlist(ROOT / "banlist.yaml").banlist.entries
    assert {e.key for e in entries} == set(banned)
    for entry in entries:
        if entry.prints:
            assert set(entry.prints) == banned[entry.key], entry.name


def test_add_and_remove_keep_the_file_canonical(
    tmp_path: Path, catalogue_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "banlist.yaml"
    path.write_text((ROOT / "tests/banlists/good.yaml").read_text(encoding="utf-8"))
    cat = ["--catalogue", str(catalogue_dir)]
    args = ["banlist", "add", "Red Card", "--reason", "Disruption", "--since", "2024-01-01"]
    assert main([*args, "--file", str(path), *cat]) == 0
    text = path.read_text(encoding="utf-8")
    assert text.index("Ghetsis") < text.index("Red Card") < text.index("Sableye")
    assert text.startswith("# expect: ok")  # the header comment survives
    assert (
        main(["banlist", "add", "Red Cardd", "--reason", "x y z", "--file", str(path), *cat]) == 1
    )
    assert "no card is named" in capsys.readouterr().err
    assert main(["banlist", "add", "Sableye", "--print", "sv3-125", "--reason", "xyz",
                 "--file", str(path), *cat]) == 1  # fmt: skip
    assert main(["banlist", "remove", "Red Card", "--file", str(path)]) == 0
    assert "Red Card" not in path.read_text(encoding="utf-8")
    assert main(["banlist", "check", str(path), *cat]) == 0


def test_check_command_json_and_exit_codes(
    catalogue_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cat = ["--catalogue", str(catalogue_dir)]
    bad = ROOT / "tests/banlists/unsorted.yaml"
    assert main(["banlist", "check", str(bad), "--format", "json", *cat]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is False and "out of order" in report["problems"][0]["message"]
    assert report["problems"][0] == {
        "path": str(bad),
        "line": 8,
        "where": "entries[1]",
        "message": "Ghetsis is out of order: entries are sorted by name (after Red Card); "
        "`totemdeck banlist add` keeps the order",
    }
    assert is_valid_fast("banlist_check", report)
    assert main(["banlist", "check", str(ROOT / "nope.yaml"), *cat]) == 2


def test_schema_only_needs_no_catalogue(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The pre-commit hook's mode: schema, order, duplicates, dates; no card lookups."""
    empty = ["--catalogue", str(tmp_path)]  # no catalogue there
    assert main(["banlist", "check", "--schema-only", str(ROOT / "banlist.yaml"), *empty]) == 0
    unsorted = str(ROOT / "tests/banlists/unsorted.yaml")
    assert main(["banlist", "check", "--schema-only", unsorted, *empty]) == 1
    assert "out of order" in capsys.readouterr().out
    unknown = str(ROOT / "tests/banlists/unknown-name.yaml")
    assert main(["banlist", "check", "--schema-only", unknown, *empty]) == 0
