"""Imposition: where pieces go on sheets. Pure arithmetic on boxes, tested with numbers.

Pieces are packed in shelves (rows) top to bottom, left to right, inside the
content box, `gutter` apart; each sheet's block is centred across the page.
Duplex backs and fold-and-glue halves are mirror images of boxes about a line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .plan import BBox

EPS = 1e-6


class Spot(NamedTuple):
    """Where slot `index` landed: its sheet (from 0) and bottom-left corner. (A named
    tuple: one is made per piece, and a tuple is made several times faster than a frozen
    dataclass.)"""

    index: int
    sheet: int
    x: float
    y: float


class TooBig(ValueError):
    def __init__(self, index: int):
        super().__init__(f"slot {index} does not fit the box")
        self.index = index


def pack(sizes: Sequence[tuple[float, float]], box: BBox, gutter: float) -> list[Spot]:
    """Shelf packing in the given order; as many sheets as needed; the spots in slot
    order. Raises TooBig."""
    x0, y0, x1, y1 = box
    width, height = x1 - x0, y1 - y0
    sheets: list[list[list[tuple[int, float, float, float]]]] = [[]]  # sheet > shelf > slots
    shelf_top = y1  # top of the current shelf
    shelf_h = 0.0
    cursor = x0
    for i, (w, h) in enumerate(sizes):
        if w > width + EPS or h > height + EPS:
            raise TooBig(i)
        shelves = sheets[-1]
        if not shelves or cursor + w > x1 + EPS:
            # New shelf below the current one, or a new sheet.
            top = shelf_top - shelf_h - gutter if shelves else y1
            if top - h < y0 - EPS:
                sheets.append([])
                shelves = sheets[-1]
                top = y1
            shelves.append([])
            shelf_top, shelf_h, cursor = top, 0.0, x0
        elif h > shelf_h and shelf_top - h < y0 - EPS:
            # Too tall for the last shelf's room on this sheet: start a new sheet.
            sheets.append([[]])
            shelves = sheets[-1]
            shelf_top, shelf_h, cursor = y1, 0.0, x0
        shelves[-1].append((i, cursor, shelf_top, h))
        cursor += w + gutter
        shelf_h = max(shelf_h, h)
    return _centre(sizes, sheets, x0, width)


def _centre(sizes, sheets, x0: float, width: float) -> list[Spot]:
    spots: list[Spot] = []
    for n, shelves in enumerate(sheets):
        used = max((s[-1][1] + sizes[s[-1][0]][0] - x0 for s in shelves if s), default=0.0)
        shift = (width - used) / 2
        for shelf in shelves:
            for i, x, top, h in shelf:
                # Shelf slots hang from the shelf's top edge, so rows read level.
                spots.append(Spot(i, n, x + shift, top - h))
    # Already in slot order: pack fills sheets, shelves and slots in that order.
    return spots


def overlaps(a: BBox, b: BBox) -> bool:
    return a[0] < b[2] - EPS and b[0] < a[2] - EPS and a[1] < b[3] - EPS and b[1] < a[3] - EPS


def grow(b: BBox, d: float) -> BBox:
    return (b[0] - d, b[1] - d, b[2] + d, b[3] + d)


def mirror_x(b: BBox, axis: float) -> BBox:
    """Mirror a box about the vertical line x = axis."""
    return (2 * axis - b[2], b[1], 2 * axis - b[0], b[3])


def mirror_y(b: BBox, axis: float) -> BBox:
    """Mirror a box about the horizontal line y = axis."""
    return (b[0], 2 * axis - b[3], b[2], 2 * axis - b[1])


def back_box(
    b: BBox, page: tuple[float, float], flip: str, offset: tuple[float, float] = (0.0, 0.0)
) -> BBox:
    """Where a front's back goes on the next duplex page.

    Long-edge flip turns the sheet about its vertical centre line (columns
    mirror: A B C becomes C B A); short-edge about its horizontal one (rows
    mirror). The printer's measured offset is then added.
    """
    m = mirror_x(b, page[0] / 2) if flip == "long" else mirror_y(b, page[1] / 2)
    dx, dy = offset
    return (m[0] + dx, m[1] + dy, m[2] + dx, m[3] + dy)


def crop_marks(
    trim: BBox, bleed: float, gutter: float, neighbours_gap: float = 0.5, length: float = 6.0
) -> list[tuple[float, float, float, float]]:
    """Eight ticks on the trim lines, outside the bleed, inside half the gutter.

    A neighbour's bleed starts a full gutter beyond ours, so ticks that stop
    short of half the gutter never reach into it (nor meet its own ticks).
    """
    start = bleed + neighbours_gap
    reach = min(length, gutter / 2 - neighbours_gap - EPS)
    if reach <= 0:
        return []
    end = start + reach
    x0, y0, x1, y1 = trim
    return [
        (x0 - end, y0, x0 - start, y0),
        (x0, y0 - end, x0, y0 - start),
        (x1 + start, y0, x1 + end, y0),
        (x1, y0 - end, x1, y0 - start),
        (x0 - end, y1, x0 - start, y1),
        (x0, y1 + start, x0, y1 + end),
        (x1 + start, y1, x1 + end, y1),
        (x1, y1 + start, x1, y1 + end),
    ]
