"""The print verbs: a checked deck as proxy sheets or as a Totem registration sheet (PDF).

What ``totemdeck print`` and the web's Print buttons call. A deck that is not legal prints
only when asked (``allow_illegal``), its findings on the first page, so a sheet handed to an
organiser can never look like a legal deck's.
"""

from __future__ import annotations

from pathlib import Path

from totemdeck.base.records import frozen
from totemdeck.collection import Coverage
from totemdeck.export.asread import ReadLine, as_read_lines, as_read_note, merged, which_lines
from totemdeck.export.formats import ExportRefused
from totemdeck.export.order import ExportLine, export_lines
from totemdeck.i18n import _, ngettext
from totemdeck.i18n.terms import terms
from totemdeck.printing.paper import PAPERS as PAPER_SIZES
from totemdeck.printing.paper import grid
from totemdeck.printing.proxies import ProxyCopy, proxy_pdf
from totemdeck.printing.sheet import SheetDeck, sheet_pdf
from totemdeck.rules.engine import CheckedDeck

__all__ = [
    "PAPERS",
    "PrintRefused",
    "PrintedPdf",
    "print_notes",
    "print_proxies",
    "print_sheet",
    "proxy_count",
]

PAPERS = tuple(PAPER_SIZES)  # the papers ``print_proxies`` and ``print_sheet`` take


class PrintRefused(ExportRefused):
    """The deck is not legal and the person did not ask to print it anyway (exit 1)."""


@frozen
class PrintedPdf:
    """A finished PDF: its bytes, how many pages and cards it holds, what it could not
    print whole (each said to the person)."""

    data: bytes
    pages: int
    cards: int
    notes: tuple[str, ...] = ()


def _findings(checked: CheckedDeck, allow_illegal: bool) -> list[str]:
    """An illegal deck's first-page lines, or PrintRefused when printing it was not asked."""
    report = checked.report
    if report.legal:
        return []
    if not allow_illegal:
        raise PrintRefused(
            _("{deck}: not legal; printing it needs --allow-illegal").format(deck=report.deck)
        )
    errors = len(report.errors)
    head = ngettext(
        "NOT LEGAL in the Totem Format ({n} error)",
        "NOT LEGAL in the Totem Format ({n} errors)",
        errors,
    ).format(n=errors)
    lines = [_("Verdict: {verdict}").format(verdict=head)]
    for finding in report.findings:
        said = " ".join(f"{finding.code}: {finding.message}".split())
        lines.append(_("Finding: {finding}").format(finding=said))
    return lines


def _totem_numbers(checked: CheckedDeck) -> str | None:
    totem = checked.report.totem
    if totem is None:
        return None
    return _("Invocation Cost {cost} · Prize cards {prizes} · identity {identity}").format(
        cost=totem.invocation_cost,
        prizes=totem.prizes,
        identity=terms(totem.identity) or _("none"),
    )


def _copies(
    lines: list[ExportLine | ReadLine], checked: CheckedDeck, missing: dict[int, int] | None
) -> list[ProxyCopy]:
    """One ``ProxyCopy`` per card to print (only the missing copies when ``missing``); a
    line no one print stands for is a placeholder per copy (one for an unreadable line)."""
    totem = checked.report.totem
    totem_line = (
        _("Totem · Invocation Cost {cost} · Prize cards {prizes}").format(
            cost=totem.invocation_cost, prizes=totem.prizes
        )
        if totem
        else None
    )
    labels = {r.line.line: tuple(c.label for c in r.candidates) for r in checked.resolved.lines}
    copies: list[ProxyCopy] = []
    for line in lines:
        if isinstance(line, ReadLine):  # no collection owns it: every copy, as read
            held = ProxyCopy(None, held=line, could_be=labels.get(line.line, ()))
            copies += [held] * (1 if line.count is None else line.count)
            continue
        count = line.count if missing is None else missing.get(line.line or -1, 0)
        marker = totem_line if line.section == "totem" else None
        copies += [ProxyCopy(line.card, marker)] * count
    return copies


def print_proxies(
    checked: CheckedDeck,
    lang: str = "en",
    paper: str = "a4",
    images: Path | None = None,
    allow_illegal: bool = False,
    covered: Coverage | None = None,
) -> PrintedPdf:
    """Every card of ``checked`` (the Totem first) at true size, nine to a page; with
    ``covered`` (a collection's coverage of the deck) only the copies it lacks."""
    cover = _findings(checked, allow_illegal)
    grid(paper)  # an unknown paper is refused before any work
    missing = None
    if covered is not None:
        missing = {line.line: line.missing for line in covered.lines}
    held = as_read_lines(checked)
    copies = _copies(merged(export_lines(checked), held), checked, missing)
    data, pages, notes = proxy_pdf(copies, lang, paper, images, cover)
    if held:
        notes.insert(0, placeholder_note(held))
    return PrintedPdf(data, pages, len(copies), tuple(notes))


def placeholder_note(held: list[ReadLine]) -> str:
    """Which lines a proxy sheet prints as placeholders, and why (stderr, the Print page)."""
    lines = which_lines(held)
    return ngettext(
        "{n} line is printed as a placeholder proxy carrying the line as written, not as one "
        "print: line {lines}",
        "{n} lines are printed as placeholder proxies carrying the lines as written, not as "
        "one print each: lines {lines}",
        len(held),
    ).format(n=len(held), lines=lines)


def print_sheet(
    checked: CheckedDeck,
    banlist_name: str = "banlist.yaml",
    lang: str = "en",
    paper: str = "a4",
    allow_illegal: bool = False,
) -> PrintedPdf:
    """The Totem registration sheet of ``checked``: the player's fields, the Totem and its
    numbers, every line in the list's sections, the totals and the verdict."""
    findings = _findings(checked, allow_illegal)
    page = grid(paper)
    report = checked.report
    updated = checked.ctx.banlist.updated or "?"
    if report.legal:
        verdict = _("Verdict: LEGAL under {file} of {date}")
    else:
        verdict = _("Verdict: NOT LEGAL under {file} of {date}")
    held = as_read_lines(checked)
    deck = SheetDeck(
        name=report.name,
        lines=tuple(merged(export_lines(checked), held)),
        totem_numbers=_totem_numbers(checked),
        verdict=verdict.format(file=banlist_name, date=updated),
        findings=tuple(findings),
    )
    data, pages, notes = sheet_pdf(deck, lang, page.paper)
    if held:
        notes.insert(0, as_read_note(held))
    return PrintedPdf(data, pages, sum(x.count or 0 for x in deck.lines), tuple(notes))


def print_notes(checked: CheckedDeck) -> tuple[str, ...]:
    """What the two sheets will say of the lines no one print stands for, before either is
    made (the web's Print page shows them beside the buttons): none for a deck read exactly."""
    held = as_read_lines(checked)
    return (placeholder_note(held), as_read_note(held)) if held else ()


def proxy_count(checked: CheckedDeck) -> int:
    """How many slots the whole proxy sheet holds: one per card copy, placeholders too (an
    unreadable line is one slot), so a caller can bound the work before it starts."""
    lines = merged(export_lines(checked), as_read_lines(checked))
    return sum(1 if x.count is None else x.count for x in lines)
