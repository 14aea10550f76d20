"""Which squares a template (blast circle, flame cone, shotgun arc) covers, computed exactly
from polygon areas rather than eyeballed."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Literal, Protocol

from ..records import field, record
from .grid import Cell
from .shapes import Point, Polygon, clip_polygon, point_in_polygon, polygon_area, sector_polygon

Rule = Literal["centre", "half"]

# Below this fraction of a cell's area an overlap is treated as numerical noise / a touch.
PARTIAL_MIN_FRACTION = 1e-6


class SquareGridLike(Protocol):
    """What coverage needs from a grid: square cell size and extent (rows count from the top)."""

    cell: float
    cols: int
    rows: int


@record
class Coverage:
    """``full``: cells covered under the rule; ``partial``: cells with some area inside (more than
    1e-6 of a cell) that the rule does not count. ``fraction``: covered area / cell area for every
    cell in either set."""

    full: frozenset[Cell]
    partial: frozenset[Cell]
    fraction: Mapping[Cell, float] = field(default_factory=dict, compare=False)


def _as_polygons(shape: Sequence[Point] | Sequence[Sequence[Point]]) -> list[Sequence[Point]]:
    if not shape:
        return []
    first = shape[0]
    if isinstance(first[0], int | float):  # a single polygon: a sequence of points
        return [shape]  # type: ignore[list-item]
    return list(shape)  # type: ignore[arg-type]


def _classify(
    polygons: list[Sequence[Point]],
    cells: Iterable[tuple[Cell, float, float, float]],
    rule: Rule,
) -> Coverage:
    """Core: ``cells`` yields (key, x0, y0, side) squares in the polygons' coordinate system.

    Several polygons are treated as disjoint pieces of one shape: their clipped areas are summed.
    """
    if rule not in ("centre", "half"):
        raise ValueError(f"rule must be 'centre' or 'half', not {rule!r}")
    full: set[Cell] = set()
    partial: set[Cell] = set()
    fraction: dict[Cell, float] = {}
    for key, x0, y0, side in cells:
        square = [(x0, y0), (x0 + side, y0), (x0 + side, y0 + side), (x0, y0 + side)]
        area = sum(polygon_area(clip_polygon(p, square)) for p in polygons)
        frac = min(1.0, area / (side * side))
        centre = (x0 + side / 2, y0 + side / 2)
        if rule == "centre":
            hit = any(point_in_polygon(centre, p) for p in polygons)
        else:
            hit = frac >= 0.5
        if hit:
            full.add(key)
        elif frac > PARTIAL_MIN_FRACTION:
            partial.add(key)
        else:
            continue
        fraction[key] = frac
    return Coverage(frozenset(full), frozenset(partial), fraction)


def _bbox(polygons: list[Sequence[Point]]) -> tuple[float, float, float, float]:
    xs = [p[0] for poly in polygons for p in poly]
    ys = [p[1] for poly in polygons for p in poly]
    return min(xs), min(ys), max(xs), max(ys)


def cells_covered(
    grid: SquareGridLike,
    shape: Sequence[Point] | Sequence[Sequence[Point]],
    rule: Rule = "centre",
) -> Coverage:
    """Cells of a square grid covered by a polygon (or several disjoint polygons) given in the
    grid's point coordinates (bottom-left of the grid at (0, 0), y up).

    ``rule="centre"``: a cell counts if its centre is inside; ``"half"``: if at least 50 % of its
    area is inside. Polygons may be non-convex (they are the clip subject; cells are the clip
    window). Cells outside the grid are ignored.
    """
    polygons = _as_polygons(shape)
    if not polygons:
        return Coverage(frozenset(), frozenset(), {})
    s = grid.cell
    xmin, ymin, xmax, ymax = _bbox(polygons)
    c_lo = max(0, math.floor(xmin / s))
    c_hi = min(grid.cols - 1, math.floor(xmax / s))
    # grid row r spans y in [(rows-r-1)s, (rows-r)s]
    r_lo = max(0, grid.rows - 1 - math.floor(ymax / s))
    r_hi = min(grid.rows - 1, grid.rows - 1 - math.floor(ymin / s))

    def squares() -> Iterable[tuple[Cell, float, float, float]]:
        for r in range(r_lo, r_hi + 1):
            for c in range(c_lo, c_hi + 1):
                yield (c, r), c * s, (grid.rows - r - 1) * s, s

    return _classify(polygons, squares(), rule)


def template_apex(heading_deg: float, apex: Literal["edge-centre", "cell-centre"]) -> Point:
    """Apex in cell units relative to the shooter's cell centre.

    ``edge-centre`` is where the ray from the centre along the heading leaves the cell: the middle
    of the front edge for headings 0/90/180/270 and the corner for 45 degree headings.
    """
    if apex == "cell-centre":
        return (0.0, 0.0)
    if apex != "edge-centre":
        raise ValueError(f"apex must be 'edge-centre' or 'cell-centre', not {apex!r}")
    a = math.radians(heading_deg)
    dx, dy = math.cos(a), math.sin(a)
    t = 0.5 / max(abs(dx), abs(dy))
    return (t * dx, t * dy)


def offsets_covered(
    shape: Sequence[Point] | Sequence[Sequence[Point]], rule: Rule = "centre"
) -> Coverage:
    """Coverage on an unbounded grid in CELL units, cell (dx, dy) centred at (dx, dy), dy up."""
    polygons = _as_polygons(shape)
    if not polygons:
        return Coverage(frozenset(), frozenset(), {})
    xmin, ymin, xmax, ymax = _bbox(polygons)

    def squares() -> Iterable[tuple[Cell, float, float, float]]:
        for dy in range(math.floor(ymin + 0.5), math.floor(ymax + 0.5) + 1):
            for dx in range(math.floor(xmin + 0.5), math.floor(xmax + 0.5) + 1):
                yield (dx, dy), dx - 0.5, dy - 0.5, 1.0

    return _classify(polygons, squares(), rule)


def arc_template_cells(
    spread_deg: float,
    depth_cells: float,
    rule: Rule = "centre",
    heading_deg: float = 90.0,
    apex: Literal["edge-centre", "cell-centre"] = "edge-centre",
    segments: int = 64,
) -> Coverage:
    """Cells hit by an arc/cone template independent of any map.

    The shooter's cell is (0, 0); results are (dx, dy) offsets with dy positive FORWARD for the
    default heading of 90 (offsets are always in the y-up frame, so another heading rotates the
    footprint, it does not re-define "forward"). ``depth_cells`` is the sector radius measured
    from the apex. Example: a 90 degree flechette arc 4 squares deep from the front-edge centre is
    ``arc_template_cells(90, 4)``.
    """
    poly: Polygon = sector_polygon(
        template_apex(heading_deg, apex), heading_deg, spread_deg, depth_cells, segments
    )
    return offsets_covered(poly, rule)


def clock_sectors(n: int = 12, heading_deg: float = 90.0) -> list[tuple[int, float, float, float]]:
    """Scatter "clock" around a point of impact: ``(number, start_deg, end_deg, mid_deg)``.

    Sector ``n`` (12 on a clock) is centred on the heading (the line of throw) and numbers run
    CLOCKWISE like a clock face, so with the default heading (up the page) sector 3 points east.
    ``mid_deg`` is normalised to [0, 360); ``start_deg = mid - 180/n`` and ``end_deg = mid +
    180/n`` (CCW from start to end, so start may be negative or end exceed 360).
    """
    if n < 1:
        raise ValueError("n must be >= 1")
    width = 360.0 / n
    out = []
    for k in range(1, n + 1):
        mid = (heading_deg - k * width) % 360.0  # clockwise = decreasing angle
        out.append((k, mid - width / 2, mid + width / 2, mid))
    return out


def clock_number(angle_deg: float, n: int = 12, heading_deg: float = 90.0) -> int:
    """The clock sector (1..n) containing direction ``angle_deg``; boundaries go clockwise."""
    width = 360.0 / n
    # clockwise offset from the heading, shifted so sector n spans [-w/2, w/2)
    cw = (heading_deg - angle_deg + width / 2) % 360.0
    k = int(cw // width) % n
    return n if k == 0 else k
