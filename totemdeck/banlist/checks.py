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


def check_banlist(
    banfile: BanlistFile, catalogue: Catalogue | None, today: dt.date | None = None
) -> Iterator[BanlistProblem]:
    """Every domain problem of the banlist, in file order.

    Without a catalogue (``--schema-only``, pre-commit) names and prints are not looked up.
    """
    today_text = (today or dt.date.today()).isoformat()
    entries = banfile.banlist.entries
    suggester: Suggester | None = None
    seen: dict[tuple[str, tuple[str, ...]], int] = {}
    for index, entry in enumerate(entries):
        line = banfile.entry_lines[index] if index < len(banfile.entry_lines) else None
        where = f"entries[{index}]"
        prints = catalogue.by_name(entry.name) if catalogue is not None else [None]
        if not prints and catalogue is not None:
            suggester = suggester or Suggester(catalogue.names(), catalogue.alias_names())
            close = ", ".join(repr(n) for n in suggester.closest(entry.name))
            yield BanlistProblem(
                banfile.path,
                line,
                f"{where}.name",
                f"no card is named {entry.name!r}, so the ban could never apply"
                + (f"; did you mean {close}?" if close else ""),
            )
        for p_index, print_id in enumerate(entry.prints if catalogue is not None else ()):
            card = catalogue.get(print_id) if catalogue is not None else None
            if card is None:
                yield BanlistProblem(
                    banfile.path,
                    line,
                    f"{where}.prints[{p_index}]",
                    f"no card has the id {print_id!r}",
                )
            elif name_key(card.name) != name_key(entry.name):
                yield BanlistProblem(
                    banfile.path,
                    line,
                    f"{where}.prints[{p_index}]",
                    f"{print_id} is {card.name}, not {entry.name}",
                )
        key = (name_key(entry.name), tuple(sorted(p.casefold() for p in entry.prints)))
        if key in seen:
            first = seen[key]
            yield BanlistProblem(
                banfile.path, line, where, f"duplicate of entries[{first}] ({entries[first].name})"
            )
        else:
            seen[key] = index
        if entry.since[: len(today_text)] > today_text:
            yield BanlistProblem(
                banfile.path, line, f"{where}.since", f"{entry.since} is in the future"
            )
    order = [sort_key(e) for e in entries]
    for index in range(1, len(order)):
        if order[index] < order[index - 1]:
            line = banfile.entry_lines[index] if index < len(banfile.entry_lines) else None
            yield BanlistProblem(
                banfile.path,
                line,
                f"entries[{index}]",
                f"{entries[index].name} is out of order: entries are sorted by name "
                f"(after {entries[index - 1].name}); `totemdeck banlist add` keeps the order",
            )
