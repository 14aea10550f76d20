"""A scenario written at midnight: typos in piece names, cells off the map, wrong area
names, a misspelt key. Every mistake is reported in one run, in the order of the file,
at the value that is wrong, with how to put it right. The game is a fresh hex game on
both orientations (no seed), so nothing here leans on content/."""

from __future__ import annotations

from kitgen.layout.plan import Circle
from tests.conftest import plan_game, run_cli, write_game

HEX_GAME = """
title: Marsh Raid
counters:
  - id: "raider-{side}"
    for_each: {side: [red, blue]}
    quantity: 6
    size: 5/8in
    attrs: {kind: raider}
    front: {background: "{side}", text: {text: R, size: 10pt}}
  - id: boat
    quantity: 2
    size: 5/8in
    attrs: {kind: boat}
    front: {background: "#8a5a2b", text: {text: B, size: 10pt}}
maps:
  - id: marsh
    grid: hex
    orient: flat
    offset: odd
    cell: 1in
    terrains:
      - {id: reed, label: Reeds, fill: "#cfe3a5", pattern: grass, props: {cap: 2}}
      - {id: pool, label: Pool, fill: "#9cc4e4", pattern: waves, props: {cap: 1, deep: true}}
      - {id: hut, label: Hut, fill: "#d9b38c", pattern: bricks, props: {cap: 3}}
    legend: {".": reed, "~": pool, h: hut}
    layout: |
      ..~~..
      .~~..h
      ..~...
      h... ~
      ..~...
    places: {landing: 0301, village: 0104}
    areas:
      - {id: north, cells: ["0101:0602"], label: North bank}
  - id: isle
    grid: hex
    orient: pointy
    offset: even
    cell: 1in
    prefix: M2
    terrains:
      - {id: reed, label: Reeds, fill: "#cfe3a5", pattern: grass, props: {cap: 2}}
    legend: {".": reed}
    layout: |
      ...
      ...
rules:
  sides: [red, blue]
  side_values: [supplies]
  constraints:
    - kind: terrain
      name: Raiders keep out of pools
      pieces: {kind: raider}
      not_on: [pool]
    - kind: stacking
      limit_from: cap
    - kind: placement
      name: Boats start on pools
      pieces: {kind: boat}
      where: {terrain: pool}
    - kind: count
      per: side
      pieces: {kind: raider}
      min: 3
      max: 5
      noun: raiders
"""

GOOD = """
title: First raid
map: marsh
sides:
  - id: red
    values: {supplies: 3}
    placements:
      - {piece: raider-red, at: 0101, count: 2}
      - {piece: raider-red, at: 0201}
  - id: blue
    values: {supplies: 2}
    placements:
      - {piece: raider-blue, at: village, count: 3}
placements:
  - {piece: boat, at: landing}
"""

MIDNIGHT = """\
title: Midnight raid
map: marsh
sides:
  - id: red
    values: {supplies: 3, suplies: 2}
    placements:
      - {piece: raider-rde, at: 0101}
      - {piece: raider-red, at: 0909}
      - {piece: raider-red, at: A1}
      - {piece: raider-red, area: nroth}
      - {piece: raider-red, at: 0504}
      - {piece: raider-red, at: M2-0101}
  - id: bleu
    placements:
      - {piece: raider-blue, at: 0104, count: 9}
      - {piece: boat, at: 0302, cuont: 1}
placements:
  - {piece: {kind: boot}, at: 0301}
  - piece: boat
    at: 0606
"""


def test_a_fresh_hex_game_checks_clean_and_draws_sides_in_their_colours(tmp_path, monkeypatch):
    folder = write_game(tmp_path / "marsh-raid", HEX_GAME, {"scenarios/first.yaml": GOOD})
    monkeypatch.chdir(folder)
    run = run_cli("check", ".")  # `.`: the game id comes from the folder's own name
    assert (run.exit_code, run.stderr) == (0, "ok: 1 game with 1 scenario checked\n")
    planned = plan_game(folder)
    assert planned.game.id == "marsh-raid"
    doc = next(d for d in planned.docs if d.name == "scenario-first")
    ops = list(_flat(doc.pages[0].ops))
    fills = {op.fill for op in ops if isinstance(op, Circle)}
    # red's tokens red, blue's blue (no `colour:` given: the side's id names it); boat grey;
    # each side in its own shape (red listed first: round), so greyscale keeps them apart
    assert fills == {"#d62728"}
    shaped = [op.fill for op in ops if type(op).__name__ in ("Rect", "Path")]
    assert shaped.count("#1f5fbf") == 3 + 1 and shaped.count("#6b6b6b") == 1 + 1


def _two_scenarios(tmp_path, monkeypatch) -> None:
    """The marsh game with a clean scenario and a midnight one; the folder is the cwd."""
    folder = write_game(
        tmp_path / "marsh-raid",
        HEX_GAME,
        {"scenarios/first.yaml": GOOD, "scenarios/midnight.yaml": MIDNIGHT},
    )
    monkeypatch.chdir(folder)


def test_every_midnight_mistake_in_one_run_at_its_value(tmp_path, monkeypatch):
    _two_scenarios(tmp_path, monkeypatch)
    run = run_cli("check", "scenarios/midnight.yaml")
    assert run.exit_code == 1
    hexes = "hexes are numbered column then row, 0101 to 0605; or a place: landing, village"
    assert run.stderr.splitlines() == [
        "scenarios/midnight.yaml:5:27: error: sides[0].values.suplies: unknown side value "
        "'suplies' (did you mean 'supplies'?)",
        "scenarios/midnight.yaml:7:17: error: sides[0].placements[0].piece: unknown piece "
        "'raider-rde' (did you mean 'raider-red'?)",
        f"scenarios/midnight.yaml:8:33: error: sides[0].placements[1].at: no cell '0909' on map "
        f"'marsh' ({hexes})",
        f"scenarios/midnight.yaml:9:33: error: sides[0].placements[2].at: no cell 'A1' on map "
        f"'marsh' ({hexes})",
        "scenarios/midnight.yaml:10:35: error: sides[0].placements[3].area: unknown area "
        "'nroth' (did you mean 'north'?)",
        "scenarios/midnight.yaml:11:33: error: sides[0].placements[4].at: no cell '0504' on map "
        "'marsh' (0504 is a blank in the map's layout: off the map)",
        "scenarios/midnight.yaml:12:33: error: sides[0].placements[5].at: no cell 'M2-0101' on "
        "map 'marsh' (this map's labels have no prefix; hexes are numbered column then row, "
        "0101 to 0605)",
        # no follow-on errors: red's raiders that could not be placed are not also "0
        # raiders, needs 3 to 5"; bleu's 9 are not also over the hex's cap and the count
        "scenarios/midnight.yaml:13:5: error: sides[1].id: unknown side 'bleu' (did you mean "
        "'blue'?)",
        "scenarios/midnight.yaml:15:9: error: sides[1].placements[0]: 'raider-blue': 9 placed, the "
        "kit provides 6 (piece defined at game.yaml:3:5)",
        # the misspelt key is reported and the rules are still checked (boat on a Pool: fine)
        "scenarios/midnight.yaml:16:33: error: sides[1].placements[1].cuont: unknown key "
        "'cuont' (did you mean 'count'?)",
        "scenarios/midnight.yaml:18:13: error: placements[0].piece: no piece matches boot (no "
        "piece has kind 'boot'; did you mean 'boat'?)",
        # a block-style entry: the error is on the line of its `at:`, not of its `piece:`
        f"scenarios/midnight.yaml:20:9: error: placements[1].at: no cell '0606' on map 'marsh' "
        f"({hexes})",
        "12 error(s), 0 warning(s)",
    ]


def test_checking_one_scenario_ignores_the_other_files(tmp_path, monkeypatch):
    """The other scenario's misspelt key is not this check's business."""
    _two_scenarios(tmp_path, monkeypatch)
    assert run_cli("check", "scenarios/first.yaml").stderr == "ok: 1 scenario checked\n"
    run = run_cli("check", ".")
    assert run.exit_code == 1
    assert "12 error(s), 0 warning(s)" in run.stderr


def test_typos_in_the_rules_name_the_rule(tmp_path, monkeypatch):
    rules = (
        HEX_GAME.replace(
            "pieces: {kind: raider}\n      not_on:", "pieces: {kind: raidr}\n      not_on:"
        )
        .replace("pieces: {kind: raider}\n      min:", "pieces: {knd: raider}\n      min:")
        .replace("limit_from: cap", "limit_from: cap\n      pieces: {not: {kind: bot}}")
        .replace(
            "where: {terrain: pool}",
            "where: {props: {depth: 2}, on_line: {from: {place: landng}, to: {area: south}}, "
            "within: {cells: 2, of: {place: village}, through: [reeds]}}",
        )
    )
    folder = write_game(tmp_path / "marsh-raid", rules, {"scenarios/first.yaml": GOOD})
    monkeypatch.chdir(folder)
    run = run_cli("check", ".")
    assert run.exit_code == 1
    assert run.stderr.splitlines() == [
        "game.yaml:52:15: error: rules.constraints[0].pieces: no piece matches raidr (no piece "
        "has kind 'raidr'; did you mean 'raider'?)",
        "game.yaml:56:15: error: rules.constraints[1].pieces: no piece matches pieces other than "
        "bot (no piece has kind 'bot'; did you mean 'boat'?)",
        "game.yaml:60:23: error: rules.constraints[2].where: no map of the game has terrain "
        "property 'depth' (did you mean 'deep'?)",
        "game.yaml:60:138: error: rules.constraints[2].where: no map of the game has terrain "
        "'reeds' (did you mean 'reed'?)",
        "game.yaml:63:15: error: rules.constraints[3].pieces: no piece matches raider (no piece "
        "has an attribute 'knd'; did you mean 'kind'?)",
        "scenarios/first.yaml:2:6: error: map: the rule names place 'landng', which map 'marsh' "
        "does not have (did you mean 'landing'?) (rule at game.yaml:57:7)",
        "scenarios/first.yaml:2:6: error: map: the rule names area 'south', which map 'marsh' "
        "does not have (did you mean 'north'?) (rule at game.yaml:57:7)",
        "7 error(s), 0 warning(s)",
    ]


def _flat(ops):
    for op in ops:
        yield from _flat(op.ops) if hasattr(op, "ops") else [op]
