"""Charts drawn on the server as numbers for inline SVG (no JavaScript chart library)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from totemdeck.records import frozen

BAR_WIDTH = 200  # SVG units of the longest bar
CURVE_WIDTH = 320
CURVE_HEIGHT = 140


@frozen
class Bar:
    """One bar of a Stats chart."""

    label: str
    value: int
    width: float  # 0..BAR_WIDTH
    share: float  # of the chart's total, 0..1


def bar_chart(counts: Mapping[str, int]) -> list[Bar]:
    """One bar per entry, the longest at full width, in the order given."""
    if not counts:
        return []
    top = max(counts.values()) or 1
    total = sum(counts.values()) or 1
    return [
        Bar(label, value, round(BAR_WIDTH * value / top, 1), value / total)
        for label, value in counts.items()
    ]


@frozen
class Curve:
    """The draw-odds curve of the Stats page, as SVG points."""

    points: str  # SVG polyline points
    dots: list[tuple[float, float, int, float]]  # x, y, turn, probability
    width: int = CURVE_WIDTH
    height: int = CURVE_HEIGHT


def odds_curve(probabilities: Sequence[float]) -> Curve:
    """The chance by each turn (index = turn) as a polyline on a 0–100 % grid."""
    steps = max(len(probabilities) - 1, 1)
    dots = [
        (
            round(CURVE_WIDTH * turn / steps, 1),
            round(CURVE_HEIGHT * (1 - p), 1),
            turn,
            p,
        )
        for turn, p in enumerate(probabilities)
    ]
    return Curve(" ".join(f"{x},{y}" for x, y, _t, _p in dots), dots)
