"""Terminal edge: errors on stderr in one line, colour only on a TTY without NO_COLOR.

Standard output may be a pipe closed early (``| head``: not an error), a full device, closed
(``>&-``), or unable to encode ``é`` (``PYTHONIOENCODING=ascii``, an old Windows console):
each ends in one line on stderr and a documented exit code, never a traceback; characters
the stream cannot encode are transliterated (``Pokémon`` → ``Pokemon``), not fatal.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import sys
import unicodedata
from typing import TextIO

from totemdeck.base.errors import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, TotemdeckError, printable
from totemdeck.cli.streams import is_closed
from totemdeck.i18n import _

__all__ = [
    "EXIT_OK",
    "EXIT_PROBLEMS",
    "EXIT_USAGE",
    "Finished",
    "InputClosed",
    "OutputError",
    "prepare_streams",
    "report_error",
    "require_stdin",
    "write_text",
]

TRANSLITERATE = "totemdeck-transliterate"
# What NFKD does not decompose but a reader of plain ASCII still understands.
_PLAIN = {"—": "-", "–": "-", "‘": "'", "’": "'", "“": '"', "”": '"', "…": "...",
          "→": "->", "←": "<-", "×": "x", "·": ".", "•": "*", "★": "*", "◇": "<>"}  # fmt: skip


class OutputError(TotemdeckError):
    """Standard output is closed or cannot take the report (a full disk…): exit 2."""

    exit_code = EXIT_USAGE


class Finished(Exception):  # not an error: the end of a command
    """A command ends here with ``exit_code`` (raised through typer or the quick path)."""

    def __init__(self, exit_code: int) -> None:
        super().__init__(exit_code)
        self.exit_code = exit_code


class InputClosed(TotemdeckError):
    """``-`` was given but there is no standard input (exit 2)."""


def _transliterate(error: UnicodeError) -> tuple[str, int]:
    """Codec error handler: each unencodable character as its closest encodable text."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    out = []
    for char in error.object[error.start : error.end]:
        candidate = _PLAIN.get(char) or "".join(
            c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)
        )
        try:
            candidate.encode(error.encoding)
        except (UnicodeEncodeError, LookupError):
            candidate = "?"
        out.append(candidate or "?")
    return "".join(out), error.end


codecs.register_error(TRANSLITERATE, _transliterate)

# ASCII under another name. click's ``echo`` takes a stream whose encoding is ``ascii`` for a
# misconfigured one and writes UTF-8 behind it (help, usage and error lines arrived as
# ``Ã¡`` on an ASCII terminal); a stream in this codec is left alone and transliterates.
PLAIN_ASCII = "totemdeck_ascii"


class _AsciiEncoder(codecs.IncrementalEncoder):
    def encode(self, text: str, final: bool = False) -> bytes:
        return codecs.ascii_encode(text, self.errors)[0]


def _find_codec(name: str) -> codecs.CodecInfo | None:
    if name != PLAIN_ASCII:
        return None
    ascii_codec = codecs.lookup("ascii")
    return codecs.CodecInfo(
        name=PLAIN_ASCII,
        encode=lambda text, errors="strict": codecs.ascii_encode(text, errors),
        decode=ascii_codec.decode,
        incrementalencoder=_AsciiEncoder,
        incrementaldecoder=ascii_codec.incrementaldecoder,
        streamreader=ascii_codec.streamreader,
        streamwriter=ascii_codec.streamwriter,
    )


codecs.register(_find_codec)


def _is_ascii(encoding: str) -> bool:
    try:
        return codecs.lookup(encoding).name == "ascii"
    except LookupError:
        return False


def prepare_streams() -> None:
    """Let stdout and stderr write any text: transliterate what their encoding cannot hold;
    a closed one says so when written to (``cli.streams.closed_streams``)."""
    from totemdeck.cli.streams import closed_streams

    closed_streams()
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("_", "-")
        if stream is not None and encoding not in ("utf-8", "utf8", "utf-16", "utf-32"):
            reconfigure = getattr(stream, "reconfigure", None)
            if reconfigure is None:
                continue
            if _is_ascii(encoding):
                with contextlib.suppress(ValueError, LookupError):  # nothing read or written yet
                    reconfigure(encoding=PLAIN_ASCII)
            reconfigure(errors=TRANSLITERATE)


def use_colour(stream: TextIO) -> bool:
    """Colour only for a person at a terminal, as rich judges it (``NO_COLOR``, ``TERM=dumb``
    and ``FORCE_COLOR`` honoured); a pipe or file answers at once, without importing rich."""
    isatty = getattr(stream, "isatty", None)
    if not (isatty and isatty()) and not os.environ.get("FORCE_COLOR"):
        return False
    from rich.console import Console

    console = Console(file=stream)
    return console.is_terminal and console.color_system is not None and not console.no_color


def one_line(text: str) -> str:
    """``text`` with its control characters escaped (``\\r``, ``\\x1b``): a message quotes what
    a user wrote (a YAML key, a deck line), and that must neither break the one-line promise
    nor reach the terminal as an escape sequence."""
    return printable(text)


def report_error(error: TotemdeckError) -> None:
    """``totemdeck: error: message`` on stderr, then any details, one a line."""
    to_stderr(f"totemdeck: error: {one_line(str(error))}")
    for line in error.details:
        to_stderr(f"  {one_line(line)}")


def inform(message: str) -> None:
    """A note for the person waiting (``waiting for another totemdeck process…``)."""
    to_stderr(f"totemdeck: {message}")


def to_stderr(line: str) -> None:
    """One line on stderr, at once (nothing when there is no stderr: ``2>&-``)."""
    write_stderr(line + "\n")


def write_stderr(text: str) -> None:
    """``text`` on stderr, at once. A stderr that is closed (``2>&-``) or cannot take it
    (``2>/dev/full``) has nowhere to say so: the text is dropped and the command goes on to
    its own exit code, its report on stdout whole."""
    if sys.stderr is None:
        return
    try:
        sys.stderr.write(text)
        sys.stderr.flush()
    except (OSError, ValueError):
        _silence(sys.stderr)


def _silence(stream: TextIO) -> None:
    """Point ``stream``'s descriptor at /dev/null so the interpreter's last flush cannot fail
    again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)
    except (OSError, AttributeError, ValueError):
        pass


def _silence_stdout() -> None:
    _silence(sys.stdout)


def write_text(text: str) -> None:
    """Write a whole report to stdout; a closed pipe (``| head``) is not an error.

    Raises ``OutputError`` when stdout is closed or cannot be written (``/dev/full``).
    """
    if not write_stdout(text):
        raise Finished(EXIT_OK)


def write_stdout(text: str) -> bool:
    """``write_text`` outside a command: False when the reader has gone (``| head``)."""
    if is_closed(sys.stdout):
        raise OutputError(_("standard output is closed; nothing was written"))
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
        return False
    except (OSError, ValueError) as exc:  # ValueError: "I/O operation on closed file"
        reason = _describe(exc) if isinstance(exc, OSError) else _("it is closed")
        _silence_stdout()
        raise OutputError(
            _("cannot write to standard output: {reason}").format(reason=reason)
        ) from None
    return True


def require_stdin(path: str) -> None:
    """``-`` reads standard input: refuse at once when it is closed (``<&-``)."""
    if path == "-" and (sys.stdin is None or sys.stdin.closed):
        raise InputClosed("standard input is closed; give a decklist file, or pipe one in")


def say(line: str) -> None:
    """One line of a command's result on stdout (``banned Red Card``)."""
    write_text(line + "\n")


class Started:
    """Whether a command's own code has begun (``cli.root`` marks every command): an
    ``OSError`` before that came from click writing help or usage text to stdout."""

    command = False


def stdout_failure(exc: OSError) -> int | None:
    """When ``exc`` came from click writing help or usage text to a broken stdout, say so in
    one line and give the exit code; None for an error out of a command's code (a bug: a
    command writes through ``write_text``, which says what failed itself)."""
    if isinstance(exc, BrokenPipeError):
        _silence_stdout()
        return EXIT_OK
    if Started.command:
        return None
    _silence_stdout()
    with contextlib.suppress(OSError):  # stderr may be just as broken
        message = _("cannot write to standard output: {reason}").format(reason=_describe(exc))
        to_stderr(f"totemdeck: error: {message}")
    return OutputError.exit_code


def _describe(exc: OSError) -> str:
    from totemdeck.files import describe_os_error

    return describe_os_error(exc)


def flush_stdout() -> int | None:
    """At exit: flush what is left; the exit code to use when that fails, else None."""
    if is_closed(sys.stdout):
        return None  # closed from the start: a command that wrote has said so already
    try:
        write_stdout("")
    except OutputError as exc:
        to_stderr(f"totemdeck: error: {exc}")
        return exc.exit_code
    return None
