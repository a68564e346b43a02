"""What can go wrong with a catalogue, each a one-line error with its exit code."""

from __future__ import annotations

from totemdeck.errors import TotemdeckError

__all__ = ["CatalogueDamaged", "CatalogueError", "CatalogueMissing"]


class CatalogueError(TotemdeckError):
    """The catalogue cannot be read or written; the message says why, in one line."""


class CatalogueMissing(CatalogueError):
    """No catalogue has been imported yet at the given place."""


class CatalogueDamaged(CatalogueError):
    """The catalogue file is damaged; ``totemdeck import`` rebuilds it (exit 2)."""

    exit_code = 2

    def __init__(self, message: str, reason: str = "") -> None:
        super().__init__(message)
        self.reason = reason  # what is wrong with the file, without the advice
