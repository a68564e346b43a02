"""Reading a decklist file safely: regular files only, size and line limits, encodings.

Every failure is a ``DecklistError`` (exit 2) whose one-line message names the file: a
FIFO or a device is refused before a byte is read (it could block or never end), and the
size cap counts the bytes actually read, never ``st_size``.
"""

from __future__ import annotations

import codecs
import os
import stat
import sys

from totemdeck.base.errors import TotemdeckError
from totemdeck.base.lazy import LazyPattern
from totemdeck.decklist.model import Decklist
from totemdeck.decklist.parse import parse
from totemdeck.i18n import _

MAX_BYTES = 1024 * 1024
MAX_LINES = 5000

# UTF-8 read as Latin-1 / Windows-1252 ("PokÃ©mon", "Ã‰nergie"): a lead byte's character
# followed by a continuation byte's. Only then is ftfy (~110 ms to import) asked to repair.
_MOJIBAKE_HINT = LazyPattern(
    "[\u00c2-\u00f4][\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192"
    "\u02c6\u02dc\u2013\u2014\u2018-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122]"
)
_UTF32_BOMS = (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)  # before UTF-16: FF FE 00 00


class DecklistError(TotemdeckError):
    """The file cannot be read as a decklist at all (exit code 2); one line, naming the file."""


def repair_mojibake(text: str) -> str:
    """Text that went through the wrong encoding, repaired (``PokÃ©mon`` → ``Pokémon``)."""
    if not _MOJIBAKE_HINT.search(text):
        return text
    import ftfy

    return ftfy.fix_encoding(text)


def decode(data: bytes, name: str) -> str:
    """Text from bytes: UTF-32 or UTF-16 (with BOM), UTF-8 (with or without BOM)."""
    for boms, codec in (
        (_UTF32_BOMS, "utf-32"),
        ((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE), "utf-16"),
    ):
        if data.startswith(boms):
            try:
                return data.decode(codec)
            except UnicodeDecodeError as exc:
                label = codec.upper()
                raise DecklistError(
                    _("{name}: broken {codec} text ({reason})").format(
                        name=name, codec=label, reason=exc.reason
                    )
                ) from exc
    if b"\x00" in data:
        raise DecklistError(
            _("{name}: binary content (NUL bytes), not a decklist").format(name=name)
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DecklistError(
            _("{name}: not UTF-8 text (byte {byte}: {reason}); save it as UTF-8").format(
                name=name, byte=exc.start, reason=exc.reason
            )
        ) from exc


def _text_within(data: bytes, name: str, max_bytes: int, max_lines: int) -> str:
    """Check the limits, decode and repair mojibake."""
    if len(data) > max_bytes:
        raise DecklistError(
            _("{name}: the file is over the {limit} byte limit").format(name=name, limit=max_bytes)
        )
    text = decode(data, name)
    lines = len(text.splitlines())
    if lines > max_lines:
        raise DecklistError(
            _("{name}: {lines} lines is over the {limit} line limit").format(
                name=name, lines=lines, limit=max_lines
            )
        )
    return repair_mojibake(text)


def decklist_from_bytes(data: bytes, name: str) -> Decklist:
    """Check the limits, decode, repair mojibake and parse."""
    return parse(_text_within(data, name, MAX_BYTES, MAX_LINES), source=name)


def _read_stdin(limit: int = MAX_BYTES) -> bytes:
    """Standard input, at most ``limit + 1`` bytes; closed or unreadable is an error."""
    stream = sys.stdin
    if stream is None or stream.closed:
        raise DecklistError(_("<stdin>: standard input is closed; give a file or pipe a list in"))
    try:
        return stream.buffer.read(limit + 1)
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise DecklistError(
            _("<stdin>: cannot read standard input ({reason})").format(reason=reason)
        ) from exc


def _read_regular_file(path: str, limit: int = MAX_BYTES) -> bytes:
    """The first ``limit + 1`` bytes of a regular file (FIFOs and devices refused).

    Opened non-blocking so that a FIFO with no writer cannot hang the open itself; the
    type is then taken from the open descriptor, so a swap between check and read is moot.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        descriptor = os.open(path, flags)
    except FileNotFoundError as exc:
        raise DecklistError(_("{path}: no such file").format(path=path)) from exc
    except IsADirectoryError as exc:
        raise DecklistError(
            _("{path}: is a folder, not a decklist file").format(path=path)
        ) from exc
    except PermissionError as exc:
        raise DecklistError(_("{path}: permission denied").format(path=path)) from exc
    except OSError as exc:
        raise DecklistError(
            _("{path}: cannot read ({reason})").format(path=path, reason=exc.strerror or exc)
        ) from exc
    try:
        mode = os.fstat(descriptor).st_mode
        if stat.S_ISDIR(mode):
            raise DecklistError(_("{path}: is a folder, not a decklist file").format(path=path))
        if not stat.S_ISREG(mode):
            raise DecklistError(
                _(
                    "{path}: is not a regular file (a pipe, socket or device); "
                    "save the list to a file, or pipe it in with '-'"
                ).format(path=path)
            )
        if hasattr(os, "set_blocking"):
            os.set_blocking(descriptor, True)
        chunks: list[bytes] = []
        remaining = limit + 1
        while remaining > 0:
            chunk = os.read(descriptor, min(remaining, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            remaining -= len(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise DecklistError(
            _("{path}: cannot read ({reason})").format(path=path, reason=exc.strerror or exc)
        ) from exc
    finally:
        os.close(descriptor)


def read_text(path: str, max_bytes: int, max_lines: int) -> str:
    """The text of ``path`` (``-``: standard input) read as safely as a decklist, with other
    limits (a collection file is longer than any deck)."""
    name = "<stdin>" if path == "-" else path
    data = _read_stdin(max_bytes) if path == "-" else _read_regular_file(path, max_bytes)
    return _text_within(data, name, max_bytes, max_lines)


def read_decklist(path: str) -> Decklist:
    """Read ``path`` (``-`` for standard input) as a decklist."""
    if path == "-":
        return decklist_from_bytes(_read_stdin(), "<stdin>")
    return decklist_from_bytes(_read_regular_file(path), path)
