"""Line features (roads, rails, trails, rivers) and cell features (cities, forts, victory
points, set-up marks) drawn as plan ops in map coordinates, as layers over the terrain."""

from __future__ import annotations

import math
from itertools import pairwise

from ...colours import readable_on
from ...geometry import Cell
from ...model.map import FeatureKind, LineKind, MapDef
from ...model.mapbuild import on_edge
from ...style import MARK_INK, PAPER, PIECE_MIN, ROAD_CASING
from ..clearance import hidden
from ..plan import Font, Icon, Line, Path, Rect, Stroke, Text

Point = tuple[float, float]
# ways that run on off the map where they end on its edge (a river keeps its own ends)
OFF_MAP = ("road", "rail", "trail")
# drawn bottom to top: water under the ways that cross it, rails over roads
_ORDER = {"river": 0, "trail": 1, "plain": 2, "road": 3, "rail": 4}
# points printed: the least a line feature's width prints at however reduced its drawing,
# twice a reduced map's grid (mapart.GRID_LEAST), so a road stays stronger than the grid
LINE_LEAST = 1.0
CASING = 1.4  # points printed: a road's dark casing, beyond its colour
# of the cell's size: the room between a name's plate and the side under it, which a
# ford's or bridge's symbol on that side takes (mapart.crossing_symbol)
NAME_CLEAR = 0.13
NAME_SIDE = 0.03  # ... and between it and the sides beside it


def line_ops(m: MapDef, size: float, printed: float = 1.0) -> list:
    """The map's line features, heaviest last, at ``printed`` scale."""
    ops: list = []
    lines = sorted(m.lines, key=lambda ln: _ORDER.get(m.line_kinds[ln.kind].style, 2))
    towns = {f.cell for f in m.features if f.name}
    for line in lines:
        kind = m.line_kinds[line.kind]
        pts = [m.grid.centre(*c) for c in line.cells]
        if kind.style in OFF_MAP:  # an end on the map's edge runs on off the map
            ends = ((line.cells[0], line.cells[1]), (line.cells[-1], line.cells[-2]))
            first, last = (_off_map(m, end, before, towns) for end, before in ends)
            pts = [p for p in (first, *pts, last) if p is not None]
        ops.extend(style_ops(kind, pts, size, printed))
    return ops


def _off_map(m: MapDef, end: Cell, before: Cell, towns: set[Cell]) -> Point | None:
    """Where a way that ends in ``end`` (coming from ``before``) leaves the map: the middle
    of the end cell's side on the map's edge that lies most nearly straight on; None when
    the end is a town (the way ends there) or not on the edge."""
    if end in towns or not on_edge(m, end):
        return None
    (ex, ey), (bx, by) = m.grid.centre(*end), m.grid.centre(*before)
    corners = m.grid.corners(*end)
    best: tuple[float, Point] | None = None
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1], strict=True):
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        beyond = m.grid.cell_at((2 * mx - ex, 2 * my - ey))  # the cell across this side
        if beyond is not None and beyond in m.cells:
            continue
        straight = ((mx - ex) * (ex - bx) + (my - ey) * (ey - by)) / (
            math.hypot(mx - ex, my - ey) * max(1e-9, math.hypot(ex - bx, ey - by))
        )
        if best is None or straight > best[0]:
            best = (straight, (mx, my))
    return best[1] if best is not None else None


def style_ops(kind: LineKind, pts: list[Point], size: float, printed: float = 1.0) -> list:
    """One line of a kind through the points (map or key coordinates), drawn at
    ``printed`` scale: never thinner than LINE_LEAST printed."""
    w = max(kind.width, LINE_LEAST / printed)
    if kind.style == "river":
        to = max(kind.to_width or kind.width, LINE_LEAST / printed)
        return [_ribbon(_smooth(pts), w, to, kind.colour)]
    path = tuple(pts)
    if kind.style == "road":  # a dark casing under the road's colour
        return [
            Path(path, closed=False, stroke=Stroke(ROAD_CASING, w + CASING / printed)),
            Path(path, closed=False, stroke=Stroke(kind.colour, w, kind.dash)),
        ]
    if kind.style == "rail":  # a thin line with ties across it
        ops: list = [Path(path, closed=False, stroke=Stroke(kind.colour, w))]
        tie = Stroke(kind.colour, max(0.6, w * 0.7))
        half = max(w * 2.2, size * 0.06)
        step = max(size / 6, half * 1.5)
        for (x0, y0), (x1, y1) in pairwise(pts):
            length = math.hypot(x1 - x0, y1 - y0)
            if length == 0:
                continue
            ux, uy = (x1 - x0) / length, (y1 - y0) / length
            n = max(1, round(length / step))
            for i in range(n):
                t = (i + 0.5) * length / n
                cx, cy = x0 + ux * t, y0 + uy * t
                ops.append(
                    Line(cx - uy * half, cy + ux * half, cx + uy * half, cy - ux * half, tie)
                )
        return ops
    if kind.style == "trail":
        dash = kind.dash or (w * 2.5, w * 1.8)
        return [Path(path, closed=False, stroke=Stroke(kind.colour, w, dash))]
    return [Path(path, closed=False, stroke=Stroke(kind.colour, w, kind.dash))]


def _smooth(pts: list[Point], rounds: int = 3) -> list[Point]:
    """Chaikin's corner cutting, ends kept: a river bends rather than zigzags."""
    for _ in range(rounds):
        if len(pts) < 3:
            return pts
        out = [pts[0]]
        for (x0, y0), (x1, y1) in pairwise(pts):
            out.append((0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1))
            out.append((0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1))
        out.append(pts[-1])
        pts = out[:1] + out[2:-2] + out[-1:]  # the ends stay where the path starts and ends
    return pts


def _ribbon(pts: list[Point], w0: float, w1: float, colour: str) -> Path:
    """A filled band along the points whose width grows from ``w0`` to ``w1``."""
    lengths = [0.0]
    for a, b in pairwise(pts):
        lengths.append(lengths[-1] + math.dist(a, b))
    total = lengths[-1] or 1.0
    left: list[Point] = []
    right: list[Point] = []
    for i, (x, y) in enumerate(pts):
        a = pts[max(0, i - 1)]
        b = pts[min(len(pts) - 1, i + 1)]
        dx, dy = b[0] - a[0], b[1] - a[1]
        d = math.hypot(dx, dy) or 1.0
        half = (w0 + (w1 - w0) * lengths[i] / total) / 2
        nx, ny = -dy / d * half, dx / d * half
        left.append((x + nx, y + ny))
        right.append((x - nx, y - ny))
    return Path(tuple(left + right[::-1]), closed=True, fill=colour, stroke=None)


def feature_ops(
    m: MapDef,
    size: float,
    bold: str,
    text_scale: float = 1.0,
    hide: tuple = (),
    least: float = PIECE_MIN,
) -> list:
    """Each cell's features side by side across its middle, a name under them (at least
    ``least`` map points); a symbol or name that a box of ``hide`` (something standing on
    the map) covers is left out. The names share one size: grown by ``text_scale`` on a
    reduced drawing, or their own where a grown name would be hidden (lower in its cell
    when that keeps it clear). A name wider than its cell at that size is set on two lines,
    the cell's symbols made smaller above it, so no name crosses a hexside."""
    by_cell: dict = {}
    for f in m.features:
        if f.kind in m.feature_kinds:
            by_cell.setdefault(f.cell, []).append(f)
    named = []
    widths: list[float] = []  # each named cell's width where its name goes
    for cell, feats in by_cell.items():
        cx, cy = m.grid.centre(*cell)
        names = [f.name for f in feats if f.name]
        if names:
            named.append((cx, cy, " · ".join(names)))
            widths.append(_width_at(m.grid.corners(*cell), cy - size * 0.42))
    plain = max(4.5, size * 0.15, least)
    grown = max(max(4.5, size * 0.15) * text_scale, least)
    # a name keeps inside its cell: set smaller (never under `least`) where it is wider
    inside = min(
        (w / (0.58 * len(n[2]) + 0.5) for n, w in zip(named, widths, strict=True)),
        default=grown,
    )
    plain, grown = max(least, min(plain, inside)), max(least, min(grown, inside))
    spots = {fs: [_name_spot(n, fs, size, hide) for n in named] for fs in (grown, plain)}
    fs = grown if all(spots[grown]) else plain
    ops: list = []
    names_at = {(n[0], n[1]): (n[2], ty) for n, ty in zip(named, spots[fs], strict=True)}
    for cell, feats in by_cell.items():
        cx, cy = m.grid.centre(*cell)
        text, ty = names_at.get((cx, cy), ("", None))
        lines = _name_lines(m.grid.corners(*cell), text, fs, ty)
        ops.extend(_symbols(m, feats, (cx, cy), size, bold, hide, (bool(text), lines, fs), least))
        ops.extend(_name_ops(cx, lines, fs, bold))
    return ops


def _name_lines(poly: list[Point], text: str, fs: float, ty: float | None) -> list:
    """A cell's name as (line, baseline) pairs: one line at ``ty``, or two, the lower as
    low as the cell's width allows, when one line is wider than the cell; a word that
    cannot be cut is raised to where the cell is wide enough; [] for none. A plate keeps
    NAME_SIDE of the cell's size clear of its sides."""
    if not text or ty is None:
        return []
    low = min(y for _, y in poly)
    size = max(y for _, y in poly) - low
    wide = lambda t: fs * 0.58 * len(t) + fs * 0.5 + 2 * size * NAME_SIDE  # noqa: E731

    def fits(t: str, y: float) -> bool:
        return wide(t) <= min(_width_at(poly, y - fs * 0.3), _width_at(poly, y + fs * 0.9))

    if fits(text, ty):
        return [(text, ty)]
    cut = text.rfind(" ", 0, len(text) // 2 + 1)
    cut = cut if cut > 0 else text.find(" ")
    if cut <= 0:
        while ty < low + size / 2 and not fits(text, ty):
            ty += fs * 0.1
        return [(text, ty)]
    top, bottom = text[:cut], text[cut + 1 :]
    base = low + size * NAME_CLEAR + fs * 0.3  # the plate clear of the hexside under it
    while base < ty and _width_at(poly, base - fs * 0.3) < wide(bottom):
        base += fs * 0.1
    return [(top, base + fs * 1.1), (bottom, base)]


def _symbols(
    m: MapDef,
    feats: list,
    at: Point,
    size: float,
    bold: str,
    hide: tuple,
    name: tuple,
    least: float = 0.0,
) -> list:
    """A cell's feature symbols side by side; over a two-line name, made smaller to keep
    above it, within the room they had. ``name``: (named?, its lines, its size)."""
    (cx, cy), (named, lines, fs) = at, name
    sizes = [size * m.feature_kinds[f.kind].size for f in feats]
    y = cy + (size * 0.08 if named else 0.0)
    if lines:
        top = y + max(sizes) / 2  # the room's top stays where it was
        floor = max(ty for _, ty in lines) + fs * 0.9 + size * 0.03
        k = max(0.0, min(1.0, (top - floor) / max(sizes)))
        sizes = [s * k for s in sizes]
        y = top - max(sizes) / 2
    total = sum(sizes) + size * 0.05 * (len(sizes) - 1)
    x = cx - total / 2
    ops: list = []
    for f, s in zip(feats, sizes, strict=True):
        kind = m.feature_kinds[f.kind]
        if not hidden((x, y - s / 2, x + s, y + s / 2), hide, not kind.icon):
            ops.extend(symbol_ops(kind, x + s / 2, y, s, bold, least))
        x += s + size * 0.05
    return ops


def _name_ops(cx: float, lines: list, fs: float, bold: str) -> list:
    """The name's lines on a paper plate, centred under the symbols."""
    if not lines:
        return []
    w = max(fs * 0.58 * len(t) + fs * 0.5 for t, _ in lines)
    baselines = [ty for _, ty in lines]
    bottom, top = min(baselines) - fs * 0.3, max(baselines) + fs * 0.9
    ops: list = [Rect(cx - w / 2, bottom, w, top - bottom, fill=PAPER, radius=fs * 0.3)]
    for text, ty in lines:
        ops.append(Text(cx, ty, text, Font(bold, fs), MARK_INK, align="centre"))
    return ops


def _width_at(poly: list[Point], y: float) -> float:
    """The width of a convex cell outline along the level y."""
    xs = []
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (y0 - y) * (y1 - y) <= 0 and y0 != y1:
            xs.append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
    return max(xs) - min(xs) if len(xs) >= 2 else 0.0


def _name_spot(named: tuple, fs: float, size: float, hide: tuple) -> float | None:
    """The baseline of a cell's name at ``fs`` under its features, or lower in the cell,
    where nothing in ``hide`` covers it; None where both are covered."""
    cx, cy, text = named
    w = fs * 0.58 * len(text) + fs * 0.5
    low = cy - size / 2 + size * NAME_CLEAR + fs * 0.3  # the plate clear of the side under it
    # lower still where a piece stands over the middle, clear of the side's grid line
    for ty in (max(low, cy - size * 0.36), cy - size * 0.46 + fs * 0.3):
        if not hidden((cx - w / 2, ty - fs * 0.3, cx + w / 2, ty + fs * 0.9), hide):
            return ty
    return None


def symbol_ops(
    kind: FeatureKind, cx: float, cy: float, s: float, bold: str, least: float = 0.0
) -> list:
    """A feature's own look in a square of side ``s``: its icon, or its text on a disc (the
    disc alone where the text would be under ``least``: a reduced map's colour still tells)."""
    if kind.icon:
        return [Icon(kind.icon, cx, cy, s, kind.colour)]
    fs = s * (0.62 if len(kind.text) <= 1 else 0.9 / max(1, len(kind.text)))
    disc = Path(_disc(cx, cy, s / 2), fill=kind.colour, stroke=Stroke(PAPER, max(0.5, s / 20)))
    if fs < least:
        return [disc]
    return [
        disc,
        Text(
            cx, cy - fs * 0.35, kind.text, Font(bold, fs), readable_on(kind.colour), align="centre"
        ),
    ]


def _disc(cx: float, cy: float, r: float) -> tuple[Point, ...]:
    return tuple(
        (cx + r * math.cos(2 * math.pi * i / 24), cy + r * math.sin(2 * math.pi * i / 24))
        for i in range(24)
    )


__all__ = ["feature_ops", "line_ops", "style_ops", "symbol_ops"]
