"""Hex maps written fresh (no seed) on both orientations and offsets: edges on the side two
hexes share, the error for two that share none, distances that are walks over neighbours;
a geomorphic board joined under the wrong rotation; --fit telling the terminal its scale;
an area tab wider than a cell kept inside its area."""

from __future__ import annotations

import math
import shutil

import pytest

from kitgen.geometry import HexGrid
from kitgen.layout.maps.mapart import map_ops
from kitgen.layout.plan import Line
from tests.conftest import CONTENT, errors_of, plan_game, run_cli, write_game

MARSH = """
id: marsh
title: Marsh
maps:
  - id: m
    grid: hex
    orient: ORIENT
    offset: OFFSET
    cell: 1in
    coords: true
    terrains: [{id: reed, pattern: grass}, {id: pool, pattern: waves}]
    legend: {".": reed, "~": pool}
    layout: |
      ..~.
      .~..
      ....
    edge_kinds: [{id: dyke, width: 4pt, blocks: true}]
    edges:
      - [EDGE]
"""


def _marsh(tmp_path, orient: str, offset: str, edge: str):
    text = MARSH.replace("ORIENT", orient).replace("OFFSET", offset).replace("EDGE", edge)
    return write_game(tmp_path / f"{orient}-{offset}", text)


# (orientation, offset, two labels that share a side, two that do not), worked by hand:
# odd offsets shift the 2nd, 4th ... column (flat) or row (pointy) half a hex down/right,
# even offsets the 1st, 3rd ...
PAIRS = [
    # flat odd: column 02 hangs lower, so 0101 touches 0201 (and 0102) but not 0202
    ("flat", "odd", "0101, 0201", "0101, 0202"),
    # flat even: column 01 hangs lower, so 0101 touches 0202; 0201 no longer touches 0102
    ("flat", "even", "0101, 0202", "0201, 0102"),
    # pointy odd: row 02 sticks out right, so 0201 touches 0102; 0101 does not touch 0202
    ("pointy", "odd", "0201, 0102", "0101, 0202"),
    # pointy even: row 01 sticks out right, so 0101 touches 0202; 0201 not 0102
    ("pointy", "even", "0101, 0202", "0201, 0102"),
]


@pytest.mark.parametrize("orient,offset,joined,apart", PAIRS)
def test_hex_edges_lie_on_the_shared_side_of_each_orientation(
    tmp_path, orient, offset, joined, apart
):
    m = plan_game(_marsh(tmp_path, orient, offset, joined)).game.maps.get("m")
    (e,) = m.edges
    g = m.grid
    drawn = [
        o
        for o in map_ops(m, ("Helvetica", "Helvetica-Bold"))
        if isinstance(o, Line) and o.stroke.width == 4.0
    ]
    assert len(drawn) == 1
    p, q = g.shared_edge(e.a, e.b)
    got = sorted([(drawn[0].x0, drawn[0].y0), (drawn[0].x1, drawn[0].y1)])
    for a, b in zip(got, sorted([p, q]), strict=True):
        assert math.isclose(a[0], b[0], abs_tol=1e-6) and math.isclose(a[1], b[1], abs_tol=1e-6)
    # the side of a regular hexagon 1 in across the flats is 72 / sqrt 3 long
    assert math.isclose(math.dist(p, q), 72 / math.sqrt(3))
    assert not m.adjacent(e.a, e.b)  # the dyke blocks
    folder = _marsh(tmp_path / "bad", orient, offset, apart)
    a, b = (s.strip() for s in apart.split(","))
    assert errors_of(folder) == [
        f"{folder / 'game.yaml'}:18:9: error: maps[0].edges[0]: edge {a}-{b} does not join two "
        "adjacent cells (an edge lies on the side two cells share)"
    ]


@pytest.mark.parametrize("orient", ["flat", "pointy"])
@pytest.mark.parametrize("offset", ["odd", "even"])
def test_hex_distance_is_the_shortest_walk_over_neighbours(orient, offset):
    g = HexGrid(54.0, 7, 6, orient, offset)
    cells = list(g.cells())
    for start in [(0, 0), (3, 2), (6, 5), (1, 4)]:
        walked = {start: 0}
        frontier = [start]
        while frontier:  # breadth first over the six neighbours
            nxt = []
            for c in frontier:
                for n in g.neighbours(*c):
                    if n not in walked:
                        walked[n] = walked[c] + 1
                        nxt.append(n)
            frontier = nxt
        assert len(walked) == len(cells)
        assert all(g.distance(start, c) == walked[c] for c in cells), (orient, offset, start)


def test_geomorphic_copies_joined_under_the_wrong_rotation(tmp_path):
    """Reshuffled's station: turn the second copy 270 instead of 90 and its open corridor
    meets the first copy's bulkhead; the third copy then fails against the second."""
    folder = tmp_path / "reshuffled"
    shutil.copytree(CONTENT / "reshuffled", folder)
    maps = folder / "maps.yaml"
    text = maps.read_text()
    assert "{map: station-piece, at: J1, rotate: 90}" in text
    maps.write_text(text.replace("at: J1, rotate: 90}", "at: J1, rotate: 270}"))
    seam = "(seam cells must have the same terrain (or the same 'join' class))"
    line = 1 + next(i for i, t in enumerate(text.splitlines()) if "at: J1, rotate: 90}" in t)
    assert errors_of(folder) == [
        f"{maps}:{line}:9: error: maps[1].compose[1]: copy 2 (station-piece, rotate 270) does not "
        f"join copy 1: J3 (open) meets I3 (bulkhead) (7 cells in all) {seam}",
        f"{maps}:{line + 1}:9: error: maps[1].compose[2]: copy 3 (station-piece, rotate 180) "
        f"does not join copy 2: J10 (bulkhead) meets J9 (hatch) (7 cells in all) {seam}",
    ]


def test_fit_tells_the_terminal_the_scale_of_each_scaled_map(tmp_path):
    rows = "\n".join("      " + "." * 16 for _ in range(14))
    text = MARSH.split("    layout: |")[0].replace("ORIENT", "pointy").replace("OFFSET", "odd")
    folder = write_game(tmp_path / "wide", text + "    layout: |\n" + rows + "\n")
    run = run_cli("build", str(folder), "-o", str(tmp_path / "out"), "--fit")
    assert run.exit_code == 0
    # 16 pointy hexes of 72 pt and half a hex: 1188 pt + 6 pt of pad, onto 576 pt of Letter
    (line,) = [s for s in run.stderr.splitlines() if "scaled" in s]
    assert (
        line == f"kitgen: marsh: map m scaled 1:{1194 / 576:.2f} to fit one sheet (not true size)"
    )
    run = run_cli("build", str(folder), "-o", str(tmp_path / "out"))
    assert "scaled" not in run.stderr  # at true size, tiled: nothing to say


@pytest.mark.parametrize("text_scale", [1.0, 2.5])
def test_an_area_tab_wider_than_a_cell_stays_inside_its_area(text_scale):
    """DUCK!'s Corridor is two squares wide between bulkheads and pinned to H6: a tab wider
    than a square sits across H6 and I6, not over the bulkhead into the cargo bay."""
    from kitgen.layout.maps.mapart import _area_label
    from kitgen.layout.plan import Rect

    deck = plan_game(CONTENT / "duck").game.maps.get("deck")
    style = next(s for s in deck.area_styles if s.area == "corridor")
    corridor = deck.areas["corridor"]
    rect = next(
        o for o in _area_label(deck, corridor, style, 108.0, "B", text_scale) if isinstance(o, Rect)
    )
    corners = [(rect.x + dx, rect.y + dy) for dx in (0, rect.w) for dy in (0, rect.h)]
    assert {deck.label(deck.grid.cell_at(p)) for p in corners} <= {"H6", "I6"}
    if text_scale > 1:  # the assembly sheet's larger tab is wider than one 108 pt square
        assert rect.w > 108 and {deck.grid.cell_at(p) for p in corners} == {
            deck.cell_at_label("H6"),
            deck.cell_at_label("I6"),
        }
