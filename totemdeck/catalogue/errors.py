"""What can go wrong with a catalogue, each a one-line error with its exit code."""

from __future__ import annotations

from pathlib import Path

from totemdeck.base.errors import TotemdeckError
from totemdeck.catalogue.schema import SCHEMA_VERSION
from totemdeck.i18n import _

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


def outdated(path: Path, found: str | None) -> str:
    """Why a catalogue of another layout is refused (its name rules or tables differ, so
    reading it would give wrong answers), and what to do."""
    newer = found is not None and found.isdigit() and int(found) > int(SCHEMA_VERSION)
    if newer:
        message = _(
            "{path}: this catalogue was built by a newer version of totemdeck (catalogue "
            "format {found}; this version reads {wanted}); upgrade totemdeck, or run "
            "`totemdeck import` to rebuild it"
        )
    else:
        message = _(
            "{path}: this catalogue was built by an older version of totemdeck (catalogue "
            "format {found}; this version reads {wanted}); run `totemdeck import` to rebuild it"
        )
    return message.format(path=path, found=found or "unknown", wanted=SCHEMA_VERSION)
