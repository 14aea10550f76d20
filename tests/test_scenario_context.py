"""Placement context, attribute declarations, counts and stacking of the rules engine.

The game here is written for the tests (no seed): a square board where each side's
counters carry their own `side` and `unit` attributes, which the placing side and a
scenario's units must never rewrite."""

from __future__ import annotations

from tests.conftest import diagnostic_lines, run_cli, write_game

SKIRMISH = """
title: Skirmish
counters:
  - id: "ronin-{side}"
    for_each: {side: [red, blue]}
    quantity: 4
    size: 5/8in
    attrs: {unit: ronin}
    front: {background: "{side}", text: {text: R, size: 10pt}}
maps:
  - id: yard
    grid: square
    cell: 1in
    terrains:
      - {id: open, label: Open, fill: "#eeeeee"}
    legend: {".": open}
    layout: |
      ....
      ....
rules:
  sides: [red, blue]
  constraints:
    - kind: count
      name: 2 Ronin a side
      per: side
      pieces: {unit: ronin}
      noun: Ronin
      exactly: 2
    - kind: count
      name: Each side places only its own pieces
      per: side
      pieces: {not: {side: $side}}
      noun: pieces of another side
      max: 0
"""


def _check(tmp_path, scenario: str, game: str = SKIRMISH) -> list[str]:
    folder = write_game(tmp_path / "skirmish", game, {"scenarios/s.yaml": scenario})
    run = run_cli("check", str(folder / "scenarios" / "s.yaml"))
    return [line.replace(f"{folder}/", "") for line in diagnostic_lines(run.stderr)]


def _check_game(tmp_path, game: str) -> list[str]:
    folder = write_game(tmp_path / "g", game)
    run = run_cli("check", str(folder))
    return [line.replace(f"{folder}/", "") for line in diagnostic_lines(run.stderr)]


def test_units_keep_the_pieces_own_unit_attribute(tmp_path):
    # grouped in a unit called "left", each Ronin is still unit: ronin to the rules
    assert _check(
        tmp_path,
        """
        sides:
          - id: red
            units:
              - id: left
                figures: [{piece: ronin-red, at: A1}, {piece: ronin-red, at: B1}]
          - id: blue
            placements: [{piece: ronin-blue, at: A2, count: 2}]
        """,
    ) == ["ok: 1 scenario checked"]


def test_the_placing_side_never_rewrites_the_pieces_own_side(tmp_path):
    assert _check(
        tmp_path,
        """
        sides:
          - id: red
            placements: [{piece: ronin-red, at: A1}, {piece: ronin-blue, at: B1}]
          - id: blue
            placements: [{piece: ronin-blue, at: A2, count: 2}]
        """,
    ) == [
        "scenarios/s.yaml:3:46: error: sides[0].placements[1]: side red has 1 piece of another "
        "side, needs "
        "at most 0 (rule at game.yaml:28:7)",
        "1 error(s), 0 warning(s)",
    ]


def test_placed_by_and_in_unit_name_the_context(tmp_path):
    game = (
        SKIRMISH.replace("pieces: {not: {side: $side}}", "pieces: {placed_by: red, in_unit: left}")
        .replace("max: 0", "min: 2")
        .replace("pieces of another side", "Ronin of red's left")
    )
    assert _check(
        tmp_path,
        """
        sides:
          - id: red
            placements: [{piece: ronin-red, at: B1}]
            units:
              - id: left
                figures: [{piece: ronin-red, at: A1}]
          - id: blue
            placements: [{piece: ronin-blue, at: A2, count: 2}]
        """,
        game,
    ) == [
        # the unit's figure counts, the one red places outside the unit does not
        "scenarios/s.yaml:2:5: error: sides[0]: side red has 1 Ronin of red's left, needs "
        "at least 2 (rule at game.yaml:28:7)",
        "scenarios/s.yaml:7:5: error: sides[1]: side blue has 0 Ronin of red's left, needs "
        "at least 2 (rule at game.yaml:28:7)",
        "2 error(s), 0 warning(s)",
    ]


def test_a_selector_on_side_where_no_piece_has_one_says_placed_by(tmp_path):
    game = SKIRMISH.replace("for_each: {side: [red, blue]}", "for_each: {colour: [red, blue]}")
    game = game.replace("{side}", "{colour}")
    assert _check(tmp_path, GOOD, game)[0] == (
        "game.yaml:31:15: error: rules.constraints[1].pieces: no piece matches pieces whose "
        "side is not the placing side (no piece has an attribute 'side'; the side that places "
        "a piece is placed_by)"
    )


# ---- declared attributes -----------------------------------------------------------

DECLARED = SKIRMISH.replace(
    "rules:\n  sides: [red, blue]\n",
    """rules:
  sides: [red, blue]
  side_values: [torches]
  attributes:
    name: text
    Ex: {type: integer, min: 1, max: 6}
    weapon: {one_of: [sword, bow]}
""",
)


def test_scenario_attrs_are_checked_against_the_declarations(tmp_path):
    assert _check(
        tmp_path,
        """
        sides:
          - id: red
            placements:
              - {piece: ronin-red, at: A1, attrs: {name: Ko, Ex: 7, weapon: sword}}
              - {piece: ronin-red, at: B1, attrs: {name: Mi, Ex: 2.5, wepon: bow}}
          - id: blue
            placements:
              - {piece: ronin-blue, at: A2, attrs: {Ex: five, weapon: axe}}
              - {piece: ronin-blue, at: B2, attrs: {unit: scouts}}
        """,
        DECLARED,
    ) == [
        "scenarios/s.yaml:4:58: error: sides[0].placements[0].attrs.Ex: Ex is 7, must be from "
        "1 to 6",
        "scenarios/s.yaml:5:58: error: sides[0].placements[1].attrs.Ex: Ex is 2.5, not a whole "
        "number",
        "scenarios/s.yaml:5:63: error: sides[0].placements[1].attrs.wepon: unknown attribute "
        "'wepon' (did you mean 'weapon'?)",
        "scenarios/s.yaml:8:49: error: sides[1].placements[0].attrs.Ex: Ex is 'five', not a number",
        "scenarios/s.yaml:8:63: error: sides[1].placements[0].attrs.weapon: weapon is 'axe', "
        "must be one of sword, bow",
        "scenarios/s.yaml:9:51: error: sides[1].placements[1].attrs.unit: ronin-blue has unit "
        "'ronin' of its own: a placement cannot change it",
        "6 error(s), 0 warning(s)",
    ]


def test_a_game_without_declarations_still_catches_a_misspelt_attribute(tmp_path):
    game = SKIRMISH + (
        "    - kind: range\n      pieces: {unit: ronin}\n      attr: armour\n      min: 0\n"
        "      max: 4\n"
    )
    assert _check(
        tmp_path,
        """
        sides:
          - id: red
            placements: [{piece: ronin-red, at: A1, count: 2, attrs: {armor: 5, notes: old}}]
          - id: blue
            placements: [{piece: ronin-blue, at: A2, count: 2}]
        """,
        game,
    ) == [
        "scenarios/s.yaml:3:63: error: sides[0].placements[0].attrs.armor: unknown attribute "
        "'armor' (did you mean 'armour'?)",
        "1 error(s), 0 warning(s)",
    ]


def test_declaration_mistakes_are_reported_at_the_setting(tmp_path):
    game = DECLARED.replace(
        "    weapon: {one_of: [sword, bow]}\n",
        "    weapon: {one_of: [sword, bow], max: 3}\n    F: {min: 6, max: 2}\n    M: nmber\n",
    )
    assert _check_game(tmp_path, game) == [
        "game.yaml:25:36: error: rules.attributes.weapon.max: a text attribute has no max "
        "(give one_of, or type: number)",
        "game.yaml:26:17: error: rules.attributes.F.max: max 2 is below min 6",
        "game.yaml:27:8: error: rules.attributes.M: unknown attribute type 'nmber' (did you "
        "mean 'number'?)",
        "3 error(s), 0 warning(s)",
    ]


# ---- contradictory and unread settings ---------------------------------------------


def test_contradictory_and_unread_rule_settings_are_errors_at_the_setting(tmp_path):
    rules = """
    - kind: count
      pieces: {unit: ronin}
      exactly: 3
      min: 3
    - kind: count
      of: sides
      per: side
      min: 2
    - kind: range
      attr: Ex
      min: 4
      max: 2
    - kind: range
      attr: Ex
      one_of: [a]
      max: 2
    - kind: terrain
      only_on: [open]
      not_on: [open]
    - kind: stacking
      limit: 2
      per: area
      terrains: [open]
    - kind: count
      pieces: {unit: ronin}
      exactly: $torches
"""
    game = SKIRMISH.split("  constraints:\n")[0] + "  constraints:" + rules
    assert _check_game(tmp_path, game) == [
        "game.yaml:25:7: error: rules.constraints[0].min: exactly and min together: give "
        "exactly, or min and max",
        "game.yaml:28:7: error: rules.constraints[1].per: a count of sides does not read per",
        "game.yaml:33:7: error: rules.constraints[2].max: max 2 is below min 4",
        "game.yaml:36:7: error: rules.constraints[3].one_of: one_of is for text values, min "
        "and max for numbers: give one",
        "game.yaml:40:7: error: rules.constraints[4].not_on: only_on already keeps the pieces "
        "off every other terrain",
        "game.yaml:44:7: error: rules.constraints[5].terrains: terrains picks cells: a "
        "stacking rule per area does not read it",
        "game.yaml:47:7: error: rules.constraints[6].exactly: exactly: $torches reads a side's "
        "value: give per: side (or unit)",
        "7 error(s), 0 warning(s)",
    ]


# ---- counts from a side's values, weighted stacking --------------------------------


def test_a_count_may_read_the_sides_own_value(tmp_path):
    game = DECLARED.replace("      exactly: 2\n", "      exactly: $torches\n", 1)
    assert _check(
        tmp_path,
        """
        sides:
          - id: red
            values: {torches: 2}
            placements: [{piece: ronin-red, at: A1, count: 2}]
          - id: blue
            values: {torches: 3}
            placements: [{piece: ronin-blue, at: A2, count: 2}]
          - id: green
            placements: []
        """,
        game.replace("sides: [red, blue]", "sides: [red, blue, green]"),
    ) == [
        "scenarios/s.yaml:5:5: error: sides[1]: side blue has 2 Ronin, needs exactly 3 (rule "
        "at game.yaml:27:7)",
        "scenarios/s.yaml:8:5: error: sides[2]: side green has no torches (exactly: $torches) "
        "(rule at game.yaml:27:7)",
        "2 error(s), 0 warning(s)",
    ]


def test_stacking_weighs_pieces(tmp_path):
    game = SKIRMISH + (
        "    - kind: stacking\n      limit: 3\n      noun: places\n"
        "      weights: [{pieces: {side: blue}, weight: 2}]\n"
    )
    assert _check(
        tmp_path,
        """
        sides:
          - id: red
            placements: [{piece: ronin-red, at: A1, count: 2}]
          - id: blue
            placements: [{piece: ronin-blue, at: A1}, {piece: ronin-blue, at: B2}]
        """,
        game,
    ) == [
        "scenarios/s.yaml:5:18: error: sides[1].placements[0]: 4 places on cell A1 (Open) "
        "exceed its stacking limit of 3 (rule at game.yaml:34:7)",
        "1 error(s), 0 warning(s)",
    ]


# ---- scenarios anywhere ----------------------------------------------------------

GOOD = """
sides:
  - id: red
    placements: [{piece: ronin-red, at: A1, count: 2}]
  - id: blue
    placements: [{piece: ronin-blue, at: A2, count: 2}]
"""


def test_a_scenario_pack_names_its_game_and_checks_in_one_run(tmp_path, monkeypatch):
    write_game(tmp_path / "games" / "skirmish", SKIRMISH)
    pack = tmp_path / "my-pack"
    write_game(pack, "title: not a game, the pack has no game.yaml\n")
    (pack / "game.yaml").unlink()
    (pack / "good.yaml").write_text("game: ../games/skirmish\n" + GOOD)
    (pack / "typo.yaml").write_text(
        "game: ../games/skirmish/game.yaml\n"
        + GOOD.replace("ronin-blue, at: A2, count: 2", "ronin-blue, at: A2, count: 1")
    )
    (pack / "lost.yaml").write_text("game: ../games/skirmsh\n" + GOOD)
    (pack / "stray.yaml").write_text(GOOD)
    monkeypatch.chdir(tmp_path / "games")  # any working directory
    run = run_cli("check", "../my-pack")
    assert run.stderr.splitlines() == [
        "../my-pack/lost.yaml:1:7: error: game: no game at '../my-pack/../games/skirmsh' (name "
        "the game's folder or its game.yaml, relative to this scenario file)",
        "../my-pack/stray.yaml:1:1: error: game: a scenario outside its game's scenarios/ "
        "folder names its game (add game: with the game's folder, relative to this file, e.g. "
        "game: ../my-game)",
        # the rule's position as seen from here: the scenario is not in the game's folder
        "../my-pack/typo.yaml:6:5: error: sides[1]: side blue has 1 Ronin, needs exactly 2 "
        "(rule at skirmish/game.yaml:22:7)",
        "3 error(s), 0 warning(s)",
    ]
    monkeypatch.chdir(pack)
    assert run_cli("check", "good.yaml").stderr == "ok: 1 scenario checked\n"


def test_check_a_scenario_from_inside_its_scenarios_folder(tmp_path, monkeypatch):
    folder = write_game(tmp_path / "skirmish", SKIRMISH, {"scenarios/s.yaml": GOOD})
    monkeypatch.chdir(folder / "scenarios")
    assert run_cli("check", "s.yaml").stderr == "ok: 1 scenario checked\n"
    (folder / "scenarios" / "s.yaml").write_text(GOOD.replace("at: A2", "at: Z9"))
    assert run_cli("check", "s.yaml").stderr.splitlines() == [
        # the Ronin that stands nowhere is not also missing from blue's count
        "s.yaml:6:42: error: sides[1].placements[0].at: no cell 'Z9' on map 'yard' (squares "
        "are written column letter then row, A1 to D2)",
        "1 error(s), 0 warning(s)",
    ]


# ---- check says what build would warn about -----------------------------------------


def test_check_reports_the_text_that_does_not_fit_as_build_does(tmp_path):
    folder = write_game(
        tmp_path / "g",
        """
        title: G
        counters:
          - id: tiny
            size: 1/2
            front: {text: {text: "Supercalifragilistic expialidocious", min_size: 6pt}}
        """,
    )
    warning = (
        f"{folder}/game.yaml:5:19: warning: counters[0].front.text: text "
        "'Supercalifragilistic expialidocious' on piece 'tiny' does not fit even at 6pt "
        "(shorten it, lower min_size or make the piece bigger)"
    )
    check = run_cli("check", str(folder))
    build = run_cli("build", str(folder), "-o", str(tmp_path / "out"))
    assert check.stderr.splitlines() == [warning, "0 error(s), 1 warning(s)", "ok: 1 game checked"]
    assert warning in build.stderr.splitlines()


# ---- a rule that selects nothing in this scenario ----------------------------------


def test_a_rule_selecting_nothing_here_is_a_warning_at_the_scenario(tmp_path):
    game = SKIRMISH + (
        "    - kind: range\n      name: Leaders are veterans\n      pieces: {leader: 'yes'}\n"
        "      attr: Ex\n      min: 4\n"
    )
    assert _check(tmp_path, GOOD, game) == [
        "scenarios/s.yaml:1:1: warning: rule 'Leaders are veterans' selects no piece in this "
        "scenario: no piece has an attribute 'leader'; valid: face, id, in_unit, placed_by, side, "
        "unit "
        "(rule at game.yaml:34:7)",
        "0 error(s), 1 warning(s)",
        "ok: 1 scenario checked",
    ]
    led = GOOD.replace("at: A1, count: 2}", "at: A1, count: 2, attrs: {leader: 'yes', Ex: 5}}")
    assert _check(tmp_path, led, game) == ["ok: 1 scenario checked"]


def test_a_rule_naming_a_unit_this_scenario_lacks_warns_with_a_did_you_mean(tmp_path):
    game = SKIRMISH.replace(
        "pieces: {unit: ronin}\n      noun: Ronin", "pieces: {in_unit: escrot}\n      noun: Ronin"
    ).replace("exactly: 2", "max: 2")
    scenario = GOOD.replace(
        "placements: [{piece: ronin-red, at: A1, count: 2}]",
        "units: [{id: escort, figures: [{piece: ronin-red, at: A1, count: 2}]}]",
    )
    assert _check(tmp_path, scenario, game) == [
        "scenarios/s.yaml:1:1: warning: rule '2 Ronin a side' selects no piece in this "
        "scenario: no piece has in_unit 'escrot'; did you mean 'escort'? (rule at "
        "game.yaml:22:7)",
        "0 error(s), 1 warning(s)",
        "ok: 1 scenario checked",
    ]


# ---- a declared attribute's default ---------------------------------------------------


def test_a_defaults_mistakes_are_reported_at_the_value(tmp_path):
    game = DECLARED.replace(
        "    weapon: {one_of: [sword, bow]}\n",
        "    weapon: {one_of: [sword, bow], default: axe}\n"
        "    F: {type: integer, min: 2, max: 12, default: 13}\n"
        "    M: {type: integer, default: 2.5}\n"
        "    A: {type: number, default: lots}\n",
    )
    assert _check_game(tmp_path, game) == [
        "game.yaml:25:45: error: rules.attributes.weapon.default: default 'axe' is not one of "
        "sword, bow",
        "game.yaml:26:50: error: rules.attributes.F.default: default 13 must be from 2 to 12",
        "game.yaml:27:33: error: rules.attributes.M.default: default 2.5 is not a whole number",
        "game.yaml:28:32: error: rules.attributes.A.default: default 'lots' is not a number",
        "4 error(s), 0 warning(s)",
    ]


def test_a_roster_entry_that_leaves_an_attribute_out_has_its_default(tmp_path):
    """`default:` is what an entry with `attrs:` that leaves the attribute out has: the
    rules read it (Ko passes a required range rule on it), the set-up sheet prints it in
    the cell that was blank. A piece placed with no attrs (a counter) is given none."""
    game = DECLARED.replace(
        "    weapon: {one_of: [sword, bow]}\n",
        "    weapon: {one_of: [sword, bow], default: bow}\n",
    ) + (
        "    - kind: range\n      name: Bows only\n      pieces: {unit: ronin}\n"
        "      attr: weapon\n      one_of: [bow]\n      required: true\n"
    )
    scenario = """
        sides:
          - id: red
            placements:
              - {piece: ronin-red, at: A1, attrs: {name: Ko, Ex: 3}}
              - {piece: ronin-red, at: B1, attrs: {name: Mi, Ex: 2, weapon: sword}}
          - id: blue
            placements: [{piece: ronin-blue, at: A2, count: 2}]
        """
    assert _check(tmp_path, scenario, game) == [
        "scenarios/s.yaml:5:69: error: sides[0].placements[1].attrs.weapon: Mi: weapon is "
        "'sword', must be one of bow (rule at game.yaml:39:7)",
        "scenarios/s.yaml:7:18: error: sides[1].placements[0]: ronin-blue has no weapon (rule "
        "at game.yaml:39:7)",
        "2 error(s), 0 warning(s)",
    ]


# ---- a value that must name a row of a table (rows_of) ------------------------------

ARMOURY = SKIRMISH.replace(
    "rules:\n  sides: [red, blue]\n  constraints:\n",
    """tables:
  - id: guns
    title: Guns
    columns: [Gun, Range]
    rows:
      - ["Bow", "12"]
      - ["Javelin*", "6"]
    footnotes: ["* Thrown."]
rules:
  sides: [red, blue]
  constraints:
    - kind: range
      attr: weapon
      rows_of: [guns]
""",
)


def test_a_weapon_must_name_a_row_of_its_table(tmp_path):
    """`rows_of`: the value names a row of the table (its first column), the footnote
    mark of "Javelin*" left off; anything else is an error at the value, with the row
    it most looks like."""
    assert _check(
        tmp_path,
        """
        sides:
          - id: red
            placements:
              - {piece: ronin-red, at: A1, attrs: {name: Ko, weapon: Javelin}}
              - {piece: ronin-red, at: B1, attrs: {name: Mi, weapon: Bows}}
          - id: blue
            placements:
              - {piece: ronin-blue, at: A2, attrs: {name: Ta, weapon: Bow}}
              - {piece: ronin-blue, at: B2, attrs: {name: Su, weapon: musket}}
        """,
        ARMOURY,
    ) == [
        "scenarios/s.yaml:5:62: error: sides[0].placements[1].attrs.weapon: Mi: weapon is "
        "'Bows', which names no row of table guns (did you mean 'Bow'?) (rule at "
        "game.yaml:30:7)",
        "scenarios/s.yaml:9:63: error: sides[1].placements[1].attrs.weapon: Su: weapon is "
        "'musket', which names no row of table guns (rule at game.yaml:30:7)",
        "2 error(s), 0 warning(s)",
    ]


def test_rows_of_names_a_table_of_the_game(tmp_path):
    """A misspelt table is said once, at the rule, however many pieces it would check."""
    assert _check(
        tmp_path,
        """
        sides:
          - id: red
            placements: [{piece: ronin-red, at: A1, count: 2, attrs: {weapon: Bow}}]
          - id: blue
            placements: [{piece: ronin-blue, at: A2, count: 2, attrs: {weapon: Bow}}]
        """,
        ARMOURY.replace("rows_of: [guns]", "rows_of: [gun]"),
    ) == [
        "game.yaml:32:17: error: rules.constraints[0].rows_of: no table 'gun' in tables: "
        "(did you mean 'guns'?)",
        "1 error(s), 0 warning(s)",
    ]


def test_rows_of_is_one_way_to_give_the_values(tmp_path):
    rules = """
    - kind: range
      attr: weapon
      one_of: [Bow]
      rows_of: [guns]
    - kind: range
      attr: weapon
      rows_of: [guns]
      max: 2
"""
    game = ARMOURY.split("  constraints:\n")[0] + "  constraints:" + rules
    assert _check_game(tmp_path, game) == [
        "game.yaml:33:7: error: rules.constraints[0].rows_of: give the values allowed once: "
        "one_of or rows_of",
        "game.yaml:36:7: error: rules.constraints[1].rows_of: rows_of is for text values, min "
        "and max for numbers: give one",
        "2 error(s), 0 warning(s)",
    ]
