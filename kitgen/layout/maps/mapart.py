"""A map drawn as plan ops in map coordinates (the grid's bottom-left at (0, 0), y up).

Terrain reads in greyscale: every pattern is vector line work, and a terrain may add a short
mark. Patterns are drawn once per terrain as a keyed Group and placed at each cell centre.
"""

from __future__ import annotations

import math

from ...colours import faint_on, stand_off
from ...geometry import Cell, HexGrid, SquareGrid, column_letters, point_in_polygon
from ...model.map import AreaStyle, MapDef, Terrain
from ...records import record
from ...style import DIM_INK, FORD_FILL, LINE_INK, MAP_GRID_INK, MARK_INK, MID_INK, PAPER, PIECE_MIN
from ..clearance import clash, hidden
from ..plan import Circle, Font, Group, Icon, Line, Path, Rect, Stroke, Text
from .celldisc import disc_boxes, disc_ops, disc_room
from .maplayers import feature_ops, line_ops

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1
# The playing grid is the strongest line of a map's ground, on every drawing of the map:
# a dark line of a published map's weight, never a hairline however reduced the drawing;
# a terrain's texture (a sub-grid, deck plating, hatching, tufts) is thinner and fainter
# (it stands less far off its cell's colour, in L*). Widths are printed points.
GRID_WIDTH = 0.75  # on a map printed at its size (published maps: 0.5-0.75 pt)
AREA_SHARE = 0.8  # an area's dashed outline, of the grid's width: coloured, never the strongest
GRID_LEAST = 0.5  # on a reduced drawing (a set-up sheet, a diagram, a cover)
TEXTURE_WIDTH = 0.3  # the most a texture's stroke is ...
TEXTURE_SHARE = 0.4  # ... and of the grid's width
TEXTURE_OFF = 22.0  # L*: the most a texture stands off its cell's colour ...
TEXTURE_HALF = 0.5  # ... and of the way the grid stands off it
# a sub-grid repeats the grid's own lines, so even faint it reads as a finer playing grid
# (a reviewer read one as outweighing the grid): it stands off its cell by this share of
# what another texture may
SUBGRID_SHARE = 0.4
RIM_SHARE = 0.5  # a terrain's rim (a red top edge), of the grid's width ...
RIM_GAP = 0.06  # ... inside the cell's sides by this share of the cell
FORD_BANK = 2.4  # points: a ford's shallows reach this far past the river's banks
BORDER_WIDTH = 1.6  # the map's outline at its size; twice the grid's at least
POINT = 0.09  # a board point's radius, of the cell's size
COORD_INK = DIM_INK
TAB_CLEAR = 0.45  # of a coordinate's size: the room between its tab and its cell's sides
MIN_WORD = PIECE_MIN  # points: the least any word on a map prints at


def cell_polygon(grid: SquareGrid | HexGrid, cell: Cell) -> list[Point]:
    return grid.corners(cell[0], cell[1])


def cell_size(grid: SquareGrid | HexGrid) -> float:
    return grid.cell if isinstance(grid, SquareGrid) else grid.size


# ---- patterns -----------------------------------------------------------------------------


def _clip_segment(p: Point, q: Point, poly: list[Point]) -> tuple[Point, Point] | None:
    """Cyrus-Beck: the part of segment pq inside a convex CCW polygon."""
    t0, t1 = 0.0, 1.0
    dx, dy = q[0] - p[0], q[1] - p[1]
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        nx, ny = -(b[1] - a[1]), b[0] - a[0]  # inward normal of a CCW edge
        num = nx * (p[0] - a[0]) + ny * (p[1] - a[1])
        den = nx * dx + ny * dy
        if abs(den) < 1e-12:
            if num < 0:
                return None
            continue
        t = -num / den
        if den > 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return (p[0] + t0 * dx, p[1] + t0 * dy), (p[0] + t1 * dx, p[1] + t1 * dy)


def _inset(poly: list[Point], k: float) -> list[Point]:
    cx = sum(p[0] for p in poly) / len(poly)
    cy = sum(p[1] for p in poly) / len(poly)
    return [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in poly]


def rim_op(
    t: Terrain, poly: list[Point] | tuple[Point, ...], size: float, printed: float = 1.0
) -> Path:
    """Terrain ``t``'s rim (its ``outline``, e.g. a red top edge): a line of its colour
    just inside the cell's sides, drawn under the grid and RIM_SHARE of its width, so the
    grid stays the line that reads first."""
    assert t.outline is not None
    cx = sum(p[0] for p in poly) / len(poly)
    cy = sum(p[1] for p in poly) / len(poly)
    apothem = min(  # the centre's distance from the nearest side
        abs((bx - ax) * (cy - ay) - (by - ay) * (cx - ax)) / math.hypot(bx - ax, by - ay)
        for (ax, ay), (bx, by) in zip(poly, [*poly[1:], poly[0]], strict=True)
    )
    inner = _inset(list(poly), 1 - size * RIM_GAP / apothem)
    return Path(
        tuple(inner), fill=None, stroke=Stroke(t.outline, grid_line(printed).width * RIM_SHARE)
    )


def grid_line(printed: float = 1.0) -> Stroke:
    """The grid's stroke, in map points, for a drawing printed at ``printed`` scale."""
    return Stroke(MAP_GRID_INK, max(GRID_LEAST, GRID_WIDTH * printed) / printed)


def border_line(printed: float = 1.0) -> Stroke:
    """The map's outline, in map points, at ``printed`` scale: heavier than its grid."""
    return Stroke(MARK_INK, max(BORDER_WIDTH * printed, 2 * GRID_LEAST) / printed)


def texture_line(t: Terrain, size: float, printed: float = 1.0) -> Stroke:
    """The stroke of terrain ``t``'s texture in a cell ``size`` map points across, at
    ``printed`` scale: its colour blended toward the cell's until it stands off it by
    TEXTURE_OFF at most and by TEXTURE_HALF of the grid's stand-off, its width at most
    TEXTURE_WIDTH printed and TEXTURE_SHARE of the grid's."""
    ground = t.fill or PAPER
    ink = t.pattern_colour or LINE_INK
    grid = grid_line(printed)
    if t.pattern == "solid":  # the cell's colour, not a texture over it: mid grey unless given
        return Stroke(t.pattern_colour or MID_INK, 0.0)
    most = min(TEXTURE_OFF, stand_off(grid.colour, ground) * TEXTURE_HALF)
    if t.pattern == "grid":
        most *= SUBGRID_SHARE
    width = min(TEXTURE_WIDTH / printed, grid.width * TEXTURE_SHARE, max(0.25, size / 240))
    return Stroke(faint_on(ink, ground, most), width)


def pattern_ops(
    pattern: str,
    poly: list[Point],
    size: float,
    ink: Stroke,
    centre: Point = (0.0, 0.0),
    clear: tuple[Box, ...] = (),
) -> list:
    """Vector pattern ops inside the convex CCW ``poly`` centred on ``centre``, drawn with
    ``ink`` (texture_line); no tuft or dot meets a box of ``clear`` (about the centre:
    where a cell's disc goes)."""
    ox, oy = centre
    poly = [(x - ox, y - oy) for x, y in poly]
    ops = _pattern_about_origin(pattern, poly, size, ink, clear)
    if centre == (0.0, 0.0):
        return ops
    return [Group(tuple(ops), dx=ox, dy=oy)]


def _pattern_about_origin(
    pattern: str, poly: list[Point], size: float, thin: Stroke, clear: tuple[Box, ...] = ()
) -> list:
    """A terrain pattern's ops for a cell `size` across, inside the cell polygon `poly`
    centred on the origin, its tufts and dots clear of the boxes of `clear`."""
    colour = thin.colour
    if pattern in ("hatch", "cross", "grid", "bricks"):
        return _ruled(pattern, poly, size, colour, thin)
    if pattern == "dots":
        return _dots(poly, size, colour, clear)
    if pattern == "waves":
        return _waves(poly, size, thin)
    if pattern in ("grass", "trees"):
        return _tufts(pattern, poly, size, thin, clear)
    if pattern == "solid":
        return [Path(tuple(poly), fill=colour)]
    return []


def _ruled(pattern: str, poly: list[Point], size: float, colour: str, thin: Stroke) -> list:
    """Hatching (one way or crossed), a grid or brick courses, clipped to the cell."""
    ops: list = []
    half = size
    if pattern in ("hatch", "cross"):
        step = size / 7
        k = -2 * half
        while k <= 2 * half:
            seg = _clip_segment((k - half, -half), (k + half, half), poly)
            if seg:
                ops.append(Line(*seg[0], *seg[1], thin))
            if pattern == "cross":
                seg = _clip_segment((k - half, half), (k + half, -half), poly)
                if seg:
                    ops.append(Line(*seg[0], *seg[1], thin))
            k += step
    elif pattern == "grid":
        step = size / 6
        k = -half + step / 2
        while k < half:
            for a, b in (((k, -half), (k, half)), ((-half, k), (half, k))):
                seg = _clip_segment(a, b, poly)
                if seg:
                    ops.append(Line(*seg[0], *seg[1], thin))
            k += step
    else:  # bricks
        step = size / 6
        for j in range(-6, 7):
            y = j * step
            seg = _clip_segment((-half, y), (half, y), poly)
            if seg:
                ops.append(Line(*seg[0], *seg[1], thin))
            for i in range(-6, 7):
                x = i * step * 1.5 + (step * 0.75 if j % 2 else 0)
                seg = _clip_segment((x, y), (x, y + step), poly)
                if seg:
                    ops.append(Line(*seg[0], *seg[1], thin))
    return ops


def _dots(poly: list[Point], size: float, colour: str, clear: tuple[Box, ...] = ()) -> list:
    """Dots in staggered rows, kept inside the cell and clear of the boxes of `clear`."""
    ops: list = []
    step = size / 6
    inner = _inset(poly, 0.92)
    for i in range(-6, 7):
        for j in range(-6, 7):
            x = i * step + (step / 2 if j % 2 else 0)
            y = j * step * 0.87
            r = size / 55
            if point_in_polygon((x, y), inner) and not _in_any((x - r, y - r, x + r, y + r), clear):
                ops.append(Circle(x, y, r, fill=colour))
    return ops


def _waves(poly: list[Point], size: float, thin: Stroke) -> list:
    """Wavy lines, broken where they leave the cell."""
    ops: list = []
    half = size
    step = size / 5
    amp = size / 28
    inner = _inset(poly, 0.9)
    for j in range(-3, 4):
        y = j * step
        pts = [
            (x / 10 * size - half, y + amp * math.sin(x / 10 * size * 2 * math.pi / (size / 3)))
            for x in range(0, 21)
        ]
        run: list[Point] = []
        for pt in pts:
            if point_in_polygon(pt, inner):
                run.append(pt)
            elif len(run) > 1:
                ops.append(Path(tuple(run), closed=False, stroke=thin))
                run = []
            else:
                run = []
        if len(run) > 1:
            ops.append(Path(tuple(run), closed=False, stroke=thin))
    return ops


def _tufts(
    pattern: str, poly: list[Point], size: float, thin: Stroke, clear: tuple[Box, ...] = ()
) -> list:
    """Grass tufts or little trees in staggered rows, kept inside the cell and clear of
    the boxes of `clear`."""
    ops: list = []
    step = size / (4 if pattern == "grass" else 3)
    inner = _inset(poly, 0.78)
    for i in range(-4, 5):
        for j in range(-4, 5):
            x = i * step + (step / 2 if j % 2 else 0)
            y = j * step * 0.9
            k = size / 14  # a tuft's height, a tree's crown radius
            box = (
                (x - k * 0.6, y, x + k * 0.6, y + k * 1.2)
                if pattern == "grass"
                else (x - k, y - k * 1.6, x + k, y + k * 1.2)
            )
            if not point_in_polygon((x, y), inner) or _in_any(box, clear):
                continue
            if pattern == "grass":
                h = size / 14
                ops.append(
                    Path(
                        ((x - h * 0.6, y + h), (x, y), (x + h * 0.6, y + h)),
                        closed=False,
                        stroke=thin,
                    )
                )
                ops.append(Line(x, y, x, y + h * 1.2, thin))
            else:
                r = size / 14
                ops.append(Line(x, y - r * 1.6, x, y - r * 0.4, thin))
                ops.append(Circle(x, y + r * 0.2, r, fill=None, stroke=thin))
    return ops


def _in_any(box: Box, boxes: tuple[Box, ...]) -> bool:
    return any(clash(box, b) for b in boxes)


def _local_polygon(grid: SquareGrid | HexGrid) -> list[Point]:
    cx, cy = grid.centre(0, 0)
    return [(x - cx, y - cy) for x, y in grid.corners(0, 0)]


# ---- the whole map ------------------------------------------------------------------------


def map_ops(
    m: MapDef,
    faces: tuple[str, str],
    key_prefix: str = "",
    text_scale: float = 1.0,
    avoid: tuple[Box, ...] = (),
    coords: float | None = None,
    under: tuple = (),
    hide: tuple[Box, ...] = (),
    least: float = MIN_WORD,
    coord_cells: tuple[Cell, ...] | None = None,
    lanes: Lanes | None = None,
    printed: float = 1.0,
) -> list:
    """Everything drawn inside the map: cells, patterns, edges, areas, coordinates, marks.
    ``faces`` = (regular, bold) font faces; ``avoid``: boxes (map points) that something is
    drawn over later, kept clear of area labels; ``coords``: a size (map points) to label
    cells at, even on a map without coordinates (a set-up diagram reads by them), every
    cell or only ``coord_cells``; ``under``: ops drawn over the cells but under every label,
    so no line crosses words; ``hide``: boxes of things drawn over later that stand on the
    map (a set-up diagram's pieces): the marks, features and terrain words they would cover
    are left out (as a counter on the board hides what is printed under it), and area
    labels keep clear. ``least``: the smallest any word is set, in map points (a reduced
    drawing passes the printed minimum over its scale): a terrain's mark or an icon's
    caption that cannot have that size inside its cell is left out (the key names it).
    ``lanes``: bands no coordinate may cross (a tiled map's seams, see Lanes).
    ``printed``: the scale the drawing prints at, which keeps its lines' printed weights."""
    regular, bold = faces
    size = cell_size(m.grid)
    head, marked, tail = _drawn_alike(
        m, faces, key_prefix, coords, least, coord_cells, lanes, printed
    )
    ops = list(head)
    ops.extend(under)
    clear = avoid + hide + mark_boxes(m, text_scale, least) + disc_boxes(m, size, least)
    if coords is not None:
        clear += coord_boxes(m, coords, coord_cells, lanes)
    elif m.coords:
        clear += coord_boxes(m, lanes=lanes)
    ops.extend(_area_ops(m, size, bold, text_scale, clear, least, printed))
    ops.extend(op for box, unit in marked if not hidden(box, hide) for op in unit)
    ops.extend(tail)
    ops.extend(disc_ops(m, size, bold, least, hide))
    ops.extend(feature_ops(m, size, bold, text_scale, hide, least))
    boxes = mark_boxes(m, text_scale, least)
    shown = [not hidden(b, hide, bool(mk.text)) for b, mk in zip(boxes, m.marks, strict=True)]
    ops.extend(_marks(m, size, bold, text_scale, shown, least))
    return ops


def _drawn_alike(
    m: MapDef,
    faces: tuple[str, str],
    key_prefix: str,
    coords: float | None = None,
    least: float = MIN_WORD,
    coord_cells: tuple[Cell, ...] | None = None,
    lanes: Lanes | None = None,
    printed: float = 1.0,
) -> tuple[tuple, tuple, tuple]:
    """The ops drawn before and after the area labels, which do not change with the text
    scale: a tiled map and its reduced assembly sheet share them (kept with the map, see
    _kept). After the labels come the terrain marks, as (box, ops) each, then the rest."""
    kept = _kept(m)
    key = ("alike", faces, key_prefix, coords, least, coord_cells, lanes, printed)
    got = kept.get(key)
    if got is None:
        regular, bold = faces
        size = cell_size(m.grid)
        cells, edges = _ground(m, key_prefix, printed)
        marked = tuple(_terrain_marks(m, size, bold, least))
        tail = list(edges)  # after the terrain's words, over whatever is drawn under the labels
        if coords is not None:
            tail.extend(_coord_ops(m, regular, coords, coord_cells, lanes))
        elif m.coords:
            tail.extend(_coord_ops(m, regular, lanes=lanes))
        got = kept[key] = (cells, marked, tuple(tail))
    return got


def _row_major(entry: tuple[Cell, str]) -> tuple[int, int]:
    """A (cell, terrain) entry's place, row by row: (row, column)."""
    (col, row), _ = entry
    return (row, col)


def _ground(m: MapDef, key_prefix: str, printed: float = 1.0) -> tuple[tuple, tuple]:
    """The ops that do not change with the words' sizes or the coordinates: (the cells, their
    terrain fills and patterns, grid lines, terrain outlines and line features; the map's
    border and edges), worked out once per map (a tiled map's sheets and its assembly
    sheet draw the same ground)."""
    kept = _kept(m)
    got = kept.get(("ground", key_prefix, printed))
    if got is not None:
        return got
    g = m.grid
    size = cell_size(g)
    ops: list = []
    local = _local_polygon(g)
    polygons = {cell: _polygon(m, cell) for cell in m.cells}  # fill and grid line
    # cells and terrain fills
    for cell, tid in sorted(m.cells.items(), key=_row_major):
        t = m.terrains[tid]
        ops.append(Path(polygons[cell], fill=t.fill or PAPER, stroke=None))
    # patterns, drawn once per terrain as a form
    for t in m.terrains.values():
        if not t.pattern or t.pattern == "none":
            continue
        # a form's box starts at its origin, so the pattern is drawn about (size, size)
        shifted = [(x + size, y + size) for x, y in local]
        ink = texture_line(t, size, printed)
        body = pattern_ops(t.pattern, shifted, size, ink, (size, size), disc_room(m, t.id, size))
        if not body:
            continue
        key_name = f"{key_prefix}pat-{m.id}-{t.id}-{size:.3f}@{printed:.6g}"
        for cell, tid in m.cells.items():
            if tid == t.id:
                cx, cy = g.centre(*cell)
                ops.append(Group(tuple(body), dx=cx - size, dy=cy - size, key=key_name))
    # on a board of points the points (its lines, drawn later, join them)
    if m.draw == "points":
        ops.extend(Circle(*g.centre(*cell), size * POINT, fill=MARK_INK) for cell in m.cells)
    # terrain rims (e.g. a red top edge on full-height cargo), under the grid
    ops.extend(
        rim_op(m.terrains[tid], polygons[cell], size, printed)
        for cell, tid in sorted(m.cells.items(), key=_row_major)
        if m.terrains[tid].outline
    )
    ops.extend(line_ops(m, size, printed))
    ops.extend(_edge_ops(m, size, over=False))
    # the grid over the rims, roads, rails and rivers: the one line no feature breaks
    if m.draw != "points":
        grid = grid_line(printed)
        ops.extend(Path(polygons[cell], fill=None, stroke=grid) for cell in m.cells)
    got = kept[("ground", key_prefix, printed)] = (
        tuple(ops),
        (*_border_ops(m, printed), *_edge_ops(m, size, over=True)),
    )
    return got


def _terrain_marks(m: MapDef, size: float, bold: str, least: float) -> list:
    """Each cell's terrain mark that has room at ``least``, as (box, ops)."""
    g = m.grid
    marked: list = []
    for cell, tid in m.cells.items():
        t = m.terrains[tid]
        if t.mark:
            cx, cy = g.centre(*cell)
            unit = _mark_text(t, cx, cy, size, bold, least)
            if not unit:
                continue
            tab = unit[0]
            marked.append(((tab.x, tab.y, tab.x + tab.w, tab.y + tab.h), tuple(unit)))
    return marked


def _kept(m: MapDef) -> dict:
    """What this module worked out for map ``m`` that stays the same while it lives (kept
    for the last few maps; the map is kept with it, so its id cannot be reused meanwhile)."""
    got = _KEPT.get(id(m))
    if got is None or got[0] is not m:
        if len(_KEPT) >= 4:
            _KEPT.clear()
        got = _KEPT[id(m)] = (m, {})
    return got[1]


_KEPT: dict[int, tuple[MapDef, dict]] = {}


def _labels(m: MapDef) -> dict[Cell, str]:
    """Each cell's label, worked out once per map (a map's coordinates ask for them all)."""
    kept = _kept(m)
    got = kept.get("labels")
    if got is None:
        got = kept["labels"] = {cell: m.label(cell) for cell in m.cells}
    return got


def _mark_text(
    t: Terrain, cx: float, cy: float, size: float, bold: str, least: float = MIN_WORD
) -> list:
    """The terrain's short mark on a white tab, big for one letter, modest for a word; none
    when the cell has no room for it at ``least``."""
    fs = size * 0.42 if len(t.mark) == 1 else min(size * 0.17, size * 0.6 / (0.62 * len(t.mark)))
    fs = max(fs, least)
    pad = fs * 0.4
    w = fs * 0.64 * len(t.mark) + pad * 2
    if w > size * 0.9:
        return []
    return [
        Rect(cx - w / 2, cy - fs * 0.55, w, fs * 1.15, fill=PAPER, radius=fs * 0.2),
        Text(cx, cy - fs * 0.35, t.mark, Font(bold, fs), MARK_INK, align="centre"),
    ]


def _boundary(m: MapDef, cells: frozenset[Cell] | set[Cell]) -> list[tuple[Point, Point, Cell]]:
    """Sides of ``cells`` not shared with another cell of the set, with the cell they bound."""
    g = m.grid
    out = []
    sides = 4 if isinstance(g, SquareGrid) else 6
    for cell in sorted(cells, key=lambda c: (c[1], c[0])):
        nbrs = g.neighbours(*cell)
        if len(nbrs) == sides and all(n in cells for n in nbrs):
            continue  # inside the set: no side of it is a boundary
        poly = cell_polygon(g, cell)
        cx, cy = g.centre(*cell)
        n = len(poly)
        for i in range(n):
            a, b = poly[i], poly[(i + 1) % n]
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            probe = (2 * mid[0] - cx, 2 * mid[1] - cy)  # the neighbour's centre across this side
            other = g.cell_at(probe)
            if other is None or other not in cells:
                out.append((a, b, cell))
    return out


def _border_ops(m: MapDef, printed: float = 1.0) -> list:
    if m.draw == "points":  # a board of points has no cell edges to outline
        return []
    border = border_line(printed)
    return [Line(*a, *b, border) for a, b, _ in _boundary(m, set(m.cells))]


def _area_ops(
    m: MapDef,
    size: float,
    bold: str,
    text_scale: float = 1.0,
    avoid: tuple[Box, ...] = (),
    least: float = MIN_WORD,
    printed: float = 1.0,
) -> list:
    ops: list = []
    taken = list(avoid)
    for style in m.area_styles:
        cells = m.areas.get(style.area)
        if not cells:
            continue
        if style.outline:
            ops.extend(_area_outline(m, cells, style, size, printed))
        if style.label:
            label = _area_label(m, cells, style, size, bold, text_scale, tuple(taken), least)
            tab = label[0]
            taken.append((tab.x, tab.y, tab.x + tab.w, tab.y + tab.h))
            ops.extend(label)
    return ops


def mark_text_size(m: MapDef, mk, text_scale: float = 1.0, least: float = MIN_WORD) -> float:
    """The size of a mark's words, in map points: 0 for an icon's caption that would not fit
    its cell's width at ``least`` (left out: the key names the icon)."""
    size = cell_size(m.grid)
    fs = max(size * mk.size * (0.32 if mk.icon is None else 0.2) * text_scale, least)
    if mk.icon and label_width(mk.text, fs) * BOLDER + fs * 0.6 > size:
        return 0.0
    return fs


def mark_boxes(m: MapDef, text_scale: float = 1.0, least: float = MIN_WORD) -> tuple[Box, ...]:
    """Rough boxes of the marks (icons and their captions), in map points."""
    g = m.grid
    size = cell_size(g)
    out = []
    for mk in m.marks:
        cx, cy = g.centre(*mk.cell)
        cx += mk.dx * size
        cy -= mk.dy * size
        half = size * mk.size / 2
        fs = mark_text_size(m, mk, text_scale, least) if mk.text else 0.0
        if fs:
            half = max(half if mk.icon else 0.0, fs * 0.32 * len(mk.text))
            low = cy - (half if mk.icon else fs) - (fs * 1.3 if mk.icon else 0)
            out.append((cx - half, low, cx + half, cy + max(fs, size * mk.size / 2)))
        else:
            out.append((cx - half, cy - half, cx + half, cy + half))
    return tuple(out)


def _clash(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _area_outline(
    m: MapDef, cells: frozenset[Cell], style: AreaStyle, size: float, printed: float = 1.0
) -> list:
    """A dashed band just inside the area's boundary, so it reads beside walls and edges:
    in its colour and lighter than the grid (AREA_SHARE of its width), so the playing grid
    stays the strongest line of the map."""
    width = min(max(1.2, size / 28), grid_line(printed).width * AREA_SHARE)
    stroke = Stroke(style.colour, width, (size / 9, size / 18))
    ops = []
    g = m.grid
    inset = size * 0.09
    for a, b, owner in _boundary(m, cells):
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        cx, cy = g.centre(*owner)
        d = math.dist(mid, (cx, cy)) or 1.0
        ux, uy = (cx - mid[0]) / d * inset, (cy - mid[1]) / d * inset
        ops.append(Line(a[0] + ux, a[1] + uy, b[0] + ux, b[1] + uy, stroke))
    return ops


def _area_label(
    m: MapDef,
    cells: frozenset[Cell],
    style: AreaStyle,
    size: float,
    bold: str,
    text_scale: float = 1.0,
    avoid: tuple[Box, ...] = (),
    least: float = MIN_WORD,
) -> list:
    """The area's name on a white tab: on the cell nearest the area's middle where the tab
    stays on the map and clear of marks and of ``avoid`` (else on the middle cell). A name
    grown by ``text_scale`` steps back towards its own size, then ``least``, until a spot
    keeps it inside its area."""
    grown = max(max(6.0, min(12.0, size * 0.14)) * text_scale, least)
    plain = max(max(6.0, min(12.0, size * 0.14)), least)
    fs = grown
    box, good = first = _area_spot(m, cells, style, size, fs, avoid)
    while not good and fs > min(plain, grown) + 1e-9:
        fs = max(min(plain, grown), fs * 0.9)
        box, good = _area_spot(m, cells, style, size, fs, avoid)
    if not good:  # nowhere inside at any size: where the grown name was meant to go
        fs, box = grown, first[0]
    w = box[2] - box[0]
    return [
        Rect(
            box[0],
            box[1],
            w,
            fs * 1.3,
            fill=PAPER,
            stroke=Stroke(style.colour, 0.8),
            radius=fs * 0.3,
        ),
        Text(
            (box[0] + box[2]) / 2,
            box[1] + fs * 0.35,
            style.label,
            Font(bold, fs),
            style.colour,
            align="centre",
        ),
    ]


def _area_spot(
    m: MapDef,
    cells: frozenset[Cell],
    style: AreaStyle,
    size: float,
    fs: float,
    avoid: tuple[Box, ...],
) -> tuple[Box, bool]:
    """Where the area's name at ``fs`` goes, and whether that spot lies inside the area
    and clear of ``avoid`` (or is the spot the map pins it to)."""
    g = m.grid
    b = g.bounds()
    centres = [g.centre(*c) for c in cells]
    mx = sum(x for x, _ in centres) / len(cells)
    my = sum(y for _, y in centres) / len(cells)
    w = label_width(style.label, fs) * BOLDER + fs

    # a tab sits a little above the cell's middle, else (to clear what is drawn over
    # the cell's top, as coordinate tabs) centred on it
    lifts = (size * 0.12, -fs * 0.3)

    def tab(spot: Point, lift: float = lifts[0]) -> Box:
        cx, cy = spot
        cx = min(max(cx, b.x0 + w / 2 + 1), b.x1 - w / 2 - 1)  # never past the map's edge
        y = cy + lift
        return (cx - w / 2, y - fs * 0.35, cx + w / 2, y + fs * 0.95)

    def inside(box: Box) -> bool:
        """The whole tab lies over the area's own cells (not over a wall into the next)."""
        x0, y0, x1, y1 = box
        xs = [x0 + (x1 - x0) * k / 4 for k in range(5)]
        return all(g.cell_at((x, y)) in cells for x in xs for y in (y0, y1))

    # spots: the cells' centres, and the middle of each pair of side-by-side cells (a tab
    # wider than a cell sits across two of the area's cells rather than over its wall)
    spots = [g.centre(*c) for c in cells]
    spots += [
        _middle(g.centre(*c), g.centre(c[0] + 1, c[1])) for c in cells if (c[0] + 1, c[1]) in cells
    ]
    if style.at is not None:  # on that cell, or across it and a side neighbour if wide
        c, r = style.at
        pinned = [
            tab(_middle(g.centre(*a), g.centre(*z)), lift)
            for a, z in (((c, r), (c, r)), ((c, r), (c + 1, r)), ((c - 1, r), (c, r)))
            if a in cells and z in cells
            for lift in lifts
        ]
        inside_pinned = [t for t in pinned if inside(t)]
        box = next((t for t in inside_pinned if not any(_clash(t, a) for a in avoid)), None)
        if box is not None:
            return box, True
        # too wide for its cell there (a reduced drawing), or a piece stands on it: the
        # nearest spot clear of what stands on the map, as for an area the map does not pin
        mx, my = g.centre(c, r)
    order = sorted(spots, key=lambda p: (math.dist(p, (mx, my)), -p[1], p[0]))
    tabs = (tab(p, lift) for p in order for lift in lifts)
    clear = [t for t in tabs if not any(_clash(t, a) for a in avoid)]
    box = next((t for t in clear if inside(t)), None)
    if box is not None:
        return box, True
    return (clear[0] if clear else tab(order[0])), False


def _middle(a: Point, b: Point) -> Point:
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)


def _edge_ops(m: MapDef, size: float, over: bool) -> list:
    """The map's edges: their lines (``over`` False: drawn under the grid, so no river or
    wall breaks it), or the symbols that stand on them (``over`` True: a ford's stones, a
    bridge's deck, a door's leaf, over the grid)."""
    ops: list = []
    g = m.grid
    for e in m.edges:
        kind = m.edge_kinds.get(e.kind)
        seg = g.shared_edge(e.a, e.b)
        if kind is None or seg is None:
            continue
        if kind.symbol in ("ford", "bridge"):
            if over:
                ops.extend(crossing_symbol(kind.symbol, *seg, kind.colour, kind.width))
            else:
                ops.append(Line(*seg[0], *seg[1], Stroke(kind.colour, kind.width, kind.dash)))
        elif kind.symbol in ("door", "hatch", "gap"):
            ops.extend(_door_ops(kind, seg, size, over))
        elif not over:
            ops.append(Line(*seg[0], *seg[1], Stroke(kind.colour, kind.width, kind.dash)))
    return ops


def _door_ops(kind, seg: tuple[Point, Point], size: float, over: bool) -> list:
    """A door: wall stubs at the ends (under the grid), a leaf across the middle third."""
    (x0, y0), (x1, y1) = seg
    stroke = Stroke(kind.colour, kind.width, kind.dash)
    fx, fy = (x1 - x0), (y1 - y0)
    a = (x0 + fx * 0.2, y0 + fy * 0.2)
    b = (x0 + fx * 0.8, y0 + fy * 0.8)
    if not over:
        return [Line(x0, y0, a[0], a[1], stroke), Line(b[0], b[1], x1, y1, stroke)]
    if kind.symbol == "gap":
        return []
    length = math.hypot(fx, fy)
    nx, ny = -fy / length, fx / length
    t = max(kind.width, size * 0.08)
    leaf = (
        (a[0] + nx * t / 2, a[1] + ny * t / 2),
        (b[0] + nx * t / 2, b[1] + ny * t / 2),
        (b[0] - nx * t / 2, b[1] - ny * t / 2),
        (a[0] - nx * t / 2, a[1] - ny * t / 2),
    )
    ops: list = [Path(leaf, fill=PAPER, stroke=Stroke(kind.colour, max(0.8, kind.width / 3)))]
    thin = Stroke(kind.colour, 0.6)
    if kind.symbol == "hatch":
        ops.append(Line(*leaf[0], *leaf[2], thin))
        ops.append(Line(*leaf[1], *leaf[3], thin))
    else:
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        ops.append(Line(mx + nx * t / 2, my + ny * t / 2, mx - nx * t / 2, my - ny * t / 2, thin))
    return ops


def crossing_ops(symbol: str, p: Point, q: Point, colour: str, width: float) -> list:
    """A river's side where it is crossed: the river drawn along it, then its crossing."""
    (x0, y0), (x1, y1) = p, q
    return [
        Line(x0, y0, x1, y1, Stroke(colour, width)),
        *crossing_symbol(symbol, p, q, colour, width),
    ]


def crossing_symbol(symbol: str, p: Point, q: Point, colour: str, width: float) -> list:
    """What marks a river's side as crossed, wider than the river: a ford's sandy shallows
    along the side with stepping stones; a bridge's deck across its middle."""
    (x0, y0), (x1, y1) = p, q
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length  # along the side
    nx, ny = -uy, ux  # across it
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    ink = Stroke(LINE_INK, 0.7)
    ford = symbol == "ford"
    if ford:  # a stretch of the river itself, and a little wider
        half_len, half_w = width / 2 + FORD_BANK, length * 0.36
    else:  # the deck spans the river, bank to bank
        half_len, half_w = width * 1.6 + 2.5, length * 0.16
    band = (
        (mx + nx * half_len + ux * half_w, my + ny * half_len + uy * half_w),
        (mx - nx * half_len + ux * half_w, my - ny * half_len + uy * half_w),
        (mx - nx * half_len - ux * half_w, my - ny * half_len - uy * half_w),
        (mx + nx * half_len - ux * half_w, my + ny * half_len - uy * half_w),
    )
    if not ford:
        return [Path(band, fill=PAPER, stroke=ink)]
    ops: list = [Path(band, fill=FORD_FILL, stroke=Stroke(colour, 1.0))]
    r = half_len * 0.5
    for k in (-1.5, -0.5, 0.5, 1.5):  # stepping stones along the shallows
        cx, cy = mx + ux * k * half_w / 2, my + uy * k * half_w / 2
        ops.append(Path(_disc_points(cx, cy, r), fill=PAPER, stroke=ink))
    return ops


def crossing_reach(symbol: str, p: Point, q: Point, width: float) -> Box:
    """The box a crossing symbol covers (crossing_symbol), for what keeps clear of it."""
    xs: list[float] = []
    ys: list[float] = []
    for op in crossing_symbol(symbol, p, q, PAPER, width)[:1]:
        xs += [x for x, _ in op.points]
        ys += [y for _, y in op.points]
    return min(xs), min(ys), max(xs), max(ys)


def _disc_points(cx: float, cy: float, r: float) -> tuple[Point, ...]:
    return tuple(
        (cx + r * math.cos(i * math.pi / 6), cy + r * math.sin(i * math.pi / 6)) for i in range(12)
    )


BOLDER = 1.08  # a bold face's letters are this much wider


def label_width(text: str, fs: float) -> float:
    """A short label's width, generous (the widest capitals of a sans face), for the tab
    it sits on: a tab narrower than its words lets lines run into them."""
    return fs * _unit_width(text)


def _unit_width(text: str) -> float:
    """label_width at 1 pt."""
    return sum(0.87 if c in "MWmw" else 0.74 if c.isupper() else 0.64 for c in text)


def axis_names(m: MapDef) -> tuple[dict[int, str], dict[int, str]]:
    """The names of the map's columns and rows, the two parts of its cells' coordinates
    (A1: column A, row 1; 0304: column 03, row 04), to print along a drawing's edges."""
    g = m.grid
    cols = sorted({c for c, _ in m.cells})
    rows = sorted({r for _, r in m.cells})
    if isinstance(g, HexGrid):
        wc, wr = max(2, len(str(g.cols))), max(2, len(str(g.rows)))
        return {c: f"{c + 1:0{wc}d}" for c in cols}, {r: f"{r + 1:0{wr}d}" for r in rows}
    return {c: column_letters(c) for c in cols}, {r: str(r + 1) for r in rows}


def coord_size(m: MapDef) -> float:
    """The size a map's coordinates print at on its own sheets, in map points: about a ninth
    of the cell, from MIN_WORD up to 7 pt; below MIN_WORD only when the widest label would
    not fit half the cell there."""
    size = cell_size(m.grid)
    fs = min(7.0, max(MIN_WORD, size * 0.11))
    if coord_width(m, fs) > size * 0.5:
        fs = min(fs, max(4.5, size * 0.11))
    return fs


def coord_width(m: MapDef, fs: float) -> float:
    """The width of the widest coordinate tab of the map at size ``fs``: label_width is
    ``fs`` times the label's width at 1 pt, so the widest at 1 pt, found once per map, is
    the widest at any size."""
    kept = _kept(m)
    widest = kept.get("widest")
    if widest is None:
        widest = kept["widest"] = max(map(_unit_width, _labels(m).values()), default=0.0)
    return fs * widest + fs * 0.4


def _coord_ops(
    m: MapDef,
    regular: str,
    fs: float | None = None,
    cells: tuple[Cell, ...] | None = None,
    lanes: Lanes | None = None,
) -> list:
    """Each cell's label (or only ``cells``') on a white tab, so it reads on every terrain;
    with ``lanes``, moved clear of them inside its cell, or left out (see _coord_tabs)."""
    fs = coord_size(m) if fs is None else fs
    ops: list = []
    labels = _labels(m)
    for cell, (x, y, w, h) in _coord_tabs(m, fs, cells, lanes):
        text = labels[cell]
        if isinstance(m.grid, SquareGrid):
            ops.append(Rect(x, y, w, h, fill=PAPER))
            ops.append(Text(x - 0.5 + fs * 0.35, y + fs * 0.35, text, Font(regular, fs), COORD_INK))
        else:
            ops.append(Rect(x, y, w, h, fill=PAPER, radius=1))
            ops.append(
                Text(x + w / 2, y + fs * 0.35, text, Font(regular, fs), COORD_INK, align="centre")
            )
    return ops


Tab = tuple[Cell, tuple[float, float, float, float]]


def _coord_tabs(
    m: MapDef, fs: float, cells: tuple[Cell, ...] | None = None, lanes: Lanes | None = None
) -> tuple[Tab, ...]:
    """Each labelled cell with its coordinate's white tab (x, y, width, height): at the
    top-left corner of a square, under the top of a hex; with ``lanes``, each tab that
    would cross one moved inside its cell by the least it takes, and the cells with no
    room left out (kept with the map: its drawing and the boxes area labels keep clear of
    both ask for them, once per map however many tiles it has)."""
    kept = _kept(m)
    got = kept.get(("tabs", fs, cells, lanes))
    if got is not None:
        return got
    if lanes is not None:
        moved = []
        for cell, (x, y, w, h) in _coord_tabs(m, fs, cells):
            shift = lanes.clear((x, y, x + w, y + h), _polygon(m, cell))
            if shift is not None:
                moved.append((cell, (x + shift[0], y + shift[1], w, h)))
        got = kept[("tabs", fs, cells, lanes)] = tuple(moved)
        return got
    g = m.grid
    labels = _labels(m)
    # on the map at its size a number moves below a ford or bridge on its hexside; on a
    # reduced drawing, where pieces stand in the hex, it is printed over the symbol's foot
    crossings = _crossings(m) if fs == coord_size(m) else []
    tabs = []
    for cell in m.cells if cells is None else cells:
        w = label_width(labels[cell], fs) + fs * 0.4
        if isinstance(g, SquareGrid):
            r = g.cell_rect(*cell)
            tabs.append((cell, (r.x0 + 0.5, r.y1 - fs * 1.35, w, fs * 1.3)))
        else:  # a hex's number keeps TAB_CLEAR off the hexside over it: it never breaks it
            cx, cy = g.centre(*cell)
            top = cy + g.size / 2 - fs * TAB_CLEAR if g.flat else cy + g.radius * 0.62
            tab = (cx - w / 2, top - fs * 1.3, w, fs * 1.3)
            tabs.append((cell, _below_crossings(tab, crossings, fs * TAB_CLEAR)))
    got = kept[("tabs", fs, cells, lanes)] = tuple(tabs)
    return got


def _crossings(m: MapDef) -> list[Box]:
    """The boxes the map's ford and bridge symbols cover."""
    out = []
    for e in m.edges:
        kind = m.edge_kinds.get(e.kind)
        seg = m.grid.shared_edge(e.a, e.b)
        if kind is not None and seg is not None and kind.symbol in ("ford", "bridge"):
            out.append(crossing_reach(kind.symbol, *seg, kind.width))
    return out


def _below_crossings(tab: tuple, crossings: list[Box], gap: float) -> tuple:
    """A coordinate tab (x, y, w, h) moved down clear of the crossing symbols it meets:
    the symbol on a hex's top side would cover its number."""
    x, y, w, h = tab
    for b in crossings:
        if clash((x, y, x + w, y + h), b):
            y = min(y, b[1] - gap - h)
    return x, y, w, h


def _polygon(m: MapDef, cell: Cell) -> tuple[Point, ...]:
    """A cell's polygon, from the polygons worked out once per map: one tuple that the
    cell's fill, its grid line and its coordinate's room all hold (a 400 x 400 map held
    a copy each)."""
    kept = _kept(m)
    polygons = kept.get("polygons")
    if polygons is None:
        polygons = kept["polygons"] = {}
    got = polygons.get(cell)
    if got is None:
        got = polygons[cell] = tuple(cell_polygon(m.grid, cell))
    return got


def coord_boxes(
    m: MapDef,
    fs: float | None = None,
    cells: tuple[Cell, ...] | None = None,
    lanes: Lanes | None = None,
) -> tuple[Box, ...]:
    """The boxes of the coordinate tabs drawn over the map (as ``_coord_ops`` draws them),
    which area labels keep clear of."""
    fs = coord_size(m) if fs is None else fs
    return tuple((x, y, x + w, y + h) for _, (x, y, w, h) in _coord_tabs(m, fs, cells, lanes))


def coord_tabs(m: MapDef) -> list[tuple[str, Box, tuple[Point, ...]]]:
    """Each cell's coordinate as a map prints it on its own sheets: (text, tab, cell)."""
    labels = _labels(m)
    return [
        (labels[cell], (x, y, x + w, y + h), _polygon(m, cell))
        for cell, (x, y, w, h) in _coord_tabs(m, coord_size(m))
    ]


def coords_clear_of(
    m: MapDef, fs: float, cells: tuple[Cell, ...] | None, hide: tuple[Box, ...]
) -> tuple[Cell, ...]:
    """The cells (of ``cells``, else all) whose coordinate tab at ``fs`` no box of ``hide``
    touches: a word drawn over the map hides the names under it, never half of one."""
    return tuple(
        cell
        for cell, (x, y, w, h) in _coord_tabs(m, fs, cells)
        if not any(clash((x, y, x + w, y + h), b) for b in hide)
    )


def coords_left_out(tabs: list, lanes: Lanes, near: Box | None = None) -> list[str]:
    """The coordinates (of ``tabs``: coord_tabs, those meeting ``near`` if given) that a
    map drawn with ``lanes`` leaves out: no room clear of them in their cells."""
    return [
        text
        for text, box, cell in tabs
        if (near is None or _meets(box, near, 0.5)) and lanes.clear(box, cell) is None
    ]


@record
class Lanes:
    """What no coordinate tab may cross on a tiled map, as boxes in map points: its tiles'
    edges and seams (bands across the map, of infinite length) and its glue notes."""

    boxes: tuple[Box, ...]
    __slots__ = ("_index",)  # the boxes by where they lie, made when first asked

    def near(self, box: Box, gap: float) -> list[Box]:
        """The boxes here that ``box`` meets within ``gap``, in their order."""
        index = getattr(self, "_index", None)
        if index is None:  # frozen: a cache of the boxes, not state
            index = BoxIndex(self.boxes)
            object.__setattr__(self, "_index", index)
        boxes = self.boxes
        found = [boxes[i] for i in index.near(box, gap) if _meets(box, boxes[i], gap)]
        if index.count < len(boxes):  # the boxes past those filed (see lanes_filed)
            found += [b for b in boxes[index.count :] if _meets(box, b, gap)]
        return found

    def clear(
        self, box: Box, cell: tuple[Point, ...] | list[Point], gap: float = 0.5
    ) -> tuple[float, float] | None:
        """The least shift (dx, dy) that takes the tab ``box`` clear of every box here and
        keeps it inside its cell; (0, 0) where it crosses none; None where none does."""
        if not self.near(box, gap):
            return 0.0, 0.0
        w, h = box[2] - box[0], box[3] - box[1]
        # down into the cell, where a hex is wider, up to three tabs' height
        dys = [0.0] + [-h * k for k in (1, 2, 3)]
        dxs = [0.0]
        # every box within a move's reach gives the places just clear of it either side
        reach = (box[0] - 2 * w, box[1] - 4 * h, box[2] + 2 * w, box[3] + h)
        for b in self.near(reach, 0.0):
            dxs += [v for v in (b[2] + gap - box[0], b[0] - gap - box[2]) if math.isfinite(v)]
            dys += [v for v in (b[3] + gap - box[1], b[1] - gap - box[3]) if math.isfinite(v)]
        shifts = sorted(((a, b) for a in dxs for b in dys), key=lambda s: abs(s[0]) + abs(s[1]))
        for dx, dy in shifts:
            moved = (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)
            if not self.near(moved, gap) and all(
                point_in_polygon(p, cell) for p in _corners(moved)
            ):
                return dx, dy
        return None


def lanes_filed(boxes: tuple[Box, ...], index: BoxIndex) -> Lanes:
    """Lanes of ``boxes`` whose first ``index.count`` ``index`` files already (the few
    after them are tested one by one): a tiled map tries each glue note's places against
    the seams and notes so far, filed once, not once per place tried. ``index`` must
    not grow while these lanes are asked."""
    lanes = Lanes(boxes)
    object.__setattr__(lanes, "_index", index)  # frozen: a cache of the boxes, not state
    return lanes


BUCKET = 36.0  # points: the squares and strips a BoxIndex files boxes by, about a tab's width


class BoxIndex:
    """Boxes (x0, y0, x1, y1; a band runs to infinity one way) filed by where they lie:
    a finite box by the squares of BUCKET points it covers, a band by the strips it
    covers across or up. A question about one place then tests the few boxes near it,
    not every box of the map nor every box in its row or column (a big map's
    coordinates against its tiles' edges and glue notes grew faster than the map).
    `near` answers a superset, in order; `add` files one box more, numbered next."""

    def __init__(self, boxes: tuple[Box, ...] | list[Box] = ()):
        self.count = 0
        self.squares: dict[tuple[int, int], list[int]] = {}  # finite boxes
        self.across: dict[int, list[int]] = {}  # boxes endless across, by strip up
        self.up: dict[int, list[int]] = {}  # boxes endless up, by strip across
        self.wild: list[int] = []  # endless both ways
        for box in boxes:
            self.add(box)

    def add(self, box: Box) -> None:
        i, (x0, y0, x1, y1) = self.count, box
        self.count += 1
        fx, fy = _finite(x0, x1), _finite(y0, y1)
        if fx and fy:
            squares = self.squares
            for kx in _strips(x0, x1):
                for ky in _strips(y0, y1):
                    squares.setdefault((kx, ky), []).append(i)
        elif fy:
            for ky in _strips(y0, y1):
                self.across.setdefault(ky, []).append(i)
        elif fx:
            for kx in _strips(x0, x1):
                self.up.setdefault(kx, []).append(i)
        else:
            self.wild.append(i)

    def near(self, q: Box, gap: float) -> list[int]:
        """The indices of every box that may meet ``q`` within ``gap`` (a few more), in
        order; for a question endless either way (no caller asks one), every box."""
        x0, y0, x1, y1 = q[0] - gap, q[1] - gap, q[2] + gap, q[3] + gap
        if not (-math.inf < x0 and x1 < math.inf and -math.inf < y0 and y1 < math.inf):
            return list(range(self.count))
        kx0, kx1 = math.floor(x0 / BUCKET), math.floor(x1 / BUCKET)
        ky0, ky1 = math.floor(y0 / BUCKET), math.floor(y1 / BUCKET)
        squares, up, across = self.squares, self.up, self.across
        found: set[int] = set(self.wild)
        for kx in range(kx0, kx1 + 1):
            found.update(up.get(kx, ()))
            for ky in range(ky0, ky1 + 1):
                found.update(squares.get((kx, ky), ()))
        for ky in range(ky0, ky1 + 1):
            found.update(across.get(ky, ()))
        return sorted(found)


def _finite(a: float, b: float) -> bool:
    return math.isfinite(a) and math.isfinite(b)


def _strips(lo: float, hi: float) -> range:
    return range(math.floor(lo / BUCKET), math.floor(hi / BUCKET) + 1)


def _meets(a: Box, b: Box, gap: float) -> bool:
    return a[0] < b[2] + gap and b[0] - gap < a[2] and a[1] < b[3] + gap and b[1] - gap < a[3]


def _corners(box: Box) -> tuple[Point, ...]:
    x0, y0, x1, y1 = box
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def _marks(
    m: MapDef,
    size: float,
    bold: str,
    text_scale: float = 1.0,
    shown: list[bool] | None = None,
    least: float = MIN_WORD,
) -> list:
    """The map's marks (icons, words), each but those ``shown`` says are left out."""
    g = m.grid
    ops: list = []
    for i, mk in enumerate(m.marks):
        if shown is not None and not shown[i]:
            continue
        cx, cy = g.centre(*mk.cell)
        t = m.terrain_at(mk.cell)
        if t is not None and t.mark and not mk.icon and not mk.dx and not mk.dy:
            cy -= size * 0.3  # keep clear of the terrain's own mark at the centre
        cx += mk.dx * size
        cy -= mk.dy * size  # dy counts downward, like rows
        if mk.icon:
            ops.append(Icon(mk.icon, cx, cy, size * mk.size, mk.colour))
        fs = mark_text_size(m, mk, text_scale, least) if mk.text else 0.0
        if fs:
            y = cy - fs * 0.35 if mk.icon is None else cy - size * mk.size / 2 - fs
            w = label_width(mk.text, fs) * BOLDER + fs * 0.6
            tx = _inside_map(m, cx, w / 2)
            # a white card behind the words keeps them legible over grid lines and patterns
            ops.append(Rect(tx - w / 2, y - fs * 0.3, w, fs * 1.2, fill=PAPER, radius=fs * 0.3))
            ops.append(Text(tx, y, mk.text, Font(bold, fs), mk.colour, align="centre"))
    return ops


def _inside_map(m: MapDef, cx: float, half_width: float) -> float:
    """A label's centre moved inward so a label on an edge cell stays on the map: past the
    map's edge it would run off the paper or into the next tile's overlap."""
    bounds = m.grid.bounds()
    left, right = bounds.x0, bounds.x1
    if right - left <= 2 * half_width:
        return (left + right) / 2
    return min(max(cx, left + half_width), right - half_width)


__all__ = [
    "BoxIndex",
    "axis_names",
    "cell_polygon",
    "cell_size",
    "coord_size",
    "coord_tabs",
    "coord_width",
    "coords_left_out",
    "Lanes",
    "lanes_filed",
    "map_ops",
    "mark_text_size",
    "pattern_ops",
]
