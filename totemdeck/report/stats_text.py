"""``totemdeck stats`` as text: one fact a line, percentages for the odds, in the current
language (labels aligned to the longest one, so a translation may be longer)."""

from __future__ import annotations

from typing import Any

from totemdeck.i18n import _, decimal, ngettext, percent
from totemdeck.i18n.terms import term
from totemdeck.rules.engine import Report
from totemdeck.stats import HAND, DeckStats


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{term(k)} {v}" for k, v in counts.items()) or _("none")


def _aligned(rows: list[tuple[str, str]], indent: str = "  ") -> list[str]:
    width = max(len(label) for label, _value in rows) + 1
    return [f"{indent}{label + ':':<{width}} {value}" for label, value in rows]


def _head(stats: DeckStats, report: Report) -> str:
    values = {
        "deck": report.deck,
        "totem": report.totem_label or _("no Totem"),
        "size": stats.deck_size,
    }
    if report.legal:
        return ngettext(
            "{deck}: {totem}; main deck {size} card (legal)",
            "{deck}: {totem}; main deck {size} cards (legal)",
            stats.deck_size,
        ).format(**values)
    return ngettext(
        "{deck}: {totem}; main deck {size} card (NOT LEGAL)",
        "{deck}: {totem}; main deck {size} cards (NOT LEGAL)",
        stats.deck_size,
    ).format(**values)


def _card_odds(odds: dict[str, Any]) -> str:
    values = {
        "name": odds["name"],
        "copies": odds["copies"],
        "turn": odds["turn"],
        "seen": odds["cards_seen"],
        "chance": percent(odds["p_drawn"]),
    }
    if odds["going_first"]:
        return _(
            "{name} ({copies} in deck) drawn by your turn {turn} "
            "(going first, {seen} cards seen): {chance}"
        ).format(**values)
    return _(
        "{name} ({copies} in deck) drawn by your turn {turn} "
        "(going second, {seen} cards seen): {chance}"
    ).format(**values)


def render_stats(stats: DeckStats, report: Report) -> str:
    complete = len(stats.evolution_lines["complete"])
    broken = len(stats.evolution_lines["broken"])
    energy = _("{counts} (basic {basic}, special {special})").format(
        counts=_counts(stats.energy_by_type),
        basic=stats.energy_basic,
        special=stats.energy_special,
    )
    lines_state = ", ".join(
        [
            ngettext("{n} complete", "{n} complete", complete).format(n=complete),
            ngettext("{n} broken", "{n} broken", broken).format(n=broken),
        ]
    )
    lines = [_head(stats, report)]
    lines += _aligned(
        [
            (_("supertypes"), _counts(stats.supertypes)),
            (_("Pokémon by column"), _counts(stats.pokemon_by_column)),
            (_("Pokémon by type"), _counts(stats.pokemon_by_type)),
            (_("Trainers by kind"), _counts(stats.trainers_by_kind)),
            (_("Energy"), energy),
            (_("identity coverage"), _counts(stats.identity_coverage)),
            (_("roles"), _counts(stats.roles) if stats.roles else _("none")),
            (_("evolution lines"), lines_state),
        ]
    )
    lines += ["    " + _("broken: {line}").format(line=x) for x in stats.evolution_lines["broken"]]
    mulligans = (
        _("never (no Basic Pokémon)")
        if stats.expected_mulligans is None
        else decimal(stats.expected_mulligans)
    )
    lines += [
        _("Opening hand ({hand} cards), exact odds:").format(hand=HAND),
        "  "
        + _(
            "at least one Basic Pokémon ({count} in deck): {chance}; expected mulligans {mulligans}"
        ).format(count=stats.basics, chance=percent(stats.p_basic_in_opening), mulligans=mulligans),
        "  "
        + _("at least one Supporter ({count} in deck): {chance}").format(
            count=stats.supporters, chance=percent(stats.p_supporter_in_opening)
        ),
    ]
    if stats.card_odds:
        lines.append("  " + _card_odds(stats.card_odds))
    return "\n".join(lines) + "\n"
