"""What a decklist says, before any card data is consulted."""

from __future__ import annotations

from dataclasses import field, replace

from totemdeck.base.records import frozen

# Sections a header can open. Headers never decide what a card is; they only group lines
# (the Totem section does decide which lines are the Totem).
SECTIONS = ("totem", "pokemon", "trainer", "energy", "main")
# The most copies one line may count, in every form a list comes in: more is a typo.
MAX_COUNT = 999
HEADERS = {"totem": "Totem", "pokemon": "Pokémon", "trainer": "Trainer", "energy": "Energy"}


@frozen
class DeckLine:
    """One card line: ``COUNT NAME [SET NUMBER]`` or ``COUNT CARD-ID``."""

    line: int  # 1-based line number in the file
    raw: str
    section: str | None
    count: int
    name: str  # as written, symbols spelled out ("Basic {R} Energy" → "Basic Fire Energy")
    set_code: str | None = None
    number: str | None = None
    card_id: str | None = None
    flags: tuple[str, ...] = ()  # e.g. ("PH",) for Pokémon TCG Live's parallel holo marker
    # The name is a comment beside the print (a proxy printer's "SFA 36 x3 # Okidogi ex"):
    # set and number decide, the name only informs.
    name_is_comment: bool = False
    # What followed the count, before the parser split it into name, set and number: the
    # resolver reads it with the catalogue's words first ("Dark Porygon2" is a name, not
    # "Dark" in a set "Porygon"), the split only when the catalogue knows no such line.
    written: str = field(default="", compare=False)
    # How the parser read the line when not exactly as written (a comment left out...).
    notes: tuple[str, ...] = field(default=(), compare=False)

    @property
    def is_totem(self) -> bool:
        return self.section == "totem"

    def render(self) -> str:
        """The line as Pokémon TCG Live would write it (``parse(render())`` gives it back)."""
        if self.card_id and not self.name:
            return f"{self.count} {self.card_id}"
        parts = [str(self.count), self.name]
        if self.number is not None:
            parts += [self.set_code or "", self.number]
        return " ".join(parts) + "".join(f" {flag}" for flag in self.flags)


def print_line(
    number: int, section: str | None, count: int, name: str, set_code: str, card_number: str
) -> DeckLine:
    """A line that names one print, its text written as every reader reads it back."""
    line = DeckLine(number, "", section, count, name, set_code, card_number)
    return replace(line, raw=line.render())


@frozen
class Header:
    """A section header (``Pokémon: 20``) or a total (``Total Cards: 60``)."""

    line: int
    raw: str
    section: str | None  # None for the total line
    declared: int | None


@frozen
class ParseProblem:
    """A line that is neither a header, a comment nor a card line (``malformed-line``)."""

    line: int
    raw: str
    message: str


@frozen
class Decklist:
    """Everything a decklist says, in file order, with every line it could not read."""

    lines: tuple[DeckLine, ...]
    headers: tuple[Header, ...] = ()
    problems: tuple[ParseProblem, ...] = ()
    source: str = "<text>"
    name: str | None = field(default=None)
    # The first line when it reads as no card line or header ("Night March"): a report keeps
    # it as the deck's name if no card has that name (the resolver decides).
    title: str | None = field(default=None)
    # Where each line is in a JSON deck document (FORMAT.md, decision): (line, entry, file
    # line), e.g. (3, "cards[1]", 14); a finding names the entry and the file line.
    places: tuple[tuple[int, str, int], ...] = ()

    @property
    def totem_lines(self) -> tuple[DeckLine, ...]:
        return tuple(line for line in self.lines if line.is_totem)

    @property
    def main_lines(self) -> tuple[DeckLine, ...]:
        return tuple(line for line in self.lines if not line.is_totem)

    def render(self) -> str:
        """Pokémon TCG Live text: the Totem section first, then each section with its header."""
        groups: dict[str | None, list[DeckLine]] = {}
        for line in sorted(self.lines, key=lambda x: not x.is_totem):
            groups.setdefault(line.section, []).append(line)
        out: list[str] = []
        for section, lines in groups.items():
            title = HEADERS.get(section or "", "Main deck")
            out.append(f"{title}: {sum(x.count for x in lines)}")
            out += [x.render() for x in lines]
            out.append("")
        return "\n".join(out)
