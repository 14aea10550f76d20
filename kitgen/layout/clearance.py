"""Room for a mark laid over a drawing: the boxes of the words, tabs and symbols a plan
draws (`word_boxes`), and the spot nearest a corner of a region where a box of a given size
keeps clear of them all (`clear_spot`). A tile's badge on an assembly diagram and a token on
a set-up map are placed with these, so neither covers the map's own words."""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Callable, Iterable
from itertools import accumulate

from .plan import Group, Icon, Rect, Text

Box = tuple[float, float, float, float]  # left, bottom, right, top
Width = Callable[[str, str, float], float]  # (text, face, size) -> width in points

ASCENT, DESCENT = 0.8, 0.25  # of the size: where a line of sans text reaches, round its baseline


def text_box(op: Text, width: Width) -> Box:
    """The box a line of text covers, turned with it (its own coordinates)."""
    size = op.font.size
    w = width(op.text, op.font.face, size)
    left = {"centre": -w / 2, "right": -w}.get(op.align, 0.0)
    corners = [(left, -DESCENT * size), (left + w, ASCENT * size)]
    if op.angle:
        a = math.radians(op.angle)
        cos, sin = math.cos(a), math.sin(a)
        pts = [
            (x * cos - y * sin, x * sin + y * cos)
            for x in (left, left + w)
            for y in (-DESCENT * size, ASCENT * size)
        ]
        corners = [
            (min(p[0] for p in pts), min(p[1] for p in pts)),
            (max(p[0] for p in pts), max(p[1] for p in pts)),
        ]
    (x0, y0), (x1, y1) = corners
    return (op.x + x0, op.y + y0, op.x + x1, op.y + y1)


def word_boxes(ops: Iterable, width: Width, pad: float = 0.0) -> list[Box]:
    """The boxes, in the ops' own coordinates, of what a mark laid over them must not cover:
    every line of text (grown by ``pad`` of its size a side, for the disc or tab round a
    letter), every filled tab and every icon. Strokes and patterns are not counted; groups
    are read through their placing."""
    out: list[Box] = []
    for op in ops:
        if isinstance(op, Text):
            x0, y0, x1, y1 = text_box(op, width)
            grow = op.font.size * pad
            out.append((x0 - grow, y0 - grow, x1 + grow, y1 + grow))
        elif isinstance(op, Rect) and op.fill is not None:
            out.append((op.x, op.y, op.x + op.w, op.y + op.h))
        elif isinstance(op, Icon):
            half = op.size / 2
            out.append((op.cx - half, op.cy - half, op.cx + half, op.cy + half))
        elif isinstance(op, Group):
            out.extend(map(placing(op), word_boxes(op.ops, width, pad)))
    return out


def placed(box: Box, g: Group) -> Box:
    """A box in a group's own coordinates as its parent sees it (the box round it, turned)."""
    return placing(g)(box)


def placing(g: Group) -> Callable[[Box], Box]:
    """``placed`` for the boxes of one group: its turn worked out once (a map's group holds
    thousands of words)."""
    a = math.radians(g.rotate)
    cos, sin = math.cos(a) * g.scale, math.sin(a) * g.scale
    dx, dy = g.dx, g.dy

    def place(box: Box) -> Box:
        x0, y0, x1, y1 = box  # the corners (x0, y0), (x0, y1), (x1, y0), (x1, y1), turned
        ax, bx, cx, ex = (
            cos * x0 - sin * y0 + dx,
            cos * x0 - sin * y1 + dx,
            cos * x1 - sin * y0 + dx,
            cos * x1 - sin * y1 + dx,
        )
        ay, by, cy, ey = (
            sin * x0 + cos * y0 + dy,
            sin * x0 + cos * y1 + dy,
            sin * x1 + cos * y0 + dy,
            sin * x1 + cos * y1 + dy,
        )
        return (min(ax, bx, cx, ex), min(ay, by, cy, ey), max(ax, bx, cx, ex), max(ay, by, cy, ey))

    return place


def clash(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def hidden(box: Box, over: Iterable[Box], words: bool = True) -> bool:
    """Is the thing in ``box`` hidden by one of the boxes drawn ``over`` it: touched at all
    when it holds words (half a word reads as another), over its middle when it is a
    picture (the rest of an icon still shows what it is)."""
    if words:
        return any(clash(box, b) for b in over)
    x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return any(b[0] < x < b[2] and b[1] < y < b[3] for b in over)


def clear_spot(w: float, h: float, region: Box, taken: Iterable[Box], gap: float) -> Box | None:
    """The box w x h inside ``region``, at least ``gap`` clear of every box ``taken``, that
    lies nearest the region's top-left corner; None when no such box exists.

    A clear box slid left until it meets a taken box (or the region's side), then up until
    it meets one (or the top), stays clear and comes nearer the corner: so the spots to try
    are the region's left side and the taken boxes' right sides, against its top and the
    taken boxes' bottoms."""
    x0, y0, x1, y1 = region
    if w > x1 - x0 or h > y1 - y0:
        return None
    # the taken boxes, grown by the gap, that reach into the region (clash, written out:
    # this runs over every word of a map for each badge size tried)
    near = [
        (b[0] - gap, b[1] - gap, b[2] + gap, b[3] + gap)
        for b in taken
        if b[0] - gap < x1 and x0 < b[2] + gap and b[1] - gap < y1 and y0 < b[3] + gap
    ]
    lefts = {x0} | {b[2] for b in near if x0 < b[2] <= x1 - w}
    tops = {y1} | {b[1] for b in near if y0 + h <= b[1] < y1}
    # A spot at `left` can only clash with the boxes that overlap it across. Those, found
    # once per left and sorted by their bottoms, with the highest top among the first k:
    # a spot is clear when no box below its top reaches above its bottom.
    across = {}
    for left in lefts:
        spans = sorted((b[1], b[3]) for b in near if left < b[2] and b[0] < left + w)
        across[left] = ([s[0] for s in spans], list(accumulate((s[1] for s in spans), max)))
    for _, left, top in sorted(
        (math.hypot(left - x0, y1 - top), left, top) for left in lefts for top in tops
    ):
        bottom = top - h
        bottoms, highest = across[left]
        below = bisect_left(bottoms, top)  # the boxes whose bottoms lie below the top
        if below == 0 or highest[below - 1] <= bottom:
            return (left, bottom, left + w, top)
    return None


__all__ = ["clash", "clear_spot", "hidden", "placed", "text_box", "word_boxes"]
