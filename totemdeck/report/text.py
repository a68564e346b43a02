"""The text report: the Totem first, then errors, warnings and a one-line verdict (80 columns)."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from totemdeck.findings import Finding
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
        return ["Totem: none"]
    identity = ", ".join(totem.identity) or "none (Colorless only)"
    return [
        f"Totem: {label or totem.name} ({totem.id})",
        *_wrap(
            f"cost column {totem.cost_column} · Invocation Cost {totem.invocation_cost} · "
            f"Prize cards {totem.prizes} · identity {identity}",
            2,
        ),
    ]


def _finding_lines(finding: Finding) -> list[str]:
    return _wrap(f"{finding.code}: {finding.message}", 2)


def verdict_line(report: Report, style: Style) -> str:
    errors, warnings = len(report.errors), len(report.warnings)
    counts = f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"
    if report.legal:
        return style("LEGAL", "bold", "green") + f" — {report.deck} ({counts})"
    return style("NOT LEGAL", "bold", "red") + f" — {report.deck} ({counts})"


def render_one(report: Report, style: Style) -> str:
    out = [style(report.deck, "bold")]
    out += _totem_lines(report.totem, report.totem_label)
    c = report.counts
    out.append(f"Cards: Totem {c['totem']} + main deck {c['main']} = {c['total']}")
    if report.errors:
        out.append(style(f"Errors ({len(report.errors)})", "bold", "red"))
        for finding in report.errors:
            out += _finding_lines(finding)
    if report.warnings:
        out.append(style(f"Warnings ({len(report.warnings)})", "bold", "yellow"))
        for finding in report.warnings:
            out += _finding_lines(finding)
    out.append(verdict_line(report, style))
    return "\n".join(out) + "\n"


def render_text(reports: Sequence[Report], colour: bool = False) -> str:
    style = Style(colour)
    return "\n".join(render_one(report, style) for report in reports)
