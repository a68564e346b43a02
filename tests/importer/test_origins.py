"""Where each source is read from: ``--from`` values and folders known by their layout.

The CLI's ``import`` hands its ``--from`` values to ``read_origins``; a library caller gets
the same reading.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from totemdeck.importer.origins import read_origins, source_of_folder
from totemdeck.sources.http import BadOrigin

BOTH = ["pokemontcg", "tcgdex"]


@pytest.mark.parametrize(
    ("folder", "source"), [("pokemontcg", "pokemontcg"), ("tcgdex/v2", "tcgdex")]
)
def test_a_mirror_folder_is_known_by_its_layout(
    pokemontcg_dir: Path, tcgdex_dir: Path, folder: str, source: str
) -> None:
    root = pokemontcg_dir.parent / folder
    assert source_of_folder(str(root)) == source
    assert source_of_folder(root.as_uri()) == source
    assert read_origins([str(root)], BOTH) == ([source], {source: str(root)})


def test_a_folder_of_no_layout_is_no_source(tmp_path: Path) -> None:
    assert source_of_folder(str(tmp_path)) is None


@pytest.mark.parametrize(
    ("values", "sources", "expected"),
    [
        ([], BOTH, (BOTH, {})),
        (["tcgdex=/x"], BOTH, (BOTH, {"tcgdex": "/x"})),
        (
            ["https://example.org/d"],
            ["pokemontcg"],
            (["pokemontcg"], {"pokemontcg": "https://example.org/d"}),
        ),
        (["pokemontcg=a", "tcgdex=b"], BOTH, (BOTH, {"pokemontcg": "a", "tcgdex": "b"})),
    ],
)
def test_from_values_name_each_source_s_place(
    values: list[str], sources: list[str], expected: tuple[list[str], dict[str, str]]
) -> None:
    assert read_origins(values, sources) == expected


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ([""], "empty"),
        (["tcgdex="], "empty"),
        (["/no/such/folder/here"], "no such folder"),
        (["https://example.org/d"], "SOURCE=URL_OR_DIR"),
    ],
)
def test_a_wrong_from_value_is_named(values: list[str], message: str) -> None:
    with pytest.raises(BadOrigin, match=message):
        read_origins(values, BOTH)
