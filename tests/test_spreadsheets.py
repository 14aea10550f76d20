"""Records from CSV and XLSX files: for_each, a product's variable, a table's rows;
values keep their types; every mistake is reported at its cell, with its column."""

from __future__ import annotations

import re

import pytest

from tests.conftest import CONTENT, build_pdfs, plan_game, run_cli, write_game

COUNTERS = """\
id: units
title: Units
counters:
  - id: "u-{name}"
    name: "{name}"
    for_each: {file: units.csv}
    size: 3/4in
    quantity: "{count}"
    front:
      background: "{colour}"
      text: {text: "{name} {strength}", at: bottom}
"""


def messages(folder) -> list[str]:
    result = run_cli("check", str(folder))
    return [line.replace(f"{folder}/", "") for line in result.stderr.splitlines()]


def test_csv_rows_are_records_with_their_types(tmp_path):
    game = write_game(
        tmp_path / "units",
        COUNTERS,
        {"units.csv": "\ufeffname;colour;strength;count\nalpha;red;1.10;2\n0101;#336699;;1\n"},
    )
    planned = plan_game(game)
    defs = {d.id: d for d in planned.game.counters}
    assert sorted(defs) == ["u-0101", "u-alpha"]  # 0101 keeps its zero: text, not a number
    assert defs["u-alpha"].quantity == 2
    assert defs["u-alpha"].attrs["strength"] == "1.10"  # as written, not 1.1
    assert defs["u-0101"].front.background == "#336699"
    texts = [e.text for e in defs["u-0101"].front.elements if hasattr(e, "text")]
    assert texts == ["0101 ___"]  # an empty cell is the write-in blank, never "nan"


def test_a_product_variable_takes_its_records_from_a_file(tmp_path):
    game = write_game(
        tmp_path / "mix",
        """\
        id: mix
        title: Mix
        counters:
          - id: "{kind}-{side}"
            for_each: {side: [red, blue], unit: {file: kinds.csv}}
            size: 1/2
            front: {background: "{side}", text: "{abbr}"}
        """,
        {"kinds.csv": "kind,abbr\ninfantry,In\narmour,Ar\nartillery,Ay\n"},
    )
    ids = [d.id for d in plan_game(game).game.counters]
    assert ids == [f"{k}-{s}" for s in ("red", "blue") for k in ("infantry", "armour", "artillery")]


def test_a_bad_value_is_reported_at_its_cell_with_its_column(tmp_path):
    game = write_game(
        tmp_path / "units",
        COUNTERS,
        {"units.csv": "name,colour,strength,count\na,red,4,1\nb,blue,5,1\nc,grean,6,1\n"},
    )
    assert messages(game) == [
        "units.csv: row 4, column B (colour): error: counters[0].front.background: "
        "unknown colour 'grean' (did you mean 'green'? use #rrggbb, black, white, red, ...)",
        "1 error(s), 0 warning(s)",
    ]


def test_xlsx_cells_are_named_by_sheet_and_cell(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    game = write_game(tmp_path / "units", COUNTERS.replace("units.csv", "units.xlsx, sheet: Units"))
    book = openpyxl.Workbook()
    book.active.title = "Notes"
    sheet = book.create_sheet("Units")
    for row in [
        ("name", "colour", "strength", "count"),
        ("a", "red", 4, 1),
        ("b", "purpel", 5.0, 2),
    ]:
        sheet.append(row)
    sheet["C4"] = "=C2+1"  # a formula openpyxl saves with no value: never worked out
    book.save(game / "units.xlsx")
    assert messages(game) == [
        "units.xlsx[Units]!B3 (colour): error: counters[0].front.background: unknown colour "
        "'purpel' (did you mean 'purple'? use #rrggbb, black, white, red, ...)",
        "units.xlsx[Units]!C4 (strength): error: counters[0].for_each: formula with no saved "
        "value: open and save the file in a spreadsheet program",
        "2 error(s), 0 warning(s)",
    ]
    sheet["B3"] = "blue"
    sheet["C4"] = None
    book.save(game / "units.xlsx")
    defs = {d.id: d for d in plan_game(game).game.counters}
    assert defs["u-b"].attrs["strength"] == "5"  # Excel's 5.0 is the number 5
    assert defs["u-b"].quantity == 2


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        (
            {"units.csv": "name,colour,strength,count,notes\na,red,4,1,spare\n"},
            "units.csv: row 1, column E (notes): warning: column 'notes' is not used: no "
            "placeholder or rule of the game names it (use it as {notes}, or leave it out of "
            "the file)",
        ),
        (
            {"units.csv": "name,colour,strenght,count\na,red,4,1\n"},
            "game.yaml:11:20: error: counters[0].front.text.text: unknown placeholder "
            "{strength} in '{name} {strength}': units.csv has no column 'strength' (header "
            "row 1: name, colour, strenght, count) (did you mean 'strenght'?)",
        ),
        (
            {"units.csv": "name,colour,{2nd},count\na,red,4,1\n"},
            "units.csv: row 1, column C ({2nd}): error: counters[0].for_each: column name "
            "'{2nd}' cannot be a placeholder (a column's name holds no braces, '|', ':', ',' "
            "or line break)",
        ),
        (
            {"units.csv": "name,colour,name,count\na,red,4,1\n"},
            "units.csv: row 1, column C (name): error: counters[0].for_each: column 'name' is "
            "named twice",
        ),
        (
            {"units.csv": b"name,colour\n\xff\xfe,red\n".decode("latin-1")},
            "game.yaml:6:22: error: counters[0].for_each.file: units.csv is not UTF-8 text "
            "(byte 13 cannot be read) (save it as CSV UTF-8)",
        ),
    ],
)
def test_file_mistakes_are_placed(tmp_path, files, expected):
    game = write_game(tmp_path / "units", COUNTERS)
    for name, text in files.items():
        data = text.encode("latin-1") if "\xff" in text else text.encode()
        (game / name).write_bytes(data)
    assert expected in messages(game)


@pytest.mark.parametrize(
    ("for_each", "expected"),
    [
        (
            "{file: units.txt}",
            "game.yaml:6:22: error: counters[0].for_each.file: 'units.txt' is not a spreadsheet "
            "kitgen reads (use a .csv or .xlsx file)",
        ),
        (
            "{file: units.csv, sheet: Units}",
            "game.yaml:6:40: error: counters[0].for_each.sheet: a CSV file has no sheets "
            "(only .xlsx does)",
        ),
        (
            "{file: ../outside.csv}",
            "game.yaml:6:22: error: counters[0].for_each.file: '../outside.csv' leads outside the "
            "game folder (keep every file the game uses inside its folder; links are followed)",
        ),
        (
            "{file: missing.csv}",
            "game.yaml:6:22: error: counters[0].for_each.file: spreadsheet not found: "
            "'missing.csv'",
        ),
    ],
)
def test_file_references_are_checked(tmp_path, for_each, expected):
    (tmp_path / "outside.csv").write_text("name\nx\n")
    game = write_game(
        tmp_path / "units",
        COUNTERS.replace("{file: units.csv}", for_each),
        {"units.csv": "name,colour,strength,count\na,red,4,1\n"},
    )
    assert expected in messages(game)


def test_a_missing_sheet_gets_a_did_you_mean(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    game = write_game(tmp_path / "units", COUNTERS.replace("units.csv", "units.xlsx, sheet: Unit"))
    book = openpyxl.Workbook()
    book.active.title = "Units"
    book.save(game / "units.xlsx")
    assert (
        "game.yaml:6:41: error: counters[0].for_each.sheet: no sheet 'Unit' in units.xlsx "
        "(did you mean 'Units'? sheets: Units)"
    ) in messages(game)


TABLE = """\
id: arms
title: Arms
tables:
  - id: weapons
    title: Weapons
    columns: [Weapon, Range, Damage]
    rows: ROWS
sheets:
  - {id: ref, title: Reference, items: [weapons]}
"""


def test_table_rows_from_a_csv_print_as_the_yaml_rows_do(tmp_path):
    yaml_rows = "[[Pistol, 6, 1], [Rifle, 24, ~], [Cannon, 48, 3]]"
    by_yaml = write_game(tmp_path / "yaml" / "arms", TABLE.replace("ROWS", yaml_rows))
    by_file = write_game(
        tmp_path / "file" / "arms",
        TABLE.replace("ROWS", "{file: weapons.csv}"),
        {"weapons.csv": "Weapon;Range;Damage\nPistol;6;1\nRifle;24;\nCannon;48;3\n"},
    )
    _, yaml_pdfs, _ = build_pdfs(by_yaml)
    _, file_pdfs, _ = build_pdfs(by_file)
    assert yaml_pdfs == file_pdfs


def test_a_table_file_header_must_name_its_columns(tmp_path):
    game = write_game(
        tmp_path / "arms",
        TABLE.replace("ROWS", "{file: weapons.csv}"),
        {"weapons.csv": "Weapon,Damage,Range\nPistol,1,6\n"},
    )
    assert (
        "weapons.csv: row 1, column B (Damage): error: tables[0].rows: column 2 of the file's "
        "header is 'Damage', the table's is 'Range' (the header row names the columns in the "
        "table's order: Weapon, Range, Damage)"
    ) in messages(game)


def test_ryamon_people_mix_comes_from_its_spreadsheet():
    """The seed keeps its counter mix in people.csv; the stored reference hashes
    (tests/test_reference.py) show its PDFs are the bytes the YAML list made."""
    text = (CONTENT / "ryamon" / "counters.yaml").read_text()
    assert "person: {file: people.csv}" in text
    rows = (CONTENT / "ryamon" / "people.csv").read_text().splitlines()
    assert rows[0] == "type,icon,abbr,name,count" and len(rows) == 12


def test_scenario_placements_from_a_csv_beside_the_scenario(tmp_path):
    game = write_game(
        tmp_path / "sc",
        """\
        id: sc
        title: Sc
        maps:
          - id: field
            cell: 1in
            terrains: [{id: open, label: Open, fill: "#eeeeee"}]
            legend: {".": open}
            layout: |
              ....
              ....
        rules:
          sides: [red, blue]
          pieces:
            - {id: scout, name: Scout}
            - {id: tank, name: Tank}
        """,
        {
            "scenarios/s.yaml": """\
            title: From a sheet
            map: field
            sides:
              - id: red
                placements: {file: red.csv}
            """,
            "scenarios/red.csv": "piece,at,label\nscout,A1,S1\ntank,B2,T1\ntnak,C2,T2\n",
        },
    )
    assert messages(game) == [
        "scenarios/red.csv: row 4, column A (piece): error: sides[0].placements[2].piece: "
        "unknown piece 'tnak' "
        "(did you mean 'tank'?)",
        "1 error(s), 0 warning(s)",
    ]
    (game / "scenarios/red.csv").write_text("piece,at,label\nscout,A1,S1\ntank,B2,T1\n")
    assert run_cli("check", str(game)).exit_code == 0


def test_new_from_a_spreadsheet_of_pieces_builds_at_once(tmp_path):
    sheet = tmp_path / "oob.csv"
    sheet.write_text(
        "unit,side,strength,movement,count,notes\n1st Guards,red,6,4,2,elite\n"
        "2nd Rifles,blue,4,5,3,\n1st Guards,red,5,4,1,\n"
    )
    folder = tmp_path / "oob-game"
    made = run_cli("new", str(folder), "--from", str(sheet))
    assert made.exit_code == 0, made.stderr
    ids = [line.split(",")[0] for line in (folder / "pieces.csv").read_text().splitlines()]
    assert ids == ["id", "1st-guards", "2nd-rifles", "1st-guards-2"]
    built = run_cli("build", str(folder), "-o", str(tmp_path / "out"))
    assert built.exit_code == 0 and "warning" not in built.stderr, built.stderr
    planned = plan_game(folder)
    defs = {d.id: d for d in planned.game.counters}
    assert {k: d.quantity for k, d in defs.items()} == {
        "1st-guards": 2,
        "2nd-rifles": 3,
        "1st-guards-2": 1,
    }
    assert defs["2nd-rifles"].name == "2nd Rifles"
    texts = [e.text for e in defs["1st-guards"].front.elements if hasattr(e, "text")]
    assert texts == ["1st Guards", "6 4"]
    from tests.test_starters import anchors

    cited = re.findall(r"docs/format\.md#([\w-]+)", (folder / "game.yaml").read_text())
    assert cited and set(cited) <= anchors()


def test_new_from_refuses_what_is_not_a_spreadsheet(tmp_path):
    other = tmp_path / "units.txt"
    other.write_text("a,b\n")
    result = run_cli("new", str(tmp_path / "g"), "--from", str(other))
    assert result.exit_code == 2
    assert "units.txt: not a spreadsheet kitgen reads" in result.stderr


def test_new_from_a_sheet_of_names_and_sides_prints_each_name_once(tmp_path):
    """A side column of names ('geese') is no colour: the game gets a palette naming
    each, so it builds at once; with no other column filled, the name stands alone."""
    sheet = tmp_path / "pieces.csv"
    sheet.write_text("name,side,count\nGoose,geese,13\nFox,fox,1\n")
    folder = tmp_path / "hunt"
    assert run_cli("new", str(folder), "--from", str(sheet)).exit_code == 0
    built = run_cli("build", str(folder), "-o", str(tmp_path / "out"))
    assert built.exit_code == 0 and "warning" not in built.stderr, built.stderr
    defs = {d.id: d for d in plan_game(folder).game.counters}
    assert [e.text for e in defs["goose"].front.elements if hasattr(e, "text")] == ["Goose"]
    assert defs["goose"].front.background != defs["fox"].front.background
