"""Arguments no program expects: bytes that are not UTF-8, any locale, usage mistakes.

Each ends in ``totemdeck: error: …`` on one line with exit 2 (or a normal answer), never a
traceback; click's three-line usage errors are one line too.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers.mirrors import small_pokemontcg
from tests.helpers.processes import ROOT
from totemdeck.importer import import_sources


@pytest.fixture(scope="module")
def cat(tmp_path_factory: pytest.TempPathFactory, pokemontcg_dir: Path) -> Path:
    root = tmp_path_factory.mktemp("arguments")
    import_sources(
        str(root / "cat"),
        ["pokemontcg"],
        {"pokemontcg": str(small_pokemontcg(root, pokemontcg_dir, ["base1"]))},
    )
    deck = root / "deck.txt"
    deck.write_text("Pokémon: 1\n1 Alakazam BS 1\n", encoding="utf-8")
    banlist = root / "banlist.yaml"
    banlist.write_text("format: Totem Format\nupdated: '2026-01-01'\nentries: []\n")
    return root


def run_bytes(args: list[bytes], env: dict[str, str]) -> subprocess.CompletedProcess[bytes]:
    """The CLI with raw argument bytes, as a shell passes ``$'\\xff'``."""
    return subprocess.run(
        [os.fsencode(sys.executable), b"-m", b"totemdeck", *args],
        cwd=ROOT, capture_output=True, timeout=60, check=False,
        env={k: v for k, v in os.environ.items() if not k.startswith("LC_")} | env,
    )  # fmt: skip


def commands(root: Path, word: bytes) -> dict[str, list[bytes]]:
    cat = [b"--catalogue", os.fsencode(root / "cat")]
    deck = os.fsencode(root / "deck.txt")
    return {
        "card search": [b"card", b"search", word, *cat],
        "card show": [b"card", b"show", word, *cat],
        "totem": [b"totem", word, *cat],
        "stats --card": [b"stats", deck, b"--card", word, *cat],
        "banlist add": [b"banlist", b"add", word, b"--reason", b"Too strong", b"--force",
                        b"--file", os.fsencode(root / "banlist.yaml"), *cat],
    }  # fmt: skip


LOCALES = [
    {},
    {"LC_ALL": "C", "PYTHONUTF8": "0"},
    {"LC_ALL": "C.UTF-8"},
    {"LC_ALL": "POSIX", "PYTHONUTF8": "0", "PYTHONIOENCODING": "ascii"},
]


def _assert_clean(run: subprocess.CompletedProcess[bytes]) -> None:
    err = run.stderr.decode("utf-8", "replace")
    assert b"Traceback" not in run.stderr, err
    assert run.returncode in (0, 1, 2), err
    if run.returncode == 2:
        lines = err.splitlines()
        assert lines and lines[0].startswith("totemdeck: error: "), err


@pytest.mark.parametrize(
    "locale", LOCALES, ids=lambda e: ",".join(f"{k}={v}" for k, v in e.items()) or "default"
)
@pytest.mark.parametrize(
    "command", ["card search", "card show", "totem", "stats --card", "banlist add"]
)
def test_a_byte_that_is_not_utf8_is_one_line(
    cat: Path, command: str, locale: dict[str, str]
) -> None:
    run = run_bytes(commands(cat, b"\xff")[command], locale)
    _assert_clean(run)
    assert run.returncode == 2
    assert run.stderr.decode("utf-8", "replace").splitlines()[-1] == (
        "totemdeck: error: an argument is not UTF-8 text: b'\\xff'; write it in UTF-8 "
        "(or run in a UTF-8 locale, such as LC_ALL=C.UTF-8)"
    )


@settings(max_examples=12)
@given(
    word=st.binary(min_size=1, max_size=12).filter(lambda b: b"\x00" not in b),
    command=st.sampled_from(["card search", "card show", "totem", "stats --card", "banlist add"]),
    locale=st.sampled_from(LOCALES),
)
def test_any_argument_bytes_in_any_locale_end_cleanly(
    cat: Path, word: bytes, command: str, locale: dict[str, str]
) -> None:
    _assert_clean(run_bytes(commands(cat, word)[command], locale))


USAGE = {
    "unknown option": ([b"check", b"--nope"], "No such option: --nope"),
    "missing argument": ([b"check"], "Missing argument 'decks'."),
    "bad value": (
        [b"stats", b"x.txt", b"--turn", b"many"],
        "Invalid value for '--turn': 'many' is not a valid int range.",
    ),
    "unknown command": ([b"chek"], "No such command 'chek'. Did you mean 'check'?"),
}


@pytest.mark.parametrize("case", sorted(USAGE))
def test_a_usage_error_is_one_line(case: str) -> None:
    args, message = USAGE[case]
    run = run_bytes(args, {})
    assert run.returncode == 2
    assert run.stderr.decode() == f"totemdeck: error: {message}\n"


def test_a_file_name_that_is_not_utf8_still_opens(cat: Path) -> None:
    deck = os.fsencode(cat) + b"/deck-\xff.txt"
    Path(os.fsdecode(deck)).write_bytes((cat / "deck.txt").read_bytes())
    run = run_bytes([b"check", deck, b"--catalogue", os.fsencode(cat / "cat")], {})
    assert run.returncode == 1, run.stderr  # read and judged (one card: illegal)
    assert b"UTF-8" not in run.stderr


@pytest.mark.parametrize("locale", LOCALES[1:2] + LOCALES[3:], ids=["C", "POSIX-ascii"])
def test_utf8_text_in_a_c_locale_is_read_as_text(cat: Path, locale: dict[str, str]) -> None:
    word = "Alakazam ≠ Pokémon".encode()
    run = run_bytes([b"card", b"search", word, b"--catalogue", os.fsencode(cat / "cat")], locale)
    _assert_clean(run)
    assert b"UTF-8" not in run.stderr and run.returncode in (0, 1)
