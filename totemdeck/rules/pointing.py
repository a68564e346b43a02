"""Where a finding points in a JSON deck document: the entry and the file line (FORMAT.md).

Rules and the resolver number a document's entries in order (``line`` 1, 2, 3…: the key
every line is known by). For a person, FORMAT.md says (decision): name the entry
(``cards[2]``, ``totem[0]``) and the file line where it begins. This is done here, once,
for every finding and reading: the message's opening "line 3" / "lines 3, 5" becomes
"cards[1] (line 14)", and the finding's ``line`` the file line, its context the entry.
"""

from __future__ import annotations

import re
from dataclasses import replace

from totemdeck.findings import Finding
from totemdeck.i18n import _, ngettext

Places = dict[int, tuple[str, int]]  # line (entry number) → (entry, file line)


def _opening() -> re.Pattern[str]:
    """The opening words of a message that cites lines, in the current language."""
    forms = {ngettext("line {numbers}", "lines {numbers}", n) for n in (1, 2)}
    numbers = r"(\d+(?:, \d+)*)"
    shapes = (re.escape(f).replace(r"\{numbers\}", numbers) for f in forms)
    return re.compile("^(?:" + "|".join(sorted(shapes, key=len, reverse=True)) + ")")


def _where(number: int, places: Places) -> str:
    entry, file_line = places[number]
    return _("{entry} (line {line})").format(entry=entry, line=file_line)


def point(finding: Finding, places: Places) -> Finding:
    """The finding as it reads for a JSON deck document (unchanged for a text list)."""
    if not places or finding.line not in places:
        return finding
    entry, file_line = places[finding.line]
    found = _opening().match(finding.message)
    message = finding.message
    if found:
        said = next(g for g in found.groups() if g)
        cited = [int(n) for n in said.split(", ")]
        if all(n in places for n in cited):
            shown = ", ".join(_where(n, places) for n in cited)
            message = shown + message[found.end() :]
    return replace(
        finding, message=message, line=file_line, context={**finding.context, "entry": entry}
    )


def point_reading(line: int, note: str, places: Places) -> tuple[int, str]:
    """A reading's line, as the file line of its entry, the entry named in the note."""
    if line not in places:
        return line, note
    entry, file_line = places[line]
    return file_line, f"{entry}: {note}"
