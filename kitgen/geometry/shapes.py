"""Basic types and polygon maths.

Conventions for the whole ``kitgen.geometry`` package: lengths are PDF points (floats), the y axis
points UP, angles are degrees with 0 = +x (east) and counter-clockwise positive.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..records import record

Point = tuple[float, float]
Polygon = list[Point]

EPS = 1e-9


@record
class Rect:
    """Axis-aligned rectangle, ``x0 <= x1`` and ``y0 <= y1`` (y up)."""

    x0: float
    y0: float
    x1: float
    y1: float

    def __post_init__(self) -> None:
        if self.x1 < self.x0 or self.y1 < self.y0:
            raise ValueError(f"degenerate Rect: {self}")

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    def contains(self, point: Point) -> bool:
        """Closed test: points on an edge are inside."""
        x, y = point
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1

    def intersects(self, other: Rect) -> bool:
        """True only for an overlap of positive area; touching edges do not count."""
        return (
            self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1 and other.y0 < self.y1
        )

    def union(self, other: Rect) -> Rect:
        """Smallest rectangle containing both."""
        return Rect(
            min(self.x0, other.x0),
            min(self.y0, other.y0),
            max(self.x1, other.x1),
            max(self.y1, other.y1),
        )

    def inset(self, d: float) -> Rect:
        """Shrink by ``d`` on every side (negative ``d`` grows); ValueError if it would invert."""
        return Rect(self.x0 + d, self.y0 + d, self.x1 - d, self.y1 - d)

    def translate(self, dx: float, dy: float) -> Rect:
        return Rect(self.x0 + dx, self.y0 + dy, self.x1 + dx, self.y1 + dy)

    @staticmethod
    def bounding(points: Sequence[Point]) -> Rect:
        """Tight bounding box of a non-empty point sequence."""
        if not points:
            raise ValueError("no points")
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        return Rect(min(xs), min(ys), max(xs), max(ys))


def signed_area(points: Sequence[Point]) -> float:
    """Shoelace formula: positive for counter-clockwise polygons."""
    n = len(points)
    acc = 0.0
    for i in range(n):
        x0, y0 = points[i]
        x1, y1 = points[(i + 1) % n]
        acc += x0 * y1 - x1 * y0
    return acc / 2.0


def polygon_area(points: Sequence[Point]) -> float:
    """Unsigned area of a simple polygon (any winding)."""
    return abs(signed_area(points))


def point_in_polygon(point: Point, polygon: Sequence[Point]) -> bool:
    """Even-odd ray cast; works for non-convex polygons. Boundary points are unspecified."""
    x, y = point
    inside = False
    n = len(polygon)
    for i in range(n):
        xi, yi = polygon[i]
        xj, yj = polygon[i - 1]
        if (yi > y) != (yj > y):
            x_cross = xi + (y - yi) * (xj - xi) / (yj - yi)
            if x < x_cross:
                inside = not inside
    return inside


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def clip_polygon(subject: Sequence[Point], clip_convex: Sequence[Point]) -> Polygon:
    """Sutherland–Hodgman: the part of ``subject`` inside the convex polygon ``clip_convex``.

    ``subject`` may be non-convex (the result may then contain zero-width bridges, which do not
    change its area). The clip polygon may be wound either way. Returns [] if nothing is left.
    """
    clip = list(clip_convex)
    if signed_area(clip) < 0:
        clip.reverse()  # the inside test below assumes CCW
    output: Polygon = list(subject)
    for i in range(len(clip)):
        if not output:
            break
        a, b = clip[i], clip[(i + 1) % len(clip)]
        inputs, output = output, []
        prev = inputs[-1]
        prev_in = _cross(a, b, prev) >= 0
        for cur in inputs:
            cur_in = _cross(a, b, cur) >= 0
            if cur_in != prev_in:
                output.append(_line_intersection(prev, cur, a, b))
            if cur_in:
                output.append(cur)
            prev, prev_in = cur, cur_in
    return output if len(output) >= 3 else []


def _line_intersection(p: Point, q: Point, a: Point, b: Point) -> Point:
    """Intersection of segment p-q with the infinite line a-b (caller ensures they cross)."""
    d1 = _cross(a, b, p)
    d2 = _cross(a, b, q)
    t = d1 / (d1 - d2)
    return (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))


def _polar(origin: Point, angle_deg: float, r: float) -> Point:
    a = math.radians(angle_deg)
    return (origin[0] + r * math.cos(a), origin[1] + r * math.sin(a))


def sector_polygon(
    apex: Point, heading_deg: float, spread_deg: float, radius: float, segments: int = 64
) -> Polygon:
    """Circular sector as a CCW polygon: the apex, then ``segments + 1`` arc points.

    Arc vertices lie on the circle (inscribed approximation). Convex for spreads <= 180; wider
    sectors are valid simple polygons (fine as a clip *subject*), use ``sector_pieces`` when
    convex pieces are needed.
    """
    if not 0 < spread_deg <= 360:
        raise ValueError("spread_deg must be in (0, 360]")
    if radius <= 0 or segments < 1:
        raise ValueError("radius must be > 0 and segments >= 1")
    start = heading_deg - spread_deg / 2
    step = spread_deg / segments
    arc = [_polar(apex, start + i * step, radius) for i in range(segments + 1)]
    return [apex, *arc]


def sector_pieces(
    apex: Point, heading_deg: float, spread_deg: float, radius: float, segments: int = 64
) -> list[Polygon]:
    """The sector split into convex pieces of at most 180 degrees each."""
    pieces = max(1, math.ceil(spread_deg / 180 - EPS))
    sub = spread_deg / pieces
    seg = max(1, math.ceil(segments / pieces))
    first = heading_deg - spread_deg / 2 + sub / 2
    return [sector_polygon(apex, first + i * sub, sub, radius, seg) for i in range(pieces)]


def circle_polygon(centre: Point, radius: float, segments: int = 128) -> Polygon:
    """Regular ``segments``-gon inscribed in the circle, CCW, first vertex at angle 0."""
    if radius <= 0 or segments < 3:
        raise ValueError("radius must be > 0 and segments >= 3")
    return [_polar(centre, 360.0 * i / segments, radius) for i in range(segments)]


def cone_polygon(
    apex: Point,
    heading_deg: float,
    length: float,
    start_width: float,
    spread_per_length: float,
) -> Polygon:
    """Truncated cone (trapezoid, CCW) widening linearly along ``heading_deg``.

    The near edge, ``start_width`` wide, is centred on ``apex`` and perpendicular to the heading;
    the far edge is ``start_width + spread_per_length * length`` wide (e.g. 0.1 for "1 in wider
    per 10 in"). A zero start width gives a triangle.
    """
    if length <= 0 or start_width < 0 or spread_per_length < 0:
        raise ValueError("need length > 0, start_width >= 0, spread_per_length >= 0")
    end_width = start_width + spread_per_length * length
    if end_width <= 0:
        raise ValueError("cone has no area")
    far = _polar(apex, heading_deg, length)
    right, left = heading_deg - 90, heading_deg + 90
    far_pts = [_polar(far, right, end_width / 2), _polar(far, left, end_width / 2)]
    if start_width == 0:
        return [apex, *far_pts]
    return [_polar(apex, right, start_width / 2), *far_pts, _polar(apex, left, start_width / 2)]
