"""Shortcuts taken for speed give exactly what the plain computation gives."""

from __future__ import annotations

from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from kitgen.geometry import HexGrid, SquareGrid
from kitgen.layout.mapart import _boundary, cell_polygon
from kitgen.layout.text import fit_by_wrapping, fit_text
from kitgen.render.fonts import FontBook

FONTS = FontBook([])
FACE = FONTS.face("Helvetica")

# Letters, ordinary and no-break spaces, tabs and line breaks: every case wrapping treats apart.
TEXTS = st.text(alphabet="aW1 \t\n\u00a0", max_size=14)


@settings(max_examples=300, deadline=None)
@given(
    text=TEXTS,
    size=st.sampled_from([4.0, 7.5, 9.0, 14.0]),
    width=st.floats(1, 80),
    height=st.floats(1, 40),
    wrap_lines=st.booleans(),
)
def test_one_line_shortcut_fits_as_the_search_does(text, size, width, height, wrap_lines):
    args = (text, FACE, size, 3.0, width, height, FONTS, 1.15, wrap_lines, 0.25)
    assert fit_text(*args) == fit_by_wrapping(*args)


def test_one_line_shortcut_is_taken_and_keeps_the_text():
    fitted = fit_text("1/25", FACE, 9.0, 5.0, 40.0, 20.0, FONTS)
    assert (fitted.lines, fitted.size, fitted.fits) == (("1/25",), 9.0, True)


def _boundary_by_probing(grid, cells):
    """Every side of every cell, kept when the cell across it is not in the set."""
    out = []
    for cell in sorted(cells, key=lambda c: (c[1], c[0])):
        poly = cell_polygon(grid, cell)
        cx, cy = grid.centre(*cell)
        for i, a in enumerate(poly):
            b = poly[(i + 1) % len(poly)]
            across = grid.cell_at((a[0] + b[0] - cx, a[1] + b[1] - cy))
            if across is None or across not in cells:
                out.append((a, b, cell))
    return out


GRIDS = [
    SquareGrid(36, 5, 4),
    HexGrid(54, 5, 4, "flat", "odd"),
    HexGrid(54, 4, 5, "pointy", "even"),
]


@settings(max_examples=120, deadline=None)
@given(grid=st.sampled_from(GRIDS), data=st.data())
def test_boundary_skipping_inner_cells_matches_probing_every_side(grid, data):
    cells = set(data.draw(st.lists(st.sampled_from(grid.cells()), unique=True)))
    assert _boundary(SimpleNamespace(grid=grid), cells) == _boundary_by_probing(grid, cells)


def test_boundary_of_a_whole_grid_is_its_rim():
    grid = SquareGrid(36, 5, 4)
    sides = _boundary(SimpleNamespace(grid=grid), set(grid.cells()))
    assert len(sides) == 2 * (5 + 4)
