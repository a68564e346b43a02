"""pokemon-tcg-data set entries with fields of the wrong JSON type: that set is skipped with a
reason naming the field; the rest import (``--keep-going``). A null ``name`` crashed the merge."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers.mirrors import small_pokemontcg
from totemdeck.catalogue import Catalogue
from totemdeck.cli import main

WRONG = {
    "name": [None, 5, ["Base"]],
    "series": [None, 1.5],
    "releaseDate": [None, 19990109],
    "ptcgoCode": [7, True],
    "total": ["102", True],
}
CASES = [(field, value) for field, values in WRONG.items() for value in values]


@pytest.mark.parametrize(("field", "value"), CASES, ids=lambda v: repr(v))
def test_a_set_with_a_field_of_the_wrong_type_is_skipped_by_name(
    tmp_path: Path, pokemontcg_dir: Path, field: str, value: object,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    mirror = small_pokemontcg(tmp_path, pokemontcg_dir, ["base1", "base2"])
    sets = json.loads((mirror / "sets/en.json").read_text())
    for entry in sets:
        if entry["id"] == "base1":
            entry[field] = value
    (mirror / "sets/en.json").write_text(json.dumps(sets))
    folder = tmp_path / "cat"
    code = main(["import", "--keep-going", "--from", str(mirror), "--catalogue", str(folder)])
    out, err = capsys.readouterr()
    assert code == 1, err
    assert "Traceback" not in err
    assert "base1" in out and f"{field} is" in out, out
    with Catalogue.open(folder) as cat:
        assert set(cat.sets()) == {"base2"}
