"""Domain checks of a schema-valid banlist against the catalogue (the second pass).

Every name exists (else the closest names), every pinned print exists and carries that
name, no duplicate entries, entries sorted by name, no ``since`` in the future.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

from totemdeck.banlist.io import BanlistFile, BanlistProblem, sort_key
from totemdeck.catalogue.names import name_key
from totemdeck.catalogue.read import Catalogue
from totemdeck.catalogue.suggest import Suggester
from totemdeck.i18n import _
from totemdeck.rules.banlist import BanEntry


def _line_of(banfile: BanlistFile, index: int) -> int | None:
    return banfile.entry_lines[index] if index < len(banfile.entry_lines) else None


def _name_problems(
    banfile: BanlistFile, index: int, entry: BanEntry, catalogue: Catalogue, names: _Names
) -> Iterator[BanlistProblem]:
    """The entry's name matches no card (with the closest names), or a pinned print is not
    in the catalogue or carries another name."""
    line, where = _line_of(banfile, index), f"entries[{index}]"
    if not catalogue.by_name(entry.name):
        close = ", ".join(repr(n) for n in names.suggester().closest(entry.name))
        message = _("no card is named {name!r}, so the ban could never apply").format(
            name=entry.name
        )
        if close:
            message += _("; did you mean {names}?").format(names=close)
        yield BanlistProblem(banfile.path, line, f"{where}.name", message)
    for p_index, print_id in enumerate(entry.prints):
        card = catalogue.get(print_id)
        if card is None:
            message = _("no card has the id {id!r}").format(id=print_id)
        elif name_key(card.name) != name_key(entry.name):
            message = _("{id} is {name}, not {entry}").format(
                id=print_id, name=card.name, entry=entry.name
            )
        else:
            continue
        yield BanlistProblem(banfile.path, line, f"{where}.prints[{p_index}]", message)


def _order_problems(banfile: BanlistFile) -> Iterator[BanlistProblem]:
    entries = banfile.banlist.entries
    order = [sort_key(e) for e in entries]
    for index in range(1, len(order)):
        if order[index] < order[index - 1]:
            yield BanlistProblem(
                banfile.path,
                _line_of(banfile, index),
                f"entries[{index}]",
                _(
                    "{name} is out of order: entries are sorted by name (after {previous}); "
                    "`totemdeck banlist add` keeps the order"
                ).format(name=entries[index].name, previous=entries[index - 1].name),
            )


class _Names:
    """The catalogue's names folded for "did you mean", built on the first unknown name."""

    def __init__(self, catalogue: Catalogue) -> None:
        self._catalogue = catalogue
        self._suggester: Suggester | None = None

    def suggester(self) -> Suggester:
        if self._suggester is None:
            cat = self._catalogue
            self._suggester = Suggester(cat.names(), cat.alias_names())
        return self._suggester


def check_banlist(
    banfile: BanlistFile, catalogue: Catalogue | None, today: dt.date | None = None
) -> Iterator[BanlistProblem]:
    """Every domain problem of the banlist, in file order.

    Without a catalogue (``--schema-only``, pre-commit) names and prints are not looked up.
    """
    today_text = (today or dt.date.today()).isoformat()
    entries = banfile.banlist.entries
    names = _Names(catalogue) if catalogue is not None else None
    seen: dict[tuple[str, tuple[str, ...]], int] = {}
    for index, entry in enumerate(entries):
        line, where = _line_of(banfile, index), f"entries[{index}]"
        if catalogue is not None and names is not None:
            yield from _name_problems(banfile, index, entry, catalogue, names)
        key = (name_key(entry.name), tuple(sorted(p.casefold() for p in entry.prints)))
        if key in seen:
            first = seen[key]
            message = _("duplicate of entries[{first}] ({name})").format(
                first=first, name=entries[first].name
            )
            yield BanlistProblem(banfile.path, line, where, message)
        else:
            seen[key] = index
        if entry.since[: len(today_text)] > today_text:
            message = _("{since} is in the future").format(since=entry.since)
            yield BanlistProblem(banfile.path, line, f"{where}.since", message)
    yield from _order_problems(banfile)
