"""Layers of a hex map written fresh: line features through cells (a road, a rail with ties,
a river that widens), hexside runs, features on cells with their own rules properties, the
key built from all of it, and off-map boxes the rules treat as places (inside any_of and
not)."""

from __future__ import annotations

import math

from kitgen.build import font_book, load
from kitgen.errors import Diagnostics
from kitgen.layout.env import PlanEnv
from kitgen.layout.maps.mapart import map_ops
from kitgen.layout.maps.mapkey import entries
from kitgen.layout.plan import Line, Path
from tests.conftest import errors_of, plan_game, write_game

VALLEY = """
id: valley
title: Valley
maps:
  - id: v
    grid: hex
    cell: 1in
    terrains:
      - {id: clear, props: {move_cost: 1}}
      - {id: wood, label: Woods, pattern: trees, props: {move_cost: 2, defence: 1}}
    legend: {".": clear, W: wood}
    layout: |
      ..W.
      .WW.
      ....
    line_kinds:
      - {id: road, label: Road, style: road, props: {move_cost: 1/2}}
      - {id: rail, label: Railway, style: rail}
      - {id: river, label: River, style: river, width: 2pt, to_width: 8pt}
    lines:
      - {kind: road, path: "0101 0201 0301 0401"}
      - {kind: rail, path: ["0103", "0203", "0303"]}
      - {kind: river, path: "0102 0202 0302 0402"}
    edge_kinds: [{id: stream, label: Stream, colour: "#2f6db5", props: {crossing: +1}}]
    edges:
      - {kind: stream, between: [["0101", "0102"], ["0201", "0202"]]}
      - {kind: stream, along: "0303", side: s}
    features:
      - {id: city, label: City, icon: house, props: {defence: 2}, at: {"0202": Arden}}
      - {id: fort, label: Fort, icon: shield, props: {defence: 3}, at: ["0202"]}
      - {id: setup, label: Blue set-up, text: B, colour: "#1f4e9c", at: ["0301"]}
    boxes:
      - {id: pool, label: Replacement pool}
      - {id: dead, label: Eliminated}
    marks:
      - {at: "0401", icon: flag, key: Objective}
EXTRA
"""


def _valley(folder, extra: str = "", scenario: str | None = None):
    files = {"scenarios/s.yaml": scenario} if scenario else None
    return write_game(folder, VALLEY.replace("EXTRA", extra), files)


def _map(folder):
    diags = Diagnostics()
    game = load(folder, diags)
    assert not diags.errors, [str(d) for d in diags]
    return game.maps.get("v")


def test_lines_features_and_hexside_runs_are_in_the_model(game_dir):
    m = _map(_valley(game_dir))
    road, rail, river = m.lines
    assert [m.label(c) for c in road.cells] == ["0101", "0201", "0301", "0401"]
    assert m.lines_at(m.cell_at_label("0202")) == {"river"}
    assert m.lines_at(m.cell_at_label("0101")) == {"road"}
    # the two banks share three sides: 0101|0201, 0102|0201 (column 02 hangs lower), 0102|0202
    pairs = {(m.label(e.a), m.label(e.b)) for e in m.edges if e.span.line == 25}
    assert pairs == {("0101", "0201"), ("0102", "0201"), ("0102", "0202")}
    # layered: the wood hex 0202 holds a city and a fort; the fort's defence wins
    arden = m.cell_at_label("0202")
    assert [(f.kind, f.name) for f in m.features_at(arden)] == [("city", "Arden"), ("fort", "")]
    assert m.props_at(arden) == {"move_cost": 2, "defence": 3}
    assert list(m.boxes) == ["pool", "dead"]


def test_a_hexside_along_a_named_side(game_dir):
    # 0303 is on the bottom row: the map's own border closes its south side
    assert [e for e in _map(_valley(game_dir)).edges if e.span.line == 26] == []
    text = VALLEY.replace('along: "0303", side: s', 'along: "0301:0401", side: s')
    m = _map(write_game(game_dir / "b", text.replace("EXTRA", "")))
    along = [(m.label(e.a), m.label(e.b)) for e in m.edges if e.span.line == 26]
    assert along == [("0301", "0302"), ("0401", "0402")]


def test_drawn_layers(game_dir):
    m = _map(_valley(game_dir))
    ops = map_ops(m, ("Helvetica", "Helvetica-Bold"))
    ribbons = [o for o in ops if isinstance(o, Path) and o.closed and o.fill == "#2f6db5"]
    assert len(ribbons) == 1  # the river is one filled band ...
    band = ribbons[0].points
    n = len(band) // 2
    start = math.dist(band[0], band[-1])
    end = math.dist(band[n - 1], band[n])
    assert (
        round(start, 1) == 2.0 and round(end, 1) == 8.0
    )  # ... 2pt wide at its source, 8 at its mouth
    ties = [o for o in ops if isinstance(o, Line) and o.stroke.colour == "#222222"]
    assert len(ties) >= 6  # ties across the rail, at least three a hex
    roads = [
        o for o in ops if isinstance(o, Path) and not o.closed and o.stroke.colour == "#c0392b"
    ]
    # its four hexes, and the edge it runs off at each end (0101 and 0401 lie on the edge)
    assert len(roads) == 1 and len(roads[0].points) == 6


def test_the_key_lists_everything_the_map_uses(game_dir):
    planned = plan_game(_valley(game_dir))
    m = planned.game.maps.get("v")
    env = PlanEnv(planned.game, planned.settings, font_book(planned.game), Diagnostics())
    got = [(e.title, e.effects) for e in entries(m, env)]
    assert got == [
        ("clear", "move cost 1"),
        ("Woods", "move cost 2; defence 1"),
        ("City", "defence 2"),
        ("Fort", "defence 3"),
        ("Blue set-up", ""),
        ("Road", "move cost 1/2"),
        ("Railway", ""),
        ("River", ""),
        ("Stream", "crossing +1"),
        ("Objective", ""),
    ]


def test_a_mark_with_no_key_entry_warns(game_dir):
    folder = write_game(
        game_dir, VALLEY.replace("key: Objective", "size: 0.5").replace("EXTRA", "")
    )
    planned = plan_game(folder)
    assert [str(d).replace(f"{folder}/", "") for d in planned.diags.warnings] == [
        "game.yaml:35:9: warning: maps.v.marks[0]: mark icon 'flag' on map 'v' has no key entry "
        "(give it key: (what it stands for), or text:)"
    ]


def test_layer_mistakes_are_reported_where_they_are(game_dir):
    text = (
        VALLEY.replace('path: "0101 0201 0301 0401"', 'path: "0101 0301"')
        .replace("kind: rail,", "kind: rial,")
        .replace("icon: shield", "icon: sheild")
        .replace('["0201", "0202"]]', '["0401", "0402"]]')
        .replace("EXTRA", "")
    )
    folder = write_game(game_dir, text)
    assert [e.replace(f"{folder}/", "") for e in errors_of(folder)] == [
        "game.yaml:20:28: error: maps[0].lines[0].path: line 'road' jumps from 0101 to 0301: not "
        "neighbours (a line runs centre to centre through neighbouring cells; list every cell)",
        "game.yaml:21:16: error: maps[0].lines[1].kind: unknown line kind 'rial' (did you mean "
        "'rail'?)",
        "game.yaml:25:33: error: maps[0].edges[0].between: the two runs of cells share no side "
        "(list the cells either side)",
        "game.yaml:29:39: error: maps[0].features[1].icon: unknown icon 'sheild' (did you mean "
        "'shield'?)",
    ]


SCENARIO_RULES = """
rules:
  sides: [blue]
  pieces: [{id: tank, attrs: {kind: tank}, quantity: 4}]
  constraints:
    - kind: placement
      name: Tanks start in a city, on the road, or in the pool
      pieces: {kind: tank}
      where:
        any_of:
          - {feature: city}
          - {line: road, not: {feature: setup}}
          - {box: pool}
    - kind: placement
      name: Nothing starts eliminated
      where: {not: {box: dead}}
    - kind: placement
      name: Defence 3 hexes hold no tank off the map
      pieces: {kind: tank}
      where: {any_of: [{props: {defence: 3}}, {on_map: false}]}
"""


def _messages(folder) -> list[str]:
    from kitgen.rules.scenarios import check_rules

    diags = Diagnostics()
    game = load(folder, diags)
    check_rules(game, game.rules, diags)
    return [str(d).replace(f"{folder}/", "") for d in diags]


def test_boxes_features_and_lines_in_location_tests(game_dir):
    folder = _valley(
        game_dir,
        SCENARIO_RULES,
        """
        sides:
          - id: blue
            placements:
              - {piece: tank, at: "0202"}
              - {piece: tank, at: pool}
              - {piece: tank, at: "0301"}
              - {piece: tank, at: dead}
        """,
    )
    # by the ids the rules wrote, the map key's label after each; one message a mistake
    assert _messages(folder) == [
        "scenarios/s.yaml:6:9: error: sides[0].placements[2]: tank on cell 0301 (Woods) is "
        "neither on a cell with city, nor on a road and not on a cell with setup (Blue set-up), "
        "nor in box pool (Replacement pool) (rule at game.yaml:41:7)",
        "scenarios/s.yaml:7:9: error: sides[0].placements[3]: tank in box dead (Eliminated) is "
        "neither on a cell with city, nor on a road and not on a cell with setup (Blue set-up), "
        "nor in box pool (Replacement pool) (rule at game.yaml:41:7)",
    ]
    # the same two mistakes against the other two rules (the first one taken out, so
    # neither entry is already reported)
    first = SCENARIO_RULES.index("    - kind: placement\n      name: Tanks start")
    second = SCENARIO_RULES.index("    - kind: placement\n      name: Nothing starts")
    scenario = (folder / "scenarios" / "s.yaml").read_text(encoding="utf-8")
    folder = _valley(
        game_dir.parent / "other", SCENARIO_RULES[:first] + SCENARIO_RULES[second:], scenario
    )
    assert _messages(folder) == [
        "scenarios/s.yaml:7:9: error: sides[0].placements[3]: tank in box dead (Eliminated) is "
        "in box dead (Eliminated) (rule at game.yaml:41:7)",
        "scenarios/s.yaml:6:9: error: sides[0].placements[2]: tank on cell 0301 (Woods) is "
        "neither on a cell with defence: 3 nor off the map (rule at game.yaml:44:7)",
    ]


def test_an_unknown_box_or_feature_is_named(game_dir):
    folder = _valley(
        game_dir,
        SCENARIO_RULES.replace("{box: pool}", "{box: pol}"),
        """
        sides:
          - id: blue
            placements:
              - {piece: tank, at: pools}
        """,
    )
    got = _messages(folder)
    assert got[:2] == [  # no map of the game has the box: said at the rule, with no scenario
        "game.yaml:48:19: error: rules.constraints[0].where: no map of the game has box 'pol' "
        "(did you mean 'pool'?)",
        "scenarios/s.yaml:4:27: error: sides[0].placements[0].at: no cell 'pools' on map 'v' "
        "(did you mean 'pool'?)",
    ]


def test_the_set_up_map_shows_and_names_every_layer(game_dir):
    import io

    from pypdf import PdfReader

    from kitgen.layout.maps.maplayers import feature_ops
    from kitgen.layout.plan import Circle, Rect, Text
    from kitgen.layout.scenarios.scenario import _colours, _token_ops, _token_spots
    from kitgen.rules.setup import resolve
    from tests.conftest import build_pdfs

    placements = '\n              - {piece: tank, at: "0202"}'
    folder = _valley(
        game_dir,
        SCENARIO_RULES,
        "title: S\nsides:\n  - id: blue\n    placements:" + placements.replace(" " * 14, "      "),
    )
    planned, pdfs, _ = build_pdfs(folder)
    (name,) = [n for n in pdfs if n.startswith("scenario-")]
    text = PdfReader(io.BytesIO(pdfs[name])).pages[0].extract_text()
    # the legend under the diagram names every layer the map draws, as the map's key does
    env = PlanEnv(planned.game, planned.settings, font_book(planned.game), Diagnostics())
    m = planned.game.maps.get("v")
    for entry in entries(m, env):
        assert entry.title in text
    assert "Arden" in text  # the town's name, drawn on the diagram
    # the token on the town keeps clear of the town's name
    book = planned.game.rules
    setup = resolve(planned.game, book, book.scenarios[0], Diagnostics())
    size = m.grid.size
    tokens = _token_ops(_token_spots(setup, size, 0.0, env), _colours(setup), env)
    (token,) = [o for o in tokens if isinstance(o, Circle)]
    ops = feature_ops(m, size, "Helvetica-Bold")
    i = next(k for k, o in enumerate(ops) if isinstance(o, Text) and o.text == "Arden")
    tab = ops[i - 1]
    assert isinstance(tab, Rect) and token.cy - token.r >= tab.y + tab.h


def test_a_compass_by_the_title_points_north(game_dir):
    from kitgen.layout.plan import Group, Text

    folder = _valley(game_dir, "    north: down\n    title: Valley map")
    planned = plan_game(folder)
    (page,) = next(d for d in planned.docs if d.name == "map-v").pages
    ops = [o for o in page.ops if not isinstance(o, Group)]
    (n,) = [o for o in ops if isinstance(o, Text) and o.text == "N"]
    (head,) = [o for o in ops if isinstance(o, Path) and o.fill and len(o.points) == 3]
    tip, *back = head.points
    assert tip[1] < min(y for _, y in back)  # the arrow's head points down the sheet
    title = next(o for o in ops if isinstance(o, Text) and o.text == "Valley map")
    assert title.x < tip[0] < n.x  # after the title, the N beside it
    assert abs(n.y - tip[1]) < 0.5  # the N's foot level with the tip, not with the middle
