"""Iron Ford's charts come from its data: the terrain effects chart, the map key and
the CRT's notes agree; the river the rules charge for is the river drawn; the CRT is
monotonic; and the effects chart's mistakes are errors at their line."""

from __future__ import annotations

from kitgen.layout.maps import mapart
from kitgen.layout.plan import Line
from kitgen.model.map import props_words
from kitgen.rules.combat import printed
from kitgen.rules.terrain_effects import chart_rows, combat_of, effects_table
from tests.conftest import CONTENT, errors_of, plan_game, write_game


def _ironford():
    game = plan_game(CONTENT / "ironford").game
    crt = next(t for t in game.tables if t.id == "crt")
    return game, crt, game.maps.maps[0]


def test_the_terrain_chart_the_key_and_the_crt_notes_agree():
    game, crt, m = _ironford()
    chart = effects_table(game, next(t for t in game.tables if t.id == "terrain-chart"))
    assert [c.title for c in chart.columns] == ["Movement", "Combat"]  # the key says notes
    rows = {name: cells for name, *cells in chart_rows(m, crt.combat)}
    assert {r.label: r.cells for r in chart.rows} == {k: tuple(v[:2]) for k, v in rows.items()}
    notes = " ".join(printed(crt).notes)
    kinds = [*m.terrains.values(), *m.feature_kinds.values(), *m.edge_kinds.values()]
    for k in kinds:
        if (k.label or k.id) not in rows:
            continue
        move, fight, words = rows[k.label or k.id]
        # the key's words for a thing are its properties; the chart says the same
        assert move == str(k.props.get("move_cost", "\u2014"))
        assert words == (props_words(k.props, ("move_cost",)) or "\u2014")
    # every shift the CRT's notes name is on the chart's row for that thing
    for s in crt.combat.shifts:
        shown = s.label or s.shown
        assert shown in notes
        kinds = {"terrain": m.terrains, "feature": m.feature_kinds, "edge": m.edge_kinds}
        kind = kinds[s.on][s.name]
        row = rows[kind.label or kind.id]
        assert f"{abs(s.shift)} left" in row[1], (s.name, row)
    assert rows["Fortification"][1] == "3 left when every defender is Southern"
    assert "Fortification 3 left when every defender is Southern" in notes


def test_the_rules_river_is_the_drawn_river():
    """The hexsides the rules charge for crossing the Ryn are the ones drawn in its blue,
    and no river runs through a hex's interior."""
    _game, _crt, m = _ironford()
    charged = {
        e.key
        for e in m.edges
        if "move_cost" in m.edge_kinds[e.kind].props and e.kind in ("ryn", "ford", "bridge")
    }
    sides = {m.grid.shared_edge(*sorted(k)) for k in charged}
    river = m.edge_kinds["ryn"]
    drawn = {
        ((op.x0, op.y0), (op.x1, op.y1))
        for op in mapart._edge_ops(
            m, 54.0, over=False
        )  # the map's hexsides, as the map sheet draws them
        if isinstance(op, Line)
        and op.stroke.colour == river.colour
        and op.stroke.width == river.width
    }

    def rounded(seg):
        return tuple(sorted((round(x, 3), round(y, 3)) for x, y in seg))

    assert {rounded(s) for s in sides} == {rounded(d) for d in drawn}
    assert len(drawn) == 31  # 29 river hexsides, the ford and the rail bridge
    assert not any(k.style == "river" for k in m.line_kinds.values())


def test_a_higher_column_or_roll_never_hurts_the_attacker():
    _game, crt, _m = _ironford()
    order = [r.code for r in crt.combat.results]  # declared from the attacker's worst
    grid = [[order.index(c) for c in row.cells] for row in crt.rows]
    for row in grid:
        assert row == sorted(row), row
    for col in zip(*grid, strict=True):
        assert list(col) == sorted(col), col


def test_an_effects_chart_names_a_map_and_four_columns(tmp_path):
    folder = write_game(
        tmp_path / "g",
        """
        id: g
        title: G
        maps:
          - id: m
            cell: 0.75in
            terrains: [{id: clear, fill: "#ffffff", props: {move_cost: 1}}]
            legend: {".": clear}
            layout: |
              ..
        tables:
          - id: tec
            columns: [What, Move]
            effects: {map: n}
            rows: [[a, b, c]]
        """,
    )
    path = folder / "game.yaml"
    assert errors_of(folder) == [
        f"{path}:12:14: error: tables[0].columns: a terrain effects chart has 3 or 4 columns "
        "(what, movement, combat and notes), not 2",
        f"{path}:14:11: error: tables[0].rows: write rows or effects:, not both",
    ]
    ok = write_game(
        tmp_path / "h",
        (folder / "game.yaml")
        .read_text()
        .replace("[What, Move]", "[W, M, C, N]")
        .replace("    rows: [[a, b, c]]\n", ""),
    )
    assert errors_of(ok) == [
        f"{ok / 'game.yaml'}:13:14: error: tables[0].effects.map: no map 'n' (valid: m)"
    ]


def test_chart_rows_without_a_crt():
    _game, _crt, m = _ironford()
    rows = chart_rows(m, None)
    assert rows[0] == ("Clear", "1", "\u2014", "\u2014")
    assert combat_of(_game) is not None


def test_the_key_beside_the_chart_names_symbols_and_says_the_rest():
    """The key in the margins beside the effects chart leaves movement and combat to the
    chart (said once) and says what the chart has no column for (victory points)."""
    from kitgen.build import font_book
    from kitgen.errors import Diagnostics
    from kitgen.layout.env import PlanEnv
    from kitgen.layout.maps.mapkey import entries

    planned = plan_game(CONTENT / "ironford")
    game = planned.game
    m = game.maps.maps[0]
    env = PlanEnv(game, planned.settings, font_book(game), Diagnostics())
    said = {e.title: e.effects for e in entries(m, env)}
    assert said["Forest"] == "" and said["Ryn river (hexside)"] == ""
    assert said["City"] == "victory points 1"  # the chart's rows say no notes
    assert said["Victory star"] == "victory points 2"  # not on the chart: the key says it
    crt = next(t for t in game.tables if t.id == "crt")
    charted = {name for name, *_ in chart_rows(m, crt.combat)}
    assert "Victory star" not in charted and "Forest" in charted


def test_a_city_name_stays_inside_its_hex():
    """The name under a city's symbol (Iron Ford's own, the widest) is set no wider than
    its hex where it stands, so it never straddles a hexside (it did at 8 pt)."""
    from kitgen.layout.maps.maplayers import _width_at, feature_ops
    from kitgen.layout.plan import Rect

    _game, _crt, m = _ironford()
    size = 54.0
    tabs = [op for op in feature_ops(m, size, "Helvetica-Bold") if isinstance(op, Rect)]
    named = {f.cell for f in m.features if f.name}
    assert len(tabs) == len(named) == 3
    for tab in tabs:
        cx = tab.x + tab.w / 2
        cell = min(
            named, key=lambda c: abs(m.grid.centre(*c)[0] - cx) + abs(m.grid.centre(*c)[1] - tab.y)
        )
        corners = m.grid.corners(*cell)
        for y in (tab.y, tab.y + tab.h):
            assert tab.w <= _width_at(corners, y) + 0.01, (m.label(cell), tab.w)
