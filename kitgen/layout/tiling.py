"""Splitting a map bigger than the printable area into overlapping tiles at true scale.

Pure arithmetic: windows in map coordinates (points, y up). Every tile in a row has the same
width and every tile in a column the same height, neighbours overlap by exactly ``overlap``,
and the windows together cover the map with no gap.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..geometry import column_letters
from ..model.map import DEFAULT_OVERLAP, MIN_OVERLAP


@dataclass(frozen=True)
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
        """Row letter then column number: B2 = second row from the top, second column."""
        return f"{column_letters(self.row)}{self.col + 1}"

    @property
    def window(self) -> tuple[float, float, float, float]:
        return (self.x0, self.y0, self.x1, self.y1)


@dataclass(frozen=True)
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


def _split(length: float, avail: float, overlap: float) -> list[tuple[float, float]]:
    """Equal spans of at most ``avail`` covering [0, length], neighbours overlapping by
    exactly ``overlap``."""
    if length <= avail:
        return [(0.0, length)]
    n = math.ceil((length - overlap) / (avail - overlap) - 1e-9)
    span = (length + (n - 1) * overlap) / n
    step = span - overlap
    out = [(i * step, i * step + span) for i in range(n)]
    out[-1] = (out[-1][0], length)  # exact end, no rounding drift
    return out


def plan_tiles(
    width: float, height: float, avail_w: float, avail_h: float, overlap: float = DEFAULT_OVERLAP
) -> TilePlan:
    """Tiles for a ``width`` x ``height`` map on windows of at most ``avail_w`` x ``avail_h``."""
    if overlap * 2 >= min(avail_w, avail_h):
        raise ValueError("overlap too large for the printable area")
    xs = _split(width, avail_w, overlap)
    ys_from_top = _split(height, avail_h, overlap)
    tiles = []
    for r, (t0, t1) in enumerate(ys_from_top):
        for c, (x0, x1) in enumerate(xs):
            tiles.append(Tile(r, c, r * len(xs) + c + 1, x0, height - t1, x1, height - t0))
    return TilePlan(width, height, len(ys_from_top), len(xs), overlap, tuple(tiles))


def needs_tiling(width: float, height: float, avail_w: float, avail_h: float) -> bool:
    return width > avail_w + 1e-6 or height > avail_h + 1e-6


__all__ = ["DEFAULT_OVERLAP", "MIN_OVERLAP", "Tile", "TilePlan", "needs_tiling", "plan_tiles"]
