"""The text report: the Totem first, then errors, warnings and a one-line verdict (80 columns),
in the current language (finding codes stay as they are: they are the format's names)."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from totemdeck.findings import Finding
from totemdeck.i18n import _, ngettext
from totemdeck.i18n.terms import term, terms
from totemdeck.rules.engine import Report
from totemdeck.rules.totem import TotemNumbers

WIDTH = 80
_COLOURS = {"red": "\033[31m", "yellow": "\033[33m", "green": "\033[32m", "bold": "\033[1m"}
_RESET = "\033[0m"


class Style:
    """ANSI styling that is a no-op unless colour is on."""

    def __init__(self, colour: bool) -> None:
        self.colour = colour

    def __call__(self, text: str, *names: str) -> str:
        if not self.colour:
            return text
        return "".join(_COLOURS[n] for n in names) + text + _RESET


def _wrap(text: str, indent: int) -> list[str]:
    return textwrap.wrap(
        text, WIDTH, initial_indent=" " * indent, subsequent_indent=" " * (indent + 2),
        break_on_hyphens=False,
    )  # fmt: skip


def _totem_lines(totem: TotemNumbers | None, label: str | None) -> list[str]:
    if totem is None:
        return [_("Totem: none")]
    identity = terms(totem.identity) or _("none (Colorless only)")
    numbers = _(
        "cost column {column} · Invocation Cost {cost} · Prize cards {prizes} · identity {identity}"
    ).format(
        column=term(totem.cost_column),
        cost=totem.invocation_cost,
        prizes=totem.prizes,
        identity=identity,
    )
    return [
        _("Totem: {name} ({id})").format(name=label or totem.name, id=totem.id),
        *_wrap(numbers, 2),
    ]


def _finding_lines(finding: Finding) -> list[str]:
    return _wrap(f"{finding.code}: {finding.message}", 2)


def verdict_line(report: Report, style: Style) -> str:
    errors, warnings = len(report.errors), len(report.warnings)
    values = {
        "deck": report.deck,
        "errors": ngettext("{n} error", "{n} errors", errors).format(n=errors),
        "warnings": ngettext("{n} warning", "{n} warnings", warnings).format(n=warnings),
    }
    if report.legal:
        verdict = style(_("LEGAL"), "bold", "green")
    else:
        verdict = style(_("NOT LEGAL"), "bold", "red")
    return _("{verdict} — {deck} ({errors}, {warnings})").format(verdict=verdict, **values)


def render_one(report: Report, style: Style) -> str:
    out = [style(report.deck, "bold")]
    out += _totem_lines(report.totem, report.totem_label)
    c = report.counts
    out.append(
        _("Cards: Totem {totem} + main deck {main} = {total}").format(
            totem=c["totem"], main=c["main"], total=c["total"]
        )
    )
    if report.errors:
        out.append(style(_("Errors ({count})").format(count=len(report.errors)), "bold", "red"))
        for finding in report.errors:
            out += _finding_lines(finding)
    if report.warnings:
        heading = _("Warnings ({count})").format(count=len(report.warnings))
        out.append(style(heading, "bold", "yellow"))
        for finding in report.warnings:
            out += _finding_lines(finding)
    out.append(verdict_line(report, style))
    return "\n".join(out) + "\n"


def render_text(reports: Sequence[Report], colour: bool = False) -> str:
    style = Style(colour)
    return "\n".join(render_one(report, style) for report in reports)
