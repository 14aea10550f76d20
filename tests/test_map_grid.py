"""The playing grid is the strongest line of a map's ground (docs/design.md, "Maps"), read
back from every map drawing of every seed kit: map sheets, assembly sheets, set-up sheets,
rulebook diagrams and covers. In each cell the grid is wider than any texture stroke
drawn under it and stands further off the cell's colour (CIE L*) than any texture mark;
it never prints as a hairline; and it is drawn over every road, rail, river and wall, so
no feature breaks it (a ford's or a bridge's symbol stands on it).
"""

from __future__ import annotations

import pytest

from kitgen.colours import stand_off
from kitgen.style import ROAD_CASING
from tests.map_lines import Cell, pdf_maps

from .conftest import build_pdfs, seed_kit, write_game

SEEDS = ("duck", "ironford", "rencounter", "reshuffled", "ryamon")
# Margins, not bare "at least": a line as heavy as the texture beside it reads as its
# equal, and the reviewers read the deck plating as a second grid. Twice the width and
# half as far again off the ground keeps the grid first at a glance.
WIDER = 2.0
DARKER = 1.5
HEAVIER = 1.5  # a line feature against the grid
LEAST = 0.4  # points: under this a printed grid is a hairline (a published map: 0.5-0.75)


def _faults(cell: Cell, ways: set[str]) -> list[str]:
    """What is wrong with the cell's grid against its texture; ``ways``: the inks of the
    map's roads, rails and rivers, which run under the grid and are not its texture."""
    out = []
    if cell.grid_width < LEAST - 1e-6:
        out.append(f"grid {cell.grid_width:.2f} pt is a hairline (under {LEAST} pt)")
    textures = [(ink, w) for ink, w in cell.textures if ink not in ways]
    widest = max((w for _, w in textures), default=0.0)
    if cell.grid_width < WIDER * widest - 1e-6:
        out.append(f"grid {cell.grid_width:.2f} pt against texture {widest:.2f} pt")
    grid = stand_off(cell.grid, cell.ground)
    for ink, _ in textures:
        if grid < DARKER * stand_off(ink, cell.ground) - 1e-6:
            off = stand_off(ink, cell.ground)
            out.append(f"grid {grid:.0f} L* off {cell.ground}, texture {ink} {off:.0f} L*")
            break
    return out


def _ways(planned, edges: bool = True) -> set[str]:
    """The inks of the kit's line features (a road's casing too) and, with ``edges``, of
    its edge features, as '#rrggbb'."""
    maps = planned.game.maps.maps if planned.game.maps is not None else ()
    inks = {k.colour for m in maps for k in m.line_kinds.values()}
    if edges:
        inks |= {k.colour for m in maps for k in m.edge_kinds.values()}
    if any(k.style == "road" for m in maps for k in m.line_kinds.values()):
        inks.add(ROAD_CASING)
    return {ink.lower() for ink in inks}


def _map_faults(game: str) -> tuple[list[str], int]:
    """Each map drawing's faults (one line per drawing and kind), and how many drawings."""
    planned, pdfs, _ = seed_kit(game)
    ways = _ways(planned)
    faults: list[str] = []
    drawings = 0
    for name, pdf in sorted(pdfs.items()):
        for page, cells in pdf_maps(pdf):
            drawings += 1
            seen: set[str] = set()
            for cell in cells:
                for fault in _faults(cell, ways):
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
def test_line_features_run_under_the_grid(game):
    """A road, rail or trail crossing a cell is drawn before the cell's grid, on every
    drawing of its map, so the grid runs unbroken over it: the third Iron Ford reviewer
    read the road and the railway, drawn over a 0.75 pt grid, as the map's strongest line."""
    planned, pdfs, _ = seed_kit(game)
    ways = _ways(planned, edges=False)  # an edge's ink is the sides' test's (a wall's ink
    over, under = set(), 0  # may be the marks' ink, drawn over the grid)
    for name, pdf in sorted(pdfs.items()):
        for page, cells in pdf_maps(pdf):
            for cell in cells:
                under += sum(1 for ink, _ in cell.textures if ink in ways)
                for ink, width, _ in cell.over:
                    if ink in ways:
                        over.add(f"{name} p{page}: {ink} {width:.2f} pt over the grid")
    assert sorted(over) == []
    lines = planned.game.maps is not None and any(m.lines for m in planned.game.maps.maps)
    assert under > 0 or not lines, f"{game}: no line feature found under any grid"


@pytest.mark.parametrize("game", SEEDS)
def test_edge_features_run_under_the_grid(game):
    """A river, stream or wall along a cell's side is drawn under the grid, never over it:
    the Ryn, drawn at 5 pt over the grid, was the line that read strongest. (A ford's or
    a bridge's symbol stands over it: it is a symbol, not a line along the side.)"""
    planned, pdfs, _ = seed_kit(game)
    maps = planned.game.maps.maps if planned.game.maps is not None else ()
    inks = {k.colour.lower() for m in maps for k in m.edge_kinds.values()}
    over, under = set(), 0
    for name, pdf in sorted(pdfs.items()):
        for page, cells in pdf_maps(pdf):
            inside = _inner_sides(cells)  # the map's border runs over its outer sides
            for cell in cells:
                for ink, width, after, side in cell.sides:
                    if ink in inks and ink != cell.grid and side in inside:
                        under += not after
                        if after:
                            over.add(f"{name} p{page}: {ink} {width:.2f} pt along a side")
    assert sorted(over) == []
    assert under > 0 or not any(m.edges for m in maps), f"{game}: no edge found under a grid"


def _inner_sides(cells: list[Cell]) -> set[tuple]:
    """The sides two cells share, as (corner, corner) sorted."""
    seen: set[tuple] = set()
    shared: set[tuple] = set()
    for c in cells:
        n = len(c.corners)
        for i in range(n):
            p, q = c.corners[i], c.corners[(i + 1) % n]
            side = (min(p, q), max(p, q))
            (shared if side in seen else seen).add(side)
    return shared


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


RIMMED = """
    id: t
    title: T
    maps:
      - id: m
        title: Rims
        cell: 1.5in
        terrains:
          - {id: deck, fill: "#e9eef2", pattern: grid, pattern_colour: "#333333"}
          - {id: crate, fill: "#c99a52", pattern: cross, outline: "#d0021b", mark: F}
        legend: {".": deck, C: crate}
        layout: |
          .CC.
          ..C.
"""


def _rimmed_drawings(tmp_path) -> list[tuple[int, list[Cell]]]:
    _, pdfs, _ = build_pdfs(write_game(tmp_path / "rims", RIMMED))
    return [drawing for _, pdf in sorted(pdfs.items()) for drawing in pdf_maps(pdf)]


def test_a_terrain_rim_runs_under_the_grid_and_thinner(tmp_path):
    """A terrain's ``outline`` (DUCK!'s red top edge on full-height cargo) is a line inside
    the cell drawn before the grid, at most half its width: DUCK!'s reviewer read the red
    band, 3.6 pt drawn over the 0.75 pt grid, as the map's strongest line."""
    rims, over = [], []
    for page, cells in _rimmed_drawings(tmp_path):
        for cell in cells:
            rims += [(w, cell.grid_width) for ink, w in cell.textures if ink == "#d0021b"]
            over += [f"p{page}: {w:.2f} pt" for ink, w in cell.rings if ink == "#d0021b"]
    assert rims, "no rim found under any grid"
    assert over == []
    assert all(w <= grid / 2 + 1e-6 for w, grid in rims), sorted(set(rims))


def test_a_sub_grid_stands_far_back_from_the_grid(tmp_path):
    """A sub-grid texture repeats the playing grid's own lines, so it stands off its cell at
    most a fifth as far as the grid does (another texture may reach half): DUCK!'s
    reviewer read a sub-grid at the usual texture's weight as outweighing the grid."""
    ratios = [
        stand_off(ink, cell.ground) / stand_off(cell.grid, cell.ground)
        for _, cells in _rimmed_drawings(tmp_path)
        for cell in cells
        if cell.ground == "#e9eef2"
        for ink, _ in cell.textures
    ]
    assert ratios, "no sub-grid found"
    assert max(ratios) <= 0.2, f"a sub-grid at {max(ratios):.2f} of the grid's stand-off"


@pytest.mark.parametrize("game", SEEDS)
def test_terrain_rims_of_every_seed_map_run_under_the_grid(game):
    """Every seed map's rimmed terrain, on every drawing: its rim under the grid."""
    planned, pdfs, _ = seed_kit(game)
    maps = planned.game.maps.maps if planned.game.maps is not None else ()
    inks = {t.outline.lower() for m in maps for t in m.terrains.values() if t.outline}
    under, over = 0, set()
    for name, pdf in sorted(pdfs.items()):
        for page, cells in pdf_maps(pdf):
            for cell in cells:
                under += sum(1 for ink, _ in cell.textures if ink in inks)
                over |= {f"{name} p{page}: {ink}" for ink, _ in cell.rings if ink in inks}
    assert sorted(over) == []
    assert under > 0 or not inks, f"{game}: no rim found under any grid"
