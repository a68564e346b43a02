"""Reading decklist files: encodings, limits, and one-line errors for what is not a decklist."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from totemdeck.decklist import DecklistError, read_decklist
from totemdeck.decklist.read import MAX_BYTES, MAX_LINES


def test_utf16_with_bom(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes(codecs.BOM_UTF16_LE + "Pokémon: 1\r\n1 Iono PAL 185\r\n".encode("utf-16-le"))
    assert [x.name for x in read_decklist(str(path)).lines] == ["Iono"]


def test_utf8_with_bom(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes(codecs.BOM_UTF8 + b"1 Iono PAL 185\n")
    assert [x.name for x in read_decklist(str(path)).lines] == ["Iono"]


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        (b"\x00\x01\x02binary", "binary content"),
        (b"1 Pok\xe9mon Catcher\n", "not UTF-8"),
        (b"1 Iono\n" * (MAX_LINES + 1), "line limit"),
        (b"x" * (MAX_BYTES + 1), "byte limit"),
    ],
)
def test_what_is_not_a_decklist(tmp_path: Path, content: bytes, fragment: str) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes(content)
    with pytest.raises(DecklistError) as failed:
        read_decklist(str(path))
    assert fragment in str(failed.value) and str(path) in str(failed.value)


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(DecklistError, match="no such file"):
        read_decklist(str(tmp_path / "nope.txt"))
    with pytest.raises(DecklistError, match="is a folder"):
        read_decklist(str(tmp_path))
