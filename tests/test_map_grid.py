"""The playing grid is the strongest line of a map's ground (docs/design.md, "Maps"), read
back from every map drawing of every seed kit: map sheets, assembly sheets, set-up sheets,
rulebook diagrams and covers. In each cell the grid is wider than any texture stroke
drawn under it and stands further off the cell's colour (CIE L*) than any texture mark;
it never prints as a hairline; and a road or other line feature is drawn heavier than it.
"""

from __future__ import annotations

import math

import pytest

from kitgen.colours import stand_off
from tests.map_lines import Cell, pdf_maps

from .conftest import seed_kit

SEEDS = ("duck", "ironford", "rencounter", "reshuffled", "ryamon")
# Margins, not bare "at least": a line as heavy as the texture beside it reads as its
# equal, and the reviewers read the deck plating as a second grid. Twice the width and
# half as far again off the ground keeps the grid first at a glance.
WIDER = 2.0
DARKER = 1.5
HEAVIER = 1.5  # a line feature against the grid
LEAST = 0.4  # points: under this a printed grid is a hairline (a published map: 0.5-0.75)


def _faults(cell: Cell) -> list[str]:
    out = []
    if cell.grid_width < LEAST - 1e-6:
        out.append(f"grid {cell.grid_width:.2f} pt is a hairline (under {LEAST} pt)")
    widest = max((w for _, w in cell.textures), default=0.0)
    if cell.grid_width < WIDER * widest - 1e-6:
        out.append(f"grid {cell.grid_width:.2f} pt against texture {widest:.2f} pt")
    grid = stand_off(cell.grid, cell.ground)
    for ink, _ in cell.textures:
        if grid < DARKER * stand_off(ink, cell.ground) - 1e-6:
            off = stand_off(ink, cell.ground)
            out.append(f"grid {grid:.0f} L* off {cell.ground}, texture {ink} {off:.0f} L*")
            break
    return out


def _map_faults(game: str) -> tuple[list[str], int]:
    """Each map drawing's faults (one line per drawing and kind), and how many drawings."""
    _, pdfs, _ = seed_kit(game)
    faults: list[str] = []
    drawings = 0
    for name, pdf in sorted(pdfs.items()):
        for page, cells in pdf_maps(pdf):
            drawings += 1
            seen: set[str] = set()
            for cell in cells:
                for fault in _faults(cell):
                    kind = fault.split(" against")[0].split(" L*")[0][:12]
                    if kind not in seen:
                        seen.add(kind)
                        faults.append(f"{name} p{page}: {fault}")
    return faults, drawings


@pytest.mark.parametrize("game", SEEDS)
def test_the_grid_is_the_strongest_line_of_every_map(game):
    faults, drawings = _map_faults(game)
    assert drawings > 0, f"{game}: no map drawing found in its PDFs"
    assert faults == []


@pytest.mark.parametrize("game", SEEDS)
def test_line_features_are_drawn_heavier_than_the_grid(game):
    """A road, rail or trail (a stroked line kind) over the cells prints wider than the
    grid under it, on every drawing of its map, however reduced: each run of it from
    cell to cell (a rail's line, not its ties; no icon's stroke of the same ink) is
    HEAVIER times the grid's width."""
    planned, pdfs, _ = seed_kit(game)
    maps = planned.game.maps.maps if planned.game.maps is not None else ()
    colours = {k.colour for m in maps for k in m.line_kinds.values() if k.style != "river"}
    thin = set()
    for name, pdf in sorted(pdfs.items()):
        for page, cells in pdf_maps(pdf):
            for cell in cells:
                for ink in colours:
                    side = math.dist(*cell.corners[:2])
                    runs = (w for i, w, run in cell.over if i == ink and run > side / 2)
                    widest = max(runs, default=None)
                    if widest is not None and widest < cell.grid_width * HEAVIER - 1e-6:
                        grid = cell.grid_width
                        thin.add(f"{name} p{page}: {ink} {widest:.2f} pt, grid {grid:.2f} pt")
    assert sorted(thin) == []


@pytest.mark.parametrize("game", SEEDS)
def test_area_outlines_are_lighter_than_the_grid(game):
    """An area's dashed outline (a room, a start zone) prints thinner than the grid it runs
    beside, on every drawing of its map: Reshuffled's reviewer read the teal room outline,
    drawn at twice the grid's width, as the map's strongest line."""
    planned, pdfs, _ = seed_kit(game)
    maps = planned.game.maps.maps if planned.game.maps is not None else ()
    colours = {s.colour.lower() for m in maps for s in m.area_styles if s.outline}
    heavy = set()
    for name, pdf in sorted(pdfs.items()):
        for page, cells in pdf_maps(pdf):
            for cell in cells:
                for ink, width, _ in cell.over:
                    if ink.lower() in colours and width > cell.grid_width + 1e-6:
                        grid = cell.grid_width
                        heavy.add(f"{name} p{page}: {ink} {width:.2f} pt, grid {grid:.2f} pt")
    assert sorted(heavy) == []
