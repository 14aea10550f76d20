"""Pure grid and template geometry (standard library only).

Conventions: lengths in PDF points, y axis UP, angles in degrees with 0 = east and
counter-clockwise positive. Grid cells are (col, row) with row 0 at the TOP; the grid's
bottom-left corner is at (0, 0). Hex ``size`` is measured across flats.
"""

from .coverage import (
    Coverage,
    arc_template_cells,
    cells_covered,
    clock_number,
    clock_sectors,
    offsets_covered,
    template_apex,
)
from .grid import Cell, Cube, HexGrid, SquareGrid, column_letters
from .shapes import (
    Point,
    Polygon,
    Rect,
    circle_polygon,
    clip_polygon,
    cone_polygon,
    point_in_polygon,
    polygon_area,
    sector_pieces,
    sector_polygon,
    signed_area,
)

__all__ = [
    "Cell",
    "Coverage",
    "Cube",
    "HexGrid",
    "Point",
    "Polygon",
    "Rect",
    "SquareGrid",
    "arc_template_cells",
    "cells_covered",
    "circle_polygon",
    "clip_polygon",
    "clock_number",
    "clock_sectors",
    "column_letters",
    "cone_polygon",
    "offsets_covered",
    "point_in_polygon",
    "polygon_area",
    "sector_pieces",
    "sector_polygon",
    "signed_area",
    "template_apex",
]
