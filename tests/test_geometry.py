"""Tests for kitgen.geometry. Expected numbers are worked out by hand in the comments."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kitgen.geometry import (
    HexGrid,
    Rect,
    SquareGrid,
    arc_template_cells,
    cells_covered,
    circle_polygon,
    clip_polygon,
    clock_number,
    clock_sectors,
    cone_polygon,
    offsets_covered,
    polygon_area,
    sector_pieces,
    sector_polygon,
)

SQRT3 = math.sqrt(3)
HEX = 54.0  # 3/4 in across flats
R54 = HEX / SQRT3  # circumradius = 31.1769... pt


def approx_pt(p, q, tol=1e-9):
    return math.isclose(p[0], q[0], abs_tol=tol) and math.isclose(p[1], q[1], abs_tol=tol)


# --------------------------------------------------------------------------- Rect
def test_rect_basics():
    r = Rect(0, 0, 10, 5)
    assert (r.width, r.height) == (10, 5)
    assert r.contains((10, 5)) and r.contains((3, 2)) and not r.contains((10.1, 2))
    assert r.inset(1) == Rect(1, 1, 9, 4)
    assert r.translate(2, -1) == Rect(2, -1, 12, 4)
    assert r.union(Rect(20, -3, 21, 0)) == Rect(0, -3, 21, 5)
    with pytest.raises(ValueError):
        r.inset(3)  # height 5 - 2*3 < 0


def test_rect_touching_edges_do_not_intersect():
    a = Rect(0, 0, 10, 10)
    assert not a.intersects(Rect(10, 0, 20, 10))  # shares the x = 10 edge
    assert not a.intersects(Rect(10, 10, 20, 20))  # shares a corner only
    assert a.intersects(Rect(9.5, 9.5, 20, 20))
    assert a.intersects(Rect(2, 2, 3, 3))  # fully inside


# --------------------------------------------------------------------------- square grid
def test_square_centres_and_corners():
    g = SquareGrid(cell=36, cols=10, rows=8)
    # row 0 is the top row: y centre = (8 - 0 - 0.5) * 36 = 270
    assert g.centre(0, 0) == (18, 270)
    # bottom-right cell (9, 7): x = 9.5 * 36 = 342, y = 0.5 * 36 = 18
    assert g.centre(9, 7) == (342, 18)
    # cell (2, 1) spans x 72..108 and y (8-1-1)*36 = 216 .. 252; CCW from bottom-left
    assert g.corners(2, 1) == [(72, 216), (108, 216), (108, 252), (72, 252)]
    assert g.bounds() == Rect(0, 0, 360, 288)


def test_square_labels():
    g = SquareGrid(1, 30, 5)
    assert g.label(0, 0) == "A1"
    assert g.label(25, 0) == "Z1"
    assert g.label(26, 0) == "AA1"
    assert g.label(1, 2) == "B3"
    assert g.label(27, 4) == "AB5"


def test_square_neighbours_adjacency_distance():
    g = SquareGrid(10, 3, 3)
    assert sorted(g.neighbours(1, 1)) == [(0, 1), (1, 0), (1, 2), (2, 1)]
    assert len(g.neighbours(1, 1, diagonal=True)) == 8
    assert sorted(g.neighbours(0, 0)) == [(0, 1), (1, 0)]  # corner cell, inside grid only
    assert sorted(g.neighbours(0, 0, diagonal=True)) == [(0, 1), (1, 0), (1, 1)]
    assert g.adjacent((0, 0), (1, 0)) and not g.adjacent((0, 0), (1, 1))
    assert g.adjacent((0, 0), (1, 1), diagonal=True)
    assert not g.adjacent((0, 0), (2, 0), diagonal=True)
    # (0,0) -> (3,1): 3 columns and 1 row apart
    assert g.distance((0, 0), (3, 1)) == 3
    assert g.distance((0, 0), (3, 1), metric="manhattan") == 4


def test_square_shared_edge():
    g = SquareGrid(10, 4, 4)
    # (1,1) spans x 10..20, y 20..30; its right neighbour (2,1) shares the x = 20 side
    assert set(g.shared_edge((1, 1), (2, 1))) == {(20, 20), (20, 30)}
    # (1,1) and (1,2) (one row further down) share the y = 20 side
    assert set(g.shared_edge((1, 1), (1, 2))) == {(10, 20), (20, 20)}
    assert g.shared_edge((1, 1), (2, 2)) is None  # diagonal: only a corner
    assert g.shared_edge((1, 1), (3, 1)) is None


# --------------------------------------------------------------------------- hex grid
def test_hex_flat_centres_54pt():
    g = HexGrid(HEX, 5, 5)  # flat, odd columns shifted down
    # x of column 0 is R (its west corner touches x = 0); column 1 is 1.5 R further
    # height: 5 rows * 54 + half a hex for the shifted columns = 297
    # (0,0) top of an unshifted column: y = 297 - 27 = 270
    assert approx_pt(g.centre(0, 0), (31.17691453623979, 270.0))
    # (1,0): x = 2.5 R = 77.9422..., shifted down by 27 -> y = 243
    assert approx_pt(g.centre(1, 0), (77.94228634059948, 243.0))
    # (0,1): one row down = one across-flats = 54 lower -> y = 216
    assert approx_pt(g.centre(0, 1), (31.17691453623979, 216.0))
    b = g.bounds()
    # width = 4 * 1.5 R + 2 R = 8 R = 249.415...
    assert (b.x0, b.y0) == (0, 0)
    assert math.isclose(b.x1, 8 * R54) and math.isclose(b.y1, 297.0)


def test_hex_bounds_is_tight_bbox_of_corners():
    for orientation in ("flat", "pointy"):
        for offset in ("odd", "even"):
            for cols, rows in ((1, 1), (1, 4), (4, 1), (5, 3)):
                g = HexGrid(HEX, cols, rows, orientation, offset)
                pts = [p for c, r in g.cells() for p in g.corners(c, r)]
                b = g.bounds()
                assert math.isclose(min(p[0] for p in pts), 0, abs_tol=1e-9)
                assert math.isclose(min(p[1] for p in pts), 0, abs_tol=1e-9)
                assert math.isclose(max(p[0] for p in pts), b.x1)
                assert math.isclose(max(p[1] for p in pts), b.y1)


def test_hex_pointy_centres_and_even_offset():
    g = HexGrid(HEX, 3, 3, "pointy", "odd")
    # pointy: x pitch 54; odd rows shifted right by 27; row pitch 1.5 R
    # height = 2 * 1.5 R + 2 R = 5 R; (0,0): x = 27, y = 5R - R = 4R
    assert approx_pt(g.centre(0, 0), (27.0, 4 * R54))
    assert approx_pt(g.centre(0, 1), (54.0, 2.5 * R54))
    assert math.isclose(g.bounds().x1, 3 * 54 + 27)
    e = HexGrid(HEX, 3, 3, "flat", "even")
    # even-q: column 0 is the shifted one, so column 1 sits half a hex HIGHER than column 0
    assert math.isclose(e.centre(1, 0)[1] - e.centre(0, 0)[1], 27.0)


def test_hex_corners():
    for orientation in ("flat", "pointy"):
        g = HexGrid(HEX, 4, 4, orientation)
        c = g.centre(2, 1)
        corners = g.corners(2, 1)
        assert len(corners) == 6
        for p in corners:
            assert math.isclose(math.dist(p, c), R54)
    # flat-top: first corner due east of the centre, and top edge horizontal at y + 27
    g = HexGrid(HEX, 4, 4)
    cx, cy = g.centre(2, 1)
    pts = g.corners(2, 1)
    assert approx_pt(pts[0], (cx + R54, cy))
    assert math.isclose(pts[1][1], cy + 27) and math.isclose(pts[2][1], cy + 27)


# Hand-derived neighbour sets. Flat odd-q: an unshifted (even) column's side neighbours are in
# rows r-1 and r (the odd columns hang half a hex lower); a shifted (odd) column's in rows r and
# r+1. Pointy odd-r: an even row's diagonal neighbours are cols c-1 and c (odd rows stick out
# to the right); an odd row's are c and c+1. "even" offsets swap the two cases.
NEIGHBOURS = [
    ("flat", "odd", (2, 2), {(2, 1), (2, 3), (1, 1), (1, 2), (3, 1), (3, 2)}),
    ("flat", "odd", (3, 2), {(3, 1), (3, 3), (2, 2), (2, 3), (4, 2), (4, 3)}),
    ("flat", "even", (2, 2), {(2, 1), (2, 3), (1, 2), (1, 3), (3, 2), (3, 3)}),
    ("flat", "even", (3, 2), {(3, 1), (3, 3), (2, 1), (2, 2), (4, 1), (4, 2)}),
    ("pointy", "odd", (2, 2), {(1, 2), (3, 2), (1, 1), (2, 1), (1, 3), (2, 3)}),
    ("pointy", "odd", (2, 3), {(1, 3), (3, 3), (2, 2), (3, 2), (2, 4), (3, 4)}),
    ("pointy", "even", (2, 2), {(1, 2), (3, 2), (2, 1), (3, 1), (2, 3), (3, 3)}),
    ("pointy", "even", (2, 3), {(1, 3), (3, 3), (1, 2), (2, 2), (1, 4), (2, 4)}),
]


@pytest.mark.parametrize(("orientation", "offset", "cell", "expected"), NEIGHBOURS)
def test_hex_neighbours(orientation, offset, cell, expected):
    g = HexGrid(HEX, 6, 6, orientation, offset)
    got = g.neighbours(*cell)
    assert set(got) == expected and len(got) == 6
    for n in got:
        # adjacent hexes' centres are exactly one across-flats apart
        assert math.isclose(math.dist(g.centre(*cell), g.centre(*n)), HEX)
        assert g.adjacent(cell, n) and g.distance(cell, n) == 1


def test_hex_neighbours_clipped_at_edge():
    g = HexGrid(HEX, 5, 5)  # flat odd-q; (0,0) unshifted: E side neighbours (1,-1) and (1,0)
    assert set(g.neighbours(0, 0)) == {(0, 1), (1, 0)}


def test_hex_distance_known_values():
    g = HexGrid(HEX, 8, 8)  # flat odd-q
    # along row 0 the path zig-zags: (0,0)->(1,0)->(2,0)->(3,0), 3 steps
    assert g.distance((0, 0), (3, 0)) == 3
    assert g.distance((0, 0), (0, 3)) == 3  # straight down the column
    # (0,0) SE (1,0) SE (2,1) S (2,2): 3 steps
    assert g.distance((0, 0), (2, 2)) == 3
    # four SE steps reach (4,2), then two S steps: 6
    assert g.distance((0, 0), (4, 4)) == 6
    assert g.distance((4, 4), (0, 0)) == 6
    assert not g.adjacent((0, 0), (2, 0)) and not g.adjacent((0, 0), (0, 2))
    # (1,1) is in a shifted column, so its column-0 neighbours are rows 1 and 2, not row 0;
    # path (0,0) -> (0,1) -> (1,1) is 2 steps
    assert not g.adjacent((0, 0), (1, 1)) and g.distance((0, 0), (1, 1)) == 2


def test_hex_labels():
    g = HexGrid(HEX, 20, 10)
    assert g.label(0, 0) == "0101"
    assert g.label(11, 2) == "1203"  # column 12, row 3
    assert g.label(0, 0, prefix="B1") == "B1-0101"
    big = HexGrid(HEX, 120, 10)
    assert big.label(119, 9) == "12010"
    assert big.label(0, 0) == "00101"  # three-digit columns everywhere on this map


def test_hex_shared_edge():
    for orientation in ("flat", "pointy"):
        g = HexGrid(HEX, 6, 6, orientation)
        a = (2, 2)
        ca = g.centre(*a)
        for b in g.neighbours(*a):
            p, q = g.shared_edge(a, b)
            assert math.isclose(math.dist(p, q), R54)  # side of a regular hexagon = R
            mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
            cb = g.centre(*b)
            # the edge's midpoint is halfway between the centres
            assert approx_pt(mid, ((ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2))
        assert g.shared_edge(a, (2, 4)) is None
        assert g.shared_edge(a, a) is None


def test_hex_cube_and_cell_at():
    g = HexGrid(HEX, 5, 5)
    assert g.to_cube(0, 0) == (0, 0, 0)
    # odd-q (1,0): q = 1, r = 0 - (1 - 1) / 2 = 0; (2,2): r = 2 - (2 - 0) / 2 = 1
    assert g.to_cube(1, 0) == (1, 0, -1)
    assert g.to_cube(2, 2) == (2, 1, -3)
    assert g.from_cube((2, 1, -3)) == (2, 2)
    assert g.cell_at((-5.0, -5.0)) is None
    assert g.cell_at((0.5, 0.5)) is None  # bottom-left bbox corner lies outside any hex
    x, y = g.centre(3, 3)
    assert g.cell_at((x + 26, y)) == (3, 3)  # 26 < 27 (half across flats) toward an edge
    # just over an apothem (27) north is the next hex up
    assert g.cell_at((x, y + 27.5)) == (3, 2)


def test_hex_rejects_bad_arguments():
    with pytest.raises(ValueError):
        HexGrid(HEX, 3, 3, orientation="round")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        HexGrid(0, 3, 3)


hex_grids = st.builds(
    HexGrid,
    size=st.floats(5, 100),
    cols=st.integers(1, 12),
    rows=st.integers(1, 12),
    orientation=st.sampled_from(["flat", "pointy"]),
    offset=st.sampled_from(["odd", "even"]),
)


@given(hex_grids, st.data())
def test_prop_hex_neighbours_are_mutual_and_one_step(g, data):
    c = data.draw(st.integers(0, g.cols - 1))
    r = data.draw(st.integers(0, g.rows - 1))
    for n in g.neighbours(c, r):
        assert g.in_grid(*n)
        assert g.distance((c, r), n) == 1 == g.distance(n, (c, r))
        assert (c, r) in g.neighbours(*n)
        assert math.isclose(math.dist(g.centre(c, r), g.centre(*n)), g.size)
    assert g.from_cube(g.to_cube(c, r)) == (c, r)


def _cube_neighbours(g: HexGrid, c: int, r: int) -> list:
    """The oracle: a step in each cube direction, back to offset coordinates, in the grid."""
    q, rr, s = g.to_cube(c, r)
    steps = ((1, 0, -1), (1, -1, 0), (0, -1, 1), (-1, 0, 1), (-1, 1, 0), (0, 1, -1))
    out = [g.from_cube((q + dq, rr + dr, s + ds)) for dq, dr, ds in steps]
    return [n for n in out if g.in_grid(*n)]


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("offset", ["odd", "even"])
def test_hex_neighbours_match_cube_steps(orientation, offset):
    """Neighbours come from steps worked out once per kind of line: every cell of a grid,
    edges and corners too, has the cube method's neighbours in the same order."""
    g = HexGrid(HEX, 7, 6, orientation, offset)
    for c, r in g.cells():
        assert g.neighbours(c, r) == _cube_neighbours(g, c, r), (c, r)
    assert len(g.neighbours(3, 3)) == 6


@given(hex_grids, st.data())
def test_prop_cell_at_roundtrip(g, data):
    c = data.draw(st.integers(0, g.cols - 1))
    r = data.draw(st.integers(0, g.rows - 1))
    assert g.cell_at(g.centre(c, r)) == (c, r)
    # points 95 % of the way from the centre to any corner are still inside that hex
    cx, cy = g.centre(c, r)
    for px, py in g.corners(c, r):
        assert g.cell_at((cx + 0.95 * (px - cx), cy + 0.95 * (py - cy))) == (c, r)


# --------------------------------------------------------------------------- polygons
def test_polygon_area_and_clip():
    unit = [(0, 0), (1, 0), (1, 1), (0, 1)]
    assert polygon_area(unit) == 1
    assert polygon_area(list(reversed(unit))) == 1  # winding does not matter
    # triangle (0,0),(4,0),(0,4) has area 8; clipped to the unit square it fills all of it
    # because the hypotenuse x + y = 4 stays outside the square
    tri = [(0, 0), (4, 0), (0, 4)]
    assert polygon_area(tri) == 8
    assert math.isclose(polygon_area(clip_polygon(tri, unit)), 1.0)
    # triangle x + y <= 1.5 cuts the square's top-right corner off along x + y = 1.5
    tri2 = [(0, 0), (1.5, 0), (0, 1.5)]
    # unit square minus the corner triangle with legs 0.5: 1 - 0.125 = 0.875
    assert math.isclose(polygon_area(clip_polygon(tri2, unit)), 0.875)
    # clip window wound clockwise gives the same answer
    assert math.isclose(polygon_area(clip_polygon(tri2, list(reversed(unit)))), 0.875)
    assert clip_polygon(tri, [(10, 10), (11, 10), (11, 11)]) == []


def test_sector_and_circle_polygons():
    s = sector_polygon((0, 0), 90, 90, 10, segments=2)
    # apex then arc points at 45, 90, 135 degrees
    assert len(s) == 4 and s[0] == (0, 0)
    assert approx_pt(s[2], (0, 10))
    assert approx_pt(s[1], (10 / math.sqrt(2), 10 / math.sqrt(2)))
    # a 90-degree sector of radius 10 has area 25 pi = 78.54; 64 inscribed segments lose < 0.1 %
    big = sector_polygon((0, 0), 0, 90, 10)
    assert math.isclose(polygon_area(big), 25 * math.pi, rel_tol=1e-3)
    assert math.isclose(polygon_area(circle_polygon((3, 4), 2)), 4 * math.pi, rel_tol=1e-3)
    # a 270-degree sector splits into two convex 135-degree pieces with the same total area
    pieces = sector_pieces((0, 0), 90, 270, 10)
    assert len(pieces) == 2
    total = sum(polygon_area(p) for p in pieces)
    assert math.isclose(total, 0.75 * 100 * math.pi, rel_tol=1e-3)


def test_cone_polygon():
    # 1 in (72 pt) wide at the start, 1 in wider per 10 in travelled, 10 in long, heading east
    cone = cone_polygon((0, 0), 0, 720, 72, 0.1)
    # near edge x = 0 from y -36 to 36; far edge x = 720, width 144, y -72 to 72
    assert len(cone) == 4
    assert {(round(x, 9), round(y, 9)) for x, y in cone} == {
        (0, -36),
        (0, 36),
        (720, -72),
        (720, 72),
    }
    # trapezoid area = (72 + 144) / 2 * 720 = 77760
    assert math.isclose(polygon_area(cone), 77760)
    assert len(cone_polygon((0, 0), 90, 10, 0, 0.5)) == 3  # zero start width -> triangle


# --------------------------------------------------------------------------- coverage
# 90-degree arc, 4 cells deep, apex at the front-edge centre (0, 0.5), heading up (dy forward).
# A cell centre (dx, dy) is inside iff |dx| <= dy - 0.5 (within 45 deg) and
# dx^2 + (dy - 0.5)^2 <= 16:
#   dy=1: |dx| <= 0.5 -> {0}
#   dy=2: |dx| <= 1.5 -> {-1, 0, 1}
#   dy=3: |dx| <= 2.5 -> {-2..2}      (dx=2: 4 + 6.25 = 10.25 <= 16)
#   dy=4: |dx| <= 3.5 but dx=2 gives 4 + 12.25 = 16.25 > 16 -> {-1, 0, 1}
#   dy=5: (dy - 0.5)^2 = 20.25 > 16 -> none
FLECHETTE_CENTRE = (
    {(0, 1)}
    | {(dx, 2) for dx in (-1, 0, 1)}
    | {(dx, 3) for dx in range(-2, 3)}
    | {(dx, 4) for dx in (-1, 0, 1)}
)


def test_arc_template_centre_rule():
    cov = arc_template_cells(90, 4, rule="centre")
    assert (0, 1) in cov.full
    assert (4, 1) not in cov.full and (4, 1) not in cov.partial  # 83 deg off the heading
    assert cov.full == FLECHETTE_CENTRE
    assert len(cov.full) == 12
    # left/right symmetry, and nothing behind or beside the shooter
    for dx, dy in cov.full | cov.partial:
        assert (-dx, dy) in (cov.full | cov.partial)
        assert dy >= 1
    assert (0, 0) not in cov.partial
    # (1,1): centre direction (1, 0.5) is 63 deg off the heading, but the arc clips its
    # top-left corner: area where x <= y' for x in [0.5,1], y' = y - 0.5 in [0.5,1] -> 0.125
    assert (1, 1) in cov.partial
    assert math.isclose(cov.fraction[(1, 1)], 0.125, rel_tol=1e-6)


def test_arc_template_half_rule():
    half = arc_template_cells(90, 4, rule="half")
    centre = arc_template_cells(90, 4, rule="centre")
    # (0,1): in y' = 0..0.5 the arc is 2y' wide (area 0.25), above that the full cell width
    # (area 0.5): 0.75 of the cell
    assert math.isclose(half.fraction[(0, 1)], 0.75, rel_tol=1e-6)
    assert (0, 1) in half.full
    # (1,2): x in [0.5,1.5], y' in [1,2]; area where x <= y' = 0.375 + 0.5 = 0.875
    assert math.isclose(half.fraction[(1, 2)], 0.875, rel_tol=1e-6)
    assert (1, 2) in half.full
    assert (1, 1) in half.partial  # 0.125 < 0.5
    # both rules see the same touched cells; every half-covered cell has >= 50 % inside
    assert half.full | half.partial == centre.full | centre.partial
    assert half.full <= centre.full | centre.partial
    assert all(half.fraction[c] >= 0.5 for c in half.full)
    assert all(0 < half.fraction[c] < 0.5 for c in half.partial)


def test_arc_template_other_heading_and_apex():
    # heading east: the footprint is the upward one rotated by -90 deg: (dx, dy) -> (dy, -dx)
    east = arc_template_cells(90, 4, heading_deg=0)
    assert east.full == {(dy, -dx) for dx, dy in FLECHETTE_CENTRE}
    # from the cell centre the shooter's own cell centre is the apex, a boundary point; the
    # cell ahead (0,1) is still covered and the cell behind (0,-1) never is
    cc = arc_template_cells(90, 4, apex="cell-centre")
    assert (0, 1) in cc.full and (0, -1) not in cc.full | cc.partial


def test_circle_on_square_grid():
    # radius 1.5 cells around the centre of (5, 5) on a 10x10 grid of 20 pt cells.
    # Centre rule: (±1, ±1) centres are sqrt(2) = 1.414 < 1.5 away, (±2, 0) are 2 > 1.5 away,
    # so exactly the 3x3 block.
    g = SquareGrid(20, 10, 10)
    circle = circle_polygon(g.centre(5, 5), 1.5 * 20)
    block = {(c, r) for c in (4, 5, 6) for r in (4, 5, 6)}
    cov = cells_covered(g, circle, "centre")
    assert cov.full == block
    # the circle only reaches x = 1.5 (a single point) so no other cell has area inside
    assert cov.partial == frozenset()
    # Half rule: edge cell area = integral_{-.5}^{.5} (sqrt(2.25 - y^2) - 0.5) dy
    #   = 0.5*sqrt(2) + 2.25*asin(1/3) - 0.5 = 0.7071 + 0.7646 - 0.5 = 0.9717
    # corner cell = (pi * 2.25 - 1 - 4 * 0.9717) / 4 = (7.0686 - 4.8870) / 4 = 0.5454 >= 0.5
    half = cells_covered(g, circle, "half")
    assert half.full == block
    assert math.isclose(half.fraction[(6, 4)], 0.5454, abs_tol=2e-3)
    assert math.isclose(half.fraction[(6, 5)], 0.9717, abs_tol=2e-3)


def test_circle_radius_2_5_is_the_classic_21_squares():
    # centre rule, radius 2.5: cells with dx^2 + dy^2 < 6.25: 1 + 4 (d=1) + 4 (diag, 2)
    # + 4 (d=2, 4) + 8 (the (2,1)-type, 5); (2,2) is 8 > 6.25 out -> 21
    cov = offsets_covered(circle_polygon((0, 0), 2.5), "centre")
    assert len(cov.full) == 21
    assert (2, 1) in cov.full and (2, 2) not in cov.full and (3, 0) not in cov.full


def test_small_circle_partials():
    # radius 0.9 on a cell centre: only the centre cell's centre is inside; the 4 orthogonal
    # neighbours (circle reaches 0.9 > 0.5) and the 4 diagonals (corner (0.5,0.5) is
    # 0.707 < 0.9 away) have some area inside. Orthogonal segment beyond x = 0.5 has area
    # 0.81*acos(0.5/0.9) - 0.5*sqrt(0.56) = 0.424 < 0.5, so half rule agrees.
    ring = {(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - {(0, 0)}
    for rule in ("centre", "half"):
        cov = offsets_covered(circle_polygon((0, 0), 0.9), rule)
        assert cov.full == {(0, 0)}
        assert cov.partial == ring


def test_cells_covered_clips_to_grid_and_cone():
    g = SquareGrid(10, 3, 3)
    # a circle around the bottom-left corner of the grid only touches cell (0, 2)
    cov = cells_covered(g, circle_polygon((0, 0), 8), "half")
    assert cov.full | cov.partial == {(0, 2)}
    # quarter circle pi*64/4 = 50.27 of the 100 pt^2 cell -> 0.5027; the inscribed 128-gon
    # loses only ~0.04 % of that, so it is still >= 50 % and counts under the half rule
    assert math.isclose(cov.fraction[(0, 2)], 16 * math.pi / 100, rel_tol=1e-3)
    assert cov.full == {(0, 2)}
    # cone along the middle row from the left edge, 5 pt wide growing to 11 pt over 30 pt
    cone = cone_polygon((0, 15), 0, 30, 5, 0.2)
    cov = cells_covered(g, cone, "centre")
    assert cov.full == {(0, 1), (1, 1), (2, 1)}  # centres at y = 15 on the axis
    # half-width 2.5 + 0.1 x passes 5 (the row boundaries y = 10 and 20) at x = 25, so in the
    # last column the rows above and below get a sliver: triangle 5 long, 0.5 high = 1.25 pt^2
    # = 0.0125 of a 100 pt^2 cell each
    assert cov.partial == {(2, 0), (2, 2)}
    assert math.isclose(cov.fraction[(2, 0)], 0.0125, rel_tol=1e-9)
    assert math.isclose(cov.fraction[(2, 2)], 0.0125, rel_tol=1e-9)


# --------------------------------------------------------------------------- clock scatter
def test_clock_sectors():
    sectors = clock_sectors()
    assert [s[0] for s in sectors] == list(range(1, 13))
    for _, start, end, mid in sectors:
        assert math.isclose(end - start, 30) and math.isclose(mid, (start + end) / 2)
    by_number = {n: mid for n, _, _, mid in sectors}
    assert by_number[12] == 90  # centred on the line of throw
    assert by_number[3] == 0  # 90 deg clockwise from north is east
    assert by_number[6] == 270 and by_number[9] == 180
    # heading east: 12 is east, 3 is south (clockwise)
    east = {n: mid for n, _, _, mid in clock_sectors(12, heading_deg=0)}
    assert east[12] == 0 and east[3] == 270
    assert clock_number(90) == 12 and clock_number(0) == 3 and clock_number(100) == 12
    assert clock_number(106) == 11  # 16 deg anticlockwise of 12 -> the 11 sector
    six = clock_sectors(6)
    assert all(math.isclose(e - s, 60) for _, s, e, _ in six)


def test_the_rules_differ_on_a_narrow_arc():
    # 45 degrees from the front-edge centre (0, 0.5): the cell ahead, x in [-0.5, 0.5] and
    # t = y - 0.5 in [0, 1], has its centre on the axis, but the wedge is only t tan 22.5
    # either side of it: area = int 2 t tan 22.5 dt over [0, 1] = tan 22.5 = sqrt 2 - 1.
    centre = arc_template_cells(45, 4, rule="centre")
    half = arc_template_cells(45, 4, rule="half")
    assert math.isclose(half.fraction[(0, 1)], math.sqrt(2) - 1, rel_tol=1e-9)
    assert (0, 1) in centre.full and (0, 1) in half.partial  # hit; only overlapped
    # further out the wedge is wider than a cell: (0, 2) has t in [1, 2], 2 t tan 22.5 >= 0.83
    assert (0, 2) in centre.full and (0, 2) in half.full
    assert centre.full - half.full == {(0, 1)}
