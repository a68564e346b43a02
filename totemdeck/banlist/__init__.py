"""The banlist file: safe loading with located errors, domain checks, canonical rewriting."""

from totemdeck.banlist.io import (
    BanlistError,
    BanlistFile,
    BanlistUnreadable,
    dump_banlist,
    load_banlist,
)

__all__ = ["BanlistError", "BanlistFile", "BanlistUnreadable", "dump_banlist", "load_banlist"]
