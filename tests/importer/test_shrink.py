"""The shrink guard: an import that would drop much of what the catalogue holds is refused
unless ``--allow-shrink`` says it is meant; the refusal says what would be lost."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers.mirrors import prints_in, small_pokemontcg, small_tcgdex
from totemdeck.catalogue import Catalogue
from totemdeck.cli import main

pytestmark = pytest.mark.full_mirrors("every Spanish set list of the TCGdex copy")


def _touch_sets(root: Path) -> None:
    """A new ``updatedAt`` on every set, so the next import reads their files again."""
    sets = json.loads((root / "sets/en.json").read_text())
    for s in sets:
        s["updatedAt"] = "2099/01/01 00:00:00"
    (root / "sets/en.json").write_text(json.dumps(sets))


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["import", "--no-progress", *args])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, captured.out, captured.err


def test_a_set_file_of_nothing_is_refused_then_allowed(
    tmp_path: Path, pokemontcg_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ptcg = small_pokemontcg(tmp_path, pokemontcg_dir, ["base1", "sv3"])
    folder = str(tmp_path / "c")
    assert _run(["--from", str(ptcg), "--catalogue", folder], capsys)[0] == 0
    before = (tmp_path / "c" / "catalogue.sqlite").read_bytes()
    (ptcg / "cards/en/base1.json").write_text("[]")
    _touch_sets(ptcg)
    code, _out, err = _run(["--from", str(ptcg), "--catalogue", folder], capsys)
    assert code == 1
    assert "base1" in err and "102" in err and "--allow-shrink" in err
    assert err.strip().count("\n") == 0
    assert (tmp_path / "c" / "catalogue.sqlite").read_bytes() == before
    code, out, _err = _run(["--from", str(ptcg), "--catalogue", folder, "--allow-shrink"], capsys)
    assert code == 0 and "102 removed" in out
    with Catalogue.open(folder) as cat:
        assert cat.count() == prints_in(ptcg, "sv3")


def test_a_few_cards_gone_is_no_shrink(
    tmp_path: Path, pokemontcg_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ptcg = small_pokemontcg(tmp_path, pokemontcg_dir, ["base1", "sv3"])
    folder = str(tmp_path / "c")
    assert _run(["--from", str(ptcg), "--catalogue", folder], capsys)[0] == 0
    cards = json.loads((ptcg / "cards/en/base1.json").read_text())
    (ptcg / "cards/en/base1.json").write_text(json.dumps(cards[:-10]))
    _touch_sets(ptcg)
    code, out, _err = _run(["--from", str(ptcg), "--catalogue", folder], capsys)
    assert code == 0 and "10 removed" in out


def test_an_empty_spanish_set_list_is_refused(
    tmp_path: Path, full_tcgdex_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tcgdex_dir = full_tcgdex_dir  # every Spanish set list
    dex = small_tcgdex(tmp_path, tcgdex_dir, ["sv03", "bog"])
    folder = str(tmp_path / "c")
    args = ["-s", "tcgdex", "--from", str(dex), "--catalogue", folder]
    assert _run(args, capsys)[0] == 0
    with Catalogue.open(folder) as cat:
        spanish = len([c for c in cat.iter_cards() if "es" in c.aliases])
    assert spanish > 100
    (dex / "es/sets.json").write_text("[]")
    code, _out, err = _run(args, capsys)
    assert code == 1
    assert "es" in err and "names" in err and "--allow-shrink" in err
    with Catalogue.open(folder) as cat:
        assert len([c for c in cat.iter_cards() if "es" in c.aliases]) == spanish
    assert _run([*args, "--allow-shrink"], capsys)[0] == 0
    with Catalogue.open(folder) as cat:
        assert not [c for c in cat.iter_cards() if "es" in c.aliases]
