"""Military unit symbols in the NATO / APP-6 manner, drawn as vector plan ops: a frame
(a friendly unit's rectangle, 3:2), branch icons inside it that combine (infantry and
armour make mechanised infantry), and the unit's size mark above it."""

from __future__ import annotations

import math

from ..plan import Circle, Line, Path, Rect, Stroke

Point = tuple[float, float]

# size marks, smallest first: a mark's glyph shape and how many
ECHELONS = {
    "team": ("slashed", 1), "squad": ("dot", 1), "section": ("dot", 2), "platoon": ("dot", 3),
    "company": ("bar", 1), "battalion": ("bar", 2), "regiment": ("bar", 3),
    "brigade": ("cross", 1), "division": ("cross", 2), "corps": ("cross", 3),
    "army": ("cross", 4), "army-group": ("cross", 5),
}  # fmt: skip
RATIO = 1.5  # a friendly frame is half again as wide as it is tall


def unit_ops(
    branches: tuple[str, ...], echelon: str | None, box: tuple[float, float, float, float],
    ink: str, fill: str | None,
) -> list:  # fmt: skip
    """The symbol fitted in ``box`` (x0, y0, x1, y1): frame, icons, size mark."""
    x0, y0, x1, y1 = box
    mark_h = (y1 - y0) * 0.22 if echelon else 0.0
    h = min((y1 - y0) - mark_h * 1.15, (x1 - x0) / RATIO)
    w = h * RATIO
    cx = (x0 + x1) / 2
    top = (y0 + y1) / 2 + (h + mark_h * 1.15) / 2 - mark_h * 1.15
    fx0, fy0, fx1, fy1 = cx - w / 2, top - h, cx + w / 2, top
    lw = max(0.5, h * 0.055)
    pen = Stroke(ink, lw)
    ops: list = [Rect(fx0, fy0, w, h, fill=fill, stroke=pen)]
    for b in branches:
        ops.extend(_icon(b, fx0, fy0, fx1, fy1, ink, pen))
    if echelon:
        ops.extend(_size_mark(echelon, cx, fy1 + mark_h * 0.15, mark_h, ink, pen))
    return ops


def _icon(b: str, x0: float, y0: float, x1: float, y1: float, ink: str, pen: Stroke) -> list:
    """Branch b's icon inside the frame (x0, y0)-(x1, y1)."""
    if b in _SUPPORT:
        return _support_icon(b, x0, y0, x1, y1, ink, pen)
    return _combat_icon(b, x0, y0, x1, y1, ink, pen)


_SUPPORT = ("headquarters", "engineers", "signals", "supply", "transport", "medical")


def _combat_icon(b: str, x0: float, y0: float, x1: float, y1: float, ink: str, pen: Stroke) -> list:
    """The icons of the arms that fight: infantry, armour, guns and their kinds."""
    w, h = x1 - x0, y1 - y0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if b == "infantry":
        return [Line(x0, y0, x1, y1, pen), Line(x0, y1, x1, y0, pen)]
    if b == "armour":
        return [Path(_oval(cx, cy, w * 0.33, h * 0.22), fill=None, stroke=pen)]
    if b == "mechanised":
        return _combat_icon("infantry", x0, y0, x1, y1, ink, pen) + _combat_icon(
            "armour", x0, y0, x1, y1, ink, pen
        )
    if b == "motorised":
        return [Line(cx, y0, cx, y1, pen)]
    if b in ("cavalry", "reconnaissance"):
        return [Line(x0, y0, x1, y1, pen)]
    if b == "artillery":
        return [Circle(cx, cy, h * 0.14, fill=ink)]
    if b == "rocket":
        return [
            Path(
                ((cx - w * 0.12, cy - h * 0.2), (cx, cy + h * 0.25), (cx + w * 0.12, cy - h * 0.2)),
                closed=False,
                stroke=pen,
            ),
            Line(cx, cy - h * 0.3, cx, cy + h * 0.25, pen),
        ]
    if b == "anti-tank":
        return [Path(((x0, y0), (cx, y1), (x1, y0)), closed=False, stroke=pen)]
    if b == "anti-aircraft":
        return [Path(_arc(cx, y0, w * 0.42, h * 0.7, 0, 180), closed=False, stroke=pen)]
    if b == "airborne":
        r = w * 0.1
        base = y0 + h * 0.2
        return [
            Path(_arc(cx - r, base, r, r * 0.9, 0, 180), closed=False, stroke=pen),
            Path(_arc(cx + r, base, r, r * 0.9, 0, 180), closed=False, stroke=pen),
        ]
    if b == "mountain":
        return [Path(((cx - w * 0.13, y0), (cx, y0 + h * 0.3), (cx + w * 0.13, y0)), fill=ink)]
    if b == "marines":  # an anchor: shank, stock, ring and flukes
        s = h * 0.3
        return [
            Line(cx, cy - s, cx, cy + s, pen),
            Line(cx - s * 0.5, cy + s * 0.55, cx + s * 0.5, cy + s * 0.55, pen),
            Path(_arc(cx, cy - s * 0.25, s * 0.75, s * 0.75, 200, 340), closed=False, stroke=pen),
            Circle(cx, cy + s * 1.1, s * 0.2, fill=None, stroke=pen),
        ]
    if b == "machine-gun":
        return [
            Line(cx, y0 + h * 0.15, cx, y1 - h * 0.15, pen),
            Path(
                ((cx - w * 0.1, y1 - h * 0.3), (cx, y1 - h * 0.15), (cx + w * 0.1, y1 - h * 0.3)),
                closed=False,
                stroke=pen,
            ),
        ]
    if b == "mortar":
        return [
            Circle(cx, cy - h * 0.12, h * 0.08, fill=None, stroke=pen),
            Line(cx, cy - h * 0.04, cx, cy + h * 0.25, pen),
            Path(
                (
                    (cx - w * 0.07, cy + h * 0.15),
                    (cx, cy + h * 0.25),
                    (cx + w * 0.07, cy + h * 0.15),
                ),
                closed=False,
                stroke=pen,
            ),
        ]
    raise KeyError(b)


def _support_icon(
    b: str, x0: float, y0: float, x1: float, y1: float, ink: str, pen: Stroke
) -> list:
    """The icons of command and the services: headquarters, engineers, signals, supply,
    transport and medical."""
    w, h = x1 - x0, y1 - y0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if b == "headquarters":  # the staff hangs from the frame's lower left corner
        return [Line(x0, y0, x0, y0 - h * 0.6, Stroke(ink, pen.width * 1.3))]
    if b == "engineers":
        t, lo = cy + h * 0.14, cy - h * 0.14
        return [
            Path(
                ((cx - w * 0.25, lo), (cx - w * 0.25, t), (cx + w * 0.25, t), (cx + w * 0.25, lo)),
                closed=False,
                stroke=pen,
            ),
            Line(cx, t, cx, lo, pen),
        ]
    if b == "signals":
        return [
            Path(
                ((x0, y1), (cx - w * 0.05, cy - h * 0.1), (cx + w * 0.05, cy + h * 0.1), (x1, y0)),
                closed=False,
                stroke=pen,
            )
        ]
    if b == "supply":
        return [Line(x0, y0 + h * 0.25, x1, y0 + h * 0.25, pen)]
    if b == "transport":
        return [
            Circle(cx, cy, h * 0.2, fill=None, stroke=pen),
            Line(cx - h * 0.2, cy, cx + h * 0.2, cy, pen),
            Line(cx, cy - h * 0.2, cx, cy + h * 0.2, pen),
        ]
    if b == "medical":
        return [
            Line(cx - h * 0.22, cy, cx + h * 0.22, cy, Stroke(ink, pen.width * 1.8)),
            Line(cx, cy - h * 0.22, cx, cy + h * 0.22, Stroke(ink, pen.width * 1.8)),
        ]
    raise KeyError(b)


def _size_mark(echelon: str, cx: float, base: float, h: float, ink: str, pen: Stroke) -> list:
    shape, n = ECHELONS[echelon]
    ops: list = []
    if shape == "dot":
        r = h * 0.2
        gap = r * 3
        for i in range(n):
            ops.append(Circle(cx + (i - (n - 1) / 2) * gap, base + h / 2, r, fill=ink))
    elif shape == "slashed":
        r = h * 0.32
        ops.append(Circle(cx, base + h / 2, r, fill=None, stroke=pen))
        ops.append(Line(cx - r * 1.2, base, cx + r * 1.2, base + h, pen))
    elif shape == "bar":
        gap = h * 0.35
        for i in range(n):
            x = cx + (i - (n - 1) / 2) * gap
            ops.append(Line(x, base, x, base + h, pen))
    else:
        half = h * 0.32
        gap = half * 2.3
        for i in range(n):
            x = cx + (i - (n - 1) / 2) * gap
            ops.append(Line(x - half, base, x + half, base + h, pen))
            ops.append(Line(x - half, base + h, x + half, base, pen))
    return ops


def _oval(cx: float, cy: float, rx: float, ry: float) -> tuple[Point, ...]:
    """A stadium (an armour track): two half circles joined by straight sides."""
    r = ry
    straight = max(rx - r, 0.0)
    pts: list[Point] = []
    for i in range(13):
        a = math.pi / 2 + math.pi * i / 12
        pts.append((cx - straight + r * math.cos(a), cy + r * math.sin(a)))
    for i in range(13):
        a = -math.pi / 2 + math.pi * i / 12
        pts.append((cx + straight + r * math.cos(a), cy + r * math.sin(a)))
    return tuple(pts)


def _arc(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float) -> tuple[Point, ...]:
    return tuple(
        (
            cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / 16)),
            cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / 16)),
        )
        for i in range(17)
    )


__all__ = ["ECHELONS", "unit_ops"]
