"""The values a command's options take, and their checks, without typer.

``cli.options`` and the command modules declare the options for typer with these; the quick
path (``cli.quick``) reads a command line with the same ones, so both agree by construction.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import PurePath

from totemdeck.base.errors import TotemdeckError
from totemdeck.catalogue.search.orders import ORDER_NAMES

NAME_MAX = 255  # bytes in one path component on Linux, macOS and Windows file systems


class BadOption(TotemdeckError):
    """An option value that cannot work, said in one line (exit 2)."""


class OutputFormat(StrEnum):
    text = "text"
    json = "json"


class TotemFormat(StrEnum):
    text = "text"
    json = "json"
    csv = "csv"


class SearchFormat(StrEnum):
    text = "text"
    json = "json"
    csv = "csv"


# The names come from the one table of orders (a data module: no search is loaded).
SearchOrder = StrEnum("SearchOrder", {name: name for name in ORDER_NAMES})  # type: ignore[misc]


def check_path(value: str | None) -> str | None:
    """A catalogue path whose every part a file system can hold (else one line, exit 2)."""
    if value is None:
        return value
    for part in PurePath(value).parts:
        size = len(part.encode("utf-8", "surrogateescape"))  # the locale may not name it
        if size > NAME_MAX:
            raise BadOption(
                f"--catalogue: a part of the path is {size} bytes long; "
                f"file systems allow {NAME_MAX}"
            )
    return value
