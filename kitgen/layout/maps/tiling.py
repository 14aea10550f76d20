"""Splitting a map bigger than the printable area into overlapping tiles at true scale.

Pure arithmetic: windows in map coordinates (points, y up). The tiles of a column share
their left and right edges and those of a row their top and bottom, neighbours overlap by
exactly ``overlap``, and the windows together cover the map with no gap. The spans are
equal unless a seam is moved off what it would cut (``seams``).
"""

from __future__ import annotations

from collections.abc import Callable

from ...model.map import DEFAULT_OVERLAP, MIN_OVERLAP
from ...records import record

_ROMAN = tuple(
    zip(
        (1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1),
        "M CM D CD C XC L XL X IX V IV I".split(),
        strict=True,
    )
)


def roman(n: int) -> str:
    """``n`` (1 or more) in roman numerals: 4 -> IV, 14 -> XIV."""
    out = ""
    for value, letters in _ROMAN:
        count, n = divmod(n, value)
        out += letters * count
    return out


@record
class Tile:
    row: int  # 0 = top row of tiles
    col: int  # 0 = left column
    index: int  # 1-based place in reading order
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def label(self) -> str:
        """Its place in reading order as a roman numeral (IV = the fourth): a square map's
        cells are named A1, B2 ..., so a tile named that way would read as a cell."""
        return roman(self.index)

    @property
    def window(self) -> tuple[float, float, float, float]:
        return (self.x0, self.y0, self.x1, self.y1)


@record
class TilePlan:
    width: float  # the map's size, points
    height: float
    rows: int
    cols: int
    overlap: float
    tiles: tuple[Tile, ...]

    @property
    def count(self) -> int:
        return len(self.tiles)

    def at(self, row: int, col: int) -> Tile:
        return self.tiles[row * self.cols + col]


def _split(length: float, n: int, overlap: float) -> list[tuple[float, float]]:
    """``n`` equal spans covering [0, length], neighbours overlapping by exactly ``overlap``."""
    if n == 1:
        return [(0.0, length)]
    each = span(length, n, overlap)
    step = each - overlap
    out = [(i * step, i * step + each) for i in range(n)]
    start, _ = out[-1]
    out[-1] = (start, length)  # exact end, no rounding drift
    return out


def span(length: float, n: int, overlap: float) -> float:
    """The length of each of ``n`` equal spans covering ``length`` with that overlap."""
    return (length + (n - 1) * overlap) / n


def spans_needed(length: float, room: float, overlap: float, margin: float = 0.0) -> int:
    """The fewest equal spans that cover ``length`` when each must fit ``room`` less
    ``margin`` on each side that meets a neighbour (none for one span, one side each for
    two, both sides for the middle spans of three or more)."""
    if overlap * 2 >= room - 2 * margin:
        raise ValueError("overlap too large for the printable area")
    n = 1
    while span(length, n, overlap) > room - margin * min(2, n - 1) + 1e-6:
        n += 1
    return n


# What a glue strip running from a to b across the map cuts through: 0 for nothing.
Cost = Callable[[float, float], float]


def seams(
    length: float, n: int, overlap: float, limits: list[float], cost: Cost
) -> list[tuple[float, float]]:
    """``n`` spans covering [0, length] as _split's, each seam (where a span starts over the
    one before) moved to where its strip of ``overlap`` cuts the least, nearest the equal
    seam among those; span i no longer than ``limits[i]`` (each at least the equal span)."""
    spans = _split(length, n, overlap)
    start = 0.0
    out = []
    for i in range(n - 1):
        equal, _ = spans[i + 1]
        lo = max(start + overlap * 2, length - sum(limits[i + 1 :]) + (n - 2 - i) * overlap)
        hi = start + limits[i] - overlap
        best = min(_positions(lo, hi, equal), key=lambda x: (cost(x, x + overlap), abs(x - equal)))
        out.append((start, best + overlap))
        start = best
    out.append((start, length))
    return out


def _positions(lo: float, hi: float, equal: float, step: float = 2.0) -> list[float]:
    """Where a seam may go: ``equal``, then every ``step`` points from it both ways."""
    if hi < lo:
        return [equal]
    out = [equal]
    k = 1
    while equal - k * step >= lo or equal + k * step <= hi:
        out.extend(x for x in (equal - k * step, equal + k * step) if lo <= x <= hi)
        k += 1
    return out


def grid_tiles(
    width: float,
    height: float,
    rows: int,
    cols: int,
    overlap: float,
    xs: list[tuple[float, float]] | None = None,
    ys_from_top: list[tuple[float, float]] | None = None,
) -> TilePlan:
    """A ``rows`` x ``cols`` grid of tiles over a ``width`` x ``height`` map: equal spans
    unless given (``xs`` left to right, ``ys_from_top`` from the map's top down)."""
    xs = xs or _split(width, cols, overlap)
    ys_from_top = ys_from_top or _split(height, rows, overlap)
    tiles = []
    for r, (t0, t1) in enumerate(ys_from_top):
        for c, (x0, x1) in enumerate(xs):
            tiles.append(Tile(r, c, r * cols + c + 1, x0, height - t1, x1, height - t0))
    return TilePlan(width, height, rows, cols, overlap, tuple(tiles))


def needs_tiling(width: float, height: float, avail_w: float, avail_h: float) -> bool:
    return width > avail_w + 1e-6 or height > avail_h + 1e-6


__all__ = [
    "DEFAULT_OVERLAP",
    "MIN_OVERLAP",
    "Tile",
    "TilePlan",
    "grid_tiles",
    "needs_tiling",
    "seams",
    "span",
    "spans_needed",
]
