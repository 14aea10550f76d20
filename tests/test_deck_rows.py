"""Decks from spreadsheets, and never a row lost: every row of a card list becomes its
cards, or an error at its row, with the place a spreadsheet program shows
(`cards.csv: row 31, column D (Rules)`); one mistake each, with its exact message."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kitgen.errors import Diagnostics
from kitgen.render.icons import icon_names
from kitgen.sections import SECTIONS
from kitgen.source.game import read_game
from tests.conftest import run_cli, write_game

DECK = """\
id: cargo
title: Star Cargo
cards:
  - id: "{Name|slug}"
    name: "{Name}"
    for_each: {file: cards.csv}
    quantity: "{Qty}"
    accent: "{Colour}"
    front:
      title: "{Name}"
      blocks:
        - text: "{Card Text}"
"""
HEADER = "Name,Qty,Colour,Card Text\n"


def messages(folder: Path) -> list[str]:
    result = run_cli("check", str(folder))
    return [line.replace(f"{folder}/", "") for line in result.stderr.splitlines()]


def deck(tmp_path: Path, rows: str, yaml: str = DECK, header: str = HEADER) -> Path:
    return write_game(tmp_path / "cargo", yaml, {"cards.csv": header + rows})


def read(folder: Path):
    diags = Diagnostics()
    game = read_game(folder / "game.yaml", SECTIONS, diags, icon_names)
    return game.cards, diags


def test_a_good_deck_makes_every_row_its_cards(tmp_path):
    cards, diags = read(
        deck(tmp_path, 'Blob Ship,2,red,"Gain 3.\nDraw a card."\nScout,1,#336699,Explore\n')
    )
    assert not diags.items
    assert [(c.id, c.name, c.quantity) for c in cards] == [
        ("blob-ship", "Blob Ship", 2),
        ("scout", "Scout", 1),
    ]
    assert cards[0].front.blocks[1].text == "Gain 3.\nDraw a card."  # {Card Text}: a space
    assert cards[1].columns["Card Text"] == "Explore"


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        (  # an unquoted comma in a name: every cell after it would shift
            "Scout,1,red,Explore\nBlob, Ship,1,red,Shifted\n",
            "cards.csv: row 3, column E: error: cards[0].for_each: row 3 has 5 cells, the "
            "header 4: a comma in a value not in quotes splits it, shifting every cell after "
            'it (put a value holding a comma in double quotes ("Blob, Ship"), or save the '
            "file again from a spreadsheet program)",
        ),
        (
            "Scout,1,red\n",
            "cards.csv: row 2, column D (Card Text): error: cards[0].for_each: row 2 has 3 "
            "cells, the header 4: column D and after are missing (a row has a cell for every "
            "column, empty ones too (a,,c))",
        ),
        (
            "Scout,1,red,Explore\n,1,red,Lost\n",
            "cards.csv: row 3, column A (Name): error: cards[0].id: empty cell, but each "
            "card's id comes from this column (fill it in, or leave the row out: where: keeps "
            "rows by their columns)",
        ),
        (
            "Scout,,red,Explore\n",
            "cards.csv: row 2, column B (Qty): error: cards[0].quantity: empty cell, but each "
            "card's quantity comes from this column (fill it in, or leave the row out: where: "
            "keeps rows by their columns)",
        ),
        (
            "Scout,1,red,Explore\nBlob,1,red,x\nScout,2,red,Again\n",
            "cards.csv: row 4, column A (Name): error: cards: duplicate card id 'scout' "
            "(first at row 2)",
        ),
        (  # not the first row: every row's colour is checked, at its cell
            "Scout,1,red,Explore\nBlob,1,grean,x\n",
            "cards.csv: row 3, column C (Colour): error: cards[0].accent: unknown colour "
            "'grean' (did you mean 'green'? use #rrggbb, black, white, red, ...)",
        ),
        (
            "Scout,two,red,Explore\n",
            "cards.csv: row 2, column B (Qty): error: cards[0].quantity: quantity '{Qty}' "
            "gives 'two', not a whole number from 1 to 500",
        ),
        (  # a multi-line cell above: the row a spreadsheet shows, and the file's line
            'Scout,1,red,"one\ntwo\nthree"\nBlob,1,bleu,x\n',
            "cards.csv: row 3, column C (Colour), file line 5: error: cards[0].accent: "
            "unknown colour 'bleu' (did you mean 'blue'? use #rrggbb, black, white, red, ...)",
        ),
    ],
)
def test_each_row_mistake_is_one_error_at_its_cell(tmp_path, rows, expected):
    assert messages(deck(tmp_path, rows)) == [expected, "1 error(s), 0 warning(s)"]


def test_a_value_under_no_header_is_an_error_at_its_cell(tmp_path):
    folder = deck(
        tmp_path, "Scout,1,red,Explore,\nBlob,1,red,x,stray\n", header=HEADER[:-1] + ",\n"
    )
    assert messages(folder) == [
        "cards.csv: row 3, column E: error: cards[0].for_each: a value in column E, which has "
        "no header (name the column in row 1, or clear the cell)",
        "1 error(s), 0 warning(s)",
    ]


def test_an_unknown_icon_on_a_later_row_is_said_at_its_cell(tmp_path):
    game = write_game(
        tmp_path / "icons",
        """\
        title: Icons
        counters:
          - id: "c-{row}"
            for_each: {file: pieces.csv}
            size: 1in
            front: {icon: "{icon}"}
        """,
        {"pieces.csv": "icon\nstar\nstar\nsttar\n"},
    )
    assert messages(game) == [
        "pieces.csv: row 4, column A (icon): error: counters[0].front.icon: unknown icon "
        "'sttar' (did you mean 'star'?)",
        "1 error(s), 0 warning(s)",
    ]


def test_a_blank_row_is_skipped_with_a_note(tmp_path):
    folder = deck(tmp_path, "Scout,1,red,Explore\n\n,,,\nBlob,1,red,x\n")
    result = run_cli("check", str(folder))
    assert result.exit_code == 0, result.stderr
    assert result.stderr.splitlines() == [
        f"note: {folder}/cards.csv: 2 blank rows skipped (rows 3, 4)",
        "ok: 1 game checked",
    ]
    cards, _ = read(folder)
    assert [c.id for c in cards] == ["scout", "blob"]


def test_a_header_typo_is_said_at_the_header_cell_and_at_the_placeholder(tmp_path):
    folder = deck(tmp_path, "Scout,1,red,Explore\n", header="Name,Qty,Colour,Card Txet\n")
    assert messages(folder) == [
        "cards.csv: row 1, column D (Card Txet): warning: column 'Card Txet' is not used: no "
        "placeholder of the game names it (did you mean {Card Text}?)",
        "game.yaml:12:11: error: cards[0].front.blocks[0].text: unknown placeholder "
        "{Card Text} in '{Card Text}': cards.csv has no column 'Card Text' (header row 1: "
        "Name, Qty, Colour, Card Txet) (did you mean 'Card Txet'?)",
        "1 error(s), 1 warning(s)",
    ]


def test_a_missing_column_names_the_file_and_header_row_without_a_wild_guess(tmp_path):
    folder = deck(tmp_path, "Scout,1,red,Explore\n", yaml=DECK.replace("{Card Text}", "{Cost}"))
    assert messages(folder) == [
        "cards.csv: row 1, column D (Card Text): warning: column 'Card Text' is not used: no "
        "placeholder of the game names it (use it as {Card Text}, or leave it out of the file)",
        "game.yaml:12:11: error: cards[0].front.blocks[0].text: unknown placeholder {Cost} "
        "in '{Cost}': cards.csv has no column 'Cost' (header row 1: Name, Qty, Colour, "
        "Card Text)",
        "1 error(s), 1 warning(s)",
    ]


def test_xlsx_positions_name_the_sheet_and_cell(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    folder = deck(tmp_path, "", yaml=DECK.replace("cards.csv", "core-set.xlsx, sheet: Authority"))
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Authority"
    for row in [("Name", "Qty", "Colour", "Card Text"), ("Scout", 1, "red", "x")]:
        sheet.append(row)
    sheet["B3"], sheet["A3"], sheet["C3"], sheet["D3"] = "=B2+1", "Blob", "red", "y"
    book.save(folder / "core-set.xlsx")
    assert messages(folder) == [
        "core-set.xlsx[Authority]!B3 (Qty): error: cards[0].for_each: formula with no saved "
        "value: open and save the file in a spreadsheet program",
        "1 error(s), 0 warning(s)",
    ]


def test_where_keeps_rows_by_their_columns_and_row_numbers_make_ids(tmp_path):
    yaml = DECK.replace('"{Name|slug}"', '"card-{row}"').replace(
        "{file: cards.csv}", "{file: cards.csv, where: {Colour: [red, blue]}}"
    )
    cards, diags = read(deck(tmp_path, "A,1,red,x\nB,1,green,y\nC,2,blue,z\n", yaml=yaml))
    assert not diags.items
    assert [(c.id, c.name, c.quantity) for c in cards] == [("card-2", "A", 1), ("card-4", "C", 2)]


def test_where_names_a_column_the_file_has(tmp_path):
    yaml = DECK.replace("{file: cards.csv}", "{file: cards.csv, where: {Color: red}}")
    assert messages(deck(tmp_path, "A,1,red,x\n", yaml=yaml)) == [
        "game.yaml:6:41: error: cards[0].for_each.where.Color: no column 'Color' in "
        "cards.csv, header row 1: Name, Qty, Colour, Card Text (did you mean 'Colour'?)",
        "1 error(s), 0 warning(s)",
    ]


def test_an_unknown_filter_is_named(tmp_path):
    yaml = DECK.replace("{Name|slug}", "{Name|slg}")
    assert messages(deck(tmp_path, "A,1,red,x\n", yaml=yaml)) == [
        "game.yaml:4:9: error: cards[0].id: unknown filter |slg in '{Name|slg}' (did you mean "
        "'slug'? filters: slug)",
        "1 error(s), 0 warning(s)",
    ]


# ---- every row becomes its cards, or an error at its row ----------------------------

_TEXT = st.text(
    st.characters(blacklist_categories=("Cs", "Cc", "Cf", "Zl", "Zp", "Co", "Cn"))
    | st.sampled_from(',"\n; '),
    max_size=12,
)
_ROW = st.one_of(
    st.tuples(st.just("good"), st.integers(1, 3), _TEXT),
    st.tuples(st.just("extra"), st.integers(1, 3), _TEXT),
    st.tuples(st.just("short"), st.integers(1, 3), _TEXT),
    st.tuples(st.just("blank"), st.just(0), st.just("")),
    st.tuples(st.just("no-qty"), st.just(0), _TEXT),
)
ROWS_DECK = """\
title: Rows
cards:
  - id: "c-{row}"
    for_each: {file: cards.csv}
    quantity: "{Qty}"
    front: {title: "{Name}", blocks: [{text: "{Card Text}"}]}
"""


def _csv(rows: list, bom: bool, end: str) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator=end)
    writer.writerow(["Name", "Qty", "Card Text"])
    for kind, qty, text in rows:
        cells = {
            "good": ["n", str(qty), text],
            "extra": ["n", str(qty), text, "spill"],
            "short": ["n", str(qty)],
            "blank": [],
            "no-qty": ["n", "", text],
        }[kind]
        writer.writerow(cells)
    return ("\ufeff" if bom else "") + out.getvalue()


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    rows=st.lists(_ROW, min_size=1, max_size=8),
    bom=st.booleans(),
    end=st.sampled_from(["\n", "\r\n"]),
)
def test_every_row_is_its_cards_or_an_error_at_its_row(tmp_path, rows, bom, end):
    folder = tmp_path / "rows"
    folder.mkdir(exist_ok=True)
    (folder / "game.yaml").write_text(ROWS_DECK, encoding="utf-8")
    (folder / "cards.csv").write_bytes(_csv(rows, bom, end).encode("utf-8"))
    cards, diags = read(folder)
    made = {c.id: c.quantity for c in cards}
    reported = {d.span.cell.row for d in diags.errors if d.span and d.span.cell}
    # a multi-line cell is one row: row numbers are the records' (blank ones counted)
    for number, (kind, qty, _) in enumerate(rows, start=2):
        if kind == "good":
            assert made.get(f"c-{number}") == qty and number not in reported, (number, rows)
        elif kind == "blank":
            assert f"c-{number}" not in made and number not in reported
        else:
            assert number in reported and f"c-{number}" not in made, (number, kind, rows)
    assert len(diags.errors) == len(reported) == sum(k not in ("good", "blank") for k, _, _ in rows)


# ---- kitgen new --from cards.csv --template cards ------------------------------------

STAR = (
    "Name,Qty,Colour,Type,Cost,Rules\n"
    'Blob Ship,2,red,Ship,3,"Gain 3 trade. If you have played another Blob card, draw one."\n'
    "Scout,8,#336699,Ship,0,Gain 1 trade.\n"
    "Viper,2,blue,Ship,0,Gain 1 combat and nothing else at all.\n"
)


def test_new_from_a_card_list_makes_a_deck_that_builds_at_once(tmp_path):
    import re

    from tests.test_starters import anchors

    sheet = tmp_path / "cards.csv"
    sheet.write_text(STAR)
    folder = tmp_path / "star-cargo"
    made = run_cli("new", str(folder), "--from", str(sheet), "--template", "cards")
    assert made.exit_code == 0, made.stderr
    assert (folder / "cards.csv").read_text() == STAR  # the designer's sheet, as it is
    built = run_cli("build", str(folder), "-o", str(tmp_path / "out"))
    assert built.exit_code == 0 and "warning" not in built.stderr, built.stderr
    cards, diags = read(folder)
    assert not diags.items
    assert [(c.id, c.name, c.quantity, c.deck) for c in cards] == [
        ("blob-ship", "Blob Ship", 2, "star-cargo"),
        ("scout", "Scout", 8, "star-cargo"),
        ("viper", "Viper", 2, "star-cargo"),
    ]
    text = (folder / "game.yaml").read_text()
    for column in ("{Name}", "{Type}", "{Cost}", "{Rules}", "{Colour}"):
        assert column in text  # the layout's regions name the columns
    assert "title: Star Cargo" in text
    cited = re.findall(r"docs/format\.md#([\w-]+)", text)
    assert cited and set(cited) <= anchors()


def test_new_from_a_card_list_with_names_twice_numbers_its_ids(tmp_path):
    sheet = tmp_path / "cards.csv"
    sheet.write_text("Card,Copies,Text\nScout,2,Gain one.\nScout,1,Gain two.\n")
    folder = tmp_path / "deck"
    assert run_cli("new", str(folder), "--from", str(sheet), "-t", "cards").exit_code == 0
    cards, diags = read(folder)
    assert not diags.items
    assert [(c.id, c.name, c.quantity) for c in cards] == [
        ("card-2", "Scout", 2),
        ("card-3", "Scout", 1),
    ]


def test_new_from_makes_counters_or_cards_only(tmp_path):
    sheet = tmp_path / "cards.csv"
    sheet.write_text(STAR)
    result = run_cli("new", str(tmp_path / "g"), "--from", str(sheet), "--template", "map")
    assert result.exit_code == 2
    assert "--from makes counters or cards, not map: use --template" in result.stderr


# ---- exports keep what the data says ----------------------------------------------

EXPORT_DECK = """\
id: cargo
title: Star Cargo
decks:
  - {id: trade, title: Trade Row}
cards:
  - id: "{Name|slug}"
    name: "{Name}"
    for_each: {file: cards.csv}
    quantity: "{Qty}"
    deck: trade
    front: {title: "{Name}", blocks: [{text: "{Card Text}"}]}
  - id: "ref-{n}"
    for_each: {n: ["1", "2"]}
    name: "Reference {n}"
    front: {title: "Reference {n}"}
    back: [{text: "Star Cargo"}]
"""


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    folder = write_game(
        tmp_path_factory.mktemp("cargo") / "cargo",
        EXPORT_DECK,
        {"cards.csv": HEADER + "Blob Ship,2,red,Gain 3.\nScout,1,blue,Gain 1.\n"},
    )
    out = tmp_path_factory.mktemp("out")
    tts = run_cli("export", "tts", str(folder), "-o", str(out), "--dpi", "36")
    assert tts.exit_code == 0, tts.stderr
    images = run_cli("export", "images", str(folder), "-o", str(out), "--dpi", "36", "-q")
    assert images.exit_code == 0, images.stderr
    return out, tts.stderr


def test_a_tts_deck_is_named_by_its_title_face_down_with_one_back(exported):
    import json

    out, _ = exported
    save = json.loads((out / "cargo-tts" / "cargo.json").read_text())
    decks = {o["Nickname"]: o for o in save["ObjectStates"] if o["Name"] == "DeckCustom"}
    assert sorted(decks) == ["Star Cargo", "Trade Row"]  # titles, never "Trade" or "Poker"
    trade = decks["Trade Row"]
    assert trade["Transform"]["rotZ"] == 180.0  # face down
    assert [c["Nickname"] for c in trade["ContainedObjects"]] == [
        "Blob Ship",
        "Blob Ship",
        "Scout",
    ]
    assert all(c["Hands"] is True for c in trade["ContainedObjects"])
    for deck in decks.values():  # one back each, decided from the definitions
        (sheet,) = deck["CustomDeck"].values()
        assert sheet["UniqueBack"] is False
        assert sheet["BackURL"].endswith("-back.png")


def test_without_a_base_url_the_export_says_how_a_table_finds_its_pictures(exported):
    out, stderr = exported
    folder = (out / "cargo-tts").resolve()
    assert (
        "kitgen: note: Tabletop Simulator loads each picture from an address it can reach, "
        "and these are relative (images/...): serve the folder and export again with "
        f"--base-url https://your.host/cargo-tts/, or for this computer only --base-url "
        f"{folder.as_uri()}/ (docs/vtt.md)"
    ) in stderr.replace("\n", " ")


def test_export_images_marks_cards_rect_and_keeps_their_columns(exported):
    import json

    out, _ = exported
    index = json.loads((out / "cargo-images" / "index.json").read_text())
    by_id = {p["id"]: p for p in index["pieces"]}
    assert by_id["blob-ship"]["shape"] == "rect"
    assert by_id["blob-ship"]["name"] == "Blob Ship"
    assert by_id["blob-ship"]["quantity"] == 2
    assert by_id["blob-ship"]["columns"] == {
        "Name": "Blob Ship",
        "Qty": "2",
        "Colour": "red",
        "Card Text": "Gain 3.",
    }
    assert by_id["ref-1"]["name"] == "Reference 1" and "columns" not in by_id["ref-1"]


def test_one_long_card_is_set_smaller_alone_with_a_warning_at_its_cell(tmp_path):
    """Eleven cards of a line and one of 600 characters: the deck keeps the size the
    short ones fit, read back from the PDF; the long card alone is smaller."""
    from tests.conftest import build_pdfs
    from tests.page_marks import marks_of

    rows = "".join(f"Card {n},1,red,Gain one.\n" for n in range(1, 12))
    long = " ".join(["Draw a card, then discard one."] * 20)
    yaml = DECK.replace("cards:\n", "decks:\n  - {id: trade, title: Trade}\ncards:\n").replace(
        "    quantity:", "    deck: trade\n    quantity:"
    )
    folder = deck(tmp_path, rows + f'Long,1,red,"{long}"\n', yaml=yaml)
    planned, pdfs, _ = build_pdfs(folder)
    warnings = [str(d).replace(f"{folder}/", "") for d in planned.diags if not d.is_error]
    assert warnings == [
        "cards.csv: row 13, column D (Card Text): warning: cards.long.front: card 'long' "
        "(front): set at 8.5 pt, under the 12 pt of the rest of its deck, to fit (shorten its "
        "text, or use a larger card size)"
    ]
    import pypdfium2

    pages = range(1, len(pypdfium2.PdfDocument(pdfs["cards.pdf"])) + 1)
    sizes = {round(g.size, 2) for n in pages for g in marks_of(pdfs["cards.pdf"], n).glyphs}
    assert 12.0 in sizes and 8.5 in sizes


def test_where_keeps_a_tables_rows_too(tmp_path):
    from kitgen.source.fields import Context
    from kitgen.source.spreadsheets.tabular import file_list
    from kitgen.source.yamlnodes import load_yaml_text

    (tmp_path / "arms.csv").write_text("Weapon,Kind\nPistol,hand\nRifle,long\nDagger,hand\n")
    node = load_yaml_text("{file: arms.csv, where: {Kind: hand}}", str(tmp_path / "game.yaml"))
    ctx = Context(Diagnostics(), tmp_path)
    rows = file_list(ctx, node, "tables[0].rows", keyed=False)
    assert not ctx.diags.items and rows is not None
    assert [[c.raw for c in r.items] for r in rows.items] == [
        ["Weapon", "Kind"],
        ["Pistol", "hand"],
        ["Dagger", "hand"],
    ]
