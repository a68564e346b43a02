"""``totemdeck check --share`` prints a deck's share link or code, and ``totemdeck check``
reads one back (issue 19.1); ``export`` then ``check`` is the same deck (issue 22.2)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.helpers.processes import run_cli

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLES = ROOT / "examples"


def _summary(stdout: str) -> str:
    """The report's last verdict line, without the deck's name."""
    line = [x for x in stdout.splitlines() if " — " in x and "LEGAL" in x][-1]
    return line.split(" — ")[0] + " " + line.rsplit("(", 1)[1]


@pytest.mark.parametrize("name", ["illegal-several-codes.txt", "charizard-ex.txt"])
@pytest.mark.parametrize("base", [None, "https://decks.example"])
def test_a_share_link_reads_back_to_the_same_verdict(
    catalogue_dir: Path, name: str, base: str | None
) -> None:
    env = {**os.environ, "TOTEMDECK_CATALOGUE": str(catalogue_dir)}
    env.pop("TOTEMDECK_BASE_URL", None)
    if base:
        env["TOTEMDECK_BASE_URL"] = base
    first = run_cli(["check", str(EXAMPLES / name), "--share"], env)
    shared = first.stdout.strip().splitlines()[-1].removeprefix("share: ")
    assert shared.startswith(f"{base}/check?d=3" if base else "3"), shared
    again = run_cli(["check", shared], env)
    assert again.returncode == first.returncode
    assert _summary(again.stdout) == _summary(first.stdout)


def test_an_unreadable_code_is_one_error_line(catalogue_dir: Path) -> None:
    env = {**os.environ, "TOTEMDECK_CATALOGUE": str(catalogue_dir)}
    done = run_cli(["check", "2AAAAAAAAAAAAA"], env)
    assert done.returncode == 2
    assert done.stderr.startswith("totemdeck: error: ") and len(done.stderr.splitlines()) == 1


@pytest.mark.parametrize("to", ["ptcgl", "json", "csv", "text"])
def test_an_export_checks_as_the_same_deck(catalogue_dir: Path, tmp_path: Path, to: str) -> None:
    env = {**os.environ, "TOTEMDECK_CATALOGUE": str(catalogue_dir)}
    deck = EXAMPLES / "kyogre-groudon-legend.txt"
    out = tmp_path / f"deck.{to}"
    assert run_cli(["export", str(deck), "--to", to, "-o", str(out)], env).returncode == 0
    before = run_cli(["check", str(deck)], env)
    after = run_cli(["check", str(out)], env)
    assert after.returncode == before.returncode == 0, after.stdout
    assert _summary(after.stdout) == _summary(before.stdout)


@pytest.mark.parametrize("to", ["ptcgl", "json", "csv", "text"])
def test_an_export_keeps_the_deck_name(catalogue_dir: Path, tmp_path: Path, to: str) -> None:
    env = {**os.environ, "TOTEMDECK_CATALOGUE": str(catalogue_dir)}
    deck = tmp_path / "named.txt"
    text = (EXAMPLES / "charizard-ex.txt").read_text("utf-8")
    deck.write_text(f"Deckname: Fire, Dark & more\n{text}", "utf-8")
    out = tmp_path / f"deck.{to}"
    assert run_cli(["export", str(deck), "--to", to, "-o", str(out)], env).returncode == 0
    report = run_cli(["check", str(out), "--format", "json"], env)
    assert '"name": "Fire, Dark & more"' in report.stdout, out.read_text("utf-8")
