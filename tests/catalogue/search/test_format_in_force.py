"""The format in force (``--format-file``) reaches the search: ``ic``, ``column``, ``id`` and
``totem:`` read its parameters, not the packaged format.yaml the stored index was built with."""

from __future__ import annotations

from pathlib import Path

import pytest

from totemdeck.api.search import search_cards
from totemdeck.catalogue.read import Catalogue
from totemdeck.cli import main
from totemdeck.rules.format import FormatRules, load_format
from totemdeck.rules.stages import CatalogueStages
from totemdeck.rules.totem import cost_column

pytestmark = pytest.mark.full_mirrors("over a thousand Pokémon prints of the whole catalogue")

PACKAGED = Path(__file__).resolve().parents[3] / "totemdeck" / "data" / "format.yaml"


@pytest.fixture(scope="module")
def other_format(tmp_path_factory: pytest.TempPathFactory) -> Path:
    text = PACKAGED.read_text(encoding="utf-8")
    text = text.replace("  Basic: 2\n", "  Basic: 7\n").replace(
        "colorless_restriction: true", "colorless_restriction: false"
    )
    path = tmp_path_factory.mktemp("format") / "format.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _invocation(catalogue: Catalogue, fmt: FormatRules, cost: int) -> set[str]:
    stages = CatalogueStages(catalogue)
    return {
        c.id
        for c in catalogue.iter_cards()
        if c.is_pokemon and fmt.invocation_cost.get(cost_column(c, fmt, stages)) == cost
    }


def test_invocation_costs_follow_the_format_file(
    full_catalogue: Catalogue, other_format: Path
) -> None:
    catalogue = full_catalogue  # over a thousand Pokémon prints of the whole catalogue
    fmt = load_format(other_format)
    assert fmt.invocation_cost["Basic"] == 7
    found = search_cards(catalogue, "ic=7", prints=True, limit=None, format_rules=fmt)
    assert {c.id for c in found.cards} == _invocation(catalogue, fmt, 7)
    assert found.total > 1000
    # and back: the packaged format on the same catalogue (the shadow copy is dropped)
    packaged = search_cards(catalogue, "ic=7", prints=True, limit=None)
    assert packaged.total == len(_invocation(catalogue, load_format(), 7)) == 0


def test_totem_follows_the_colorless_restriction_in_force(
    catalogue: Catalogue, other_format: Path
) -> None:
    free = search_cards(catalogue, "can:totem retreat=0 id=P", prints=True, limit=1).cards[0]
    query = f"totem:{free.id} t:pokemon type:C"
    assert search_cards(catalogue, query).total == 0  # Colorless Pokémon are forbidden
    relaxed = search_cards(catalogue, query, format_rules=load_format(other_format))
    assert relaxed.total > 0


def test_the_cli_reads_the_format_file(
    catalogue_dir: Path, other_format: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["card", "search", "ic=7", "-n", "1", "--catalogue", str(catalogue_dir)]
    assert main([*args, "--format-file", str(other_format)]) == 0
    assert capsys.readouterr().out.strip()
    assert main(args) == 0
    assert "no card matches" in capsys.readouterr().err
