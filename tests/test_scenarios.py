"""Scenarios checked against rules written as data: every constraint kind, the
references and supply checks, the exact messages, and the set-up sheet plan."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from kitgen.build import load
from kitgen.errors import Diagnostics, KitError
from kitgen.geometry import SquareGrid
from kitgen.layout.plan import Circle, Group, Rect, Text
from kitgen.model.game import Game
from kitgen.model.map import MapDef, MapSet, Terrain
from kitgen.records import replace as replace_fields
from kitgen.rules.scenarios import check_rules
from kitgen.rules.setup import resolve
from tests.conftest import plan_game, run_cli, write_game

# A 4 x 3 board written by hand:      A     B     C     D
#                               row 1 grass water grass town
#                               row 2 grass water grass town
#                               row 3 grass grass grass grass
TERRAINS = {
    "grass": Terrain("grass", "Grassland", "#9bc46a", props={"pop_limit": 4}),
    "water": Terrain("water", "Water", "#4a90c2", props={"pop_limit": 1}),
    "town": Terrain("town", "Town", "#b0a08a", props={"pop_limit": None}),  # a write-in blank
}


def board() -> MapDef:
    cells = {}
    for r in range(3):
        for c in range(4):
            cells[(c, r)] = "grass"
    cells[(1, 0)] = cells[(1, 1)] = "water"
    cells[(3, 0)] = cells[(3, 1)] = "town"
    areas = {"north": frozenset((c, 0) for c in range(4)), "corner": frozenset({(0, 0)})}
    return MapDef(
        "field",
        "Field",
        SquareGrid(36.0, 4, 3),
        cells,
        TERRAINS,
        areas=areas,
        places={"well": (2, 2)},
    )


RULES_HEAD = """\
id: test
title: Test
rules:
  sides: [red, blue]
  side_values: [food]
  options: [{id: night, label: Night fighting}]
  pieces:
    - {id: farmer, attrs: {type: farmer}, quantity: 8}
    - {id: soldier, attrs: {type: soldier}, quantity: 3}
    - {id: hunter, attrs: {type: hunter}}
  constraints:
"""


def game(folder: Path, rules: str, scenario: str, name: str = "s.yaml") -> Path:
    text = RULES_HEAD + textwrap.indent(textwrap.dedent(rules).lstrip(), "    ")
    return write_game(folder, text, {f"scenarios/{name}": scenario})


def with_maps(g: Game, *maps: MapDef) -> Game:
    """The game with these maps as its maps: section (read after its own sections if
    it had none)."""
    written = g.sections if "maps" in g.sections else (*g.sections, "maps")
    return g.replace(sections=written, maps=MapSet(maps))


def messages(folder: Path, with_map: bool = True) -> list[str]:
    diags = Diagnostics()
    g = load(folder, diags)
    if with_map:
        g = with_maps(g, board())
    check_rules(g, g.rules, diags)
    return [str(d).replace(f"{folder}/", "") for d in diags]


# ---- terrain -----------------------------------------------------------------------


def test_terrain_not_on(game_dir):
    game(
        game_dir,
        """
        - kind: terrain
          pieces: {not: {type: hunter}}
          not_on: water
    """,
        """
        sides: [red]
        placements:
          - {piece: hunter, at: B1, side: red}
          - {piece: farmer, at: B2, side: red}
    """,
    )
    assert messages(game_dir) == [
        "scenarios/s.yaml:4:5: error: placements[1]: farmer on cell B2 (Water): pieces other than "
        "hunter may not stand on water (rule at game.yaml:12:7)"
    ]


def test_terrain_only_on(game_dir):
    game(
        game_dir,
        """
        - kind: terrain
          pieces: {type: soldier}
          only_on: [grass, town]
    """,
        """
        placements:
          - {piece: soldier, at: B1}
          - {piece: soldier, at: D1}
    """,
    )
    assert messages(game_dir) == [
        "scenarios/s.yaml:2:5: error: placements[0]: soldier on cell B1 (Water): soldier may "
        "stand only on grass or town (rule at game.yaml:12:7)"
    ]


# ---- stacking ----------------------------------------------------------------------


def test_stacking_from_terrain_property(game_dir):
    game(
        game_dir,
        """
        - kind: stacking
          limit_from: pop_limit
          noun: people
    """,
        """
        placements:
          - {piece: farmer, at: C4}
          - {piece: farmer, at: A3, count: 3}
          - {piece: soldier, at: A3, count: 2}
          - {piece: farmer, at: D1, count: 4}
    """,
    )
    # C4 is off the 4 x 3 board; D1 is Town, whose limit is a write-in blank: not checked
    assert messages(game_dir) == [
        "scenarios/s.yaml:2:25: error: placements[0].at: no cell 'C4' on map 'field' (squares are "
        "written column letter then row, A1 to D3; or a place: well)",
        "scenarios/s.yaml:4:5: error: placements[2]: 5 people on cell A3 (Grassland) exceed "
        "its pop limit of 4 (rule at game.yaml:12:7)",
    ]


def test_stacking_each_side_and_per_area(game_dir):
    game(
        game_dir,
        """
        - kind: stacking
          limit: 2
          each_side: true
          terrains: [grass]
        - kind: stacking
          per: area
          pieces: {type: soldier}
          limit: 1
    """,
        """
        sides: [red, blue]
        placements:
          - {piece: farmer, at: A3, count: 2, side: red}
          - {piece: farmer, at: A3, count: 2, side: blue}
          - {piece: farmer, at: C3, count: 3, side: blue}
          - {piece: soldier, at: A1}
          - {piece: soldier, at: C1}
    """,
    )
    assert messages(game_dir) == [
        "scenarios/s.yaml:5:5: error: placements[2]: 3 pieces of side blue on cell C3 "
        "(Grassland) exceed its stacking limit of 2 (rule at game.yaml:12:7)",
        "scenarios/s.yaml:7:5: error: placements[4]: 2 pieces in area north exceed its "
        "stacking limit of 1 (rule at game.yaml:16:7)",
    ]


# ---- placement: where pieces must stand --------------------------------------------


def test_placement_tests(game_dir):
    game(
        game_dir,
        """
        - kind: placement
          pieces: {type: soldier}
          where: {adjacent_to: {pieces: {type: farmer}}, not: {area: north}}
        - kind: placement
          pieces: hunter
          where: {within: {cells: 1, of: {opposite: {place: well}}}}
        - kind: placement
          pieces: farmer
          where: {any_of: [{terrain: town}, {area: corner}]}
    """,
        """
        placements:
          - {piece: farmer, at: A1}
          - {piece: soldier, at: A2}
          - {piece: soldier, at: C3}
          - {piece: hunter, at: B1}
          - {piece: hunter, at: C3}
          - {piece: soldier, at: B1}
    """,
    )
    # the well is C3, its opposite (through the board's centre) is B1
    assert messages(game_dir) == [
        "scenarios/s.yaml:4:5: error: placements[2]: soldier on cell C3 (Grassland) is not "
        "adjacent to farmer (rule at game.yaml:12:7)",
        "scenarios/s.yaml:7:5: error: placements[5]: soldier on cell B1 (Water) is in area "
        "north (rule at game.yaml:12:7)",
        "scenarios/s.yaml:6:5: error: placements[4]: hunter on cell C3 (Grassland) is not "
        "within 1 cell of opposite place well (rule at game.yaml:15:7)",
    ]


def test_placement_in_an_area_and_off_map(game_dir):
    game(
        game_dir,
        """
        - kind: placement
          pieces: farmer
          where: {area: north}
    """,
        """
        placements:
          - {piece: farmer, area: north}
          - {piece: farmer, area: corner}
          - {piece: farmer}
          - {piece: farmer, area: south}
    """,
    )
    assert messages(game_dir) == [
        "scenarios/s.yaml:5:27: error: placements[3].area: unknown area 'south' (did you mean "
        "'north'?)",
        "scenarios/s.yaml:4:5: error: placements[2]: farmer off the map is not in area north "
        "(rule at game.yaml:12:7)",
    ]


def test_scenario_areas_from_a_test(game_dir):
    game(
        game_dir,
        """
        - kind: placement
          pieces: soldier
          where: {area: landing}
    """,
        """
        areas:
          landing: {where: {within: {cells: 1, of: {pieces: hunter}}}, label: Landing}
          camp: [A3, B3]
        placements:
          - {piece: hunter, at: D3}
          - {piece: soldier, at: C3}
          - {piece: soldier, at: A3}
    """,
    )
    assert messages(game_dir) == [
        "scenarios/s.yaml:7:5: error: placements[2]: soldier on cell A3 (Grassland) is not in "
        "area landing (rule at game.yaml:12:7)"
    ]


# ---- count and slots ---------------------------------------------------------------


def test_count_per_side_per_unit_and_sides(game_dir):
    game(
        game_dir,
        """
        - kind: count
          of: sides
          min: 2
          max: 4
        - kind: count
          per: side
          pieces: {type: soldier}
          exactly: 1
        - kind: count
          per: unit
          min: 2
          noun: figures
    """,
        """
        sides:
          - id: red
            units:
              - id: guards
                figures: [{piece: soldier}]
    """,
    )
    assert messages(game_dir) == [
        "scenarios/s.yaml:1:1: error: sides: the scenario has 1 side, needs 2 to 4 "
        "(rule at game.yaml:12:7)",
        "scenarios/s.yaml:4:9: error: sides[0].units[0]: unit guards has 1 figure, needs at "
        "least 2 (rule at game.yaml:20:7)",
    ]


def test_count_with_a_location_test(game_dir):
    game(
        game_dir,
        """
        - kind: count
          pieces: farmer
          where: {area: north}
          max: 1
    """,
        """
        placements:
          - {piece: farmer, at: A1}
          - {piece: farmer, at: C1}
          - {piece: farmer, at: C2}
    """,
    )
    assert messages(game_dir) == [
        "scenarios/s.yaml:3:5: error: placements[1]: the scenario has 2 farmer pieces in area "
        "north, needs at most 1 "
        "(rule at game.yaml:12:7)"
    ]


def test_slots_with_any_type(game_dir):
    game(
        game_dir,
        """
        - kind: slots
          per: side
          noun: people
          slots:
            - {count: 2, pieces: {type: farmer}}
            - {count: 1, pieces: {type: soldier}}
            - {count: 2, pieces: any}
    """,
        """
        sides:
          - id: red
            placements:
              - {piece: farmer, count: 2}
              - {piece: soldier}
              - {piece: hunter, count: 2}
          - id: blue
            placements:
              - {piece: farmer, count: 4}
              - {piece: hunter, count: 2}
    """,
    )
    assert messages(game_dir) == [
        # one message a side: short of a soldier and over by two
        "scenarios/s.yaml:10:9: error: sides[1].placements[1]: side blue is missing 1 soldier "
        "piece and has 2 people more than its slots allow (its slots: 2 farmer pieces, 1 "
        "soldier piece, 2 pieces of any type) (rule at game.yaml:12:7)",
    ]


# ---- range ---------------------------------------------------------------------------


def test_ranges_on_pieces_and_sides(game_dir):
    game(
        game_dir,
        """
        - kind: range
          pieces: soldier
          attr: Ex
          min: 1
          max: 6
          required: true
        - kind: range
          of: sides
          attr: food
          min: 5
          max: 5
          required: true
    """,
        """
        sides:
          - id: red
            values: {food: 4}
            units:
              - id: guards
                figures:
                  - {piece: soldier, attrs: {name: Sgt. Gridley, Ex: 7}}
                  - {piece: soldier, attrs: {Ex: green}}
                  - {piece: soldier}
          - id: blue
    """,
    )
    assert messages(game_dir) == [
        "scenarios/s.yaml:7:62: error: sides[0].units[0].figures[0].attrs.Ex: Sgt. Gridley: Ex "
        "is 7, must be from 1 to 6 (rule at game.yaml:12:7)",
        "scenarios/s.yaml:8:42: error: sides[0].units[0].figures[1].attrs.Ex: soldier: Ex is "
        "'green', not a number (rule at game.yaml:12:7)",
        "scenarios/s.yaml:9:13: error: sides[0].units[0].figures[2]: soldier has no Ex "
        "(rule at game.yaml:12:7)",
        "scenarios/s.yaml:3:14: error: sides[0].values.food: side red: food is 4, must be 5 "
        "(rule at game.yaml:18:7)",
        "scenarios/s.yaml:10:5: error: sides[1]: side blue has no food (rule at game.yaml:18:7)",
    ]


# ---- built-in checks: supply and references --------------------------------------------


def test_supply(game_dir):
    game(
        game_dir,
        "[]\n",
        """
        placements:
          - {piece: soldier, at: A1}
          - {piece: soldier, at: A2, count: 3}
          - {piece: hunter, at: A3, count: 50}
    """,
    )
    assert messages(game_dir) == [
        "scenarios/s.yaml:3:5: error: placements[1]: 'soldier': 4 placed, the kit provides 3 "
        "(piece defined at game.yaml:9:7)"
    ]


def test_references(game_dir):
    game(
        game_dir,
        """
        - kind: terrain
          pieces: farmer
          not_on: [swamp]
        - kind: placement
          pieces: farmer
          where: {area: nowhere, place: well}
    """,
        """
        map: field
        options: [nite]
        sides: [red, green]
        placements:
          - {piece: farmr, at: A1}
          - {piece: {type: [farmer, soldier]}, at: A1}
          - {piece: farmer, at: Z9, side: purple}
    """,
    )
    assert messages(game_dir) == [
        "game.yaml:14:16: error: rules.constraints[0].not_on: no map of the game has terrain "
        "'swamp' (valid: grass, water, town)",
        "scenarios/s.yaml:3:14: error: sides[1].id: unknown side 'green' (valid: red, blue)",
        "scenarios/s.yaml:2:11: error: options: unknown option 'nite' (did you mean 'night'?)",
        "scenarios/s.yaml:5:13: error: placements[0].piece: unknown piece 'farmr' (did you mean "
        "'farmer'?)",
        "scenarios/s.yaml:6:13: error: placements[1].piece: farmer/soldier matches 2 pieces "
        "(farmer, soldier) (add attributes until one piece matches)",
        "scenarios/s.yaml:7:35: error: placements[2].side: unknown side 'purple' (valid: red, "
        "green)",
        "scenarios/s.yaml:7:25: error: placements[2].at: no cell 'Z9' on map 'field' (squares are "
        "written column letter then row, A1 to D3; or a place: well)",
        "scenarios/s.yaml:1:6: error: map: the rule names area 'nowhere', which map 'field' does "
        "not have (valid: north, corner) (rule at game.yaml:15:7)",
    ]


def test_unknown_map_and_no_map(game_dir):
    game(
        game_dir,
        "[]\n",
        """
        map: feild
        placements:
          - {piece: farmer, at: A1}
    """,
    )
    assert messages(game_dir) == [
        "scenarios/s.yaml:1:6: error: map: unknown map 'feild' (did you mean 'field'?)",
    ]


def test_options_switch_rules_on(game_dir):
    rules = """
        - kind: count
          pieces: hunter
          max: 0
          when: night
        - kind: count
          pieces: hunter
          max: 0
          when: dawn
    """
    game(game_dir, rules, "placements: [{piece: hunter}]\n")
    assert messages(game_dir) == [
        "game.yaml:16:7: error: rules.constraints[1].when: unknown option 'dawn' (valid: night)"
    ]
    game(game_dir, rules, "options: [night]\nplacements: [{piece: hunter}]\n")
    assert messages(game_dir)[1:] == [
        "scenarios/s.yaml:2:14: error: placements[0]: the scenario has 1 hunter piece, needs "
        "at most 0 (rule at game.yaml:12:7)"
    ]


def test_warning_severity_is_not_an_error(game_dir):
    game(
        game_dir,
        """
        - kind: count
          of: sides
          max: 1
          severity: warning
    """,
        "sides: [red, blue]\n",
    )
    assert messages(game_dir) == [
        "scenarios/s.yaml:1:1: warning: sides: the scenario has 2 sides, needs at most 1 "
        "(rule at game.yaml:12:7)"
    ]


# ---- reading the rules ---------------------------------------------------------------


def test_rule_reader_errors(game_dir):
    game(
        game_dir,
        """
        - kind: stack
          limit: 3
        - kind: stacking
        - kind: count
          pieces: farmer
        - kind: placement
          where: {adjacent: {pieces: farmer}}
        - kind: placement
          where: {within: {cells: 2, of: {piece: farmer}}}
        - kind: slots
          slots: [{count: 2}]
        - kind: range
          attr: Ex
        - kind: placement
          where: {}
        - kind: stacking
          per: area
          limit_from: pop_limit
    """,
        "placements: []\n",
    )
    with pytest.raises(KitError) as info:
        load(game_dir, Diagnostics())
    got = [str(d).replace(f"{game_dir}/", "") for d in info.value.diagnostics]
    assert got == [
        "game.yaml:12:13: error: rules.constraints[0].kind: unknown constraint kind 'stack' "
        "(did you mean 'stacking'? use terrain, stacking, placement, count, slots, range)",
        "game.yaml:14:7: error: rules.constraints[1]: a stacking rule needs limit (a number) or "
        "limit_from (a terrain property)",
        "game.yaml:15:7: error: rules.constraints[2]: a count rule needs exactly, min or max",
        "game.yaml:18:15: error: rules.constraints[3].where.adjacent: unknown key 'adjacent' "
        "(did you mean 'adjacent_to'?)",
        "game.yaml:20:39: error: rules.constraints[4].where.within.of.piece: unknown target "
        "'piece' (did you mean 'pieces'?)",
        "game.yaml:22:15: error: rules.constraints[5].slots[0]: missing required key 'pieces' "
        "(write pieces: any for an any-type slot)",
        "game.yaml:23:7: error: rules.constraints[6]: a range rule needs min, max, one_of or "
        "rows_of",
        "game.yaml:26:14: error: rules.constraints[7].where: an empty location test (use "
        "terrain, props, area, cell, place, within, beyond, adjacent_to, same_area_as, on_line, "
        "on_map, feature, line, box, not, any_of)",
        "game.yaml:29:7: error: rules.constraints[8].limit_from: a stacking rule per area needs "
        "limit (a number) (limit_from reads a terrain, and an area has many)",
    ]


def test_scenario_reader_errors(game_dir):
    game(
        game_dir,
        "[]\n",
        """
        placements:
          - {at: A1}
          - {piece: farmer, at: A1, area: north, colour: red}
        units:
          - {id: guards}
    """,
    )
    assert _scenario_read_errors(game_dir) == [
        "scenarios/s.yaml:2:5: error: placements[0]: missing required key 'piece'",
        "scenarios/s.yaml:3:29: error: placements[1].area: give at (a cell) or area, not both",
        "scenarios/s.yaml:3:42: error: placements[1].colour: unknown key 'colour' (valid: "
        "piece, at, area, count, side, label, face, attrs)",
        "scenarios/s.yaml:5:5: error: units[0]: missing required key 'figures'",
    ]


# ---- the command line ----------------------------------------------------------------


def test_cli_check_one_scenario_reports_all_and_exits_1(game_dir, monkeypatch):
    game(
        game_dir,
        """
        - kind: stacking
          limit_from: pop_limit
          noun: people
    """,
        """
        placements:
          - {piece: farmer, at: A1}
          - {piece: farmer, at: B1, count: 2}
          - {piece: farmer, at: Q1}
    """,
        name="start.yaml",
    )
    (game_dir / "scenarios" / "other.yaml").write_text("placements: [{piece: nobody}]\n")
    monkeypatch.chdir(game_dir)
    # without a maps section in this branch's test game, cells cannot resolve: the CLI
    # path is about finding the game and reporting every problem of that one file
    run = run_cli("check", "scenarios/start.yaml")
    assert run.exit_code == 1
    assert run.stderr.splitlines() == [
        "game.yaml:13:19: error: rules.constraints[0].limit_from: no map of the game has terrain "
        "property 'pop_limit' (no map has any terrain properties)",
        "scenarios/start.yaml:2:25: error: placements[0].at: cell 'A1': the scenario has no map",
        "scenarios/start.yaml:3:25: error: placements[1].at: cell 'B1': the scenario has no map",
        "scenarios/start.yaml:4:25: error: placements[2].at: cell 'Q1': the scenario has no map",
        "4 error(s), 0 warning(s)",
    ]


def test_cli_check_game_checks_every_scenario(game_dir, monkeypatch):
    game(game_dir, "[]\n", "placements: [{piece: farmer}]\n", name="a.yaml")
    (game_dir / "scenarios" / "b.yaml").write_text("placements: [{piece: nobody}]\n")
    monkeypatch.chdir(game_dir)
    run = run_cli("check", ".")
    assert run.exit_code == 1
    assert run.stderr.splitlines() == [
        "scenarios/b.yaml:1:22: error: placements[0].piece: unknown piece 'nobody' "
        "(valid: farmer, soldier, hunter)",
        "1 error(s), 0 warning(s)",
    ]


# ---- the set-up sheet ------------------------------------------------------------------


def _ops(items):
    for op in items:
        if isinstance(op, Group):
            yield from _ops(op.ops)
        else:
            yield op


def test_setup_sheet_draws_each_piece_in_its_side_colour(game_dir):
    from kitgen.build import font_book, plan
    from kitgen.model.game import Settings
    from kitgen.units import PAPERS

    game(
        game_dir,
        "[]\n",
        """
        title: Opening
        sides:
          - {id: red, colour: "#aa0000", placements: [{piece: farmer, at: A1, count: 3}]}
          - {id: blue, colour: "#0000aa", units: [{id: guards, figures: [
              {piece: soldier, at: C3, attrs: {name: Ann, Ex: 4}},
              {piece: soldier, at: C3, attrs: {name: Bob, Ex: 5}}]}]}
        placements: [{piece: hunter, at: B1, label: H}]
        notes: [Night falls at turn 6.]
    """,
    )
    g = load(game_dir, Diagnostics())
    g = with_maps(g, board())
    diags = Diagnostics()
    docs = plan(g, Settings(PAPERS["letter"]), font_book(g), diags)
    doc = next(d for d in docs if d.name == "scenario-s")
    ops = list(_ops(doc.pages[0].ops))

    # Each side's tokens (and its heading's swatch) in its colour and its own shape, so
    # the sides stay apart in greyscale: the first side round, the second square, and a
    # piece no side places a grey rounded tab.
    def shaped(kind, fill):
        return [op for op in ops if isinstance(op, kind) and op.fill == fill]

    assert len(shaped(Circle, "#aa0000")) == 3 + 1
    assert len(shaped(Rect, "#0000aa")) == 2 + 1 and not shaped(Circle, "#0000aa")
    assert len(shaped(Rect, "#6b6b6b")) == 1 + 1 and not shaped(Circle, "#6b6b6b")
    texts = [op.text for op in ops if isinstance(op, Text)]
    assert "Opening" in texts and "H" in texts
    assert "•  Night falls at turn 6." in texts
    # the unit's title a row of the table, under its head, its count after it
    assert texts[texts.index("guards") : texts.index("guards") + 2] == ["guards", "(2 figures)"]
    assert texts.index("Name") < texts.index("guards")
    assert ["Ann", "4", "C3"] == texts[texts.index("Ann") : texts.index("Ann") + 3]
    item = doc.pages[0].items[0]
    assert (item.kind, item.id, item.extra["tokens"]) == ("setup-map", "s", 6)


def _setup_sheet(game_dir, paper: str, figures: str):
    """The set-up sheet of a one-unit scenario planned on `paper`, and the warnings."""
    from kitgen.build import font_book, plan
    from kitgen.layout.frame import content_box
    from kitgen.model.game import Settings
    from kitgen.units import paper_from_text

    game(
        game_dir,
        "[]\n",
        f"""
        title: Wide
        sides:
          - {{id: blue, units: [{{id: guards, figures: {figures}}}]}}
    """,
    )
    g = load(game_dir, Diagnostics())
    g = with_maps(g, board())
    diags = Diagnostics()
    settings = Settings(paper_from_text(paper))
    doc = next(d for d in plan(g, settings, font_book(g), diags) if d.name == "scenario-s")
    return doc, diags, content_box(settings.paper), font_book(g)


WIDE_FIGURES = (
    "[{piece: soldier, at: C3, attrs: {name: Captain Longname-Smythe, weapon: pistols and "
    "rapier, armour: breastplate and helmet, leader: 'yes'}}]"
)


@pytest.mark.parametrize("paper", ["letter", "5x7in"])
def test_a_force_table_fits_its_page_on_narrow_paper(game_dir, paper):
    doc, diags, (x0, _, x1, _), fonts = _setup_sheet(game_dir, paper, WIDE_FIGURES)
    cells = [
        op
        for page in doc.pages
        for op in _ops(page.ops)
        if isinstance(op, Text) and op.text in ("Captain Longname-Smythe", "Leader", "yes")
    ]
    assert len(cells) == 3
    for op in cells:
        right = op.x + fonts.width(op.text, op.font.face, op.font.size)
        assert x0 <= op.x and right <= x1 + 1e-6, (paper, op.text)
    sizes = {op.font.size for op in cells}
    if paper == "letter":  # room to spare: the sheet's type grows, the table's with it
        assert len(sizes) == 1 and min(sizes) >= 9.0
    else:  # shrunk to fit, not left running off the page
        assert len(sizes) == 1 and 6.0 <= min(sizes) < 9.0
    assert not [str(d) for d in diags if "wider than the page" in str(d)]


def test_closer_columns_come_before_smaller_text_and_text_never_grows(game_dir):
    # Room for the columns 8 pt apart but not 12: the text keeps its 9 pt (it once grew
    # into the room the closer columns freed).
    from kitgen.build import font_book
    from kitgen.layout.env import PlanEnv
    from kitgen.layout.plan import Page
    from kitgen.layout.scenarios.scenario import TABLE_SIZE, _Flow
    from kitgen.model.game import Settings
    from kitgen.units import PAPERS

    write_game(game_dir, "id: t\ntitle: T\n")
    g = load(game_dir, Diagnostics())
    env = PlanEnv(g, Settings(PAPERS["letter"]), font_book(g), Diagnostics())
    head, rows = ["Name", "weapon"], [["Captain Smythe", "pistols and rapier"]]
    face, bold = env.face(), env.face(bold=True)
    texts = [
        max(env.fonts.width(h, bold, TABLE_SIZE), env.fonts.width(r[i], face, TABLE_SIZE))
        for i, h in enumerate(head)
        for r in rows
    ]

    def sizes_and_right_edge(room: float) -> tuple[set, float, float]:
        flow = _Flow(env, Page("S"), 500.0, (0.0, 0.0, 12.0 + room, 600.0), "S", None)
        flow.table(head, [(None, rows)])  # indented 12 pt
        cells = [op for op in flow.page.ops if isinstance(op, Text)]
        last = cells[-1]
        right = last.x + env.fonts.width(last.text, face, last.font.size)
        return {op.font.size for op in cells}, right, 12.0 + room

    sizes, right, edge = sizes_and_right_edge(sum(texts) + 10 * 2)  # 8 pt apart fits
    assert sizes == {TABLE_SIZE} and right <= edge + 1e-6
    sizes, right, edge = sizes_and_right_edge(sum(texts) * 0.8)  # smaller text too
    assert len(sizes) == 1 and 6.0 <= min(sizes) < TABLE_SIZE and right <= edge + 1e-6


def test_a_force_table_too_wide_even_small_says_so(game_dir):
    figures = WIDE_FIGURES.replace("breastplate and helmet", "breastplate " * 12)
    _, diags, _, _ = _setup_sheet(game_dir, "5x5in", figures)
    wide = [str(d).replace(f"{game_dir}/", "") for d in diags if "wider" in str(d)]
    assert wide == [
        "scenarios/s.yaml:1:1: warning: scenarios.s: a table on the set-up sheet of scenario "
        "'s' is wider than the page even at 6pt (use larger paper, or shorter names and values)"
    ]


# ---- a game the engine has never seen --------------------------------------------------


NEW_GAME = """\
id: moonbase
title: Moonbase Scramble
maps:
  - id: crater
    title: The crater
    grid: square
    cell: 1in
    terrains:
      - {id: regolith, label: Regolith, fill: "#cfcfcf", props: {capacity: 3}}
      - {id: dome, label: Dome, fill: "#9fd3f0", props: {capacity: 2}}
      - {id: pit, label: Pit, fill: "#555555", props: {capacity: 0}}
    legend: {".": regolith, D: dome, P: pit}
    layout: |
      D....
      ..P..
      ....D
    places: {airlock-west: A1, airlock-east: E3}
    areas:
      - {id: east, cells: "D1:E3"}
rules:
  sides: [amber, teal]
  side_values: [oxygen]
  pieces:
    - id: "crew-{side}"
      name: "Crew ({side})"
      for_each: {side: [amber, teal]}
      attrs: {role: crew, owner: "{side}"}
      quantity: 4
    - {id: rover, attrs: {role: rover}, quantity: 2}
  constraints:
    - kind: terrain
      pieces: {role: rover}
      only_on: [regolith]
    - kind: stacking
      limit_from: capacity
      noun: pieces
    - kind: placement
      pieces: {role: crew}
      where: {within: {cells: 1, of: {place: "airlock-*"}}}
    - kind: slots
      per: side
      slots:
        - {count: 2, pieces: {role: crew, owner: $side}, label: crew of its colour}
        - {count: 1, pieces: {role: rover}}
    - kind: range
      of: sides
      attr: oxygen
      min: 1
      max: 10
      required: true
"""

NEW_SCENARIO = """\
title: First shift
sides:
  - id: amber
    values: {oxygen: 12}
    placements:
      - {piece: crew-amber, at: A1, count: 2}
      - {piece: rover, at: A1}
  - id: teal
    values: {oxygen: 8}
    placements:
      - {piece: crew-teal, at: C3}
      - {piece: crew-amber, at: E3}
      - {piece: rover, at: C2}
"""


def test_a_game_the_engine_has_never_seen(game_dir, monkeypatch):
    """New terrains, piece types and limits, all in YAML: no engine change needed."""
    write_game(game_dir, NEW_GAME, {"scenarios/first-shift.yaml": NEW_SCENARIO})
    monkeypatch.chdir(game_dir)
    run = run_cli("check", "scenarios/first-shift.yaml")
    assert run.exit_code == 1
    assert run.stderr.splitlines() == [
        "scenarios/first-shift.yaml:4:14: error: sides[0].values.oxygen: side amber: oxygen is "
        "12, must be from 1 to 10 (rule at game.yaml:45:7)",
        # the rover is said to be off its terrain once: not again as over the dome's
        # capacity of 2 (with 2 crew), nor over the pit's 0
        "scenarios/first-shift.yaml:7:9: error: sides[0].placements[1]: rover on cell A1 "
        "(Dome): rover may stand only on regolith (rule at game.yaml:31:7)",
        # C3 is 4 steps from airlock A1 and 2 from airlock E3
        "scenarios/first-shift.yaml:11:9: error: sides[1].placements[0]: crew-teal on cell C3 "
        "(Regolith) is not within 1 cell of place airlock-* (rule at game.yaml:37:7)",
        # amber's crew in teal's list: short of teal's own and over, in one message
        "scenarios/first-shift.yaml:12:9: error: sides[1].placements[1]: side teal is missing 1 "
        "crew of its colour and has 1 piece more than its slots allow (its slots: 2 crew of its "
        "colour, 1 rover piece) (rule at game.yaml:40:7)",
        "scenarios/first-shift.yaml:13:9: error: sides[1].placements[2]: rover on cell C2 "
        "(Pit): rover may stand only on regolith (rule at game.yaml:31:7)",
        "5 error(s), 0 warning(s)",
    ]
    fixed = (
        NEW_SCENARIO.replace("{oxygen: 12}", "{oxygen: 10}")
        .replace("{piece: rover, at: A1}", "{piece: rover, at: B1}")
        .replace("{piece: crew-teal, at: C3}", "{piece: crew-teal, at: D3}")
        .replace("{piece: crew-amber, at: E3}", "{piece: crew-teal, at: E3}")
        .replace("{piece: rover, at: C2}", "{piece: rover, at: E2}")
    )
    (game_dir / "scenarios" / "first-shift.yaml").write_text(fixed)
    run = run_cli("check", ".")
    assert (run.exit_code, run.stderr) == (0, "ok: 1 game with 1 scenario checked\n")


# ---- more of the vocabulary ------------------------------------------------------------


def test_same_area_beyond_on_line_and_off_map(game_dir):
    game(
        game_dir,
        """
        - kind: placement
          pieces: soldier
          where: {same_area_as: {pieces: farmer}}
        - kind: placement
          pieces: {id: farmer, not: {placed_by: blue}}
          where: {beyond: {cells: 2, of: {pieces: soldier}}}
        - kind: placement
          pieces: hunter
          where: {on_line: {from: {cell: A1}, to: {cell: D3}}}
        - kind: placement
          pieces: {placed_by: blue}
          where: {on_map: false}
    """,
        """
        sides: [red, blue]
        placements:
          - {piece: hunter, at: B2}
          - {piece: soldier, at: D1}
          - {piece: soldier, at: A3}
          - {piece: farmer, at: C1}
          - {piece: hunter, at: A3}
          - {piece: farmer, side: blue}
          - {piece: farmer, at: A2, side: blue}
    """,
    )
    # area north holds C1 and D1, no area holds A3; C1 is 1 step from D1; the line from A1's
    # centre to D3's passes 0.28 cells from B2's centre, far from A3's; A2 is on the map
    assert messages(game_dir) == [
        "scenarios/s.yaml:5:5: error: placements[2]: soldier on cell A3 (Grassland) is not in "
        "the same area as farmer (rule at game.yaml:12:7)",
        "scenarios/s.yaml:6:5: error: placements[3]: farmer on cell C1 (Grassland) is not at "
        "least 2 cells from soldier (rule at game.yaml:15:7)",
        "scenarios/s.yaml:7:5: error: placements[4]: hunter on cell A3 (Grassland) is not on "
        "the line from cell A1 to cell D3 (rule at game.yaml:18:7)",
        "scenarios/s.yaml:9:5: error: placements[6]: farmer on cell A2 (Grassland) is not off "
        "the map (rule at game.yaml:21:7)",
    ]


def test_units_per_side_and_side_reference(game_dir):
    game(
        game_dir,
        """
        - kind: count
          of: units
          per: side
          max: 1
        - kind: count
          per: side
          pieces: {id: [farmer, soldier], not: {owner: $side}}
          noun: pieces of another side
          max: 0
    """,
        """
        sides:
          - id: red
            units:
              - {id: a, figures: [{piece: farmer, attrs: {owner: red}}]}
              - {id: b, figures: [{piece: soldier, attrs: {owner: blue}}]}
    """,
    )
    assert messages(game_dir) == [
        "scenarios/s.yaml:2:5: error: sides[0]: side red has 2 units, needs at most 1 "
        "(rule at game.yaml:12:7)",
        "scenarios/s.yaml:5:27: error: sides[0].units[1].figures[0]: side red has 1 piece of "
        "another side, needs at most 0 (rule at game.yaml:16:7)",
    ]


def test_counters_win_over_rules_pieces(game_dir):
    write_game(
        game_dir,
        """
        id: t
        title: T
        counters:
          - {id: farmer, size: 1/2in, quantity: 1, attrs: {type: farmer}, front: {text: F}}
        rules:
          pieces:
            - {id: farmer, quantity: 9}
            - {id: "scout-{n}", for_each: {n: ["1", "2"]}, attrs: {type: scout}}
            - {id: "bad {n}", for_each: {n: ["1"]}}
        """,
        {"scenarios/s.yaml": "placements: [{piece: farmer, count: 2}, {piece: scout-2}]\n"},
    )
    with pytest.raises(KitError) as info:
        load(game_dir, Diagnostics())
    assert [str(d).replace(f"{game_dir}/", "") for d in info.value.diagnostics] == [
        "game.yaml:9:12: error: rules.pieces[2].id: bad id 'bad 1' (use letters, digits, '-', "
        "'_' or '.', starting with a letter or digit, at most 64)"
    ]
    (game_dir / "game.yaml").write_text(
        (game_dir / "game.yaml")
        .read_text()
        .replace('    - {id: "bad {n}", for_each: {n: ["1"]}}\n', "")
    )
    assert messages(game_dir, with_map=False) == [
        "scenarios/s.yaml:1:14: error: placements[0]: 'farmer': 2 placed, the kit provides 1 "
        "(piece defined at game.yaml:4:5)"
    ]


def test_scenarios_of_a_game_without_rules_are_still_checked(game_dir, monkeypatch):
    write_game(game_dir, "id: t\ntitle: T\n", {"scenarios/a.yaml": "placements: [{piece: x}]\n"})
    monkeypatch.chdir(game_dir)
    run = run_cli("check", ".")
    assert run.stderr.splitlines() == [
        "scenarios/a.yaml:1:22: error: placements[0].piece: unknown piece 'x'",
        "1 error(s), 0 warning(s)",
    ]


def test_hex_map_scenario_checks_and_plans(game_dir):
    write_game(
        game_dir,
        """
        id: hexy
        title: Hexy
        maps:
          - id: field
            grid: hex
            cell: 3/4in
            terrains:
              - {id: clear, label: Clear, fill: "#eeeeaa"}
              - {id: hill, label: Hill, fill: "#aa8855", props: {stack: 1}}
            legend: {".": clear, h: hill}
            layout: |
              .h.
              ...
              ..h
        rules:
          constraints:
            - kind: placement
              pieces: scout
              where: {adjacent_to: {pieces: hq}}
            - kind: stacking
              limit_from: stack
          pieces:
            - {id: hq, quantity: 1}
            - {id: scout, quantity: 3}
        """,
        {
            "scenarios/s.yaml": """
            placements:
              - {piece: hq, at: "0202"}
              - {piece: scout, at: "0201", count: 2}
              - {piece: scout, at: "0303"}
            """
        },
    )
    assert messages(game_dir, with_map=False) == [
        # 0201 is the hill straight above the HQ: adjacent, but a hill holds 1
        "scenarios/s.yaml:3:5: error: placements[1]: 2 pieces on cell 0201 (Hill) exceed its "
        "stack of 1 (rule at game.yaml:20:7)",
    ]
    (game_dir / "scenarios" / "s.yaml").write_text(
        "placements:\n  - {piece: hq, at: '0202'}\n  - {piece: scout, at: '0201'}\n"
        "  - {piece: scout, at: '0303'}\n"
    )
    planned = plan_game(game_dir)
    doc = next(d for d in planned.docs if d.name == "scenario-s")
    # pieces no side places: grey tabs (and the "Other pieces" heading's swatch)
    tokens = [op for op in _ops(doc.pages[0].ops) if isinstance(op, Rect) and op.fill == "#6b6b6b"]
    assert len(tokens) == 3 + 1


def test_unless_switches_a_rule_off(game_dir):
    rules = """
        - kind: count
          pieces: hunter
          max: 0
          unless: night
        - kind: count
          pieces: hunter
          max: 0
          unless: [dusk]
    """
    game(game_dir, rules, "options: [night]\nplacements: [{piece: hunter}]\n")
    assert messages(game_dir) == [
        "game.yaml:16:7: error: rules.constraints[1].unless: unknown option 'dusk' (valid: night)",
        # the first rule is off (night is in play); the second still applies
        "scenarios/s.yaml:2:14: error: placements[0]: the scenario has 1 hunter piece, needs "
        "at most 0 (rule at game.yaml:16:7)",
    ]


def test_where_on_terrain_with_properties(game_dir):
    game(
        game_dir,
        """
        - kind: placement
          pieces: farmer
          where: {props: {pop_limit: 4}}
        - kind: placement
          pieces: soldier
          where: {props: {pop_limit: 1}, not: {props: {cover: true}}}
        - kind: placement
          pieces: hunter
          where: {props: []}
    """,
        """
        placements:
          - {piece: farmer, at: A1}
          - {piece: farmer, at: B1}
          - {piece: soldier, at: B2}
    """,
    )
    # B1 is Water (pop limit 1); no terrain has a cover property: a name error (a typo
    # there would make the `not` hold everywhere, silently), and that rule is not applied
    with pytest.raises(KitError) as info:
        load(game_dir, Diagnostics())
    assert [str(d).replace(f"{game_dir}/", "") for d in info.value.diagnostics] == [
        "game.yaml:20:22: error: rules.constraints[2].where.props: expected a mapping of terrain "
        "properties, got a list"
    ]
    text = (
        (game_dir / "game.yaml").read_text().replace("where: {props: []}", "where: {on_map: true}")
    )
    (game_dir / "game.yaml").write_text(text)
    assert messages(game_dir) == [
        "game.yaml:17:52: error: rules.constraints[1].where: no map of the game has terrain "
        "property 'cover' (valid: pop_limit)",
        "scenarios/s.yaml:3:5: error: placements[1]: farmer on cell B1 (Water) is not on a cell "
        "with pop_limit: 4 (rule at game.yaml:12:7)",
    ]


# ---- the remaining reader and reference error paths, exact messages ------------------


def _load_errors(folder: Path) -> list[str]:
    with pytest.raises(KitError) as info:
        load(folder, Diagnostics())
    return [str(d).replace(f"{folder}/", "") for d in info.value.diagnostics]


def _scenario_read_errors(folder: Path) -> list[str]:
    """Errors found reading scenario files: they do not stop the load (the game itself
    is sound), so the check stage can still report the broken rules beside them."""
    diags = Diagnostics()
    load(folder, diags)
    return [str(d).replace(f"{folder}/", "") for d in diags]


def test_more_rule_reader_errors(game_dir):
    game(
        game_dir,
        """
        - kind: terrain
          pieces: farmer
        - kind: stacking
          per: area
          limit_from: pop_limit
          limit: 2
        - kind: placement
          pieces: farmer
        - kind: placement
          where: {props: [lockable], adjacent_to: [farmer]}
        - kind: placement
          where: {props: {lockable: [1, 2]}, within: {cells: 2}}
        - kind: count
          pieces: [farmer, soldier]
          max: 2
        - kind: count
          reading: Counted at the start only.
          max: 9
    """,
        "placements: []\n",
    )
    assert _load_errors(game_dir) == [
        "game.yaml:12:7: error: rules.constraints[0]: a terrain rule needs only_on or not_on",
        "game.yaml:16:7: error: rules.constraints[1].limit_from: give limit (a number) or "
        "limit_from (a terrain property), not both",
        "game.yaml:18:7: error: rules.constraints[2]: a placement rule needs where:",
        "game.yaml:21:22: error: rules.constraints[3].where.props: expected a mapping of terrain "
        "properties, got a list",
        "game.yaml:21:47: error: rules.constraints[3].where.adjacent_to: expected one of pieces, "
        "cell, place, area, terrain, opposite as a mapping of one key (e.g. {pieces: {type: "
        "leader}} or {place: gate})",
        "game.yaml:23:33: error: rules.constraints[4].where.props.lockable: expected a value, "
        "got a list",
        "game.yaml:23:50: error: rules.constraints[4].where.within: missing required key 'of'",
        "game.yaml:25:15: error: rules.constraints[5].pieces: expected a piece id or a mapping "
        "of attributes, got a list",
        # the dagger goes on the rule's name on the set-up sheet: no name, nowhere to mark
        "game.yaml:28:7: error: rules.constraints[6].reading: a rule with a reading needs a "
        "name: the set-up sheet marks it with the reading's mark",
    ]


def test_more_scenario_reader_errors(game_dir):
    game(
        game_dir,
        "[]\n",
        """
        sides:
          - {id: red, values: 5}
          - {id: blue, values: {food: 3}}
        placements:
          - {piece: farmer, at: A1, attrs: [old]}
        areas: [north]
    """,
    )
    assert _scenario_read_errors(game_dir) == [
        "scenarios/s.yaml:5:36: error: placements[0].attrs: expected a mapping of attributes, "
        "got a list",
        "scenarios/s.yaml:2:23: error: sides[0].values: expected a mapping of numbers, got "
        "number 5",
        "scenarios/s.yaml:6:8: error: areas: expected a mapping of area names, got a list",
    ]
    game(game_dir, "[]\n", "sides: red\nareas:\n  camp: {label: Camp}\n")
    assert _scenario_read_errors(game_dir) == [
        "scenarios/s.yaml:1:8: error: sides: expected a list, got text 'red'",
        "scenarios/s.yaml:3:9: error: areas.camp: an area needs cells or where",
    ]


def test_unknown_side_value_unmatched_piece_and_two_maps(game_dir):
    game(
        game_dir,
        "[]\n",
        """
        sides:
          - {id: red, values: {food: 5, wood: 2}}
        placements:
          - {piece: {type: wizard}, at: A1}
    """,
    )
    assert messages(game_dir) == [
        "scenarios/s.yaml:2:33: error: sides[0].values.wood: unknown side value 'wood' (did you "
        "mean 'food'?)",
        "scenarios/s.yaml:4:13: error: placements[0].piece: no piece matches wizard (no piece "
        "has type 'wizard'; valid: farmer, hunter, soldier)",
    ]
    diags = Diagnostics()
    g = load(game_dir, diags)
    other = replace_fields(board(), id="annex")
    g = with_maps(g, board(), other)
    check_rules(g, g.rules, diags)
    got = [str(d).replace(f"{game_dir}/", "") for d in diags]
    assert got[0] == (
        "scenarios/s.yaml:1:1: error: map: the game has 2 maps: name one with map: "
        "(valid: field, annex)"
    )


def test_a_map_that_prints_no_sheet_is_no_scenario_s_table(game_dir):
    """A map with copies: 0 (drawn only in a rulebook's diagrams) leaves a scenario that
    names no map on the one printed map; named, it is the scenario's map."""
    game(game_dir, "[]\n", "placements:\n  - {piece: farmer, at: A1}\n")
    diags = Diagnostics()
    g = load(game_dir, diags)
    diagrams = replace_fields(board(), id="diagrams", copies=0)
    g = with_maps(g, diagrams, board())
    book = g.rules
    assert resolve(g, book, book.scenarios[0], diags).map.id == "field"
    named = replace_fields(book.scenarios[0], map="diagrams")
    assert resolve(g, book, named, diags).map.id == "diagrams"
    assert [str(d) for d in diags] == []


def test_a_range_at_places_count_on_each_of_its_cells(game_dir):
    """`at: A3:C3` is the rectangle, as everywhere a cell is asked for: 3 farmers, each
    checked on its own cell (B1 is water); a corner off the map is an error at `at`."""
    game(
        game_dir,
        """
        - kind: count
          pieces: {type: farmer}
          exactly: 5
        - kind: terrain
          pieces: {type: farmer}
          not_on: water
    """,
        """
        placements:
          - {piece: farmer, at: "A3:C3"}
          - {piece: farmer, at: "A1:B1"}
          - {piece: soldier, at: "A1:E9"}
    """,
    )
    assert messages(game_dir) == [
        "scenarios/s.yaml:4:26: error: placements[2].at: no cell 'E9' on map 'field' "
        "(squares are written column letter then row, A1 to D3; or a place: well)",
        "scenarios/s.yaml:3:5: error: placements[1]: farmer on cell B1 (Water): farmer may "
        "not stand on water (rule at game.yaml:15:7)",
    ]
