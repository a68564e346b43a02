"""The text report: the Totem first, then errors, warnings and a one-line verdict (80 columns),
in the current language (finding codes stay as they are: they are the format's names).

Lines are built as (text, style) pieces; without colour they are joined as they are, with
colour rich draws the styles (imported only then, so piped output starts fast).
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from totemdeck.findings import Finding
from totemdeck.i18n import _, ngettext
from totemdeck.i18n.terms import term, terms
from totemdeck.rules.engine import Report
from totemdeck.rules.totem import TotemNumbers

WIDTH = 80
Piece = tuple[str, str]  # (text, rich style; "" for none)
Line = list[Piece]


def _plain(text: str) -> Line:
    return [(text, "")]


def _wrap(text: str, indent: int) -> list[Line]:
    if text and len(text) + indent <= WIDTH and text == text.strip() and text.isprintable():
        return [_plain(" " * indent + text)]  # what textwrap gives, without loading it
    import textwrap  # ~1.5 ms of a cold start, for the long lines only

    wrapped = textwrap.wrap(
        text, WIDTH, initial_indent=" " * indent, subsequent_indent=" " * (indent + 2),
        break_on_hyphens=False,
    )  # fmt: skip
    return [_plain(line) for line in wrapped]


def _totem_lines(totem: TotemNumbers | None, label: str | None) -> list[Line]:
    if totem is None:
        return [_plain(_("Totem: none"))]
    identity = terms(totem.identity) or _("none")
    numbers = _(
        "cost column {column} · Invocation Cost {cost} · Prize cards {prizes} · identity {identity}"
    ).format(
        column=term(totem.cost_column),
        cost=totem.invocation_cost,
        prizes=totem.prizes,
        identity=identity,
    )
    return [
        _plain(_("Totem: {name} ({id})").format(name=label or totem.name, id=totem.id)),
        *_wrap(numbers, 2),
    ]


def _finding_lines(finding: Finding) -> list[Line]:
    return _wrap(f"{finding.code}: {finding.message}", 2)


def verdict_line(report: Report) -> Line:
    """``LEGAL — deck (0 errors, 1 warning)``, the verdict styled wherever the language puts it."""
    errors, warnings = len(report.errors), len(report.warnings)
    values = {
        "deck": report.deck,
        "errors": ngettext("{n} error", "{n} errors", errors).format(n=errors),
        "warnings": ngettext("{n} warning", "{n} warnings", warnings).format(n=warnings),
    }
    verdict = (_("LEGAL"), "bold green") if report.legal else (_("NOT LEGAL"), "bold red")
    before, _marker, after = _("{verdict} — {deck} ({errors}, {warnings})").partition("{verdict}")
    return [(before.format(**values), ""), verdict, (after.format(**values), "")]


def report_lines(report: Report) -> list[Line]:
    """One deck's report as styled lines."""
    out: list[Line] = [[(report.deck, "bold")]]
    out += _totem_lines(report.totem, report.totem_label)
    c = report.counts
    out.append(
        _plain(
            _("Cards: Totem {totem} + main deck {main} = {total}").format(
                totem=c["totem"], main=c["main"], total=c["total"]
            )
        )
    )
    if report.errors:
        out.append([(_("Errors ({count})").format(count=len(report.errors)), "bold red")])
        for finding in report.errors:
            out += _finding_lines(finding)
    if report.warnings:
        heading = _("Warnings ({count})").format(count=len(report.warnings))
        out.append([(heading, "bold yellow")])
        for finding in report.warnings:
            out += _finding_lines(finding)
    out.append(verdict_line(report))
    return out


def reading_lines(report: Report) -> list[Line]:
    """``--verbose``: how lines were read when not exactly as written."""
    if not report.readings:
        return []
    out: list[Line] = [[(_("Read as ({count})").format(count=len(report.readings)), "bold")]]
    for line, note in report.readings:
        out += _wrap(_("line {line}: {note}").format(line=line, note=note), 2)
    return out


def render_lines(lines: Sequence[Line], colour: bool = False) -> str:
    """Styled lines as text: plain, or with rich's terminal colours."""
    if not colour:
        return "".join("".join(text for text, _style in line) + "\n" for line in lines)
    from rich.console import Console
    from rich.text import Text

    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=True, color_system="standard", width=WIDTH)
    for line in lines:
        console.print(Text.assemble(*(piece for piece in line if piece[0])), soft_wrap=True,
                      highlight=False)  # fmt: skip
    return buffer.getvalue()


def render_text(reports: Sequence[Report], colour: bool = False, verbose: bool = False) -> str:
    """Every deck's report, a blank line between them; ``verbose`` adds how lines were read."""

    def lines(report: Report) -> list[Line]:
        out = report_lines(report)
        return out[:-1] + reading_lines(report) + out[-1:] if verbose else out

    return "\n".join(render_lines(lines(report), colour) for report in reports)
