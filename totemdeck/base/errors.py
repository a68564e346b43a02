"""The base of every error totemdeck reports to a person: one line, a documented exit code.

Each package defines its own kinds (``CatalogueError``, ``DecklistError``, ``BanlistError``,
``FetchError``, ``ImportFailed``, ``ExportError`` …), each carrying its ``exit_code``; the CLI
turns them into ``totemdeck: error: …`` and that code in exactly one place (``cli.main``).
"""

from __future__ import annotations

__all__ = [
    "EXIT_OK",
    "EXIT_PROBLEMS",
    "EXIT_USAGE",
    "CannotWrite",
    "NotFound",
    "TotemdeckError",
    "UsageError",
    "printable",
]

# Exit codes, documented in README ("Exit codes").
EXIT_OK = 0
EXIT_PROBLEMS = 1  # an illegal deck, a failed import, a banlist with problems, no such card
EXIT_USAGE = 2  # bad usage or input: unreadable file, no catalogue, bad option


class TotemdeckError(Exception):
    """An expected failure (bad input, missing catalogue, unreachable source).

    The CLI prints ``totemdeck: error: <message>`` (and ``details``, one a line) and exits
    with ``exit_code``; library users catch it to tell expected failures from bugs.
    """

    exit_code = EXIT_USAGE

    @property
    def details(self) -> list[str]:
        """More lines worth showing after the message (every problem of a file, say)."""
        return []


class UsageError(TotemdeckError):
    """The command was given something it cannot use (a bad ``--from``, an unreadable id)."""

    exit_code = EXIT_USAGE


class NotFound(TotemdeckError):
    """What was asked for is not there: no such card, no such ban."""

    exit_code = EXIT_PROBLEMS


class CannotWrite(TotemdeckError):
    """An output file cannot be written (no such folder, no permission, disk full)."""

    exit_code = EXIT_USAGE


class ShareCodeError(TotemdeckError):
    """A deck code that cannot be read (cut short, altered, or not a deck code at all).

    Raised by ``totemdeck.sharecode``; defined here so a face that catches it (``check`` of
    a file or a link) need not load the share codec to name it (~1.5 ms of a cold check)."""


def printable(text: str) -> str:
    """``text`` with every character a terminal could act on escaped (``\\x1b``, ``\\x9b``,
    ``\\u202e``: control, format and bidi characters, as ``str.isprintable`` judges): a message
    quotes what a user wrote, and an export writes a stranger's deck name (issue 43.6); that
    must neither break a line nor reach a terminal as an escape sequence."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)
