"""``--lang`` on every command, the environment and the locale, help in Spanish."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.main import get_command

from totemdeck.cli import app, main
from totemdeck.cli.language import add_lang_options, language_argument, walk


@pytest.fixture(autouse=True)
def _clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("TOTEMDECK_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


def _commands() -> list[list[str]]:
    command = get_command(app)
    add_lang_options(command)
    leaves = []
    for where, obj in walk(command):
        if hasattr(obj, "commands") or not hasattr(obj, "params") or where == "totemdeck":
            continue
        leaves.append(where.split()[1:])
    return leaves


def test_every_command_is_found() -> None:
    found = {" ".join(c) for c in _commands()}
    assert {"check", "stats", "export", "import", "banlist check", "card show"} <= found


@pytest.mark.parametrize("command", _commands(), ids=" ".join)
def test_every_command_takes_lang_and_speaks_spanish_help(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*command, "--lang", "es", "--help"]) == 0
    spanish = capsys.readouterr().out
    assert "--lang en|es" in spanish
    assert "Idioma de la salida y de la ayuda" in spanish
    assert main([*command, "--help"]) == 0
    assert "Language of the output and the help" in capsys.readouterr().out


def test_help_follows_the_environment_and_the_locale(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert main(["--help"]) == 0
    assert "Catálogo de cartas, validador de mazos" in capsys.readouterr().out
    monkeypatch.setenv("TOTEMDECK_LANG", "en")
    assert main(["--help"]) == 0
    assert "Card catalogue, deck validator" in capsys.readouterr().out
    assert main(["--lang=es", "--help"]) == 0  # the root option, = form
    assert "Comprueba listas de mazo" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        ["--lang", "fr", "--version"],
        ["banlist", "show", "--lang", "xx"],
        ["stats", "--lang=de", "x"],
    ],
)
def test_an_unknown_language_is_a_usage_error(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("totemdeck: error: --lang: unknown language")
    assert "Traceback" not in err


def test_an_unknown_environment_language_is_a_usage_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("TOTEMDECK_LANG", "pt")
    assert main(["--version"]) == 2
    assert "TOTEMDECK_LANG: unknown language 'pt'" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["check", "--lang", "es", "x"], "es"),
        (["--lang=en", "check"], "en"),
        (["check", "x"], None),
        (["check", "--", "--lang", "es"], None),  # after --, a file name
        (["--lang", "en", "check", "--lang", "es"], "es"),  # the last one counts
    ],
)
def test_language_argument(argv: list[str], expected: str | None) -> None:
    assert language_argument(argv) == expected


def test_import_keeps_its_name_languages_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", "--help"]) == 0
    assert "--name-languages" in capsys.readouterr().out


def test_the_frameworks_words_are_spanish_too(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "es", "card", "show", "--help"]) == 0
    out = capsys.readouterr().out
    for words in ("Argumentos:", "Opciones:", "[obligatorio]", "Muestra este mensaje y sale."):
        assert words in out
    assert main(["--lang", "es", "nope"]) == 2
    assert "No existe el comando 'nope'." in capsys.readouterr().err
    assert main(["card", "show", "--help"]) == 0  # and English again afterwards
    out = capsys.readouterr().out
    assert "Options:" in out and "Show this message and exit." in out


def test_decklist_errors_in_spanish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], catalogue_dir: Path
) -> None:
    missing = tmp_path / "nope.txt"
    cat = ["--catalogue", str(catalogue_dir)]
    assert main(["--lang", "es", "check", str(missing), *cat]) == 2
    assert f"{missing}: no existe el archivo" in capsys.readouterr().err
    bad = tmp_path / "bad.txt"
    bad.write_text("Totem: 1 Charizard ex OBF 125\n0 Iono\n", encoding="utf-8")
    assert main(["--lang", "es", "check", str(bad), *cat]) == 1
    assert "la cantidad 0 no está entre 1 y" in capsys.readouterr().out
