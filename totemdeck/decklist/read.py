"""Reading a decklist file safely: size and line limits, encodings, binary content."""

from __future__ import annotations

import codecs
import sys
from pathlib import Path

from totemdeck.decklist.model import Decklist
from totemdeck.decklist.parse import parse
from totemdeck.errors import TotemdeckError

MAX_BYTES = 1024 * 1024
MAX_LINES = 5000


class DecklistError(TotemdeckError):
    """The file cannot be read as a decklist at all (exit code 2); one line, naming the file."""


def decode(data: bytes, name: str) -> str:
    """Text from bytes: UTF-16 (with BOM), UTF-8 (with or without BOM); nothing else."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise DecklistError(f"{name}: broken UTF-16 text ({exc.reason})") from exc
    if b"\x00" in data:
        raise DecklistError(f"{name}: binary content (NUL bytes), not a decklist")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DecklistError(
            f"{name}: not UTF-8 text (byte {exc.start}: {exc.reason}); save it as UTF-8"
        ) from exc


def decklist_from_bytes(data: bytes, name: str) -> Decklist:
    """Check the limits, decode and parse."""
    if len(data) > MAX_BYTES:
        raise DecklistError(f"{name}: {len(data)} bytes is over the {MAX_BYTES} byte limit")
    text = decode(data, name)
    lines = text.count("\n") + 1
    if lines > MAX_LINES:
        raise DecklistError(f"{name}: {lines} lines is over the {MAX_LINES} line limit")
    return parse(text, source=name)


def read_decklist(path: str) -> Decklist:
    """Read ``path`` (``-`` for standard input) as a decklist."""
    if path == "-":
        data = sys.stdin.buffer.read(MAX_BYTES + 1)
        return decklist_from_bytes(data, "<stdin>")
    target = Path(path)
    try:
        if target.is_dir():
            raise DecklistError(f"{path}: is a folder, not a decklist file")
        with target.open("rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except FileNotFoundError as exc:
        raise DecklistError(f"{path}: no such file") from exc
    except PermissionError as exc:
        raise DecklistError(f"{path}: permission denied") from exc
    except OSError as exc:
        raise DecklistError(f"{path}: cannot read ({exc.strerror or exc})") from exc
    return decklist_from_bytes(data, path)
