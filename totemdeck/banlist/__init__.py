"""The banlist file: safe loading with located problems, domain checks, edits that keep
every comment (``banlist.edit``: add and remove return the new file text)."""

from totemdeck.banlist.io import (
    BanlistError,
    BanlistFile,
    BanlistProblem,
    BanlistUnreadable,
    dump_banlist,
    load_banlist,
)

__all__ = [
    "BanlistError",
    "BanlistFile",
    "BanlistProblem",
    "BanlistUnreadable",
    "dump_banlist",
    "load_banlist",
]
