"""``totemdeck totem --all``: every Pokémon print's Totem numbers as CSV and JSON."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from totemdeck.cli import main
from totemdeck.files.schemas import is_valid_fast

pytestmark = pytest.mark.full_mirrors("every Pokémon print (the totem table lists them all)")


@pytest.mark.slow
def test_totem_all_csv_and_json_list_every_pokemon_print(
    full_catalogue_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    catalogue_dir = full_catalogue_dir  # every Pokémon print
    where = ["--catalogue", str(catalogue_dir)]
    assert main(["totem", "--all", "--format", "csv", *where]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert len(rows) > 15_000
    by_id = {r["id"]: r for r in rows}
    assert by_id["me02-013"]["prizes"] == "3"  # Mega Charizard X ex
    assert by_id["xy10-19"]["retreat_cost"] == ""  # Omastar BREAK prints none
    assert by_id["xy10-19"]["cost_column"] == "Stage 3"
    empty = [r for r in rows if r["identity"] == "none"]
    assert empty and all("Colorless" not in r["identity"] for r in rows)
    assert main(["totem", "--all", "--format", "json", *where]) == 0
    table = json.loads(capsys.readouterr().out)
    assert len(table) == len(rows) and is_valid_fast("totems", table)


def test_totem_needs_a_card_or_all(catalogue_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["totem", "--catalogue", str(catalogue_dir)]) == 2
    assert "--all" in capsys.readouterr().err
