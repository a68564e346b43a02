"""Names of files that do not exist (yet), as real processes meet them.

Issue 44.6: in a C locale without UTF-8 mode a non-ASCII path that does not exist yet (an
``-o`` target, a missing deck or collection, a plot, a catalogue) is one line and exit 2,
not a ``UnicodeEncodeError`` traceback. Issue 44.8: a missing file whose name could be a
share code says first that the file does not exist, then that it is no valid code either.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.helpers.mirrors import small_pokemontcg
from tests.helpers.processes import run_cli
from totemdeck.importer import import_sources

pytestmark = pytest.mark.slow

C_LOCALE = {"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"}
DECK = "Pokémon: 1\n1 Alakazam BS 1\n"


@pytest.fixture(scope="module")
def place(tmp_path_factory: pytest.TempPathFactory, pokemontcg_dir: Path) -> Path:
    root = tmp_path_factory.mktemp("names")
    mirror = small_pokemontcg(root, pokemontcg_dir, ["base1"])
    assert import_sources(str(root / "cards"), ["pokemontcg"], {"pokemontcg": str(mirror)}).ok
    (root / "deck.txt").write_text(DECK, encoding="utf-8")
    return root


def commands(place: Path) -> dict[str, list[str]]:
    deck, cards = str(place / "deck.txt"), ["--catalogue", str(place / "cards")]
    return {
        "a missing deck": ["check", str(place / "mazo-pokémon.txt"), *cards],
        "an -o target in a new folder": ["export", deck, "--to", "text", "--allow-illegal",
                                         "-o", str(place / "sálida" / "x.txt"), *cards],
        "an -o target": ["export", deck, "--to", "json", "--allow-illegal",
                         "-o", str(place / "sálida.json"), *cards],
        "a missing collection": ["check", deck, "--collection", str(place / "colección.csv"),
                                 *cards],
        "a plot": ["stats", deck, "--plot", str(place / "gráfico" / "p.png"), *cards],
        "a missing catalogue": ["check", deck, "--catalogue", str(place / "catálogo")],
        "a missing banlist": ["check", deck, "--banlist", str(place / "prohibidas.yaml"), *cards],
    }  # fmt: skip


@pytest.mark.parametrize(
    "name",
    ["a missing deck", "an -o target in a new folder", "an -o target", "a missing collection",
     "a plot", "a missing catalogue", "a missing banlist"],
)  # fmt: skip
def test_a_non_ascii_name_in_a_c_locale_is_one_line(place: Path, name: str) -> None:
    run = run_cli(commands(place)[name], {**os.environ, **C_LOCALE})
    assert "Traceback" not in run.stderr, run.stderr
    assert run.returncode == 2, run.stderr
    assert run.stderr.startswith("totemdeck: error: ") and run.stderr.count("\n") == 1


def test_a_missing_file_that_could_be_a_code_says_both(place: Path) -> None:
    run = run_cli(["check", "2023-worlds-list", "--catalogue", str(place / "cards")])
    assert run.returncode == 2
    assert run.stderr.startswith("totemdeck: error: 2023-worlds-list: no such file (nor a deck")
    assert run.stderr.count("\n") == 1


def test_a_missing_file_that_cannot_be_a_code_says_only_that(place: Path) -> None:
    run = run_cli(["check", "2023-worlds-list.txt", "--catalogue", str(place / "cards")])
    assert (run.returncode, run.stderr) == (
        2,
        "totemdeck: error: 2023-worlds-list.txt: no such file\n",
    )
