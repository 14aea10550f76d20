"""A map's lines read back from the PDF by pdfium: its grid, each cell's ground colour, and
the texture drawn in each cell under the grid, with each stroke's printed width and
colour, through forms and transforms.

A cell is a filled polygon of 4 or 6 corners that is later outlined along the same path
by a stroke of its own (the grid); what is painted inside it between its fill and that
outline is its texture (hatching, plating, waves, tufts, dots); what comes after the grid
(roads, marks, discs, pieces) stands on the map and is not texture.

    .venv/bin/python -m tests.map_lines output/duck/*.pdf

prints, per map drawing, the grid's width and darkness against its cells and the
strongest texture stroke's, so a change of map style can be judged in figures.
"""

from __future__ import annotations

import ctypes
import functools
import math
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pypdfium2.raw as raw

from kitgen.colours import stand_off

from .page_marks import _meet, _objects, _path, each_page

Point = tuple[float, float]
EDGE = 0.05  # points: a mark nearer a cell's side than this lies on the side
BUCKET = 36.0  # points: the spatial index's square, about one small cell


@dataclass(slots=True)
class Drawn:
    """One path object as it paints: page points, colours as '#rrggbb' or None."""

    order: int
    fill: str | None
    stroke: str | None
    width: float  # printed points
    subpaths: list[list[Point]]
    shown: tuple[float, float, float, float]  # the page's box as far as its clip lets it show


@dataclass(slots=True)
class Cell:
    corners: tuple[Point, ...]
    ground: str  # the colour the cell is filled with last before its outline
    grid: str  # the outline's colour
    grid_width: float
    textures: list[tuple[str, float]]  # (colour, printed width; 0 for a filled dot)
    # the open lines drawn in it after its grid (roads, rails): (colour, printed width,
    # the longest straight run of the line)
    over: list[tuple[str, float, float]]
    # the closed outlines drawn in it after its grid (a disc's rim, a band round the cell):
    # (colour, printed width)
    rings: list[tuple[str, float]]
    # the strokes along one of its sides other than its grid (rivers, walls, the map's
    # border): (colour, printed width, drawn after its grid, the side's corners sorted)
    sides: list[tuple[str, float, bool, tuple[Point, Point]]]


def _hex(r: int, g: int, b: int) -> str:
    return f"#{r:02x}{g:02x}{b:02x}"


def _drawn(page) -> Iterator[Drawn]:
    fill_mode, stroke = ctypes.c_int(), ctypes.c_int()
    width = ctypes.c_float()
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    page_box = (0.0, 0.0, *page.get_size())
    for order, (obj, m, clip) in enumerate(_objects(page)):
        if raw.FPDFPageObj_GetType(obj) != raw.FPDF_PAGEOBJ_PATH:
            continue
        raw.FPDFPath_GetDrawMode(obj, fill_mode, stroke)
        fill = line = None
        if fill_mode.value:
            raw.FPDFPageObj_GetFillColor(obj, r, g, b, a)
            fill = _hex(r.value, g.value, b.value) if a.value == 255 else None
        if stroke.value:
            raw.FPDFPageObj_GetStrokeColor(obj, r, g, b, a)
            line = _hex(r.value, g.value, b.value) if a.value else None
        if fill is None and line is None:
            continue
        raw.FPDFPageObj_GetStrokeWidth(obj, width)
        scale = abs(m[0] * m[3] - m[1] * m[2]) ** 0.5
        shown = _meet(page_box, clip)
        assert shown is not None
        yield Drawn(order, fill, line, width.value * scale, _path(obj, m), shown)


def _corners(points: list[Point]) -> tuple[Point, ...] | None:
    """A closed polygon's corners (rounded to 0.01 pt), or None for anything else."""
    if len(points) < 4 or points[0] != points[-1]:
        return None
    out: list[Point] = []
    for x, y in points[:-1]:
        p = (round(x, 2), round(y, 2))
        if not out or out[-1] != p:
            out.append(p)
    while len(out) > 1 and out[-1] == out[0]:
        out.pop()
    return tuple(out) if len(out) in (4, 6) else None


def _inside(p: Point, poly: tuple[Point, ...]) -> bool:
    """Inside a convex polygon of either winding by more than EDGE from every side."""
    sign = 0
    n = len(poly)
    for i in range(n):
        (ax, ay), (bx, by) = poly[i], poly[(i + 1) % n]
        cross = (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax)
        if abs(cross) <= EDGE * math.hypot(bx - ax, by - ay):
            return False
        s = 1 if cross > 0 else -1
        if sign and s != sign:
            return False
        sign = s
    return True


def _centre(corners: tuple[Point, ...]) -> Point:
    return sum(p[0] for p in corners) / len(corners), sum(p[1] for p in corners) / len(corners)


def _box_corners(box: tuple[float, float, float, float]) -> tuple[Point, ...]:
    return ((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3]))


def _buckets(box: tuple[float, float, float, float]) -> Iterator[tuple[int, int]]:
    for i in range(int(box[0] // BUCKET), int(box[2] // BUCKET) + 1):
        for j in range(int(box[1] // BUCKET), int(box[3] // BUCKET) + 1):
            yield i, j


def page_cells(page) -> list[Cell]:
    """Every map cell on the page with its ground, grid and the texture under its grid."""
    drawn = list(_drawn(page))
    fills: dict[tuple, Drawn] = {}  # a polygon -> its last fill not outlined yet
    index: dict[tuple[int, int], list[tuple[int, Cell, int]]] = {}
    cells: list[Cell] = []
    for d in drawn:
        corners = _corners(d.subpaths[0]) if len(d.subpaths) == 1 else None
        if corners is None:
            continue
        key = tuple(sorted(corners))
        if d.fill is not None:
            fills[key] = d
        elif d.stroke is not None and key in fills:
            ground = fills.pop(key)  # its first outline is the grid; later ones stand on it
            assert ground.fill is not None
            if not _inside(_centre(corners), _box_corners(d.shown)):
                continue  # clipped away (a tile shows part of its map)
            cell = Cell(corners, ground.fill, d.stroke, d.width, [], [], [], [])
            cells.append(cell)
            xs, ys = [p[0] for p in corners], [p[1] for p in corners]
            for b in _buckets((min(xs), min(ys), max(xs), max(ys))):
                index.setdefault(b, []).append((ground.order, cell, d.order))
    for d in drawn:
        _texture(d, index)
    return _joined(cells)


def _joined(cells: list[Cell]) -> list[Cell]:
    """The cells that share a side with another cell outlined alike: a map's, not a lone
    swatch of a key."""
    sides: dict[tuple, int] = {}
    for c in cells:
        n = len(c.corners)
        for i in range(n):
            side = (tuple(sorted((c.corners[i], c.corners[(i + 1) % n]))), c.grid, c.grid_width)
            sides[side] = sides.get(side, 0) + 1
    out = []
    for c in cells:
        n = len(c.corners)
        keys = [
            (tuple(sorted((c.corners[i], c.corners[(i + 1) % n]))), c.grid, c.grid_width)
            for i in range(n)
        ]
        if any(sides[k] > 1 for k in keys):
            out.append(c)
    return out


def _texture(d: Drawn, index: dict) -> None:
    """Count the path as texture of each cell it is painted in between the cell's fill
    and its outline, or as standing over it after (a stroke by its points and its
    segments' midpoints, a small fill by its centre)."""
    for points in d.subpaths:
        if d.stroke is not None:
            spots = points + [
                ((x0 + x1) / 2, (y0 + y1) / 2)
                for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False)
            ]
            what = (d.stroke, d.width)
        elif d.fill is not None and len(points) >= 3:
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            spots = [((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)]
            what = (d.fill, 0.0)
        else:
            continue
        if d.stroke is not None:
            _along_sides(d, points, index)
        for spot in spots:
            key = (int(spot[0] // BUCKET), int(spot[1] // BUCKET))
            for ground, cell, outline in index.get(key, ()):
                if d.order <= ground or d.order == outline or not _inside(spot, cell.corners):
                    continue
                if d.order > outline:
                    if d.stroke is not None and points[0] != points[-1]:  # an open line
                        cell.over.append((*what, _longest(points)))
                    elif d.stroke is not None:
                        cell.rings.append(what)
                elif d.stroke is not None or not _big(points, cell):  # else it is the ground
                    cell.textures.append(what)


def _along_sides(d: Drawn, points: list[Point], index: dict) -> None:
    """Count each straight piece of the stroke that lies along a side of a cell (its middle
    on the side, both ends on the side's line) as that cell's side stroke."""
    for a, b in zip(points, points[1:], strict=False):
        if math.dist(a, b) <= EDGE:
            continue
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        for ground, cell, outline in index.get((int(mid[0] // BUCKET), int(mid[1] // BUCKET)), ()):
            if d.order <= ground or d.order == outline:
                continue
            n = len(cell.corners)
            for i in range(n):
                p, q = cell.corners[i], cell.corners[(i + 1) % n]
                if all(_off_line(x, p, q) <= EDGE for x in (a, b, mid)) and _within(mid, p, q):
                    side = (min(p, q), max(p, q))
                    cell.sides.append((d.stroke or "", d.width, d.order > outline, side))
                    break


def _off_line(x: Point, p: Point, q: Point) -> float:
    """How far x lies off the line through p and q."""
    cross = (q[0] - p[0]) * (x[1] - p[1]) - (q[1] - p[1]) * (x[0] - p[0])
    return abs(cross) / max(1e-9, math.dist(p, q))


def _within(x: Point, p: Point, q: Point) -> bool:
    """Does x's foot on the line pq fall between p and q?"""
    t = ((x[0] - p[0]) * (q[0] - p[0]) + (x[1] - p[1]) * (q[1] - p[1])) / max(
        1e-9, math.dist(p, q) ** 2
    )
    return 0.0 < t < 1.0


def _longest(points: list[Point]) -> float:
    return max((math.dist(a, b) for a, b in zip(points, points[1:], strict=False)), default=0.0)


def _big(points: list[Point], cell: Cell) -> bool:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    cx, cy = [p[0] for p in cell.corners], [p[1] for p in cell.corners]
    return (max(xs) - min(xs)) * (max(ys) - min(ys)) > 0.25 * (max(cx) - min(cx)) * (
        max(cy) - min(cy)
    )


@dataclass(frozen=True, slots=True)
class Figures:
    """A map drawing's grid against its strongest texture, over its cells."""

    cells: int
    grid_width: float  # the thinnest grid stroke
    texture_width: float  # the widest texture stroke (0: none)
    grid_off: float  # the least L* the grid stands off a textured cell's ground
    texture_off: float  # the most L* a texture mark stands off its cell's ground
    worst: str  # the ground colour of the cell where the texture comes closest to the grid


def figures(cells: list[Cell]) -> Figures | None:
    textured = [c for c in cells if c.textures]
    if not cells:
        return None
    grid_w = min(c.grid_width for c in cells)
    tex_w = max((w for c in textured for _, w in c.textures), default=0.0)
    if not textured:
        return Figures(len(cells), grid_w, tex_w, 0.0, 0.0, "")

    def margin(c: Cell) -> float:
        return stand_off(c.grid, c.ground) - max(stand_off(t, c.ground) for t, _ in c.textures)

    worst = min(textured, key=margin)
    return Figures(
        len(cells),
        grid_w,
        tex_w,
        min(stand_off(c.grid, c.ground) for c in textured),
        max(stand_off(t, c.ground) for c in textured for t, _ in c.textures),
        worst.ground,
    )


@functools.lru_cache(maxsize=256)  # every seed kit's PDFs
def pdf_maps(pdf: bytes | str) -> list[tuple[int, list[Cell]]]:
    """(page from 1, its map cells) for each page of a PDF with map cells on it. Read once
    per test session (each seed map is checked for four faults): read it, never change it."""
    return [(n, cells) for n, cells in each_page(pdf, page_cells) if cells]


def main(paths: list[str]) -> int:
    for path in paths:
        for number, cells in pdf_maps(Path(path).read_bytes()):
            f = figures(cells)
            assert f is not None
            print(
                f"{Path(path).name} p{number}: {f.cells} cells; grid {f.grid_width:.2f} pt"
                f" off {f.grid_off:.0f} L*; texture {f.texture_width:.2f} pt off"
                f" {f.texture_off:.0f} L* (closest on {f.worst})"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
