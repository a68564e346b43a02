"""``totemdeck stats --plot``: the deck's composition and draw odds as one PNG.

matplotlib is an optional extra (``pip install 'totemdeck[plot]'``); without it the CLI
says so in one line.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from totemdeck.errors import TotemdeckError
from totemdeck.i18n import _
from totemdeck.i18n.terms import term
from totemdeck.stats import HAND, DeckStats, cards_seen_by_turn, p_at_least_one

WIDTH_INCHES, HEIGHT_INCHES, DPI = 12, 5, 100  # 1200 × 500 pixels


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
    """Curves of the chance to have drawn a Basic, a Supporter, the asked card, a singleton."""
    turns = list(range(0, 16))
    size = stats.deck_size
    axes.plot(
        turns,
        [p_at_least_one(size, stats.basics, cards_seen_by_turn(t)) for t in turns],
        label=_("a Basic Pokémon ({count} in deck)").format(count=stats.basics),
    )
    axes.plot(
        turns,
        [p_at_least_one(size, stats.supporters, cards_seen_by_turn(t)) for t in turns],
        label=_("a Supporter ({count} in deck)").format(count=stats.supporters),
    )
    if stats.card_odds:
        odds = stats.card_odds
        label = _("{name} ({count} in deck)").format(name=odds["name"], count=odds["copies"])
        axes.plot(turns, odds["curve"], label=label)
    axes.plot(
        turns,
        [p_at_least_one(size, 1, cards_seen_by_turn(t)) for t in turns],
        linestyle="--",
        color="grey",
        label=_("any one singleton card"),
    )
    axes.set_ylim(0, 1.02)
    axes.set_xlim(0, 15)
    axes.set_xlabel(
        _("your turn (0 = the {hand}-card opening hand; one draw a turn)").format(hand=HAND)
    )
    axes.set_ylabel(_("chance to have drawn at least one"))
    axes.set_title(_("Draw odds (exact, hypergeometric)"))
    axes.grid(alpha=0.3)
    axes.legend(loc="lower right", fontsize=8)


def plot_png(stats: DeckStats, title: str) -> bytes:
    """The PNG bytes: composition bars on the left, draw-odds curves by turn on the right."""
    try:
        import matplotlib

        matplotlib.use("Agg")  # files only: no display needed
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise PlotUnavailable(
            _("--plot needs matplotlib: pip install 'totemdeck[plot]' (make install has it)")
        ) from exc
    figure, (left, right) = plt.subplots(
        1, 2, figsize=(WIDTH_INCHES, HEIGHT_INCHES), dpi=DPI, width_ratios=(1, 1.3)
    )
    _composition(left, stats)
    _odds(right, stats)
    figure.suptitle(title)
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    plt.close(figure)
    return buffer.getvalue()
