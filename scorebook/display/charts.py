"""Charts drawn on the server as SVG, so that the page and the printed sheet show the same.

A chart is a view model (positions already worked out, numbers already written in the page's
language) rendered by ``templates/display/charts.html``. Its viewBox is 320 units wide and its
type 13 units: a phone 360 px wide shows the type at 12 px or more, and a printed sheet the
same drawing.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.utils.formats import number_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from scorebook.display.numbers import ladder_value
from scorebook.display.render import render

WIDTH, HEIGHT = 320, 216
LEFT, RIGHT, TOP, BOTTOM = 40, 12, 46, 24  # the plot's margins (room for the labels)
MARKED_NIGHTS = 60  # up to this many nights, each night's last rubber gets a dot


def nice_ticks(low: float, high: float, count: int = 5) -> tuple[list[float], int]:
    """Even ticks covering ``low``..``high``: a step of 1, 2 or 5 × 10^k giving about
    ``count`` ticks, and the decimals the step needs (0.5 → 1, 2 → 0)."""
    if not (math.isfinite(low) and math.isfinite(high)):
        low, high = 0.0, 1.0
    if high - low < 1e-9:
        low, high = low - 1, high + 1
    raw = (high - low) / max(count - 1, 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw * (1 - 1e-9))
    first = math.floor(low / step + 1e-9)
    last = math.ceil(high / step - 1e-9)
    decimals = max(0, -math.floor(math.log10(step) + 1e-9))
    return [round(i * step, decimals + 2) for i in range(first, last + 1)], decimals


def number_text(value: float, decimals: int) -> str:
    """A number in the language's format (2,5 in Russian), with a true minus sign."""
    rounded = Decimal(f"{abs(value):.{decimals}f}")
    text = number_format(rounded, decimals)
    return ("\u2212" + text) if value < 0 and rounded else text


@dataclass(frozen=True)
class Tick:
    y: float
    label: str


@dataclass(frozen=True)
class Mark:
    x: float
    y: float
    date: str
    value: str


@dataclass(frozen=True)
class RatingChart:
    title: str
    width: int
    height: int
    left: int
    right: int  # x of the plot's right edge
    top: int
    bottom: int  # y of the plot's bottom edge
    ticks: list[Tick]
    line: str  # the ladder's value (μ − 3σ) after each rubber: polyline points
    mu: str  # the skill estimate μ: polyline points ("" without a band)
    band: str  # μ ± 2σ: polygon points ("" without a band)
    marks: list[Mark]  # each night's last rubber (dots, up to MARKED_NIGHTS nights)
    night_ticks: list[float]  # x of each night's last rubber, on the axis
    first_date: str
    last_date: str
    last_value: str
    rating_label: str
    band_label: str


def _points(xs: Sequence[float], ys: Sequence[float]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in zip(xs, ys, strict=True))


def rating_chart(
    history: Sequence[tuple[datetime.date, float]],
    band: Sequence[tuple[float, float, float]] | None = None,
) -> SafeString:
    """The player's rating after each rated rubber, as an inline SVG (empty when unrated).

    ``band`` gives, for each point of ``history``, μ − 2σ, μ and μ + 2σ: drawn as a band
    with μ through it. Each night's last rubber is marked; the y ticks are even steps."""
    if not history:
        return mark_safe("")
    values = [v for _d, v in history]
    lows = values + ([lo for lo, _m, _hi in band] if band else [])
    highs = values + ([hi for _lo, _m, hi in band] if band else [])
    ticks, decimals = nice_ticks(min(lows), max(highs))
    bottom, right = HEIGHT - BOTTOM, WIDTH - RIGHT
    low, high = ticks[0], ticks[-1]

    def y(value: float) -> float:
        return bottom - (value - low) / (high - low) * (bottom - TOP)

    n = len(history)
    xs = [LEFT + (right - LEFT) * (i / (n - 1) if n > 1 else 0.5) for i in range(n)]
    # Each night's last rubber (the points are in date order).
    ends = [i for i in range(n) if i == n - 1 or history[i + 1][0] != history[i][0]]
    marks = [
        Mark(xs[i], y(values[i]), f"{history[i][0]:%d.%m.%y}", ladder_value(values[i], "rating"))
        for i in ends
    ]
    chart = RatingChart(
        title=_("Rating over time"),
        width=WIDTH,
        height=HEIGHT,
        left=LEFT,
        right=right,
        top=TOP,
        bottom=bottom,
        ticks=[Tick(y(t), number_text(t, decimals)) for t in ticks],
        line=_points(xs, [y(v) for v in values]),
        mu=_points(xs, [y(m) for _lo, m, _hi in band]) if band else "",
        band=(
            _points(xs + xs[::-1], [y(hi) for *_r, hi in band] + [y(lo) for lo, *_r in band][::-1])
            if band
            else ""
        ),
        marks=marks if len(ends) <= MARKED_NIGHTS else [],
        night_ticks=[xs[i] for i in ends],
        first_date=f"{history[0][0]:%d.%m.%y}",
        last_date=f"{history[-1][0]:%d.%m.%y}",
        last_value=ladder_value(values[-1], "rating"),
        rating_label=_("rating"),
        band_label=_("skill estimate and its range"),
    )
    return render("display/charts.html", {"chart": chart})
