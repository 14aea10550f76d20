"""Labels from spreadsheets (issues 34 and 35): a label's records may be a spreadsheet's
rows, read by the one row reader, with the deck vocabulary every piece kind has
(`quantity:` from a column, `{Col}`, `|slug`, `{row}`, `where:`, `name:`), and each
record's face filled in full: colours from its fields, `when:` per record, every bad
value said at its cell."""

from __future__ import annotations

import io
from pathlib import Path

from pypdf import PdfReader

from kitgen.errors import Diagnostics
from kitgen.render.icons import icon_names
from kitgen.sections import SECTIONS
from kitgen.source.game import read_game

from .conftest import build_pdfs, run_cli, write_game

GAME = """\
id: tags
title: Tags
layouts:
  - id: tag
    regions:
      - {id: band, at: top, width: 100%, height: 30%, fill: "{colour}", show: {text: "{Name}"}}
      - {id: star, at: bottom, width: 40%, height: 30%, when: "{Star}", show: {icon: star}}
labels:
  - id: crew
    name: "{Name}"
    records: {file: crew.csv, where: {Side: red}}
    quantity: "{Qty}"
    size: 3/4
    front: {layout: tag, fields: {colour: "{Colour}"}}
  - id: plain
    name: "{Name|slug}-{row}"
    records: {file: crew.csv}
    size: 5/8
    front: {background: "{Colour}", text: "{Name} {row} {Side} {Qty} {Star}"}
"""
ROWS = """\
Name,Side,Qty,Colour,Star
Ana Bell,red,2,#cc3333,yes
Bo,red,1,#3366cc,
Cy,blue,3,green,yes
"""


def tags(tmp_path: Path, rows: str = ROWS, yaml: str = GAME) -> Path:
    return write_game(tmp_path / "tags", yaml, {"crew.csv": rows})


def labels_of(folder: Path):
    diags = Diagnostics()
    game = read_game(folder / "game.yaml", SECTIONS, diags, icon_names)
    return {label.id: label for label in game.labels}, diags


def messages(folder: Path) -> list[str]:
    result = run_cli("check", str(folder))
    return [line.replace(f"{folder}/", "") for line in result.stderr.splitlines()]


def test_labels_take_quantity_name_and_rows_from_a_spreadsheet(tmp_path):
    folder = tags(tmp_path)
    labels, diags = labels_of(folder)
    assert not diags.items, [str(d) for d in diags.items]
    crew, plain = labels["crew"], labels["plain"]
    assert [(c.name, c.quantity) for c in crew.copies] == [("Ana Bell", 2), ("Bo", 1)]
    assert [c.name for c in plain.copies] == ["ana-bell-2", "bo-3", "cy-4"]
    assert [c.face.elements[0].text for c in plain.copies] == [
        "Ana Bell 2 red 2 yes",
        "Bo 3 red 1 ___",  # an empty cell prints the write-in blank
        "Cy 4 blue 3 yes",
    ]
    assert str(crew.copies[1].cell) == f"{folder}/crew.csv: row 3, column A (Name)"
    _, _, manifest = build_pdfs(folder)
    made = [(i["id"], i["piece"]) for i in manifest["items"] if i["label"] == "crew"]
    assert made == [("crew-1", "crew-1#1"), ("crew-1", "crew-1#2"), ("crew-2", "crew-2#1")]


def test_each_record_fills_its_colours_and_when(tmp_path):
    labels, _ = labels_of(tags(tmp_path))
    faces = [c.face for c in labels["crew"].copies]
    assert [[r.region.id for r in f.regions] for f in faces] == [["band", "star"], ["band"]]
    assert [f.regions[0].fill for f in faces] == ["#cc3333", "#3366cc"]
    assert [c.face.background for c in labels["plain"].copies] == ["#cc3333", "#3366cc", "#2ca02c"]


def test_a_label_sheet_prints_each_records_colour(tmp_path):
    _, pdfs, _ = build_pdfs(tags(tmp_path))
    page = PdfReader(io.BytesIO(pdfs["labels.pdf"])).pages[0]
    drawn, todo = "", [page]
    while todo:  # the page, its forms and theirs
        form = todo.pop().get_object()
        drawn += "\n" + (form.get_contents() if form is page else form).get_data().decode("latin-1")
        todo += form.get("/Resources", {}).get("/XObject", {}).values()
    for fill in ("0.8 0.2 0.2", "0.2 0.4 0.8"):  # Ana Bell's band, then Bo's
        assert " ".join(f"{float(v):g}" for v in fill.split()) in drawn_colours(drawn)


def drawn_colours(stream: str) -> set[str]:
    """Every fill colour set in `stream`, each number as %g (.8 and 0.8 alike)."""
    out = set()
    for line in stream.splitlines():
        words = line.split()
        if len(words) == 4 and words[3] == "rg":
            out.add(" ".join(f"{float(v):g}" for v in words[:3]))
    return out


def test_an_empty_quantity_cell_is_an_error_at_the_cell(tmp_path):
    folder = tags(tmp_path, ROWS.replace("Bo,red,1,", "Bo,red,,"))
    assert messages(folder) == [
        "crew.csv: row 3, column C (Qty): error: labels[0].quantity: empty cell, but each "
        "label's quantity comes from this column (fill it in, or leave the row out: where: "
        "keeps rows by their columns)",
        "1 error(s), 0 warning(s)",
    ]


def test_a_bad_quantity_is_an_error_at_the_cell(tmp_path):
    folder = tags(tmp_path, ROWS.replace("Bo,red,1,", "Bo,red,two,"))
    assert messages(folder) == [
        "crew.csv: row 3, column C (Qty): error: labels[0].quantity: quantity '{Qty}' gives "
        "'two', not a whole number from 1 to 10000",
        "1 error(s), 0 warning(s)",
    ]


def test_a_bad_colour_on_any_row_is_an_error_at_its_cell(tmp_path):
    folder = tags(tmp_path, ROWS.replace("Cy,blue,3,green", "Cy,blue,3,grean"))
    assert messages(folder) == [
        "crew.csv: row 4, column D (Colour): error: labels[1].front.background: unknown colour "
        "'grean' (did you mean 'green'? use #rrggbb, black, white, red, ...)",
        "1 error(s), 0 warning(s)",
    ]
    folder = tags(tmp_path / "b", ROWS.replace("Bo,red,1,#3366cc", "Bo,red,1,#33"))
    assert messages(folder) == [
        "crew.csv: row 3, column D (Colour): error: labels[0]: layout region 'band': unknown "
        "colour '#33' (use #rrggbb, black, white, red, ...)",
        "crew.csv: row 3, column D (Colour): error: labels[1].front.background: unknown "
        "colour '#33' (use #rrggbb, black, white, red, ...)",
        "2 error(s), 0 warning(s)",
    ]


def test_an_unknown_field_is_said_once_at_the_text(tmp_path):
    folder = tags(tmp_path, yaml=GAME.replace("{Name} {row} {Side}", "{Nmae} {row} {Side}"))
    assert messages(folder) == [
        "game.yaml:19:43: error: labels[1].front.text: unknown placeholder {Nmae} in "
        "'{Nmae} {row} {Side} {Qty} {Star}': crew.csv has no column 'Nmae' (header row 1: "
        "Name, Side, Qty, Colour, Star) (did you mean 'Name'?)",
        "1 error(s), 0 warning(s)",
    ]


def test_an_unused_column_is_warned_at_its_header(tmp_path):
    folder = tags(
        tmp_path,
        ROWS.replace("Star\n", "Star,Notes\n").replace("\n", ",x\n").replace("Notes,x", "Notes"),
    )
    assert messages(folder)[:1] == [
        "crew.csv: row 1, column F (Notes): warning: column 'Notes' is not used: no "
        "placeholder of the game names it (use it as {Notes}, or leave it out of the file)",
    ]


def test_a_rosters_labels_take_a_number_quantity(tmp_path):
    yaml = """\
    id: tags
    title: Tags
    labels:
      - {id: squad, roster: squads, quantity: "{n}", size: 5/8, front: "{unit}"}
    """
    folder = write_game(tmp_path / "r", yaml)
    assert messages(folder)[0] == (
        "game.yaml:4:43: error: labels[0].quantity: quantity '{n}' names a field, but a "
        "roster's records are rolled when the kit is built (give a number, or the records "
        "themselves: records: {file: names.csv})"
    )


def test_counters_and_markers_take_the_same_vocabulary(tmp_path):
    yaml = """\
    id: toks
    title: Toks
    counters:
      - id: "{Name|slug}"
        name: "{Name} ({row})"
        kind: marker
        for_each: {file: crew.csv, where: {Side: red}}
        quantity: "{Qty}"
        size: 5/8
        front: {background: "{Colour}", text: "{Name} {Star}"}
    """
    folder = write_game(tmp_path / "t", yaml, {"crew.csv": ROWS})
    diags = Diagnostics()
    game = read_game(folder / "game.yaml", SECTIONS, diags, icon_names)
    assert not diags.items, [str(d) for d in diags.items]
    made = [(c.id, c.name, c.quantity, c.front.background) for c in game.counters]
    assert made == [("ana-bell", "Ana Bell (2)", 2, "#cc3333"), ("bo", "Bo (3)", 1, "#3366cc")]
