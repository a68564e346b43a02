"""The command line: help everywhere, README coverage, exit codes, streams and colour."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer

from totemdeck import __version__
from totemdeck.cli import app, main

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def commands(typer_app: typer.Typer, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found = []
    for command in typer_app.registered_commands:
        name = command.name or (command.callback.__name__ if command.callback else "")
        found.append((*prefix, name))
    for group in typer_app.registered_groups:
        assert group.name and group.typer_instance
        found += commands(group.typer_instance, (*prefix, group.name))
    return found


ALL = commands(app)


def test_the_command_list_is_complete() -> None:
    assert {" ".join(c) for c in ALL} >= {
        "import", "check", "totem", "card search", "card show",
        "banlist check", "banlist add", "banlist remove", "banlist show",
    }  # fmt: skip


@pytest.mark.parametrize("command", ALL, ids=[" ".join(c) for c in ALL])
def test_every_command_has_help_and_a_readme_example(
    command: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*command, "--help"]) == 0
    help_text = capsys.readouterr().out
    assert "Usage:" in help_text and len(help_text.splitlines()) > 4
    assert re.search(rf"^totemdeck {' '.join(command)}\b", README, re.MULTILINE), (
        f"README shows no example of `totemdeck {' '.join(command)}`"
    )


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"totemdeck {__version__}"


def test_python_dash_m_and_no_traceback_on_errors(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "totemdeck", "check", "x.txt", "--catalogue", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 2
    assert run.stderr.startswith("totemdeck: error: no catalogue in")
    assert "totemdeck import" in run.stderr and "Traceback" not in run.stderr


def cat(catalogue_dir: Path) -> list[str]:
    return ["--catalogue", str(catalogue_dir)]


def test_check_exit_codes(catalogue_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    legal = str(ROOT / "examples/charizard-ex.txt")
    illegal = str(ROOT / "examples/illegal-several-codes.txt")
    assert main(["check", legal, *cat(catalogue_dir)]) == 0
    assert main(["check", legal, illegal, *cat(catalogue_dir)]) == 1
    assert main(["check", legal, str(ROOT / "missing.txt"), *cat(catalogue_dir)]) == 2
    err = capsys.readouterr().err
    assert "missing.txt: no such file" in err


def test_check_several_decks_as_a_json_array(
    catalogue_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    decks = [
        str(ROOT / "examples/charizard-ex.txt"),
        str(ROOT / "examples/kyogre-groudon-legend.txt"),
    ]
    assert main(["check", *decks, "--format", "json", *cat(catalogue_dir)]) == 0
    reports = json.loads(capsys.readouterr().out)
    assert [r["legal"] for r in reports] == [True, True]
    assert reports[1]["totem"]["identity"] == ["Water", "Fighting"]


def test_check_reads_standard_input(catalogue_dir: Path) -> None:
    deck = (ROOT / "examples/charizard-ex.txt").read_bytes()
    run = subprocess.run(
        [sys.executable, "-m", "totemdeck", "check", "-", *cat(catalogue_dir)],
        input=deck,
        capture_output=True,
        check=False,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr
    out = run.stdout.decode()
    assert "LEGAL — <stdin>" in out and "\033[" not in out


def test_a_broken_banlist_is_a_usage_error(
    tmp_path: Path, catalogue_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "banlist.yaml"
    bad.write_text("- just\n- a list\n")
    deck = str(ROOT / "examples/charizard-ex.txt")
    assert main(["check", deck, "--banlist", str(bad), *cat(catalogue_dir)]) == 2
    assert "must be a mapping" in capsys.readouterr().err


def test_totem_command(catalogue_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["totem", "sv3-125", "--format", "json", *cat(catalogue_dir)]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["totem"]["cost_column"] == "Stage 2" and shown["totem"]["retreat_cost"] == 2
    assert main(["totem", "M Venusaur-EX XY 2", *cat(catalogue_dir)]) == 0
    assert "column Stage 3" in capsys.readouterr().out
    assert main(["totem", "Iono PAL 185", *cat(catalogue_dir)]) == 1
    assert "cannot be a Totem" in capsys.readouterr().out
    assert main(["totem", "Pikachu", *cat(catalogue_dir)]) == 0
    assert len(capsys.readouterr().out.splitlines()) > 10  # several prints, each listed


def test_card_search_and_show(catalogue_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    search = ["card", "search", "pokemon catcher", *cat(catalogue_dir)]
    assert main([*search, "--prints", "--limit", "3"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 3
    assert main(search) == 0  # one row per name
    assert capsys.readouterr().out.count("Pokémon Catcher") == 1
    assert main(["card", "show", "sv3-125", "--format", "json", *cat(catalogue_dir)]) == 0
    assert json.loads(capsys.readouterr().out)["name"] == "Charizard ex"
    assert main(["card", "show", "sv3-125", *cat(catalogue_dir)]) == 0
    page = capsys.readouterr().out
    assert re.search(r"identity: +Fire, Darkness", page) and "Invocation Cost 4" in page
    assert "Burning Darkness [Fire Fire] 180+: This attack does 30 more" in " ".join(page.split())
    assert main(["card", "show", "nope-1", *cat(catalogue_dir)]) == 1


def test_import_command_summary_and_bad_origin(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mirror = tmp_path / "mirror"
    (mirror / "sets").mkdir(parents=True)
    (mirror / "cards/en").mkdir(parents=True)
    (mirror / "sets/en.json").write_text("[]")
    assert main(["import", "--from", str(mirror), "--catalogue", str(tmp_path / "c")]) == 0
    assert "catalogue updated" in capsys.readouterr().out
    assert main(["import", "--from", str(tmp_path / "nope"), "--catalogue", str(tmp_path)]) == 2
    assert "no such folder" in capsys.readouterr().err
    assert main(["import", "--from", "ftp://x", "--catalogue", str(tmp_path)]) == 2
