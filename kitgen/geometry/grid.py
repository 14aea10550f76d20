"""Square and hex grids in offset coordinates.

Cells are addressed ``(col, row)``: col 0 is the leftmost column, row 0 is the TOP row (the order
maps are written in YAML), while drawing coordinates have y pointing up with the grid's
bottom-left at (0, 0).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Literal

from ..records import record
from .shapes import Point, Rect

Cell = tuple[int, int]
Cube = tuple[int, int, int]


def column_letters(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA, 701 -> ZZ, 702 -> AAA (bijective base 26)."""
    if index < 0:
        raise ValueError("negative column")
    out = ""
    n = index + 1
    while n:
        n, rem = divmod(n - 1, 26)
        out = chr(ord("A") + rem) + out
    return out


def _common_segment(ca: list[Point], cb: list[Point], tol: float) -> tuple[Point, Point] | None:
    """The two corners of ``ca`` that also appear in ``cb`` (in ``ca`` order), else None."""
    shared = [p for p in ca if any(math.dist(p, q) <= tol for q in cb)]
    if len(shared) != 2:
        return None
    return shared[0], shared[1]


@record
class SquareGrid:
    """``cols`` x ``rows`` squares of side ``cell`` points; bottom-left corner at (0, 0)."""

    cell: float
    cols: int
    rows: int

    def __post_init__(self) -> None:
        if self.cell <= 0 or self.cols < 1 or self.rows < 1:
            raise ValueError("need cell > 0 and at least one column and row")

    def in_grid(self, c: int, r: int) -> bool:
        return 0 <= c < self.cols and 0 <= r < self.rows

    def centre(self, c: int, r: int) -> Point:
        # rows count downward from the top, y counts upward from the bottom
        return ((c + 0.5) * self.cell, (self.rows - r - 0.5) * self.cell)

    def cell_rect(self, c: int, r: int) -> Rect:
        x0 = c * self.cell
        y0 = (self.rows - r - 1) * self.cell
        return Rect(x0, y0, x0 + self.cell, y0 + self.cell)

    def corners(self, c: int, r: int) -> list[Point]:
        """Four corners, CCW, starting bottom-left."""
        b = self.cell_rect(c, r)
        return [(b.x0, b.y0), (b.x1, b.y0), (b.x1, b.y1), (b.x0, b.y1)]

    def bounds(self) -> Rect:
        return Rect(0.0, 0.0, self.cols * self.cell, self.rows * self.cell)

    def cells(self) -> list[Cell]:
        """All cells, row by row from the top."""
        return [(c, r) for r in range(self.rows) for c in range(self.cols)]

    def cell_at(self, point: Point) -> Cell | None:
        """The cell containing ``point`` (cells are half-open towards the top-left), or None."""
        c = math.floor(point[0] / self.cell)
        r = self.rows - 1 - math.floor(point[1] / self.cell)
        return (c, r) if self.in_grid(c, r) else None

    def neighbours(self, c: int, r: int, diagonal: bool = False) -> list[Cell]:
        """Orthogonal (optionally also diagonal) neighbours inside the grid: E, N, W, S first."""
        steps = [(1, 0), (0, -1), (-1, 0), (0, 1)]
        if diagonal:
            steps += [(1, -1), (-1, -1), (-1, 1), (1, 1)]
        return [(c + dc, r + dr) for dc, dr in steps if self.in_grid(c + dc, r + dr)]

    def adjacent(self, a: Cell, b: Cell, diagonal: bool = False) -> bool:
        dc, dr = abs(a[0] - b[0]), abs(a[1] - b[1])
        if diagonal:
            return max(dc, dr) == 1
        return dc + dr == 1

    def distance(
        self, a: Cell, b: Cell, metric: Literal["chebyshev", "manhattan"] = "chebyshev"
    ) -> int:
        dc, dr = abs(a[0] - b[0]), abs(a[1] - b[1])
        if metric == "chebyshev":
            return max(dc, dr)
        if metric == "manhattan":
            return dc + dr
        raise ValueError(f"unknown metric {metric!r}")

    def shared_edge(self, a: Cell, b: Cell) -> tuple[Point, Point] | None:
        """Side between two orthogonally adjacent cells (in ``a``'s CCW order), else None."""
        if not self.adjacent(a, b):
            return None
        return _common_segment(self.corners(*a), self.corners(*b), self.cell * 1e-9)

    def label(self, c: int, r: int) -> str:
        """A1 style: column letters then 1-based row; A1 is the top-left cell."""
        return f"{column_letters(c)}{r + 1}"


# Cube direction vectors (q, r, s); the same six for both orientations.
_CUBE_DIRECTIONS: tuple[Cube, ...] = (
    (1, 0, -1),
    (1, -1, 0),
    (0, -1, 1),
    (-1, 0, 1),
    (-1, 1, 0),
    (0, 1, -1),
)


@record
class HexGrid:
    """Hex map in offset coordinates.

    ``size`` is the distance ACROSS FLATS (the wargamer's hex size, e.g. 54 pt = 3/4 in); the
    circumradius (= side length) is ``R = size / sqrt(3)``.

    * ``flat``: columns are vertical; the odd (``offset="odd"``) or even columns are shifted DOWN
      by ``size / 2``. Column pitch 1.5 R, row pitch ``size``.
    * ``pointy``: rows are horizontal; odd or even rows are shifted RIGHT by ``size / 2``. Column
      pitch ``size``, row pitch 1.5 R.

    The tight bounding box of all hex corners starts at (0, 0).
    """

    __slots__ = ("_frame_cache",)  # the layout's frame, worked out when first asked

    size: float
    cols: int
    rows: int
    orientation: Literal["flat", "pointy"] = "flat"
    offset: Literal["odd", "even"] = "odd"

    def __post_init__(self) -> None:
        if self.size <= 0 or self.cols < 1 or self.rows < 1:
            raise ValueError("need size > 0 and at least one column and row")
        if self.orientation not in ("flat", "pointy"):
            raise ValueError(f"orientation must be 'flat' or 'pointy', not {self.orientation!r}")
        if self.offset not in ("odd", "even"):
            raise ValueError(f"offset must be 'odd' or 'even', not {self.offset!r}")

    # -- basic measures -------------------------------------------------------------------
    @property
    def radius(self) -> float:
        """Circumradius R (centre to corner), equal to the side length."""
        return self.size / math.sqrt(3)

    @property
    def flat(self) -> bool:
        return self.orientation == "flat"

    def _shifted(self, index: int) -> bool:
        return (index % 2 == 1) == (self.offset == "odd")

    def in_grid(self, c: int, r: int) -> bool:
        return 0 <= c < self.cols and 0 <= r < self.rows

    def cells(self) -> list[Cell]:
        return [(c, r) for r in range(self.rows) for c in range(self.cols)]

    # -- layout ---------------------------------------------------------------------------
    def _raw(self, c: int, r: int) -> Point:
        """Centre with x right / y DOWN from an arbitrary origin (before fitting the bbox)."""
        R = self.radius
        if self.flat:
            return (1.5 * R * c, r * self.size + (self.size / 2 if self._shifted(c) else 0.0))
        return (c * self.size + (self.size / 2 if self._shifted(r) else 0.0), 1.5 * R * r)

    def _half_extent(self) -> Point:
        """Half width and half height of one hex."""
        R = self.radius
        return (R, self.size / 2) if self.flat else (self.size / 2, R)

    def _frame(self) -> tuple[float, float, float, float]:
        """(left, top, width, height) of the raw layout; only the first two shift classes and
        the last row/column matter, so this is O(1), and kept: a map asks for every centre."""
        frame = getattr(self, "_frame_cache", None)
        if frame is None:
            frame = self._compute_frame()
            object.__setattr__(self, "_frame_cache", frame)  # frozen: a cache, not state
        return frame

    def _compute_frame(self) -> tuple[float, float, float, float]:
        hx, hy = self._half_extent()
        # Shifts alternate, so lines 0 and 1 (when present) cover both shift classes.
        if self.flat:
            firsts = [self._raw(c, 0) for c in range(min(2, self.cols))]
            lasts = [self._raw(c, self.rows - 1) for c in range(min(2, self.cols))]
            last_x, _ = self._raw(self.cols - 1, 0)
            left, right = -hx, last_x + hx
            top = min(p[1] for p in firsts) - hy
            bottom = max(p[1] for p in lasts) + hy
        else:
            firsts = [self._raw(0, r) for r in range(min(2, self.rows))]
            lasts = [self._raw(self.cols - 1, r) for r in range(min(2, self.rows))]
            left = min(p[0] for p in firsts) - hx
            right = max(p[0] for p in lasts) + hx
            _, last_y = self._raw(0, self.rows - 1)
            top, bottom = -hy, last_y + hy
        return left, top, right - left, bottom - top

    def centre(self, c: int, r: int) -> Point:
        left, top, _, height = self._frame()
        x, y_down = self._raw(c, r)
        return (x - left, height - (y_down - top))

    def corners(self, c: int, r: int) -> list[Point]:
        """Six corners CCW: flat-top from the east corner (0 deg), pointy-top from 30 deg."""
        cx, cy = self.centre(c, r)
        return [(cx + dx, cy + dy) for dx, dy in _corner_offsets(self.radius, self.flat)]

    def bounds(self) -> Rect:
        _, _, width, height = self._frame()
        return Rect(0.0, 0.0, width, height)

    # -- cube coordinates (redblobgames conventions, row axis pointing down) --------------
    def to_cube(self, c: int, r: int) -> Cube:
        odd = self.offset == "odd"
        if self.flat:
            q = c
            rr = r - (c - (c & 1)) // 2 if odd else r - (c + (c & 1)) // 2
            return (q, rr, -q - rr)
        q = c - (r - (r & 1)) // 2 if odd else c - (r + (r & 1)) // 2
        return (q, r, -q - r)

    def from_cube(self, cube: Cube) -> Cell:
        q, r, s = cube
        if q + r + s != 0:
            raise ValueError(f"not a cube coordinate: {cube}")
        odd = self.offset == "odd"
        if self.flat:
            return (q, r + (q - (q & 1)) // 2 if odd else r + (q + (q & 1)) // 2)
        return (q + (r - (r & 1)) // 2 if odd else q + (r + (r & 1)) // 2, r)

    # -- topology -------------------------------------------------------------------------
    def neighbours(self, c: int, r: int) -> list[Cell]:
        """The (up to six) neighbours inside the grid, in the cube directions' order: each a
        step in offset coordinates that depends only on whether the cell's line is shifted
        (a map asks for every cell's, so the steps are worked out once per kind of line)."""
        steps = _offset_steps(self.flat, self.offset, (c if self.flat else r) % 2)
        cols, rows = self.cols, self.rows
        return [(c + dc, r + dr) for dc, dr in steps if 0 <= c + dc < cols and 0 <= r + dr < rows]

    def distance(self, a: Cell, b: Cell) -> int:
        """Exact number of hex steps."""
        qa, ra, sa = self.to_cube(*a)
        qb, rb, sb = self.to_cube(*b)
        return (abs(qa - qb) + abs(ra - rb) + abs(sa - sb)) // 2

    def adjacent(self, a: Cell, b: Cell) -> bool:
        return self.distance(a, b) == 1

    def shared_edge(self, a: Cell, b: Cell) -> tuple[Point, Point] | None:
        """The side between two adjacent hexes (in ``a``'s CCW corner order), else None."""
        if not self.adjacent(a, b):
            return None
        return _common_segment(self.corners(*a), self.corners(*b), self.size * 1e-9)

    def cell_at(self, point: Point) -> Cell | None:
        """The hex containing ``point`` (i.e. with the nearest centre), or None off the map."""
        R = self.radius
        x0, y0 = self.centre(0, 0)
        dx, dy = point[0] - x0, -(point[1] - y0)  # dy measured downwards, like rows
        # fractional axial coordinates relative to cell (0, 0), whose cube coords are (0, 0, 0)
        if self.flat:
            fq = (2 / 3 * dx) / R
            fr = (-dx / 3 + math.sqrt(3) / 3 * dy) / R
        else:
            fq = (math.sqrt(3) / 3 * dx - dy / 3) / R
            fr = (2 / 3 * dy) / R
        cell = self.from_cube(_cube_round(fq, fr, -fq - fr))
        return cell if self.in_grid(*cell) else None

    def label(self, c: int, r: int, prefix: str | None = None) -> str:
        """Wargame XXYY numbering: 1-based column then row, e.g. (0, 0) -> "0101".

        Each part is zero-padded to at least two digits, or more if the grid needs it (a 120
        column map gives "001"..."120") so every label in one grid has the same width.
        With ``prefix`` ("B1") the result is "B1-0101".
        """
        wc = max(2, len(str(self.cols)))
        wr = max(2, len(str(self.rows)))
        text = f"{c + 1:0{wc}d}{r + 1:0{wr}d}"
        return f"{prefix}-{text}" if prefix else text


@lru_cache(maxsize=64)
def _corner_offsets(radius: float, flat: bool) -> tuple[Point, ...]:
    """A hexagon's corners about its centre: the same for every hex of a grid."""
    start = 0.0 if flat else 30.0
    return tuple(
        (
            radius * math.cos(math.radians(start + 60 * i)),
            radius * math.sin(math.radians(start + 60 * i)),
        )
        for i in range(6)
    )


@lru_cache(maxsize=8)
def _offset_steps(flat: bool, offset: Literal["odd", "even"], parity: int) -> tuple[Cell, ...]:
    """The six steps (dc, dr) to a hex's neighbours, in ``_CUBE_DIRECTIONS``' order, for a
    cell whose column (flat) or row (pointy) index has ``parity``: found by stepping in cube
    coordinates from the cell (parity, parity), as every such cell's steps are the same."""
    grid = HexGrid(1.0, 2, 2, "flat" if flat else "pointy", offset)
    q, r, s = grid.to_cube(parity, parity)
    out = []
    for dq, dr, ds in _CUBE_DIRECTIONS:
        nc, nr = grid.from_cube((q + dq, r + dr, s + ds))
        out.append((nc - parity, nr - parity))
    return tuple(out)


def _cube_round(fq: float, fr: float, fs: float) -> Cube:
    """Round fractional cube coords to the containing hex (fix the component that moved most)."""
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    else:
        s = -q - r
    return (q, r, s)


__all__ = ["Cell", "Cube", "HexGrid", "SquareGrid", "column_letters"]
