"""Loading a format file (``--format-file``): hardened like the banlist, one located line."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from totemdeck.cli import main
from totemdeck.rules.format import FormatFileError, load_format

ROOT = Path(__file__).resolve().parent.parent.parent
PACKAGED = (ROOT / "totemdeck/data/format.yaml").read_text(encoding="utf-8")
BOMB = "".join(f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9) if i else 'x'}]\n" for i in range(12))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (BOMB, "{path}:1: anchors and aliases (&name) are not allowed"),
        (
            PACKAGED + "deck_size: 60\n",
            "{path}:{last}: the key 'deck_size' appears twice (first at line {first}); keep one",
        ),
        (
            "format: x\ndeck_size: " + "1" * 5000 + "\n",
            "{path}:2: an integer of 5000 digits is over the 30 digit limit",
        ),
        (
            "a:\n" + "".join("  " * i + f"k{i}:\n" for i in range(1, 60)),
            "{path}:33: nested over 32 levels deep; this file needs a few",
        ),
        ("- 1\n", "{path}:1: expected a mapping at the top"),
        ("", "{path}:1: expected a mapping at the top"),
    ],
)
def test_hostile_format_files(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "format.yaml"
    path.write_text(text, encoding="utf-8")
    lines = text.splitlines()
    first = next((i + 1 for i, x in enumerate(lines) if x.startswith("deck_size:")), 0)
    with pytest.raises(FormatFileError) as caught:
        load_format(path)
    assert str(caught.value) == message.format(path=path, last=len(lines), first=first)
    assert caught.value.exit_code == 2


def test_latin1_is_one_located_line(tmp_path: Path) -> None:
    path = tmp_path / "format.yaml"
    path.write_bytes(
        PACKAGED.replace("format: ", "# Pokémon\nformat: ").encode("latin-1", "replace")
    )
    with pytest.raises(FormatFileError, match=r":\d+: not UTF-8 text \(byte 0xe9\)"):
        load_format(path)


@pytest.mark.parametrize("kind", ["fifo", "/dev/zero", "directory", "missing"])
def test_non_regular_format_files_are_refused(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "format.yaml"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "directory":
        path.mkdir()
    elif kind == "/dev/zero":
        path.symlink_to("/dev/zero")
    said = {
        "fifo": "not a regular file (a FIFO)",
        "/dev/zero": "not a regular file (a character device)",
        "directory": "is a directory, not a file",
        "missing": "no such file",
    }[kind]
    with pytest.raises(FormatFileError) as caught:
        load_format(path)
    assert str(caught.value) == f"{path}: {said}"


def test_the_packaged_file_and_a_copy_load_alike(tmp_path: Path) -> None:
    copy = tmp_path / "format.yaml"
    copy.write_text(PACKAGED, encoding="utf-8")
    assert load_format(copy) == load_format()


def test_check_with_a_bomb_format_file_exits_2_in_one_line(
    tmp_path: Path, catalogue_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "format.yaml"
    path.write_text(BOMB, encoding="utf-8")
    deck = str(ROOT / "examples/charizard-ex.txt")
    code = main(["check", deck, "--format-file", str(path), "--catalogue", str(catalogue_dir)])
    assert code == 2
    assert capsys.readouterr().err == (
        f"totemdeck: error: {path}:1: anchors and aliases (&name) are not allowed\n"
    )
