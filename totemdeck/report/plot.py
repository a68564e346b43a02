"""``totemdeck stats --plot``: the deck's composition and draw odds as one PNG.

matplotlib is an optional extra (``pip install 'totemdeck[plot]'``); without it the CLI
says so in one line.
"""

from __future__ import annotations

import io
from pathlib import Path

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
    left.barh(names, counts, color=[colour for _label, _count, colour in bars])
    left.set_title(_("Composition of the main deck ({size} cards)").format(size=stats.deck_size))
    left.set_xlabel(_("cards"))
    for y, count in enumerate(counts):
        left.text(count + 0.3, y, str(count), va="center", fontsize=8)
    turns = list(range(0, 16))
    size = stats.deck_size
    right.plot(
        turns,
        [p_at_least_one(size, stats.basics, cards_seen_by_turn(t)) for t in turns],
        label=_("a Basic Pokémon ({count} in deck)").format(count=stats.basics),
    )
    right.plot(
        turns,
        [p_at_least_one(size, stats.supporters, cards_seen_by_turn(t)) for t in turns],
        label=_("a Supporter ({count} in deck)").format(count=stats.supporters),
    )
    if stats.card_odds:
        odds = stats.card_odds
        label = _("{name} ({count} in deck)").format(name=odds["name"], count=odds["copies"])
        right.plot(turns, odds["curve"], label=label)
    right.plot(
        turns,
        [p_at_least_one(size, 1, cards_seen_by_turn(t)) for t in turns],
        linestyle="--",
        color="grey",
        label=_("any one singleton card"),
    )
    right.set_ylim(0, 1.02)
    right.set_xlim(0, 15)
    right.set_xlabel(
        _("your turn (0 = the {hand}-card opening hand; one draw a turn)").format(hand=HAND)
    )
    right.set_ylabel(_("chance to have drawn at least one"))
    right.set_title(_("Draw odds (exact, hypergeometric)"))
    right.grid(alpha=0.3)
    right.legend(loc="lower right", fontsize=8)
    figure.suptitle(title)
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    plt.close(figure)
    return buffer.getvalue()
