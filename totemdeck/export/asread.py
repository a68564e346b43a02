"""The lines an export writes as the list wrote them, because no one print stands for them.

Round trips are identities: an export reads back as the deck it came from. An exported card
line names one print, which is right when every print the line can mean judges alike. It is
not right for a line that is ``ambiguous-card`` (``1 SSP 104``: Trapinch or Victini V; ``3
Gardevoir EX``: the ex and the EX cards), for a line that names no card (``unknown-card``,
``not-legal-print``: FORMAT.md, "Unknown lines count"), nor for a line that is no card line
at all (``malformed-line``): writing one reading, or leaving the line out, would read back as
another deck with no word said. So each such line is written as the player wrote it (its
count, then the rest of the line as read), and the JSON and CSV forms say its status and its
candidate prints beside it; every reader reads it back to the same line, the same ambiguity.
"""

from __future__ import annotations

from dataclasses import replace

from totemdeck.base.records import frozen
from totemdeck.decklist.model import DeckLine
from totemdeck.export.order import ExportLine
from totemdeck.i18n import N_, _, ngettext
from totemdeck.rules.engine import CheckedDeck

# A line's status in an export: the finding that keeps one print from standing for it.
AMBIGUOUS = "ambiguous"
STATUSES = (AMBIGUOUS, "unknown", "not-legal-print", "unreadable")
_STATUS_OF = {"ambiguous-card": AMBIGUOUS, "unknown-card": "unknown"}
SECTIONS = ("totem", "pokemon", "trainer", "energy")


@frozen
class ReadLine:
    """A line written as read: ``text`` is ``written`` after its count (no count: unreadable)."""

    section: str  # totem | pokemon | trainer | energy | main (written under no such header)
    count: int | None  # None: the line is no card line, so it has no count
    written: str  # the line after its count, as read ("SSP 104", "Gardevoir EX")
    status: str  # one of STATUSES
    candidates: tuple[str, ...]  # the prints it can mean (ambiguous; a not-legal print)
    line: int  # its line in the list it comes from

    @property
    def text(self) -> str:
        """The line as an export writes it: ``COUNT REST``, or the unreadable line itself."""
        return self.written if self.count is None else f"{self.count} {self.written}"


def written_rest(line: DeckLine) -> str:
    """What followed the count, as the reader read it (flags such as ``PH`` kept), so that
    ``COUNT REST`` reads back as this very line."""
    if line.written:
        return line.written + "".join(f" {flag}" for flag in line.flags)
    return line.render().partition(" ")[2]


def _section(line: DeckLine) -> str:
    return line.section if line.section in SECTIONS else "main"


def as_read_lines(checked: CheckedDeck) -> list[ReadLine]:
    """Every line no one print stands for, in list order: ambiguous lines, lines that name
    no card (or no playable print), and lines that are no card line — but the deck's title
    (line 1, "Night March"), which every export writes as the deck's name."""
    resolved = checked.resolved
    ambiguous = ambiguous_lines(checked)
    out: list[ReadLine] = []
    for r in resolved.lines:
        code = r.finding.code if r.finding is not None else None
        if code is None and r.line.line not in ambiguous:
            continue
        status = _STATUS_OF.get(code or "ambiguous-card", code or AMBIGUOUS)
        ids = tuple(c.id for c in r.candidates)
        rest = written_rest(r.line)
        out.append(ReadLine(_section(r.line), r.line.count, rest, status, ids, r.line.line))
    decklist = resolved.decklist
    for problem in decklist.problems:
        if _is_title(problem.raw, decklist.title, resolved.name):
            continue
        text = " ".join(problem.raw.split())
        out.append(ReadLine("main", None, text, "unreadable", (), problem.line))
    return sorted(out, key=lambda x: x.line)


def ambiguous_lines(checked: CheckedDeck) -> set[int]:
    """The deck's lines that are ``ambiguous-card``, by their number in the deck (a JSON deck
    document's findings name the entry and its file line: the entry says which line)."""
    by_entry = {entry: line for line, entry, _at in checked.resolved.decklist.places}
    return {
        by_entry.get(str(f.context.get("entry")), f.line or 0)
        for f in checked.report.findings
        if f.code == "ambiguous-card"
    }


def _is_title(raw: str, title: str | None, name: str | None) -> bool:
    """Whether an unreadable line is the deck's title, kept as its name by every export
    (a title beside a ``Deckname:`` line is not the name: it is written as read)."""
    if title is None or name is None:
        return False
    said = " ".join(title.split())
    return " ".join(raw.split()) == said and " ".join(name.split()) == said


def merged(
    lines: list[ExportLine], read: list[ReadLine], plain: bool = False
) -> list[ExportLine | ReadLine]:
    """The export's lines with the lines written as read in their places: an ambiguous line
    where its first reading would stand (in that reading's section), every other one last in
    the section it was written under (``plain``: the Totem's under Pokémon, as the Totem)."""
    by_line = {x.line: x for x in read}
    out: list[ExportLine | ReadLine] = []
    for x in lines:
        kept = by_line.pop(x.line, None) if x.line is not None else None
        out.append(x if kept is None else replace(kept, section=x.section))
    for rest in by_line.values():
        totem = plain and rest.section == "totem"
        out.append(replace(rest, section="pokemon") if totem else rest)
    order = {section: at for at, section in enumerate((*SECTIONS, "main"))}
    return sorted(out, key=lambda x: order[x.section])  # stable: the order within a section


# What each status says of its line, in a note.
STATUS_WORDS = {
    AMBIGUOUS: N_("ambiguous"),
    "unknown": N_("names no card"),
    "not-legal-print": N_("no playable print"),
    "unreadable": N_("not a card line"),
}


def which_lines(held: list[ReadLine]) -> str:
    """``7 (ambiguous), 9 (names no card)``: the lines held as read, in list order, each
    with why — what every note about them names (exports, print sheets)."""
    return ", ".join(
        f"{x.line} ({_(STATUS_WORDS[x.status])})" for x in sorted(held, key=lambda x: x.line)
    )


def as_read_note(held: list[ReadLine]) -> str:
    """One line saying which lines of the list an export wrote as read, and why — on the
    export's first lines (a comment), on stderr, on the web page: never a silent choice."""
    lines = which_lines(held)
    return ngettext(
        "{n} line is written as the list has it, not as one print (it reads back the same): "
        "line {lines}",
        "{n} lines are written as the list has them, not as one print each (they read back "
        "the same): lines {lines}",
        len(held),
    ).format(n=len(held), lines=lines)
