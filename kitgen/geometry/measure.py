"""Measuring-template maths: ring radii, cone widths, range bands and ruler pieces.

Pure functions in points; the template layout draws what these compute.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

EPS = 1e-6


def ring_radii(radius: float, step: float) -> list[float]:
    """Distance rings every ``step`` out to ``radius`` inclusive: 3 in every 1 in -> 1, 2, 3 in."""
    if radius <= 0 or step <= 0:
        raise ValueError("radius and step must be > 0")
    count = math.floor(radius / step + EPS)
    return [step * k for k in range(1, count + 1)]


def cone_width(start_width: float, spread: float, per: float, distance: float) -> float:
    """Width of a cone ``distance`` from its start: 1 in wider per 10 in -> 0.1 per unit length."""
    if per <= 0:
        raise ValueError("per must be > 0")
    return start_width + spread / per * distance


def band_spans(limits: Sequence[float]) -> list[tuple[float, float]]:
    """Consecutive range bands from 0: limits (3, 6, 9, 12) -> (0,3) (3,6) (6,9) (9,12).

    Limits must increase strictly; a band of no length has no meaning on a ruler.
    """
    spans: list[tuple[float, float]] = []
    start = 0.0
    for limit in limits:
        if limit <= start + EPS:
            raise ValueError("band limits must increase")
        spans.append((start, limit))
        start = limit
    return spans


def split_length(total: float, piece: float) -> list[tuple[float, float]]:
    """Cut a ruler ``total`` long into pieces at most ``piece`` long: [(start, end), ...]."""
    if total <= 0 or piece <= 0:
        raise ValueError("total and piece must be > 0")
    count = max(1, math.ceil(total / piece - EPS))
    return [(k * piece, min(total, (k + 1) * piece)) for k in range(count)]


def ticks(start: float, end: float, step: float) -> list[float]:
    """Multiples of ``step`` within [start, end] (both ends included when they fall on one)."""
    if step <= 0:
        raise ValueError("step must be > 0")
    first = math.ceil(start / step - EPS)
    last = math.floor(end / step + EPS)
    return [k * step for k in range(first, last + 1)]
