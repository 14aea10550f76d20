"""A small drawing helper: icons are designed on a 100x100 box centred on the origin.

Coordinates run -50..50 with y up; the Pen scales them by size/100. Filled shapes use
the even-odd rule, so a sub-path inside another one is a cut-out (the counter's
own colour shows through). Overlapping parts that must merge are filled separately.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from reportlab.pdfgen.canvas import FILL_EVEN_ODD  # type: ignore[attr-defined]  # not in its stubs

ICONS: dict[str, Callable[[Pen], None]] = {}

Point = tuple[float, float]


def icon(name: str) -> Callable[[Callable[[Pen], None]], Callable[[Pen], None]]:
    """Register a painter under `name`."""

    def register(fn: Callable[[Pen], None]) -> Callable[[Pen], None]:
        if name in ICONS:
            raise ValueError(f"icon {name!r} registered twice")
        ICONS[name] = fn
        return fn

    return register


class Shape:
    """A path in design units; methods chain."""

    def __init__(self, pen: Pen):
        self.k = pen.k
        self.p = pen.c.beginPath()

    def m(self, x: float, y: float) -> Shape:
        self.p.moveTo(x * self.k, y * self.k)
        return self

    def l(self, *pts: Point) -> Shape:  # noqa: E743
        for x, y in pts:
            self.p.lineTo(x * self.k, y * self.k)
        return self

    def c(self, x1: float, y1: float, x2: float, y2: float, x3: float, y3: float) -> Shape:
        k = self.k
        self.p.curveTo(x1 * k, y1 * k, x2 * k, y2 * k, x3 * k, y3 * k)
        return self

    def z(self) -> Shape:
        self.p.close()
        return self

    def poly(self, pts: Sequence[Point]) -> Shape:
        self.m(*pts[0]).l(*pts[1:])
        return self.z()

    def circle(self, x: float, y: float, r: float) -> Shape:
        self.p.circle(x * self.k, y * self.k, r * self.k)
        return self

    def ellipse(self, cx: float, cy: float, rx: float, ry: float) -> Shape:
        k = self.k
        self.p.ellipse((cx - rx) * k, (cy - ry) * k, 2 * rx * k, 2 * ry * k)
        return self

    def rect(self, x: float, y: float, w: float, h: float, r: float = 0.0) -> Shape:
        k = self.k
        if r > 0:
            self.p.roundRect(x * k, y * k, w * k, h * k, r * k)
        else:
            self.p.rect(x * k, y * k, w * k, h * k)
        return self

    def smooth(self, pts: Sequence[Point], tension: float = 1.0) -> Shape:
        """A closed smooth curve through `pts` (Catmull-Rom turned into Beziers)."""
        n = len(pts)
        self.m(*pts[0])
        for i in range(n):
            p0, p1, p2, p3 = pts[i - 1], pts[i], pts[(i + 1) % n], pts[(i + 2) % n]
            t = tension / 6
            self.c(
                p1[0] + (p2[0] - p0[0]) * t,
                p1[1] + (p2[1] - p0[1]) * t,
                p2[0] - (p3[0] - p1[0]) * t,
                p2[1] - (p3[1] - p1[1]) * t,
                *p2,
            )
        return self.z()


class Pen:
    """Wraps a canvas already translated to the icon centre."""

    def __init__(self, canvas, size: float):
        self.c = canvas
        self.k = size / 100.0
        canvas.setLineCap(1)
        canvas.setLineJoin(1)

    def shape(self) -> Shape:
        return Shape(self)

    def fill(self, shape: Shape) -> None:
        self.c.drawPath(shape.p, stroke=0, fill=1, fillMode=FILL_EVEN_ODD)

    def stroke(self, shape: Shape, width: float) -> None:
        self.c.setLineWidth(width * self.k)
        self.c.drawPath(shape.p, stroke=1, fill=0)

    def line(self, width: float, *pts: Point) -> None:
        self.stroke(self.shape().m(*pts[0]).l(*pts[1:]), width)

    @contextmanager
    def moved(self, dx: float = 0.0, dy: float = 0.0, angle: float = 0.0) -> Iterator[None]:
        """Draw in a frame shifted by (dx, dy) design units and turned by `angle` degrees."""
        self.c.saveState()
        self.c.translate(dx * self.k, dy * self.k)
        if angle:
            self.c.rotate(angle)
        yield
        self.c.restoreState()

    @contextmanager
    def clipped(self, shape: Shape) -> Iterator[None]:
        """Everything drawn inside is clipped to `shape`."""
        self.c.saveState()
        self.c.clipPath(shape.p, stroke=0, fill=0, fillMode=FILL_EVEN_ODD)
        yield
        self.c.restoreState()


def star_points(n: int, r_out: float, r_in: float, cx=0.0, cy=0.0, turn=90.0) -> list[Point]:
    """Points of an n-pointed star, first point at angle `turn` degrees."""
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(turn + i * 180.0 / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def arc_points(
    cx: float, cy: float, r: float, a0: float, a1: float, steps: int = 24
) -> list[Point]:
    """Points along a circle from angle a0 to a1 (degrees, counter-clockwise if a1 > a0)."""
    return [
        (
            cx + r * math.cos(math.radians(a0 + (a1 - a0) * i / steps)),
            cy + r * math.sin(math.radians(a0 + (a1 - a0) * i / steps)),
        )
        for i in range(steps + 1)
    ]
