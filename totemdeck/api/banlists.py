"""The banlist in force, read quickly: what a check or a search needs of ``banlist.yaml``.

``banlist_in_force`` gives what ``load_banlist(path).banlist`` gives, and the same errors;
a file whose very text was read before (and passed every check) comes back from
``totemdeck.files.datacache`` without PyYAML (issue 19.8: a cold start). Light on purpose: the
search imports it, and neither the rules engine nor YAML loads with it.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from totemdeck.rules.banlist import Banlist

__all__ = ["banlist_in_force"]

_READ_AT_MOST = 1 << 20  # ≥ the banlist's own limit: a longer text is never remembered


def banlist_in_force(path: str | os.PathLike[str]) -> Banlist:
    """The banlist of the file at ``path`` (``BanlistError`` when it is unreadable or wrong)."""
    from totemdeck.files import FileReadError, read_limited
    from totemdeck.files.datacache import recall, remember

    shown = os.fspath(path)
    try:
        text: str | None = read_limited(shown, _READ_AT_MOST).decode("utf-8-sig")
    except (FileReadError, UnicodeDecodeError):
        text = None  # the full reading below says what is wrong
    if text is not None:
        found = _banlist_from(recall("banlist", text))
        if found is not None:
            return found
    from totemdeck.banlist.io import load_banlist, load_banlist_text

    if text is None:
        return load_banlist(shown).banlist
    bans = load_banlist_text(text, shown).banlist
    remember("banlist", text, _plain(bans))
    return bans


def _plain(bans: Banlist) -> tuple[Any, ...]:
    entries = tuple(
        (e.name, e.reason, e.since, tuple(e.prints), e.source, e.reason_es) for e in bans.entries
    )
    return (bans.format_name, bans.updated, bans.comment, entries)


def _banlist_from(stored: Any) -> Banlist | None:
    from totemdeck.rules.banlist import BanEntry, Banlist

    try:
        format_name, updated, comment, entries = stored
        return Banlist(
            tuple(
                BanEntry(name, reason, since, tuple(prints), source, reason_es)
                for name, reason, since, prints, source, reason_es in entries
            ),
            format_name,
            updated,
            comment,
        )
    except (TypeError, ValueError):  # nothing remembered (None), or not in this shape
        return None
