"""``totemdeck stats --plot``: the deck's composition and draw odds as one PNG.

matplotlib is an optional extra (``pip install 'totemdeck[plot]'``); without it the CLI
says so in one line.
"""

from __future__ import annotations

from pathlib import Path

from totemdeck.errors import TotemdeckError
from totemdeck.stats import HAND, DeckStats, cards_seen_by_turn, p_at_least_one

WIDTH_INCHES, HEIGHT_INCHES, DPI = 12, 5, 100  # 1200 × 500 pixels


class PlotUnavailable(TotemdeckError):
    """matplotlib is not installed."""


def plot_stats(stats: DeckStats, path: str | Path, title: str) -> None:
    """Composition bars on the left, draw-odds curves by turn on the right."""
    try:
        import matplotlib

        matplotlib.use("Agg")  # files only: no display needed
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise PlotUnavailable(
            "--plot needs matplotlib: pip install 'totemdeck[plot]' (make install has it)"
        ) from exc
    figure, (left, right) = plt.subplots(
        1, 2, figsize=(WIDTH_INCHES, HEIGHT_INCHES), dpi=DPI, width_ratios=(1, 1.3)
    )
    groups = {
        **{f"Pokémon · {k}": v for k, v in stats.pokemon_by_column.items()},
        **{f"Trainer · {k}": v for k, v in stats.trainers_by_kind.items()},
        **{f"Energy · {k}": v for k, v in stats.energy_by_type.items()},
    }
    names = list(groups)[::-1]
    colours = [
        "#c0392b"
        if n.startswith("Pokémon")
        else "#2c7fb8"
        if n.startswith("Trainer")
        else "#f1a340"
        for n in names
    ]
    left.barh(names, [groups[n] for n in names], color=colours)
    left.set_title(f"Composition of the main deck ({stats.deck_size} cards)")
    left.set_xlabel("cards")
    for y, name in enumerate(names):
        left.text(groups[name] + 0.3, y, str(groups[name]), va="center", fontsize=8)
    turns = list(range(0, 16))
    size = stats.deck_size
    right.plot(
        turns,
        [p_at_least_one(size, stats.basics, cards_seen_by_turn(t)) for t in turns],
        label=f"a Basic Pokémon ({stats.basics} in deck)",
    )
    right.plot(
        turns,
        [p_at_least_one(size, stats.supporters, cards_seen_by_turn(t)) for t in turns],
        label=f"a Supporter ({stats.supporters} in deck)",
    )
    if stats.card_odds:
        odds = stats.card_odds
        right.plot(turns, odds["curve"], label=f"{odds['name']} ({odds['copies']} in deck)")
    right.plot(
        turns,
        [p_at_least_one(size, 1, cards_seen_by_turn(t)) for t in turns],
        linestyle="--",
        color="grey",
        label="any one singleton card",
    )
    right.set_ylim(0, 1.02)
    right.set_xlim(0, 15)
    right.set_xlabel(f"your turn (0 = the {HAND}-card opening hand; one draw a turn)")
    right.set_ylabel("chance to have drawn at least one")
    right.set_title("Draw odds (exact, hypergeometric)")
    right.grid(alpha=0.3)
    right.legend(loc="lower right", fontsize=8)
    figure.suptitle(title)
    figure.tight_layout()
    figure.savefig(path, format="png")
    plt.close(figure)
