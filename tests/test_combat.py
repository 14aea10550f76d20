"""Combat results tables: columns from odds and differentials at their boundaries,
shifts and caps, exact chances against hand counts, and every error's message."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from kitgen.model.table import Table
from kitgen.rules.combat import (
    BELOW,
    CombatError,
    applied_shifts,
    base_column,
    chance_rows,
    chances,
    final_column,
    present_at,
    printed,
    resolve,
)
from tests.conftest import errors_of, plan_game, write_game

MAP = """
maps:
  - id: m
    title: M
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
    edge_kinds:
      - {id: creek, label: Creek}
    edges:
      - {kind: creek, between: [["0101"], ["0201"]]}
"""
# 2d6 by hand: <=4 is 1+2+3 = 6/36, 5-6 is 4+5 = 9/36, 7 is 6/36, 8-9 is 5+4 = 9/36,
# >=10 is 3+2+1 = 6/36.
CRT = """
tables:
  - id: crt
    title: Combat
    roll: 2d6
    columns: ["1-2", "1-1", "3-2", "2-1", "3-1"]
    combat:
      by: odds
      results: [AE, AR, EX, {code: DR, meaning: defender retreats}, DE]
{combat}
    rows:
      - ["<=4", AE, AE, AR, AR, EX]
      - ["5-6", AE, AR, AR, EX, DR]
      - ["7", AR, AR, EX, DR, DR]
      - ["8-9", AR, EX, DR, DR, DE]
      - [">=10", EX, DR, DR, DE, DE]
"""
SHIFTS = """      shifts:
        - {terrain: woods, shift: -1, group: hex}
        - {feature: fort, shift: -2, group: hex}
        - {edge: creek, shift: -1}
      modifiers:
        - {name: Surprise, modifier: +1}"""


def _folder(tmp_path: Path, combat: str = SHIFTS, crt: str = CRT) -> Path:
    return write_game(tmp_path / "g", "id: g\ntitle: G\n" + MAP + crt.replace("{combat}", combat))


def _crt(tmp_path: Path, combat: str = SHIFTS, crt: str = CRT) -> Table:
    return plan_game(_folder(tmp_path, combat, crt)).game.tables[0]


# ---- columns -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("attack", "defence", "column"),
    [
        (4, 4, 1),  # exactly 1-1
        (5, 4, 1),  # 1.25 rounds down to 1-1
        (6, 4, 2),  # exactly 3-2
        (7, 4, 2),  # 1.75: 3-2, in the defender's favour
        (8, 4, 3),  # exactly 2-1
        (11, 4, 3),  # 2.75: 2-1
        (12, 4, 4),  # 3-1
        (40, 4, 4),  # 10-1 is capped at the highest column
        (2, 4, 0),  # exactly 1-2
        (3, 4, 0),  # 0.75: 1-2
        (1, 4, 0),  # under the lowest, no below: the lowest
    ],
)
def test_odds_column_rounds_in_the_defenders_favour(tmp_path, attack, defence, column):
    table = _crt(tmp_path)
    assert base_column(table, attack, defence) == column


def test_below_the_lowest_column_reads_the_declared_result(tmp_path):
    table = _crt(tmp_path, SHIFTS + "\n      below: AE")
    assert base_column(table, 1, 4) == BELOW
    assert base_column(table, 2, 4) == 0
    got = resolve(table, 1, 4)
    assert (got.odds, got.title, got.column) == ("below 1-2", "below 1-2", BELOW)
    assert got.chances == {
        "AE": 1,
        "AR": 0,
        "EX": 0,
        "DR": 0,
        "DE": 0,
    }
    # a shift past the lowest column also reads it; one back from below reads 1-2
    assert final_column(table, 0, -1) == BELOW
    assert final_column(table, BELOW, 1) == 0


DIFFERENTIAL = """
tables:
  - id: crt
    roll: d6
    columns: ["-2", "0", "+2"]
    combat:
      by: differential
      results: [A, B]
    rows:
      - ["1-3", A, A, B]
      - ["4-6", A, B, B]
"""


@pytest.mark.parametrize(
    ("attack", "defence", "column"),
    [(3, 5, 0), (4, 5, 0), (5, 5, 1), (6, 5, 1), (7, 5, 2), (20, 5, 2), (1, 5, 0)],
)
def test_differential_columns(tmp_path, attack, defence, column):
    table = _crt(tmp_path, "", DIFFERENTIAL)
    assert base_column(table, attack, defence) == column


# ---- shifts and caps ----------------------------------------------------------


def test_shifts_of_one_group_do_not_add_others_do(tmp_path):
    table = _crt(tmp_path)
    both = applied_shifts(table, [("terrain", "woods"), ("feature", "fort"), ("edge", "creek")])
    assert sorted((s.name, s.shift) for s in both) == [("creek", -1), ("fort", -2)]
    got = resolve(table, 12, 4, [("terrain", "woods"), ("feature", "fort"), ("edge", "creek")])
    assert (got.odds, got.shift, got.title) == ("3-1", -3, "1-1")
    capped = resolve(table, 4, 4, [("feature", "fort"), ("edge", "creek")])
    assert (capped.shift, capped.column, capped.title) == (-3, 0, "1-2")


def test_shifts_found_on_the_map(tmp_path):
    game = plan_game(_folder(tmp_path)).game
    table, mapdef = game.tables[0], game.maps.maps[0]
    fort, west = mapdef.cell_at_label("0201"), mapdef.cell_at_label("0101")
    south = mapdef.cell_at_label("0202")
    assert present_at(mapdef, fort, [west]) == {
        ("terrain", "woods"),
        ("feature", "fort"),
        ("edge-all", "creek"),
        ("edge-any", "creek"),
    }
    # one attacker of two across the creek: an 'all attackers' shift does not apply
    mixed = present_at(mapdef, fort, [west, south])
    assert [s.name for s in applied_shifts(table, mixed)] == ["fort"]


# ---- exact chances ---------------------------------------------------------


def test_chances_against_hand_counts(tmp_path):
    table = _crt(tmp_path)
    assert chances(table, 1) == {
        "AE": Fraction(6, 36),
        "AR": Fraction(15, 36),
        "EX": Fraction(9, 36),
        "DR": Fraction(6, 36),
        "DE": 0,
    }
    # Surprise +1: totals 3..13; <=4 is 3/36, 5-6 7/36, 7 5/36, 8-9 11/36, >=10 10/36
    assert chances(table, 1, ["Surprise"]) == {
        "AE": Fraction(3, 36),
        "AR": Fraction(12, 36),
        "EX": Fraction(11, 36),
        "DR": Fraction(10, 36),
        "DE": 0,
    }
    with pytest.raises(CombatError, match=r"no die-roll modifier 'Surprize' \(did you mean"):
        chances(table, 1, ["Surprize"])


def test_printed_chance_rows_and_notes(tmp_path):
    table = _crt(tmp_path)
    rows = chance_rows(table)
    assert rows[0].cells == ("Chance of each result (in 36, no modifier)",)
    assert [(r.label, r.cells) for r in rows[1:]] == [
        ("AE", ("15/36", "6/36", "\u2014", "\u2014", "\u2014")),
        ("AR", ("15/36", "15/36", "15/36", "6/36", "\u2014")),
        ("EX", ("6/36", "9/36", "6/36", "9/36", "6/36")),
        ("DR", ("\u2014", "6/36", "15/36", "15/36", "15/36")),
        ("DE", ("\u2014", "\u2014", "\u2014", "6/36", "15/36")),
    ]
    shown = printed(table)
    assert shown.notes == (
        "Odds are the attacker's strength to the defender's, rounded in the defender's "
        "favour (11 to 4 is 2-1); below 1-2 read 1-2, above 3-1 read 3-1.",
        "Column shifts: Woods 1 left; Fort 2 left. Only the largest of these applies. "
        "Creek 1 left when all attackers cross it.",
        "Die-roll modifiers: Surprise +1.",
        "**DR** defender retreats.",
    )
    assert [(g.title, g.first, g.count) for g in shown.groups] == [
        ("Odds (attacker to defender)", 0, 5)
    ]
    off = _crt(tmp_path / "off", SHIFTS + "\n      chance: false")
    assert printed(off).rows == off.rows


def test_the_chart_is_drawn_on_its_sheet(tmp_path):
    # at 9 pt, so the note under the chart is one line of text
    sheet = "sheets:\n  - {id: s, items: [crt], max_size: 9}\n"
    planned = plan_game(_folder(tmp_path, SHIFTS, CRT + sheet))
    texts = [op.text for d in planned.docs for p in d.pages for op in _texts(p)]
    assert "15/36" in texts and "Chance of each result (in 36, no modifier)" in " ".join(texts)


def _texts(page):
    from kitgen.layout.plan import Group, Text

    todo = list(page.ops)
    while todo:
        op = todo.pop()
        if isinstance(op, Group):
            todo.extend(op.ops)
        elif isinstance(op, Text):
            yield op


# ---- errors --------------------------------------------------------------------


def test_column_titles_and_order(tmp_path):
    crt = CRT.replace('["1-2", "1-1", "3-2", "2-1", "3-1"]', '["1-2", "1:1", "1-1", "2x1", "3-1"]')
    folder = _folder(tmp_path, "", crt)
    path = folder / "game.yaml"
    assert errors_of(folder) == [
        f"{path}:27:29: error: tables[0].columns[2]: column '1-1' does not come after '1:1' "
        "(columns run from the attacker's worst odds to his best)",
        f"{path}:27:36: error: tables[0].columns[3]: column '2x1' is not odds "
        "(write odds as 1-2, 1-1, 3-2, 2-1 ...)",
    ]


def test_unknown_results_and_below(tmp_path):
    crt = CRT.replace('["7", AR, AR, EX, DR, DR]', '["7", AR, AR, XE, DR, DR]')
    folder = _folder(tmp_path, "      below: AEE", crt)
    path = folder / "game.yaml"
    assert errors_of(folder) == [
        f"{path}:31:14: error: tables[0].combat.below: below: 'AEE' is not one of the results "
        "(AE, AR, EX, DR, DE) (did you mean 'AE'?)",
        f"{path}:35:23: error: tables[0].rows[2]: unknown result 'XE' in column '3-2' "
        "(results: AE, AR, EX, DR, DE) (did you mean 'EX'?)",
    ]


def test_results_declared_twice_or_unused(tmp_path):
    crt = CRT.replace(
        "results: [AE, AR, EX, {code: DR, meaning: defender retreats}, DE]",
        "results: [AE, AR, EX, DR, DE, DX, AE]",
    )
    folder = _folder(tmp_path, "", crt)
    path = folder / "game.yaml"
    assert errors_of(folder) == [
        f"{path}:30:37: warning: tables[0].combat.results[5]: result 'DX' is in no cell",
        f"{path}:30:41: error: tables[0].combat.results[6]: result 'AE' is declared twice",
    ]


def test_shift_errors(tmp_path):
    combat = """      shifts:
        - {feature: fort, edge: creek, shift: -1}
        - {shift: -1}
        - {feature: fort, shift: -1, across: any}"""
    folder = _folder(tmp_path, combat)
    path = folder / "game.yaml"
    assert errors_of(folder) == [
        f"{path}:32:11: error: tables[0].combat.shifts[0]: a column shift names exactly one of "
        "terrain, feature, line or edge, or has when: (found: feature, edge)",
        f"{path}:33:11: error: tables[0].combat.shifts[1]: a column shift names exactly one of "
        "terrain, feature, line or edge, or has when: (found: none)",
        f"{path}:34:11: error: tables[0].combat.shifts[2].across: across: applies to edge "
        "shifts only",
    ]


def test_shifts_name_what_a_map_declares(tmp_path):
    combat = """      shifts:
        - {terrain: wods, shift: -1}
        - {edge: crek, shift: -1}
        - {line: road, shift: 1}"""
    folder = _folder(tmp_path, combat)
    path = folder / "game.yaml"
    assert errors_of(folder) == [
        f"{path}:32:11: error: tables[0].combat.shifts[0]: no terrain 'wods' on any map "
        "(did you mean 'woods'?)",
        f"{path}:33:11: error: tables[0].combat.shifts[1]: no hexside kind 'crek' on any map "
        "(did you mean 'creek'?)",
        f"{path}:34:11: error: tables[0].combat.shifts[2]: no line kind 'road' on any map",
    ]


def test_modified_rolls_past_the_rows(tmp_path):
    crt = CRT.replace('"<=4"', '"2-4"').replace('">=10"', '"10-12"')
    folder = _folder(tmp_path, SHIFTS, crt)
    path = folder / "game.yaml"
    assert errors_of(folder) == [
        f"{path}:38:9: error: tables[0].rows: total 13 matches no row (e.g. with Surprise +1) "
        "(add a row such as '>12' or declare out_of_range: {high: clamp})",
    ]
    policy = "\n      out_of_range: {high: clamp, reading: The rules are silent.}"
    table = _crt(tmp_path / "2", SHIFTS + policy, crt)
    # 13 reads 10-12: >=10 is 4+3+2+1 = 10/36 as before
    assert chances(table, 1, ["Surprise"])["DR"] == Fraction(10, 36)
    assert "Modified rolls above the rows read the last row.\u20201" in printed(table).notes
    assert table.footnotes == ()  # the words are on the kit's notes page


def test_a_combat_table_needs_a_roll_and_strengths(tmp_path):
    folder = _folder(tmp_path, "", CRT.replace("    roll: 2d6\n", ""))
    path = folder / "game.yaml"
    assert errors_of(folder)[0] == (
        f"{path}:28:7: error: tables[0].combat: a combat results table needs the roll its "
        "rows are keyed by (add e.g. roll: 1d6)"
    )
    table = _crt(tmp_path / "2")
    with pytest.raises(CombatError, match="^odds need a defender's strength above 0$"):
        base_column(table, 3, 0)
    with pytest.raises(CombatError, match="^strengths cannot be negative$"):
        base_column(table, -1, 3)


# ---- kitgen combat ----------------------------------------------------------------


def test_the_combat_command_reads_shifts_from_the_map(tmp_path):
    from tests.conftest import run_cli

    folder = _folder(tmp_path)
    got = run_cli("combat", str(folder), "12", "4", "--hex", "0201", "--from", "0101")
    assert got.exit_code == 0, got.stderr
    assert got.stdout == (
        "crt: 12 to 4 reads 3-1\n"
        "  Creek (all attackers across): 1 left\n"
        "  Fort: 2 left\n"
        "  shifts in all: 3 left\n"
        "column: 1-1\n"
        "  AE  1/6 = 16.7%\n"
        "  AR  5/12 = 41.7%\n"
        "  EX  1/4 = 25%\n"
        "  DR  1/6 = 16.7%      defender retreats\n"
        "  DE  0\n"
    )
    surprise = run_cli(
        "combat", str(folder), "4", "4", "--on", "terrain:clear", "--drm", "Surprise"
    )
    assert "  EX  11/36 = 30.6%\n" in surprise.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["3", "0"], "Error: odds need a defender's strength above 0"),
        (["3", "1", "--drm", "Surprize"], "Error: no die-roll modifier 'Surprize' (did you mean"),
        (["3", "1", "--table", "crtt"], "no combat table 'crtt' (combat tables: crt)"),
        (["3", "1", "--hex", "0909"], "no hex '0909' on map 'm'"),
        (["3", "1", "--from", "0101"], "Error: --from needs --hex (the defender's hex)"),
        (
            ["3", "1", "--hex", "0301", "--from", "0201", "--from", "0101"],
            "Error: Invalid value for --from: the attacker in 0101 does not touch "
            "the defender in 0301\n",
        ),
        (
            ["3", "1", "--hex", "0301", "--from", "0909"],
            "Error: Invalid value for --from: no hex '0909' on map 'm'\n",
        ),
        (["3", "1", "--on", "woods"], "'woods' is not KIND:ID"),
    ],
)
def test_the_combat_command_usage_errors(tmp_path, args, message):
    from tests.conftest import run_cli

    got = run_cli("combat", str(_folder(tmp_path)), *args)
    assert got.exit_code == 2
    assert message in got.stderr


def test_a_crt_too_wide_for_its_sheet_column_spans_the_columns(tmp_path):
    columns = ", ".join(f'"{d:+d}"' if d else '"0"' for d in range(-3, 7))
    cells = ", ".join(["Attacker retreats"] * 10)
    crt = f"""
tables:
  - id: crt
    roll: d6
    columns: [{columns}]
    combat:
      by: differential
      results: [Attacker retreats]
    rows:
      - ["1-6", {cells}]
sheets:
  - {{id: s, columns: 6, items: [crt]}}
"""
    planned = plan_game(write_game(tmp_path / "g", "id: g\ntitle: G\n" + crt))
    # too wide for one of six columns, it spans them all (and says nothing)
    assert [d.message for d in planned.diags] == []
    sheet = next(d for d in planned.docs if d.name == "sheet-s")
    (part,) = [i for p in sheet.pages for i in p.items if i.kind == "table"]
    (whole,) = [i for p in sheet.pages for i in p.items if i.kind == "sheet"]
    assert (part.bbox[0], part.bbox[2]) == (whole.bbox[0], whole.bbox[2])


def test_ironfords_crt_at_the_fortified_ford():
    """The seed's own CRT: 6 + 8 to 3 is 4-1; the ford's south hex (0807) holds the
    Southern works, whose 3 columns count (the South defends it), and the attack from
    0806 crosses the ford (1 more): 1-2, where the d6 reads AE, AE, AE, AE, AR, AR."""
    from kitgen.rules.combat import Situation
    from kitgen.rules.combat_units import periods_of, units_of
    from tests.conftest import CONTENT

    game = plan_game(CONTENT / "ironford").game
    table = next(t for t in game.tables if t.id == "crt")
    mapdef = game.maps.maps[0]
    ford, north = mapdef.cell_at_label("0807"), mapdef.cell_at_label("0806")
    sit = Situation(
        units_of(game, table.combat, ["north-1-inf", "north-1-tank"], "attacker"),
        units_of(game, table.combat, ["south-10-inf:reduced"], "defender"),
        1,
        periods_of(game),
    )
    got = resolve(table, None, None, present_at(mapdef, ford, [north]), (), sit)
    shifts = sorted(s.name for s in got.shifts)
    assert (got.odds, shifts, got.title) == ("4-1", ["ford", "fort"], "1-2")
    assert got.chances == {"AE": Fraction(4, 6), "AR": Fraction(2, 6), "EX": 0, "DR": 0, "DE": 0}
