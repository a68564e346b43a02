"""``totemdeck stats`` as text: one fact a line, percentages for the odds (of kept hands),
the Invocation turn and a goldfish as rows by turn, in the current language (labels aligned
to the longest one, so a translation may be longer)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from totemdeck.i18n import _, decimal, ngettext, percent
from totemdeck.i18n.terms import term
from totemdeck.rules.engine import Report
from totemdeck.stats import DeckStats


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


def asked(odds: dict[str, Any]) -> str:
    """The asked cards as a phrase: ``Iono``, ``any of Iono, Arven``, ``at least 2 of …``."""
    if odds["mode"] == "all" and len(odds["names"]) > 1:
        return _("all of {names}").format(names=odds["name"])
    if odds["at_least"] > 1:
        return _("at least {k} of {names}").format(k=odds["at_least"], names=odds["name"])
    if len(odds["names"]) > 1:
        return _("any of {names}").format(names=odds["name"])
    return str(odds["name"])


def _card_odds(odds: dict[str, Any]) -> str:
    values = {
        "asked": asked(odds),
        "copies": odds["copies"],
        "turn": odds["turn"],
        "seen": odds["cards_seen"],
        "chance": _("never (no Basic Pokémon)")
        if odds["p_drawn"] is None
        else percent(odds["p_drawn"]),
    }
    if odds["going_first"]:
        return _(
            "{asked} ({copies} in deck) drawn by your turn {turn} "
            "(going first, {seen} cards seen): {chance}"
        ).format(**values)
    return _(
        "{asked} ({copies} in deck) drawn by your turn {turn} "
        "(going second, {seen} cards seen): {chance}"
    ).format(**values)


def _curve_rows(label_rows: Sequence[tuple[str, list[float], list[float] | None]]) -> list[str]:
    """Rows of percentages by turn under a header of turn numbers, labels aligned."""
    width = max(len(label) for label, _values, _errors in label_rows) + 1
    cells = max(len(percent(1.0)), 6)
    turns = len(label_rows[0][1])
    head = "    " + " " * (width + 1) + "".join(f"{t:>{cells + 1}}" for t in range(1, turns + 1))
    lines = [head]
    for label, values, errors in label_rows:
        row = "".join(f"{percent(p):>{cells + 1}}" for p in values)
        lines.append(f"    {label + ':':<{width}} {row}")
        if errors is not None:
            spread = "".join(f"{'±' + percent(3 * e):>{cells + 1}}" for e in errors)
            lines.append(f"    {'':<{width}} {spread}")
    return lines


def cost_label(cost: int, knock_outs: int) -> str:
    if not knock_outs:
        return _("cost {cost}").format(cost=cost)
    return ngettext(
        "cost {cost} ({n} Knock Out)", "cost {cost} ({n} Knock Outs)", knock_outs
    ).format(cost=cost, n=knock_outs)


def _invocation(stats: DeckStats, totem: str) -> list[str]:
    inv = stats.invocation
    if not inv:
        return []
    head = _(
        "Invocation of {totem} (cost {cost}; {energy} Energy in deck, one attached a turn), "
        "exact, paid by your turn:"
    ).format(totem=totem, cost=inv["base_cost"], energy=inv["energy"])
    rows = [(cost_label(c["cost"], c["knock_outs"]), c["by_turn"], None) for c in inv["curves"]]
    return [head, *_curve_rows(rows)]


def _goldfish(stats: DeckStats) -> list[str]:
    if stats.goldfish is None:
        if stats.games_asked:
            return [_("Goldfish: no game was dealt: no opening hand can ever be kept.")]
        return []
    fish = stats.goldfish
    data = stats.as_dict()["goldfish"]
    none, one, more = fish.mulligans
    lines = [
        _("Goldfish: {games} games dealt from seed {seed} (± 3 standard errors):").format(
            games=fish.games, seed=fish.seed
        ),
        "  "
        + _("mulligans: none {none}, one {one}, two or more {more}").format(
            none=percent(none), one=percent(one), more=percent(more)
        ),
    ]
    rows = [
        (cost_label(c["cost"], c["knock_outs"]), c["by_turn"], c["standard_error"])
        for c in data["invocation"]
    ]
    if rows:
        lines += ["  " + _("Invocation Cost paid by your turn:"), *_curve_rows(rows)]
    if "card" in data and stats.card_odds:
        turn = min(stats.card_odds["turn"], len(data["card"]["by_turn"]) - 1)
        p, error = data["card"]["by_turn"][turn], data["card"]["standard_error"][turn]
        lines.append(
            "  "
            + _("{asked} drawn by your turn {turn}: {chance} ± {error}").format(
                asked=asked(stats.card_odds),
                turn=turn,
                chance=percent(p),
                error=percent(3 * error),
            )
        )
    return lines


def _opening(stats: DeckStats) -> list[str]:
    """The opening hand's lines: a keeper in a hand, what a mulligan costs, a Supporter."""
    mulligans = (
        _("never (no Basic Pokémon)")
        if stats.expected_mulligans is None
        else decimal(stats.expected_mulligans)
    )
    lines = [
        _("Opening hand ({hand} cards), exact odds of a kept hand:").format(hand=stats.deal.hand),
        "  "
        + _(
            "at least one Basic Pokémon ({count} in deck): {chance} a hand; expected mulligans "
            "{mulligans}"
        ).format(
            count=stats.keepers, chance=percent(stats.p_basic_in_opening), mulligans=mulligans
        ),
    ]
    if stats.keepers != stats.basics:
        lines.append(
            "  "
            + _("{n} of them are Trainers played as Basic Pokémon: they keep a hand too").format(
                n=stats.keepers - stats.basics
            )
        )
    if stats.mulligans is not None:
        none, one, more = stats.mulligans
        lines.append(
            "  "
            + _("mulligans: none {none}, one {one}, two or more {more}").format(
                none=percent(none), one=percent(one), more=percent(more)
            )
        )
    if stats.p_supporter_in_opening is not None:
        lines.append(
            "  "
            + _("at least one Supporter ({count} in deck) in a kept hand: {chance}").format(
                count=stats.supporters, chance=percent(stats.p_supporter_in_opening)
            )
        )
    return lines


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
    lines += _opening(stats)
    if stats.card_odds:
        lines.append("  " + _card_odds(stats.card_odds))
    lines += _invocation(stats, report.totem_label or _("the Totem"))
    lines += _goldfish(stats)
    return "\n".join(lines) + "\n"
