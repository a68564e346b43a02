"""Issue 43.1 (exit statuses) and 44.7: commands whose stdout or stderr the shell closed or
pointed at a full device, run through a real shell's redirections.

A stdout that cannot take what a command writes is exit 2 with one line, help included; a
stderr that cannot be written has nowhere to say so, so the command keeps its own exit code
and its whole report on stdout.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.mirrors import small_pokemontcg
from tests.helpers.processes import ROOT
from totemdeck.importer import import_sources

pytestmark = pytest.mark.slow

DECK = "Pokémon: 1\n1 Alakazam BS 1\n"
HEADER = (
    "Portfolio Name,Category,Set,Product Name,Card Number,Rarity,Variance,Grade,Card Condition,"
    "Average Cost Paid,Quantity,Market Price (As of 2026-03-15),Price Override,Watchlist,"
    "Date Added,Notes"
)
ROW = "Main,Pokemon,Base Set,{name},{number},Rare,Normal,Ungraded,Near Mint,0,1,3.69,0,false,2026-03-15,"
CLOSED = "totemdeck: error: standard output is closed; nothing was written\n"


@pytest.fixture(scope="module")
def place(tmp_path_factory: pytest.TempPathFactory, pokemontcg_dir: Path) -> Path:
    """A small catalogue, a one-card deck and a Collectr export with one unknown row."""
    root = tmp_path_factory.mktemp("streams")
    mirror = small_pokemontcg(root, pokemontcg_dir, ["base1"])
    assert import_sources(str(root / "cards"), ["pokemontcg"], {"pokemontcg": str(mirror)}).ok
    (root / "deck.txt").write_text(DECK, encoding="utf-8")
    rows = [HEADER, ROW.format(name="Alakazam", number=1),
            ROW.format(name="Zzzz Nonexistent", number=999)]  # fmt: skip
    (root / "mine.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return root


def shell(place: Path, args: list[str], redirect: str) -> subprocess.CompletedProcess[bytes]:
    """``python -m totemdeck ARGS REDIRECT`` through ``sh``, as a person would type it."""
    script = f'exec "$@" {redirect}'
    return subprocess.run(
        ["sh", "-c", script, "sh", sys.executable, "-m", "totemdeck", *args],
        cwd=place, env={**os.environ, "NO_COLOR": "1", "PYTHONPATH": str(ROOT)},
        capture_output=True, timeout=120, check=False,
    )  # fmt: skip


@pytest.mark.parametrize(
    "args", [["check", "--help"], ["--help"], ["export", "--help"], ["card", "search", "--help"]]
)
def test_help_to_a_closed_stdout_is_exit_2_in_one_line(place: Path, args: list[str]) -> None:
    run = shell(place, args, ">&-")
    assert (run.returncode, run.stderr.decode()) == (2, CLOSED)


@pytest.mark.parametrize("redirect", ["2>/dev/full", "2>&-"])
def test_a_missing_deck_keeps_its_exit_2_when_stderr_cannot_say_so(
    place: Path, redirect: str
) -> None:
    run = shell(place, ["check", "no-such-deck.txt"], redirect)
    assert run.returncode == 2
    assert run.stdout == b""


COLLECTION_COMMANDS = {
    "check": ["check", "deck.txt"],
    "totem": ["totem"],
    "card search": ["card", "search", "alakazam"],
    "export --missing": ["export", "deck.txt", "--missing", "--to", "text"],
}


@pytest.mark.parametrize("redirect", ["2>&-", "2>/dev/full"])
@pytest.mark.parametrize("name", sorted(COLLECTION_COMMANDS))
def test_a_collections_problems_to_a_broken_stderr_keep_the_report(
    place: Path, name: str, redirect: str
) -> None:
    args = [*COLLECTION_COMMANDS[name], "--collection", "mine.csv"]
    told = shell(place, args, "")
    assert b"line 3: no card is named 'Zzzz Nonexistent'" in told.stderr  # the problem is said
    assert told.stdout
    run = shell(place, args, redirect)
    assert run.returncode == told.returncode
    assert run.stdout == told.stdout
