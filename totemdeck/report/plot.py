"""``totemdeck stats --plot``: the deck's composition, draw odds and Invocation turn as one PNG.

matplotlib is an optional extra (``pip install 'totemdeck[plot]'``); without it the CLI
says so in one line.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from totemdeck.base.errors import TotemdeckError
from totemdeck.i18n import _
from totemdeck.i18n.terms import term
from totemdeck.report.stats_text import asked, cost_label
from totemdeck.stats import DeckStats, p_at_least

WIDTH_INCHES, HEIGHT_INCHES, DPI = 15, 5, 100  # 1500 × 500 pixels


class PlotUnavailable(TotemdeckError):
    """matplotlib is not installed."""


def plot_stats(stats: DeckStats, path: str | Path, title: str) -> None:
    """Draw the plot into a PNG file (atomically, like every file totemdeck writes)."""
    from totemdeck.files import write_atomically

    write_atomically(path, plot_png(stats, title))


def _composition(axes: Any, stats: DeckStats) -> None:
    """Bars of the main deck by Pokémon cost column, Trainer kind and Energy type."""
    # (label, count, colour) per bar; the supertype prefix and the colour say which group
    bars: list[tuple[str, int, str]] = []
    for supertype, by_kind, colour in (
        ("Pokémon", stats.pokemon_by_column, "#c0392b"),
        ("Trainer", stats.trainers_by_kind, "#2c7fb8"),
        ("Energy", stats.energy_by_type, "#f1a340"),
    ):
        bars += [(f"{term(supertype)} · {term(kind)}", n, colour) for kind, n in by_kind.items()]
    bars.reverse()  # barh draws bottom-up: the first group on top
    names = [label for label, _count, _colour in bars]
    counts = [count for _label, count, _colour in bars]
    axes.barh(names, counts, color=[colour for _label, _count, colour in bars])
    axes.set_title(_("Composition of the main deck ({size} cards)").format(size=stats.deck_size))
    axes.set_xlabel(_("cards"))
    for y, count in enumerate(counts):
        axes.text(count + 0.3, y, str(count), va="center", fontsize=8)


def _odds(axes: Any, stats: DeckStats) -> None:
    """Curves of the chance a kept hand's game has drawn a Supporter, the asked cards, a
    singleton, by turn (every player draws on every turn)."""
    turns = list(range(0, 16))
    deal = stats.deal
    if deal.p_kept > 0:
        supporters = stats.supporters
        axes.plot(
            turns,
            [p_at_least(deal, supporters, 0, 1, t) for t in turns],
            label=_("a Supporter ({count} in deck)").format(count=supporters),
        )
        axes.plot(
            turns,
            [p_at_least(deal, 1, 0, 1, t) for t in turns],
            linestyle="--",
            color="grey",
            label=_("any one singleton card"),
        )
    if stats.card_odds and stats.card_odds["curve"]:
        odds = stats.card_odds
        label = _("{name} ({count} in deck)").format(name=asked(odds), count=odds["copies"])
        axes.plot(turns, odds["curve"], label=label)
    axes.set_ylim(0, 1.02)
    axes.set_xlim(0, 15)
    axes.set_xlabel(
        _("your turn (0 = the {hand}-card opening hand; one draw a turn)").format(hand=deal.hand)
    )
    axes.set_ylabel(_("chance to have drawn at least one"))
    axes.set_title(_("Draw odds of a kept hand (exact)"))
    axes.grid(alpha=0.3)
    if axes.get_legend_handles_labels()[0]:  # no kept hand: no curve, no legend
        axes.legend(loc="lower right", fontsize=8)
    else:
        axes.text(0.5, 0.5, _("no opening hand can be kept"), ha="center", transform=axes.transAxes)


def _invocation(axes: Any, stats: DeckStats) -> None:
    """The chance the Invocation Cost is paid by turn 1…10, after 0…3 Knock Outs; a
    goldfish's figures as dots with 3 standard errors."""
    axes.set_title(_("Invocation turn (exact)"))
    axes.set_ylim(0, 1.02)
    axes.set_xlabel(_("your turn (one Energy attached a turn)"))
    axes.set_ylabel(_("chance the Invocation Cost is paid"))
    axes.grid(alpha=0.3)
    if not stats.invocation:
        axes.text(0.5, 0.5, _("no Totem to invoke"), ha="center", transform=axes.transAxes)
        return
    turns = stats.invocation["turns"]
    simulated = (
        {c["cost"]: c for c in stats.goldfish.as_dict()["invocation"]} if stats.goldfish else {}
    )
    for curve in stats.invocation["curves"]:
        label = cost_label(curve["cost"], curve["knock_outs"])
        (line,) = axes.plot(turns, curve["by_turn"], marker=".", label=label)
        if curve["cost"] in simulated:
            sim = simulated[curve["cost"]]
            errors = [3 * e for e in sim["standard_error"]]
            axes.errorbar(turns, sim["by_turn"], yerr=errors, fmt="x", color=line.get_color())
    axes.set_xticks(turns)
    axes.legend(loc="lower right", fontsize=8)


def plot_png(stats: DeckStats, title: str) -> bytes:
    """The PNG bytes: composition bars, draw-odds curves by turn, and the Invocation turn."""
    try:
        import matplotlib

        matplotlib.use("Agg")  # files only: no display needed
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise PlotUnavailable(
            _("--plot needs matplotlib: pip install 'totemdeck[plot]' (make install has it)")
        ) from exc
    figure, (left, middle, right) = plt.subplots(
        1, 3, figsize=(WIDTH_INCHES, HEIGHT_INCHES), dpi=DPI, width_ratios=(1, 1, 1)
    )
    _composition(left, stats)
    _odds(middle, stats)
    _invocation(right, stats)
    figure.suptitle(title)
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    plt.close(figure)
    return buffer.getvalue()
