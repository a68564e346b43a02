"""Reading a collection file: any decklist ``check`` reads (counts = copies owned), or the
CSV export of a collection app (``formats``), into the prints each line can be.

Apps name sets in words ("Base Set (Unlimited)", "SV03: Obsidian Flames"), so a CSV row's
set is found by its name (``sets``), then checked against the card at that number
(``match``); a row whose set is not known is read by its card name, and the reading says so.
"""

from __future__ import annotations

from totemdeck.catalogue.read import Catalogue
from totemdeck.collection import formats
from totemdeck.collection.match import row_line
from totemdeck.collection.model import Collection, Holding
from totemdeck.collection.sets import SetNames
from totemdeck.decklist import Resolver, parse
from totemdeck.errors import UsageError
from totemdeck.i18n import _

__all__ = ["CollectionError", "read_collection_text"]


class CollectionError(UsageError):
    """A collection file that cannot be read at all (an unknown CSV): exit 2."""


def read_collection_text(text: str, source: str, catalogue: Catalogue) -> Collection:
    """The collection in ``text`` (a decklist or a known CSV export), resolved."""
    resolver = Resolver(catalogue)
    if formats.looks_like_csv(text):
        fmt, columns = formats.detect(text)
        if fmt is None:
            expected = "; ".join(f"{f.title}: {', '.join(f.required)}" for f in formats.FORMATS)
            raise CollectionError(
                _("{source}: line 1: unknown CSV columns ({columns}); expected {expected}").format(
                    source=source, columns=", ".join(columns), expected=expected
                )
            )
        sets = SetNames(catalogue.sets().values())
        holdings, found, readings = [], [], []
        for row in formats.rows(text, fmt):
            resolved, finding, note = row_line(row, resolver, sets)
            if finding is not None:
                found.append(finding)
            if resolved is not None:
                holdings.append(Holding(row.line, resolved.line.count, resolved.candidates))
                if note or resolved.note:
                    readings.append((row.line, note or resolved.note or ""))
        return Collection(source, fmt.key, tuple(holdings), tuple(found), tuple(readings))
    resolved_deck = resolver.resolve(parse(text, source=source))
    holdings = [
        Holding(r.line.line, r.line.count, r.candidates) for r in resolved_deck.lines if r.resolved
    ]
    readings = [(r.line.line, r.note) for r in resolved_deck.lines if r.resolved and r.note]
    return Collection(source, "decklist", tuple(holdings), resolved_deck.findings, tuple(readings))
