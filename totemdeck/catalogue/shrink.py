"""The shrink guard: an import that would drop much of what the catalogue holds is refused.

Upstream sometimes breaks: a set file of ``[]``, an empty Spanish set list. Taken at its word
such an import deletes a set's cards or every Spanish name, and says "catalogue updated". The
writer counts what readers rely on before the import and again before the swap, by group —
a source's cards of one set, a merged source's staged cards of one set, its names in one
language — and refuses the swap when any group loses more than half of its rows, unless the
person said ``--allow-shrink``. Counting is three ``GROUP BY`` queries (~10 ms).

A merged source's rows in ``cards`` are left out: the merge re-derives them, and they move
to another source's set when that source catches up (their staged rows stay counted).
"""

from __future__ import annotations

import sqlite3

from totemdeck.base.records import frozen
from totemdeck.catalogue.errors import CatalogueError
from totemdeck.i18n import _

__all__ = ["Loss", "ShrinkRefused", "losses", "refusal", "shape"]

Group = tuple[str, str, str]  # (kind, source, set id or language)


class ShrinkRefused(CatalogueError):
    """The import would drop more than half of a set's cards or a language's names (exit 1)."""

    exit_code = 1


@frozen
class Loss:
    """One group that would shrink: what it is, how many rows it had and would keep."""

    group: Group
    before: int
    after: int

    @property
    def lost(self) -> int:
        return self.before - self.after

    def describe(self) -> str:
        kind, source, key = self.group
        if kind == "names":
            text = _("{lost} of {before} {lang} names ({source})")
            return text.format(lost=self.lost, before=self.before, lang=key, source=source)
        text = _("{lost} of {before} cards of set {set_id} ({source})")
        return text.format(lost=self.lost, before=self.before, set_id=key, source=source)


def shape(db: sqlite3.Connection) -> dict[Group, int]:
    """How many rows each group holds now."""
    counts: dict[Group, int] = {}
    queries = {
        "cards": "SELECT source, set_id, COUNT(*) FROM cards WHERE source NOT IN "
        "(SELECT DISTINCT source FROM staged_cards) GROUP BY source, set_id",
        "staged": "SELECT source, set_id, COUNT(*) FROM staged_cards GROUP BY source, set_id",
        "names": "SELECT source, lang, COUNT(*) FROM staged_names GROUP BY source, lang",
    }
    for kind, sql in queries.items():
        for source, key, count in db.execute(sql):
            counts[(kind, str(source), str(key))] = int(count)
    return counts


def losses(before: dict[Group, int], after: dict[Group, int]) -> list[Loss]:
    """Groups that would lose more than half of their rows, the biggest loss first."""
    found = [
        Loss(group, count, after.get(group, 0))
        for group, count in before.items()
        if (count - after.get(group, 0)) * 2 > count
    ]
    return sorted(found, key=lambda loss: (-loss.lost, loss.group))


def refusal(found: list[Loss]) -> ShrinkRefused:
    """One line saying what would be lost and how to go ahead anyway."""
    shown = "; ".join(loss.describe() for loss in found[:3])
    more = len(found) - 3
    if more > 0:
        shown += "; " + _("and {count} more").format(count=more)
    return ShrinkRefused(
        _(
            "refused: this import would remove {losses}. The upstream data may be broken; the "
            "catalogue is unchanged. Run again with --allow-shrink if this is meant"
        ).format(losses=shown)
    )
