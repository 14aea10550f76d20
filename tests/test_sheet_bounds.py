"""A spreadsheet is counted on its bytes before it is parsed (issue 39): unpacked
sizes, XML elements, shared strings, cells per row and per file, numbers too long to
read; each refused at the file (naming the sheet and row) or at the cell."""

from __future__ import annotations

import io
import zipfile

import pytest

from kitgen.budget import MAX_SHEET_CELLS, MAX_SHEET_COLUMNS
from kitgen.source.spreadsheets import sheet_bounds
from tests.conftest import run_cli, write_game

GAME = """\
id: units
title: Units
counters:
  - id: "u-{name}"
    for_each: {file: FILE}
    size: 3/4in
    front: {text: "{name}"}
"""
NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
HEAD = '<row r="1"><c r="A1" t="s"><v>0</v></c></row>'


def workbook(rows: str, strings: str = "<si><t>name</t></si>", extra=None, top="") -> bytes:
    """A minimal XLSX: one sheet, Units, with `rows` in its sheetData."""
    parts = {
        "[Content_Types].xml": '<Types xmlns="http://schemas.openxmlformats.org/package/2006/'
        'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-'
        'package.relationships+xml"/><Override PartName="/xl/workbook.xml" ContentType="'
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.'
        'openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="'
        '/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.'
        'spreadsheetml.sharedStrings+xml"/></Types>',
        "_rels/.rels": f'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
        f'relationships"><Relationship Id="rId1" Type="{REL}/officeDocument" '
        'Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": f'<workbook {NS} xmlns:r="{REL}"><sheets><sheet name="Units" '
        'sheetId="1" r:id="rId1"/></sheets></workbook>',
        "xl/_rels/workbook.xml.rels": '<Relationships xmlns="http://schemas.openxmlformats.org'
        f'/package/2006/relationships"><Relationship Id="rId1" Type="{REL}/worksheet" '
        f'Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="{REL}/sharedStrings" '
        'Target="sharedStrings.xml"/></Relationships>',
        "xl/worksheets/sheet1.xml": f"<worksheet {NS}>{top}<sheetData>{rows}</sheetData>"
        "</worksheet>",
        "xl/sharedStrings.xml": f"<sst {NS}>{strings}</sst>",
    }
    parts.update(extra or {})
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as book:
        for name, text in parts.items():
            book.writestr(name, text)
    return out.getvalue()


def check(tmp_path, name: str, data: bytes) -> tuple[int, list[str]]:
    folder = write_game(tmp_path / "g", GAME.replace("FILE", name))
    (folder / name).write_bytes(data)
    result = run_cli("check", str(folder))
    lines = [line.replace(f"{folder}/", "") for line in result.stderr.splitlines()]
    return result.exit_code, lines[:-1]


SEE = " (see docs/security.md for the caps)"
AT_FILE = "game.yaml:5:22: error: counters[0].for_each.file: "


def test_a_csv_of_more_cells_than_the_cap_is_refused_before_it_is_parsed(tmp_path):
    text = "name" + ",a" * MAX_SHEET_CELLS + "\nx\n"
    assert check(tmp_path, "u.csv", text.encode()) == (
        1,
        [AT_FILE + f"u.csv has {MAX_SHEET_CELLS + 2:,} cells, more than the 200,000 a "
         "spreadsheet may hold" + SEE],
    )  # fmt: skip


def test_a_csv_row_wider_than_the_cap_is_refused_at_its_row(tmp_path):
    text = "name\nx\n" + "y" + ",," * (MAX_SHEET_COLUMNS // 2) + "\n"
    assert check(tmp_path, "u.csv", text.encode()) == (
        1,
        [AT_FILE + "u.csv: row 3 has 1,001 cells, more than the 1,000 a row may hold" + SEE],
    )


def test_delimiters_inside_quotes_are_not_cells(tmp_path):
    text = 'name,text\nx,"' + '"",' * 500 + "," * 1000 + '"\n'
    code, lines = check(tmp_path, "u.csv", text.encode())
    assert code == 0 and not [line for line in lines if ": error: " in line], lines


@pytest.mark.parametrize(
    ("cell", "problem"),
    [
        ("1" * 1001, "a number written with 1,001 characters, more than the 1,000 read"),
        ("9" * 400 + ".5", "'99999999999999999999...' is not a finite number"),
    ],
)
def test_a_csv_number_python_cannot_read_is_an_error_at_its_cell(tmp_path, cell, problem):
    text = f"name,n\nx,{cell}\n"
    assert check(tmp_path, "u.csv", text.encode()) == (
        1,
        [f"u.csv: row 2, column B: error: counters[0].for_each.file: {problem} "
         "(write a plain number, or make the cell text)"],
    )  # fmt: skip


def test_a_declared_dimension_pads_no_row(tmp_path):
    top = '<dimension ref="A1:XFD1048576"/>'
    rows = HEAD + '<row r="2"><c r="A2" t="s"><v>1</v></c></row>'
    data = workbook(rows, "<si><t>name</t></si><si><t>alpha</t></si>", top=top)
    assert check(tmp_path, "u.xlsx", data) == (0, [])


def test_a_row_out_to_a_far_column_is_refused_at_its_sheet_and_row(tmp_path):
    data = workbook(HEAD + '<row r="2"><c r="ALM2"><v>1</v></c></row>')
    assert check(tmp_path, "u.xlsx", data) == (
        1,
        [AT_FILE + "u.xlsx[Units]: row 2 has cells out to column ALM (1,001), more than the "
         "1,000 a row may hold" + SEE],
    )  # fmt: skip


def test_cells_without_references_count_one_by_one(tmp_path):
    data = workbook(HEAD + "<row>" + "<c><v>1</v></c>" * 18_279 + "</row>")
    code, lines = check(tmp_path, "u.xlsx", data)
    assert code == 1 and "row 2 has cells out to column ALM (1,001)" in lines[0]


def test_a_column_past_xfd_is_an_error_at_the_cell(tmp_path):
    data = workbook(HEAD + '<row r="2"><c r="XFE2"><v>1</v></c></row>')
    assert check(tmp_path, "u.xlsx", data) == (
        1,
        ["u.xlsx[Units]!XFE2: error: counters[0].for_each.file: column XFE is past XFD, the "
         "last column a sheet has (a sheet has at most 16,384 columns)"],
    )  # fmt: skip


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("1" * 1001, "a number written with 1,001 characters, more than the 1,000 read"),
        ("inf", "'inf' is not a finite number"),
        ("0x10", "'0x10' is not a finite number"),
    ],
)
def test_an_xlsx_number_that_cannot_be_read_is_an_error_at_the_cell(tmp_path, value, problem):
    data = workbook(HEAD + f'<row r="2"><c r="A2"><v>{value}</v></c></row>')
    assert check(tmp_path, "u.xlsx", data) == (
        1,
        [f"u.xlsx[Units]!A2: error: counters[0].for_each.file: {problem} "
         "(write a plain number, or make the cell text)"],
    )  # fmt: skip


def test_a_part_that_unpacks_past_the_cap_is_refused_unread(tmp_path):
    data = workbook(HEAD, "<si><t>name</t></si>" + "<!-- -->" * (17 * 1024 * 1024 // 8))
    size = len(zipfile.ZipFile(io.BytesIO(data)).read("xl/sharedStrings.xml"))
    assert check(tmp_path, "u.xlsx", data) == (
        1,
        [AT_FILE + f"u.xlsx: its part xl/sharedStrings.xml unpacks to {size:,} bytes, more "
         "than the 16,777,216 one part may" + SEE],
    )  # fmt: skip


def test_a_workbook_that_unpacks_past_the_cap_is_refused_unread(tmp_path):
    blank = b"\0" * (12 * 1024 * 1024)
    extra = {f"xl/media/image{i}.bin": blank for i in range(3)}
    data = workbook(HEAD, extra=extra)
    total = sum(i.file_size for i in zipfile.ZipFile(io.BytesIO(data)).infolist())
    assert check(tmp_path, "u.xlsx", data) == (
        1,
        [AT_FILE + f"u.xlsx unpacks to {total:,} bytes, more than the 33,554,432 a workbook "
         "may" + SEE],
    )  # fmt: skip


def test_a_workbook_of_too_many_parts_is_refused(tmp_path):
    data = workbook(HEAD, extra={f"x/{i}.bin": b"" for i in range(1000)})
    assert check(tmp_path, "u.xlsx", data) == (
        1,
        [AT_FILE + "u.xlsx holds 1,006 files, more than the 1,000 a workbook may hold" + SEE],
    )


@pytest.mark.parametrize(
    ("cap", "rows", "strings", "extra", "problem"),
    [
        ("MAX_SHARED_STRINGS", HEAD, "<si><t>a</t></si>" * 11, None,
         "u.xlsx has more than 10 shared strings, the most a workbook may"),
        ("MAX_SHEET_ELEMENTS", HEAD + "<row><c><v>1</v></c></row>" * 3, "<si/>", None,
         "u.xlsx holds more than 10 XML elements, the most a workbook may"),
        ("MAX_SHEET_OTHER_ELEMENTS", HEAD, "<si/>",
         {"xl/styles.xml": f"<styleSheet {NS}>" + "<xf/>" * 11 + "</styleSheet>"},
         "u.xlsx holds more than 10 XML elements besides its cells and shared strings, the "
         "most a workbook may"),
        ("MAX_SHEET_CELLS", HEAD + '<row><c r="E2"/></row><row><c r="F3"/></row>', "<si/>", None,
         "u.xlsx has more than 10 cells, the most a spreadsheet may hold (each row counted to "
         "its last cell)"),
    ],
)  # fmt: skip
def test_each_count_is_refused_past_its_cap(tmp_path, monkeypatch, cap, rows, strings, extra,
                                            problem):  # fmt: skip
    monkeypatch.setattr(sheet_bounds, cap, 10)  # the real figures: docs/security.md
    data = workbook(rows, strings, extra)
    assert check(tmp_path, "u.xlsx", data) == (1, [AT_FILE + problem + SEE])


@pytest.mark.parametrize(
    ("part", "problem"),
    [
        ('<!DOCTYPE x [<!ENTITY a "aaaa">]><sst/>',
         "its part xl/sharedStrings.xml declares a DOCTYPE or entity, which a workbook never "
         "does"),
        ("<sst><si></sst>",
         "its part xl/sharedStrings.xml is not well-formed XML (line 1: mismatched tag)"),
    ],
)  # fmt: skip
def test_xml_no_workbook_holds_is_refused(tmp_path, part, problem):
    data = workbook(HEAD, extra={"xl/sharedStrings.xml": part})
    assert check(tmp_path, "u.xlsx", data) == (
        1,
        [AT_FILE + f"u.xlsx: {problem} (save the workbook again from a spreadsheet program)"],
    )


def test_a_cell_openpyxl_cannot_read_is_the_files_mistake(tmp_path):
    data = workbook(HEAD + '<row r="2"><c r="A2" s="x"><v>1</v></c></row>')
    assert check(tmp_path, "u.xlsx", data) == (
        1,
        [AT_FILE + "u.xlsx is not a readable .xlsx workbook (ValueError near row 2) (save the "
         "workbook again from a spreadsheet program)"],
    )  # fmt: skip


def test_a_range_wider_than_a_row_may_be_is_refused_at_the_range(tmp_path):
    folder = write_game(
        tmp_path / "g", GAME.replace("{file: FILE}", "{file: u.xlsx, range: A1:XFD10}")
    )
    (folder / "u.xlsx").write_bytes(workbook(HEAD))
    result = run_cli("check", str(folder))
    assert result.stderr.splitlines()[0].replace(f"{folder}/", "") == (
        "game.yaml:5:37: error: counters[0].for_each.range: 'A1:XFD10' spans 16,384 columns, "
        "more than the 1,000 a row may hold" + SEE
    )


def test_a_row_past_the_last_row_a_sheet_has_is_an_error_at_the_cell(tmp_path):
    data = workbook(HEAD + '<row r="1048577"><c r="A1048577"><v>1</v></c></row>')
    assert check(tmp_path, "u.xlsx", data) == (
        1,
        ["u.xlsx[Units]!A1048577: error: counters[0].for_each.file: row 1,048,577 is past "
         "row 1,048,576, the last row a sheet has (save the workbook again from a spreadsheet "
         "program)"],
    )  # fmt: skip
