"""A cell's number in a disc in its corner: the way published maps print a per-cell value
such as a stacking or population limit (a map's `disc:`), in map coordinates (y up)."""

from __future__ import annotations

from ...geometry import Cell
from ...model.map import MapDef
from ...style import MARK_INK, PAPER
from ..clearance import hidden
from ..plan import Circle, Font, Stroke, Text

Box = tuple[float, float, float, float]
RADIUS = 0.1  # of the cell's size
TOWARDS = 0.62  # the disc's centre, of the way from the cell's centre to its top-right corner


def disc_size(size: float, text: str, least: float) -> tuple[float, float] | None:
    """(radius, type size) of a disc holding ``text`` in a cell of ``size``: the number set
    to fill the disc, and never under ``least``; None when it cannot be (too small a cell)."""
    r = size * RADIUS
    fs = min(r * 1.25, r * 1.7 / (0.6 * max(1, len(text))))
    if fs < least:
        return None
    return r, fs


def _corner(m: MapDef, cell: Cell) -> tuple[float, float]:
    """The disc's centre: towards the cell's top-right corner, clear of its coordinate."""
    cx, cy = m.grid.centre(*cell)
    vx, vy = max(m.grid.corners(*cell), key=sum)  # the corner furthest up and right
    return cx + (vx - cx) * TOWARDS, cy + (vy - cy) * TOWARDS


def _reading_order(entry: tuple[Cell, str]) -> tuple[int, int]:
    (col, row), _ = entry
    return row, col


def disc_spots(m: MapDef, size: float, least: float) -> list[tuple[Box, float, str]]:
    """Each cell's disc as (its box, its type size, its text), in reading order."""
    out = []
    for cell, text in sorted(m.disc_values().items(), key=_reading_order):
        got = disc_size(size, text, least)
        if got is None:
            continue
        r, fs = got
        x, y = _corner(m, cell)
        out.append(((x - r, y - r, x + r, y + r), fs, text))
    return out


def disc_room(m: MapDef, terrain: str, size: float) -> tuple[Box, ...]:
    """The box a disc takes in a cell of ``terrain``, about the cell's centre and with a
    little room round it (a terrain's tufts keep clear of it); () where none has a disc."""
    values = m.disc_values()
    cell = next((c for c, t in m.cells.items() if t == terrain and c in values), None)
    if cell is None:
        return ()
    cx, cy = m.grid.centre(*cell)
    x, y = _corner(m, cell)
    r = size * (RADIUS + 0.03)
    return ((x - cx - r, y - cy - r, x - cx + r, y - cy + r),)


def disc_boxes(m: MapDef, size: float, least: float) -> tuple[Box, ...]:
    return tuple(box for box, _, _ in disc_spots(m, size, least))


def disc_ops(m: MapDef, size: float, bold: str, least: float, hide: tuple[Box, ...] = ()) -> list:
    """The discs, each a white disc ringed in ink with its number; a disc a piece stands
    over (a set-up diagram's) is left out, as the counter would hide it."""
    ops: list = []
    for box, fs, text in disc_spots(m, size, least):
        if hidden(box, hide):
            continue
        ops.extend(disc(box, fs, text, bold))
    return ops


def disc(box: Box, fs: float, text: str, bold: str) -> list:
    """One disc filling ``box``, ``text`` in the middle at ``fs``."""
    x0, y0, x1, y1 = box
    x, y, r = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2
    return [
        Circle(x, y, r, fill=PAPER, stroke=Stroke(MARK_INK, max(0.5, r * 0.09))),
        Text(x, y - fs * 0.36, text, Font(bold, fs), MARK_INK, align="centre"),
    ]
