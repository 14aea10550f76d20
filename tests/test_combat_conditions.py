"""Conditions on combat: shifts, die-roll modifiers and strength multipliers that apply
by side, unit attributes, turn or period and terrain; the declared rounding; result
rules with arithmetic (the exchange rule) applied by `kitgen combat`; the CRT's notes
said from the same data; and each mistake's message at its line."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from kitgen.rules.combat import Situation, present_at, printed, resolve
from kitgen.rules.combat_units import periods_of, units_of
from tests.conftest import errors_of, plan_game, run_cli, write_game

GAME = """
id: g
title: G
counters:
  - id: "{side}-{unit}"
    name: "{unit}"
    for_each:
      - {side: red, unit: inf, arm: infantry, full: "6-4-4", reduced: "3-2-4"}
      - {side: red, unit: tank, arm: armour, full: "7-3-6", reduced: "3-1-6"}
      - {side: blue, unit: inf, arm: infantry, full: "4-5-3", reduced: "2-3-3"}
    side: "{side}"
    size: 5/8
    steps: [full, reduced]
    front: {text: "{full}"}
    back: {text: "{reduced}"}
tracks:
  - {id: turns, from: 1, to: 6, periods: {Mud: [3, 4]}}
maps:
  - id: m
    grid: hex
    cell: 0.75in
    terrains:
      - {id: clear, fill: "#ffffff"}
      - {id: woods, fill: "#88aa88"}
    legend: {".": clear, W: woods}
    layout: |
      .W.
      ...
    features:
      - {id: fort, label: Fort, text: F, at: ["0201"]}
tables:
  - id: crt
    title: Combat
    roll: 1d6
    columns: ["1-2", "1-1", "2-1", "3-1"]
    combat:
      by: odds
      results:
        - {code: AE, attacker: {steps: 1}}
        - {code: EX, defender: {steps: 1}, attacker: {at_least: defender}}
        - {code: DR, defender: {retreat: 1}}
{combat}
    rows:
      - ["1-2", EX, DR, DR, DR]
      - ["3-4", AE, EX, DR, DR]
      - ["5-6", AE, AE, EX, DR]
"""
CONDITIONS = """      shifts:
        - {feature: fort, label: Fort, shift: -2, when: {defender: {side: blue}}}
        - {label: Mud, shift: -1, when: {period: Mud}}
      multipliers:
        - {side: attacker, multiply: halve, label: Mud, when: {period: Mud}}
        - {side: attacker, multiply: halve, when: {attacker: {arm: armour}, terrain: woods}}
      rounding: {round: up, per: unit}
      out_of_range: clamp
      modifiers:
        - {name: Armour, modifier: -1, when: {attacker: {arm: armour}, units: any}}"""


def _folder(tmp_path: Path, combat: str = CONDITIONS) -> Path:
    return write_game(tmp_path / "g", GAME.replace("{combat}", combat))


def _setup(tmp_path: Path, combat: str = CONDITIONS):
    game = plan_game(_folder(tmp_path, combat)).game
    table = next(t for t in game.tables if t.id == "crt")
    return game, table, game.maps.maps[0]


def _sit(game, table, attackers, defenders, turn=None):
    return Situation(
        units_of(game, table.combat, attackers, "attacker"),
        units_of(game, table.combat, defenders, "defender"),
        turn,
        periods_of(game),
    )


def test_a_shift_on_the_defenders_side_applies_for_that_side_only(tmp_path):
    game, table, m = _setup(tmp_path)
    fort = present_at(m, m.cell_at_label("0201"), [m.cell_at_label("0101")])
    # red attacks blue in the fort: the fort helps blue (2 left)
    blue = resolve(table, None, None, fort, (), _sit(game, table, ["red-inf"], ["blue-inf"], 1))
    assert [s.label for s in blue.shifts] == ["Fort"]
    # blue attacks red in the same fort: no shift for red
    red = resolve(table, None, None, fort, (), _sit(game, table, ["blue-inf"], ["red-inf"], 1))
    assert red.shifts == ()
    # strengths given as numbers: the side is not known, and the answer says so
    bare = resolve(table, 6, 4, fort, (), Situation(turn=1))
    assert bare.shifts == ()
    assert bare.unknown == ("the attacker's units", "the defender's units")


def test_mud_halves_the_attack_per_unit_rounding_up_and_shifts(tmp_path):
    game, table, m = _setup(tmp_path)
    clear = present_at(m, m.cell_at_label("0102"), [])
    sit = _sit(game, table, ["red-inf", "red-tank:reduced"], ["blue-inf"], turn=3)
    got = resolve(table, None, None, clear, (), sit)
    # 6 halved is 3, 3 halved is 1.5 rounded up to 2: 5 to 5 is 1-1, Mud 1 left: 1-2
    assert (got.attack, got.defence, got.odds, got.title) == (5, 5, "1-1", "1-2")
    assert [(mu.label, who) for mu, who in got.multiplied] == [("Mud", "inf"), ("Mud", "tank")]
    assert got.modifiers == ("Armour",)  # any attacker armour: -1 applies by itself
    # turn 2 is not mud: 9 to 5 is 1-1, the Armour modifier still applies
    dry = resolve(
        table,
        None,
        None,
        clear,
        (),
        _sit(game, table, ["red-inf", "red-tank:reduced"], ["blue-inf"], turn=2),
    )
    assert (dry.attack, dry.title, dry.multiplied) == (9, "1-1", ())
    # no turn given: mud cannot be judged and the answer says so
    unknown = resolve(table, None, None, clear, (), _sit(game, table, ["red-inf"], ["blue-inf"]))
    assert unknown.unknown == ("the turn (--turn)",)


def test_a_multiplier_on_a_unit_type_touches_that_type_only(tmp_path):
    game, table, m = _setup(tmp_path)
    woods = present_at(m, m.cell_at_label("0201"), [])
    sit = _sit(game, table, ["red-inf", "red-tank"], ["blue-inf"], turn=1)
    got = resolve(table, None, None, woods, (), sit)
    # the tank's 7 halved to 4 (up), the infantry's 6 kept: 10; the fort is blue's: 2 left
    assert got.attack == 10
    assert [(mu.side, who) for mu, who in got.multiplied] == [("attacker", "tank")]


def test_the_exchange_rule_is_worked_out_on_the_units(tmp_path):
    game, table, m = _setup(tmp_path)
    sit = _sit(game, table, ["red-inf", "red-tank"], ["blue-inf"], turn=1)
    got = resolve(table, None, None, set(), (), sit)
    costs = dict(got.losses)
    # blue's one step: 5 down to 3 is 2 strength; red must lose at least 2 attack
    # strength: one step of the infantry (6 -> 3, 3) or the tank (7 -> 3, 4): 3 at least
    assert costs["EX"] == (
        "defender loses 1 step (here: 1 step, 2 strength); attacker loses steps worth "
        "at least the defence lost, in attack, by difference (here: 1 step, 3 strength)"
    )
    assert costs["AE"] == "attacker loses 1 step (here: 1 step, 3 to 4 strength)"


def test_the_crt_notes_say_every_condition_from_the_same_data(tmp_path):
    _game, table, _m = _setup(tmp_path)
    notes = printed(table).notes
    assert notes[1] == (
        "Strengths before the odds: Mud: attacker halved in Mud turns; attacker halved "
        "in Woods when every attacker is armour; fractions round up, for each unit."
    )
    assert notes[2] == (
        "Column shifts: Fort 2 left when every defender is blue; Mud 1 left in Mud turns."
    )
    assert notes[3] == "Die-roll modifiers: Armour -1 when any attacker is armour."
    assert notes[5] == (
        "**AE** attacker loses 1 step, **EX** defender loses 1 step; attacker "
        "loses steps worth at least the defence lost, in attack, by difference, **DR** "
        "defender retreats 1 hex."
    )


def test_the_combat_command_takes_units_and_the_turn(tmp_path):
    folder = _folder(tmp_path)
    got = run_cli(
        "combat",
        str(folder),
        "red-inf+red-tank:reduced",
        "blue-inf",
        "--hex",
        "0102",
        "--turn",
        "4",
    )
    assert got.exit_code == 0, got.stderr
    assert got.stdout.splitlines()[:6] == [
        "crt: strengths 9 to 5 before multipliers",
        "  Mud: inf halved",
        "  Mud: tank halved",
        "crt: 5 to 5 reads 1-1",
        "  Mud: 1 left",
        "  shifts in all: 1 left",
    ]
    bad = run_cli("combat", str(folder), "red-infantry", "blue-inf:redcued")
    assert bad.exit_code == 2
    assert "no piece 'red-infantry' (did you mean 'red-inf'?)" in bad.stderr
    bad = run_cli("combat", str(folder), "red-inf", "blue-inf:redcued")
    assert "piece 'blue-inf' has no face 'redcued' (did you mean 'reduced'?" in bad.stderr


def test_multipliers_need_a_rounding_rule_and_a_known_word(tmp_path):
    combat = """      multipliers:
        - {side: attacker, multiply: halve}
        - {side: attacker, multiply: halfe}"""
    folder = _folder(tmp_path, combat)
    path = folder / "game.yaml"
    assert errors_of(folder) == [
        f"{path}:42:9: error: tables[0].combat.multipliers: multipliers need the rounding "
        "rule declared (add rounding: {round: down, per: unit} (or up, nearest, keep; per "
        "unit or side))",
        f"{path}:43:38: error: tables[0].combat.multipliers[1].multiply: multiply: 'halfe' is "
        "not halve, double, triple or a number (did you mean 'halve'?)",
    ]


def test_result_rules_and_bare_conditions_read_as_written(tmp_path):
    combat = """      shifts:
        - {shift: -1, when: {turn: 2}}
        - {shift: -1, when: {}}"""
    results = """        - {code: DR, defender: {retreat: 1}}
        - {code: XX, attacker: {at_least: attacker}}
        - {code: YY, defender: {}}"""
    text = GAME.replace("{combat}", combat).replace(
        "        - {code: DR, defender: {retreat: 1}}", results
    )
    folder = write_game(tmp_path / "g", text)
    path = folder / "game.yaml"
    got = [e.split(": error: ")[1] for e in errors_of(folder) if ": error: " in e]
    assert got == [
        "tables[0].combat.results[3].attacker: at_least: the attacker's loss matches the other "
        "side's, not its own",
        "tables[0].combat.results[4].defender: a loss needs steps, retreat or at_least",
        "tables[0].combat.shifts[0]: a shift on a condition alone needs a label (how notes "
        "name it)",
        "tables[0].combat.shifts[1].when: an empty when: (give a side, a turn, a period or "
        "terrain)",
    ]
    assert str(path) in errors_of(folder)[0]


def test_unknown_sides_types_terrains_and_periods_are_errors_at_their_line(tmp_path):
    combat = """      shifts:
        - {feature: fort, shift: -2, when: {defender: {side: blu}}}
        - {label: Mud, shift: -1, when: {period: mud, terrain: wods}}
      rounding: {round: down}
      multipliers:
        - {side: attacker, multiply: halve, when: {attacker: {arm: armor}}}"""
    folder = _folder(tmp_path, combat)
    path = folder / "game.yaml"
    assert errors_of(folder) == [
        f"{path}:42:62: error: tables[0].combat.shifts[0].when.defender.side: no piece has side "
        "'blu' (did you mean 'blue'?)",
        f"{path}:43:41: error: tables[0].combat.shifts[1].when.period: no period 'mud' on any "
        "track (did you mean 'Mud'?)",
        f"{path}:43:64: error: tables[0].combat.shifts[1].when.terrain: no terrain 'wods' on "
        "any map (did you mean 'woods'?)",
        f"{path}:46:68: error: tables[0].combat.multipliers[0].when.attacker.arm: no piece has "
        "arm 'armor' (did you mean 'armour'?)",
    ]


def test_a_period_shades_and_names_its_turns(tmp_path):
    game, _table, _m = _setup(tmp_path)
    track = game.tracks.tracks[0]
    assert track.periods == {"Mud": (3, 4)}
    assert sorted(track.shade) == [3, 4] and track.labels == {3: "Mud", 4: "Mud"}
    assert Fraction(1) == 1  # (records compare by value)


def test_a_modifier_note_says_a_condition_the_selectors_cannot(tmp_path):
    noted = CONDITIONS.replace(
        "units: any}}", 'units: any}, note: "when the tank itself attacks across a river"}'
    )
    _game, table, _m = _setup(tmp_path, noted)
    notes = printed(table).notes
    assert notes[3] == "Die-roll modifiers: Armour -1 when the tank itself attacks across a river."
