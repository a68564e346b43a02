"""The banlist file verbs: load a banlist file, check it against the catalogue, add and
remove entries (``totemdeck banlist check|add|remove``) — thin functions over ``banlist/``,
with the types they take and return. ``api.banlists`` is the light one a check uses (the
banlist in force, remembered); this one loads YAML and the editor."""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

from totemdeck.banlist import checks, edit, io
from totemdeck.banlist.io import BanlistError, BanlistFile, BanlistProblem, BanlistUnreadable
from totemdeck.rules.banlist import BanEntry

if TYPE_CHECKING:
    from totemdeck.catalogue.read import Catalogue

__all__ = [
    "BanEntry",
    "BanlistError",
    "BanlistFile",
    "BanlistProblem",
    "BanlistUnreadable",
    "add_entry",
    "check_banlist",
    "load_banlist",
    "remove_entries",
    "resolve_ban_name",
]


def load_banlist(path: str | os.PathLike[str]) -> BanlistFile:
    """The banlist file at ``path`` with its text (so an edit keeps its comments).
    Raises ``BanlistUnreadable`` for a file that cannot be read, ``BanlistError`` listing
    every problem of one that can."""
    return io.load_banlist(path)


def check_banlist(
    banfile: BanlistFile, catalogue: Catalogue | None, today: dt.date | None = None
) -> Iterator[BanlistProblem]:
    """Every problem of a banlist file: names and prints no card has (looked up only with a
    catalogue), dates in the future, duplicates."""
    return checks.check_banlist(banfile, catalogue, today)


def add_entry(banfile: BanlistFile, entry: BanEntry, today: str) -> str:
    """The file's text with ``entry`` added, comments and order kept."""
    return edit.add_entry(banfile, entry, today)


def remove_entries(banfile: BanlistFile, name: str, today: str) -> str:
    """The file's text without the entries of card ``name``."""
    return edit.remove_entries(banfile, name, today)


def resolve_ban_name(catalogue: Catalogue, name: str, prints: tuple[str, ...]) -> str:
    """The card name a new entry bans, as the catalogue writes it (its prints must be that
    card's)."""
    return edit.resolve_ban_name(catalogue, name, prints)
