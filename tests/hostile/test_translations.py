"""A broken Spanish catalogue: every run falls back to English with one warning line.

A missing, empty, truncated or corrupt ``.mo`` made every Spanish run a traceback, ``--help``
included; so did a translation naming a ``{placeholder}`` its message does not give.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from totemdeck import i18n
from totemdeck.cli import main

REAL = i18n.LOCALE_DIR / "es" / "LC_MESSAGES" / "totemdeck.mo"
TOO_MANY = "{count} entries, no problems"  # a message `banlist check` prints


def _missing(mo: Path) -> None:
    mo.unlink()


def _empty(mo: Path) -> None:
    mo.write_bytes(b"")


def _truncated(mo: Path) -> None:
    mo.write_bytes(REAL.read_bytes()[: REAL.stat().st_size // 3])


def _corrupt(mo: Path) -> None:
    mo.write_bytes(b"\x00" * 4096)


def _bad_placeholder(mo: Path) -> None:
    catalog = Catalog(locale="es", domain="totemdeck")
    catalog.add("{path}: {count} entries, no problems", "{ruta}: {count} entradas, sin problemas")
    catalog.add("Show the version and exit.", "Muestra la versión y sale.")
    with mo.open("wb") as handle:
        write_mo(handle, catalog)


BROKEN: dict[str, Callable[[Path], None]] = {
    "missing": _missing,
    "empty": _empty,
    "truncated": _truncated,
    "corrupt": _corrupt,
}


@pytest.fixture
def locale_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the catalogues to break; the real ones are read again afterwards."""
    copy = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, copy)
    monkeypatch.setattr(i18n, "LOCALE_DIR", copy)
    i18n.translations.cache_clear()
    yield copy / "es" / "LC_MESSAGES" / "totemdeck.mo"
    i18n.translations.cache_clear()


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["check", "--help"],
        ["banlist", "check", "banlist.yaml", "--catalogue", "nowhere"],
    ],
    ids=["help", "check help", "banlist check"],
)
@pytest.mark.parametrize("broken", sorted(BROKEN))
def test_a_broken_catalogue_speaks_english_with_one_warning(
    locale_dir: Path, broken: str, args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    BROKEN[broken](locale_dir)
    english_code = main(["--lang", "en", *args])
    english = capsys.readouterr()
    i18n.translations.cache_clear()
    code = main(["--lang", "es", *args])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    assert code == english_code
    warnings = [line for line in err.splitlines() if line.startswith("totemdeck: warning:")]
    assert len(warnings) == 1, err
    assert warnings[0].startswith("totemdeck: warning: the 'es' messages cannot be read (")
    assert warnings[0].endswith("); speaking English")
    assert out == english.out
    assert [line for line in err.splitlines() if line not in warnings] == english.err.splitlines()


def test_a_translation_with_an_unknown_placeholder_is_not_used(
    locale_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _bad_placeholder(locale_dir)
    assert i18n.translations("es").gettext("Show the version and exit.") == (
        "Muestra la versión y sale."
    )
    with i18n.use_language("es"):
        text = i18n._("{path}: {count} entries, no problems")
        assert text.format(path="b.yaml", count=3) == "b.yaml: 3 entries, no problems"
    assert main(["--lang", "es", "--help"]) == 0
    assert "Muestra la versión y sale." in capsys.readouterr().out
