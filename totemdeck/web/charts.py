"""Charts drawn on the server as numbers for inline SVG (no JavaScript chart library)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from totemdeck.base.records import frozen

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


@frozen
class Line:
    """One curve of a chart with several: its label's numbers and its SVG points."""

    cost: int
    knock_outs: int
    points: str
    dots: list[tuple[float, float, int, float]]  # x, y, turn, probability


@frozen
class Lines:
    """The Invocation turn chart: one line per cost (0…3 Knock Outs), turns 1…10."""

    lines: list[Line]
    turns: list[tuple[float, int]]  # x, turn: the axis labels
    width: int = CURVE_WIDTH
    height: int = CURVE_HEIGHT


def invocation_chart(invocation: Mapping[str, object]) -> Lines:
    """The chance the Invocation Cost is paid by turn n, one polyline per Knock Out count."""
    turns = list(invocation["turns"])  # type: ignore[call-overload]
    steps = max(len(turns) - 1, 1)
    xs = [round(CURVE_WIDTH * i / steps, 1) for i in range(len(turns))]
    lines = []
    for curve in invocation["curves"]:  # type: ignore[attr-defined]
        dots = [
            (x, round(CURVE_HEIGHT * (1 - p), 1), turn, p)
            for x, turn, p in zip(xs, turns, curve["by_turn"], strict=True)
        ]
        points = " ".join(f"{x},{y}" for x, y, _t, _p in dots)
        lines.append(Line(curve["cost"], curve["knock_outs"], points, dots))
    return Lines(lines, list(zip(xs, turns, strict=True)))
