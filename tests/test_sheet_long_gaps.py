"""Issue 35, nothing lost: a sheet is read to its real last row however many empty
rows lie between, and a read the row cap stops is an error at the row it stopped at."""

from __future__ import annotations

import openpyxl

from kitgen.budget import MAX_TABLE_ROWS
from kitgen.errors import Diagnostics
from kitgen.render.icons import icon_names
from kitgen.sections import SECTIONS
from kitgen.source.game import read_game
from tests.conftest import run_cli, write_game

GAME = """\
id: gap
title: Gap
cards:
  - id: "{id}"
    name: "{title}"
    for_each: {file: FILE}
    front: {title: "{title}"}
"""


def book(path, rows: dict[int, tuple[str, str]]) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Cards"
    for number, values in rows.items():
        for column, value in enumerate(values, start=1):
            ws.cell(row=number, column=column, value=value)
    wb.save(path)


def cards_of(folder) -> list[str]:
    diags = Diagnostics()
    game = read_game(folder / "game.yaml", SECTIONS, diags, icon_names)
    assert not diags.items, [d.message for d in diags.items]
    return [card.id for card in game.cards]


def test_a_row_after_a_gap_of_20000_empty_rows_is_read(tmp_path):
    folder = write_game(tmp_path / "g", GAME.replace("FILE", "cards.xlsx"))
    book(folder / "cards.xlsx", {1: ("id", "title"), 2: ("a", "Alpha"), 20_003: ("z", "Zed")})
    result = run_cli("check", str(folder))
    assert result.exit_code == 0, result.stderr
    assert result.stderr.splitlines() == [
        f"note: {folder}/cards.xlsx: 20,000 blank rows skipped (rows 3 to 20002)",
        "ok: 1 game checked",
    ]
    assert cards_of(folder) == ["a", "z"]


def test_a_csv_row_after_many_blank_lines_is_read_and_short_runs_are_listed(tmp_path):
    folder = write_game(tmp_path / "g", GAME.replace("FILE", "cards.csv"))
    text = "id,title\na,Alpha\n\n,\nb,Beta\n" + "\n" * 15_000 + "z,Zed\n"
    (folder / "cards.csv").write_text(text)
    result = run_cli("check", str(folder))
    assert result.stderr.splitlines() == [
        f"note: {folder}/cards.csv: 15,002 blank rows skipped (rows 3, 4, 6 to 15005)",
        "ok: 1 game checked",
    ]
    assert cards_of(folder) == ["a", "b", "z"]


def test_rows_past_the_cap_stop_the_read_with_an_error_at_the_row(tmp_path):
    folder = write_game(tmp_path / "g", GAME.replace("FILE", "cards.csv"))
    rows = "".join(f"c{n},T\n" for n in range(MAX_TABLE_ROWS))
    (folder / "cards.csv").write_text("id,title\n" + rows + "\n" * 5 + "late,Late\n")
    result = run_cli("check", str(folder))
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-2:] == [
        f"{folder}/cards.csv: row 10007, column A (id): error: cards[0].for_each: more than 10,000 "
        "rows under the header: the reading stopped at row 10007 (split the file, or keep "
        "only the rows the game uses; docs/security.md lists the caps)",
        "1 error(s), 0 warning(s)",
    ]
