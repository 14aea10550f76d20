"""Roads and railways go somewhere (issue 38): a road or railway that ends in open country
mid-map is warned about where it is written; one that ends on the map's edge is drawn on
to the edge, so it reads as leaving the map, and one that ends in a town or on another way
stops there."""

from __future__ import annotations

import math

from kitgen.build import load
from kitgen.errors import Diagnostics
from kitgen.layout.maps.mapart import map_ops
from kitgen.layout.plan import Path
from tests.conftest import plan_game, write_game

ROADS = """
id: roads
title: Roads
maps:
  - id: m
    grid: hex
    orient: flat
    cell: 1in
    terrains: [{id: clear, label: Clear}]
    legend: {".": clear}
    layout: |
      .....
      .....
      .....
      .....
    line_kinds:
      - {id: road, label: Main road, style: road, colour: "#c0392b"}
      - {id: rail, label: Railway, style: rail}
    lines:
      - {kind: road, path: "0102 0202 0302"}   # from the west edge into open country
      - {kind: rail, path: "0504 0403 0303"}   # from the east edge to Mill
      - {kind: road, path: "0202 0203 0204"}   # a branch off the road to the south edge
    features:
      - {id: town, label: Town, icon: house, at: {"0303": Mill}}
"""


def test_a_road_that_stops_in_open_country_warns(game_dir):
    folder = write_game(game_dir, ROADS)
    planned = plan_game(folder, "letter")
    assert [str(d) for d in planned.diags if d.severity == "warning"] == [
        f"{folder / 'game.yaml'}:19:9: warning: maps.m.lines[0].path: the Main road ends in "
        "0302, which holds no town, meets no other road or railway and is not on the map's "
        "edge (run it on to a town, another road or off the map's edge)"
    ]


def test_a_way_that_ends_on_the_edge_is_drawn_to_it(game_dir):
    """The road from the west edge starts at the middle of its first hex's side on the
    edge, not at its centre; where it stops in open country, at a junction or in a town
    it ends at the hex's centre."""
    diags = Diagnostics()
    m = load(write_game(game_dir, ROADS), diags).maps.get("m")
    g = m.grid
    ops = map_ops(m, ("Helvetica", "Helvetica-Bold"))
    paths = [o for o in ops if isinstance(o, Path) and not o.closed]
    roads = [p.points for p in paths if p.stroke.colour == "#c0392b"]
    (rail,) = [p.points for p in paths if p.stroke.colour == "#222222"]
    main = next(r for r in roads if math.dist(r[-1], g.centre(2, 1)) < 1e-6)  # to 0302
    (branch,) = [r for r in roads if r is not main]

    def on_edge_of(point, cell) -> bool:
        centre = g.centre(*cell)
        across = (2 * point[0] - centre[0], 2 * point[1] - centre[1])
        return math.isclose(math.dist(point, centre), g.size / 2) and g.cell_at(across) is None

    assert on_edge_of(main[0], (0, 1))  # 0102, on the west edge: drawn to the edge
    assert on_edge_of(branch[-1], (1, 3))  # 0204, on the south edge
    assert on_edge_of(rail[0], (4, 3))  # 0504, on the east edge
    assert math.dist(branch[0], g.centre(1, 1)) < 1e-6  # starts at its junction, 0202
    assert math.dist(rail[-1], g.centre(2, 2)) < 1e-6  # stops in Mill, 0303
    assert len(main) == 4 and len(branch) == 4 and len(rail) == 4
