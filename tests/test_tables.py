"""Tables, text blocks, quick-reference sheets and reference cards.

Expected values come from the YAML as written (read with plain PyYAML, not
kitgen) or are worked by hand; results are read back from the plan or the PDF.
"""

from __future__ import annotations

import io
import math
import re
from pathlib import Path

import pypdf
import pytest
import yaml

from kitgen.build import font_book
from kitgen.chance.roll_labels import RollLabelError, RollRange, parse_roll_label
from kitgen.errors import Diagnostics, KitError
from kitgen.layout.frame import SCALE_NOTE
from kitgen.layout.plan import Group, Line, Rect, Text
from kitgen.layout.sheets.table_draw import draw_table
from kitgen.model.table import Cell, Column, Row, Table
from kitgen.style import RULES_MIN, typeset

from .conftest import (
    CONTENT,
    build_pdfs,
    errors_of,
    kit_notes,
    one_kit_fast,
    pixel_at,
    plan_game,
    run_cli,
    seed_game,
    seed_kit,
    write_game,
)

MIN = RULES_MIN
POKER = (180.0, 252.0)  # 63.5 x 88.9 mm in points, exactly


def pdf_text(data: bytes) -> str:
    reader = pypdf.PdfReader(io.BytesIO(data))
    return norm(" ".join(page.extract_text() for page in reader.pages))


def norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def plain(text: str) -> str:
    """The printed form of user text: paired ** and * markers removed, \\* an asterisk,
    and the characters the data means (a real minus sign for "-2": style.typeset)."""
    text = re.sub(r"\*\*(\S.*?\S|\S)\*\*", r"\1", text)
    text = re.sub(r"(?<![\\*])\*([^\s*][^*]*?[^\s*\\]|[^\s*])\*", r"\1", text)
    return typeset(text.replace("\\*", "*"))


def texts_in(ops, out=None) -> list[Text]:
    out = [] if out is None else out
    for op in ops:
        if isinstance(op, Text):
            out.append(op)
        elif isinstance(op, Group):
            texts_in(op.ops, out)
    return out


def _dagger(i: int) -> str:
    """A reading's mark as the test compares it: none (the kit numbers its readings in the
    order it reads them, †1, †2 ...; the test takes the marks out of the printed text)."""
    return ""


def reading_notes(table: dict) -> list[str]:
    """The words of a table's kit's readings, from its YAML (the table's, then its rows' and
    cells' in order), as the notes page prints them after their marks."""
    found = [table["reading"]] if "reading" in table else []
    for row in table["rows"]:
        cells = row if isinstance(row, list) else row.get("cells", [])
        found += [c["reading"] for c in cells if isinstance(c, dict) and "reading" in c]
        if isinstance(row, dict) and "reading" in row and "heading" not in row:
            found.append(row["reading"])
    out = []
    for r in found:
        kit, source = (r, "") if isinstance(r, str) else (r["kit"], r.get("source", ""))
        words = f" Source: \u201c{source}\u201d" if source else ""
        out.append(f"{kit}{words}")
    return out


def row_strings(table: dict) -> list[str]:
    """Each row as printed, in order: label, cells (blanks print nothing), with the dagger
    of a row's or a cell's kit's reading."""
    out = []
    n = 1 if "reading" in table else 0
    for row in table["rows"]:
        if isinstance(row, dict) and "heading" in row:
            out.append(plain(row["heading"]))
            continue
        cells = row if isinstance(row, list) else [row.get("label")] + row["cells"]
        parts = []
        for c in cells:
            mark = ""
            if isinstance(c, dict):
                if "reading" in c:
                    mark, n = _dagger(n), n + 1
                c = c.get("text")
            if c not in (None, ""):
                parts.append(plain(str(c)) + mark)
        if isinstance(row, dict) and "reading" in row:
            parts[0], n = parts[0] + _dagger(n), n + 1
        out.append(norm(" ".join(parts)))
    return out


# ---- every value of every seed table is printed -----------------------------

SEEDS = ["rencounter", "ryamon", "reshuffled", "duck"]


@pytest.mark.parametrize("game", one_kit_fast(SEEDS))
def test_every_seed_table_value_is_in_the_pdf(game: str):
    source = yaml.safe_load((CONTENT / game / "reference.yaml").read_text())
    _, pdfs, manifest = seed_kit(game)
    on_sheets = {}
    for sheet in source["sheets"]:
        names = set()
        for item in sheet["items"]:
            names.add(item if isinstance(item, str) else item.get("table") or item.get("text"))
        on_sheets[f"sheet-{sheet['id']}.pdf"] = names
    checked = 0
    for table in source["tables"]:
        files = [f for f, names in on_sheets.items() if table["id"] in names]
        files = files or (["rulebook.pdf"] if "rulebook.pdf" in pdfs else ["cards.pdf"])
        text = norm(re.sub("\u2020\\d+", "", pdf_text(pdfs[files[0]])))  # a mark set apart
        notes, _ = kit_notes(pdfs, manifest)  # the readings' words
        for expected in row_strings(table):
            assert expected in text, (table["id"], expected)
            checked += 1
        for note in table.get("notes", []) + table.get("footnotes", []):
            assert norm(plain(note)) in text
        for note in reading_notes(table):
            assert norm(plain(note)) in notes, (table["id"], note)  # typeset as printed
    assert checked > 10


def test_rencounter_missile_table_has_every_weapon():
    source = yaml.safe_load((CONTENT / "rencounter" / "reference.yaml").read_text())
    missile = next(t for t in source["tables"] if t["id"] == "missile-weapons")
    assert len(missile["rows"]) == 27  # every row of the rules' table
    assert missile["rows"][0] == ["Javelin*", "3", "6", "9", "12", "+1", "1", "1", "N"]
    assert missile["rows"][-1] == ["Lt. MG braced", "25", "50", "75", "125", "0", "2", "30", "Fx3"]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_rencounter_fire_and_melee_sheets_fit_a_sheet_of_paper_each(paper: str):
    """The quick reference is two sheets: fire (both sides of one sheet) and melee, wounds
    and morale (one side); the play rosters, with boxes for wounds and reloads, take both
    sides of a third; nothing under 7 pt."""
    planned = plan_game(CONTENT / "rencounter", paper)
    pages = {d.name: d.pages for d in planned.docs if d.name.startswith("sheet-")}
    assert sorted(pages) == ["sheet-melee-morale", "sheet-roster", "sheet-shooting"]
    assert len(pages["sheet-shooting"]) <= 2 and len(pages["sheet-melee-morale"]) == 1
    assert len(pages["sheet-roster"]) <= 2
    for sheet in pages.values():
        sizes = [t.font.size for p in sheet for t in texts_in(p.ops) if not is_chrome(t.text)]
        assert min(sizes) >= 7
    assert not [d for d in planned.diags if "does not fit" in d.message]


def is_chrome(text: str) -> bool:
    """The sheet label and the scale bars' words, which every framed page carries."""
    return text in (SCALE_NOTE, "1 in", "25 mm") or " · sheet " in text


def pdf_font_sizes(data: bytes) -> list[tuple[float, str, str]]:
    """(size as printed, font name, text) of every text run in the PDF: the Tf size
    times the text matrix's and the page transform's vertical scale."""
    import math

    out: list[tuple[float, str, str]] = []
    for page in pypdf.PdfReader(io.BytesIO(data)).pages:

        def visit(text, cm, tm, font, size):
            if text.strip() and font is not None:
                scale = math.hypot(tm[2], tm[3]) * math.hypot(cm[2], cm[3])
                out.append((round(size * scale, 4), str(font.get("/BaseFont")), text.strip()))

        page.extract_text(visitor_text=visit)
    return out


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game", one_kit_fast(SEEDS))
def test_seed_sheets_read_back_from_the_pdf_keep_their_minimum_size(game: str, paper: str):
    source = yaml.safe_load((CONTENT / game / "reference.yaml").read_text())
    planned, pdfs, _ = build_pdfs(CONTENT / game, paper)
    for sheet in source["sheets"]:
        data = pdfs[f"sheet-{sheet['id']}.pdf"]
        pages = len(pypdf.PdfReader(io.BytesIO(data)).pages)
        if paper == planned.game.paper.name:  # on another paper it may need more
            assert pages <= sheet["pages"], (game, paper, pages)
        # the sheet label and scale bars are chrome (CHROME size), a reading's mark is a
        # superscript set small by design; the rest is the sheet's
        sizes = [
            s
            for s, font, text in pdf_font_sizes(data)
            if not is_chrome(text) and not text.strip().startswith("\u2020")
        ]
        assert len(sizes) > 50
        assert min(sizes) >= sheet.get("min_size", MIN) - 1e-6, (game, paper, min(sizes))


def test_rencounter_one_activation_card_per_unit_and_a_reshuffle_card():
    planned = plan_game(CONTENT / "rencounter")
    cards = next(d for d in planned.docs if d.name == "cards")
    fronts = [i for p in cards.pages for i in p.items if i.side == "front"]
    # a card for each unit of the scenarios (scenarios/*.yaml), so none is written by hand
    scenario_units = [
        f"{name}-{unit['id']}"
        for name, path in (("ambush", "ambush-at-the-ford"), ("gunfight", "gunfight"))
        for side in yaml.safe_load((CONTENT / "rencounter" / "scenarios" / f"{path}.yaml")
                                   .read_text())["sides"]
        for unit in side["units"]
    ]  # fmt: skip
    assert scenario_units == [
        "ambush-escort", "ambush-courier", "ambush-ford", "ambush-wood", "gunfight-marshal",
        "gunfight-deputy", "gunfight-smith", "gunfight-jed", "gunfight-cal",
    ]  # fmt: skip
    gen = planned.game.generators[0]
    squads = gen.units * max(1, len(gen.sides))  # a card per rolled squad, both sides'
    assert sorted(i.id for i in fronts) == sorted(
        [f"unit-{n}" for n in range(1, 9)]
        + [f"squad-{n}" for n in range(1, squads + 1)]
        + ["reshuffle"]
        + scenario_units
    )
    for item in fronts:
        x0, y0, x1, y1 = item.bbox
        assert (round(x1 - x0, 6), round(y1 - y0, 6)) == POKER


def test_ryamon_people_key_chances_are_computed():
    planned = plan_game(CONTENT / "ryamon")
    table = next(t for t in planned.game.tables if t.id == "people-types")
    # 2d6 by hand: ways out of 36 for totals 2..12
    ways = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    shown = [c.split(" = ")[0] for c in table.chances]
    from fractions import Fraction

    assert [Fraction(s) for s in shown] == [Fraction(w, 36) for w in ways]
    assert table.chances[0] == "1/36 = 2.8%"
    assert table.chances[5] == "1/6 = 16.7%"


def test_reshuffled_missing_values_are_write_in_blanks(tmp_path: Path):
    result = run_cli("check", str(CONTENT / "reshuffled"))
    assert result.exit_code == 0
    lines = [ln for ln in result.stderr.splitlines() if "write-in blank" in ln]
    assert len(lines) == 6 + 12  # Hustle costs lost 6 values, Rumble modifiers all 12
    assert lines[0].endswith(
        "warning: tables[0].rows[0]: write-in blank: table 'hustle-costs', row 'Open space', "
        "column 'HP cost' has no value"
    )
    assert any(
        ln.endswith("row 'Defender is: Taking cover', column 'RM' has no value") for ln in lines
    )


# ---- a fresh game: the vocabulary ------------------------------------------

GAME = """
id: t
title: T
tables:
  - id: odds
    title: Odds
    roll: 2d6
    chance: true
    columns: [Result]
    rows:
      - ["2", Disaster]
      - ["3-4", Bad]
      - ["5-6", Poor]
      - ["7", Even]
      - ["8-9", Good]
      - ["10-11", Great]
      - ["12", Triumph]
  - id: gear
    title: Gear
    columns:
      - Item
      - {title: Near, id: near}
      - {title: Far, id: far}
      - {title: Cost, align: right}
    groups:
      - {title: Range, columns: [near, far]}
    rows:
      - [Bow, "10", "20", "3"]
      - [Sling, {text: see the rules, span: far}, ~]
      - {heading: Heavy}
      - [Cannon, "40", "80", "12"]
    notes: ["**Bold** and *italic* <b>not markup</b> & co."]
    footnotes: ["\\\\* an asterisk"]
texts:
  - id: intro
    title: Intro <i>
    text: ["A & B < C **strong**"]
sheets:
  - id: qrs
    title: Quick reference
    columns: 2
    items: [odds, gear, intro]
"""


def test_chance_column_matches_hand_fractions(game_dir: Path):
    write_game(game_dir, GAME)
    planned = plan_game(game_dir)
    odds = planned.game.tables[0]
    # 2d6 by hand: 2 is 1 way in 36; 3-4 is 2+3; 5-6 is 4+5 = 9/36; 7 is 6/36 ...
    expected = (
        "1/36 = 2.8%",
        "5/36 = 13.9%",
        "1/4 = 25%",
        "1/6 = 16.7%",
        "1/4 = 25%",
        "5/36 = 13.9%",
        "1/36 = 2.8%",
    )
    assert odds.chances == expected
    _, pdfs, _ = build_pdfs(game_dir)
    text = pdf_text(pdfs["sheet-qrs.pdf"])
    assert "2 Disaster 1/36 = 2.8%" in text and "5\u20136 Poor 1/4 = 25%" in text


def test_markup_in_user_text_prints_literally(game_dir: Path):
    write_game(game_dir, GAME.replace("chance: true", "chance: false"))
    planned, pdfs, _ = build_pdfs(game_dir)
    text = pdf_text(pdfs["sheet-qrs.pdf"])
    assert "<b>not markup</b> & co." in text
    assert "Intro <i>" in text
    assert "A & B < C strong" in text
    assert "* an asterisk" in text
    ops = texts_in(planned.docs[0].pages[0].ops)
    fonts = font_book(planned.game)
    bold_face = fonts.face(planned.game.font, True, False)
    italic_face = fonts.face(planned.game.font, False, True)
    bold = {t.text.strip() for t in ops if t.font.face == bold_face}
    assert {"strong", "Bold"} <= bold
    assert "<b>not" not in bold  # the html tag is text, not a style
    italic = {t.text.strip() for t in ops if t.font.face == italic_face}
    assert italic == {"italic"}


def test_write_in_blank_is_an_underlined_box_and_a_warning(game_dir: Path):
    write_game(game_dir, GAME.replace("chance: true", "chance: false"))
    planned = plan_game(game_dir)
    warnings = [str(d) for d in planned.diags.warnings]
    assert any(
        w.endswith(
            "tables[1].rows[1]: write-in blank: table 'gear', row 'Sling', "
            "column 'Cost' has no value"
        )
        for w in warnings
    )
    ops = planned.docs[0].pages[0].ops
    boxes = [o for o in ops if isinstance(o, Rect) and o.fill == "#ffffff" and o.stroke]
    assert len(boxes) == 1
    box = boxes[0]
    assert any(
        isinstance(o, Line)
        and o.y0 == o.y1 == box.y
        and o.x0 == box.x
        and o.x1 == pytest.approx(box.x + box.w)
        for o in ops
    )


def test_spanning_cell_and_header_group(game_dir: Path):
    write_game(game_dir, GAME.replace("chance: true", "chance: false"))
    planned = plan_game(game_dir)
    gear = planned.game.tables[1]
    sling = gear.rows[1]
    assert isinstance(sling.cells[1], Cell) and sling.cells[1].cols == 2
    assert sling.cells[2] is None
    assert gear.groups[0].first == 1 and gear.groups[0].count == 2
    assert gear.rows[2].heading


def test_over_full_sheet_warns_and_keeps_every_row(game_dir: Path):
    rows = [[f"Entry number {i}", str(i)] for i in range(150)]
    write_game(
        game_dir,
        yaml.safe_dump(
            {
                "id": "t",
                "title": "T",
                "tables": [
                    {"id": "long", "title": "Long", "columns": ["Name", "Value"], "rows": rows}
                ],
                "sheets": [{"id": "qrs", "columns": 1, "pages": 1, "size": 9, "items": ["long"]}],
            }
        ),
    )
    planned, pdfs, _ = build_pdfs(game_dir)
    messages = [str(d) for d in planned.diags.warnings]
    assert any(
        m.endswith(
            "warning: sheets.qrs: sheet 'qrs' does not fit on 1 page(s) even at "
            "7 pt; it takes 3 page(s) (cut content, add columns, allow more "
            "pages, or lower min_size)"
        )
        for m in messages
    ), messages
    text = pdf_text(pdfs["sheet-qrs.pdf"])
    for i in range(150):
        assert f"Entry number {i} {i}" in text
    sizes = {
        t.font.size for p in planned.docs[0].pages for t in texts_in(p.ops) if not is_chrome(t.text)
    }
    assert min(sizes) >= MIN  # the pages it takes at MIN, then grown to fill them
    assert "Long (cont.)" in text  # the title repeats where the table continues


def test_shrinks_type_to_fit_then_stops(game_dir: Path):
    rows = [[f"Entry {i}", str(i)] for i in range(45)]
    write_game(
        game_dir,
        yaml.safe_dump(
            {
                "id": "t",
                "title": "T",
                "tables": [
                    {"id": "long", "title": "Long", "columns": ["Name", "Value"], "rows": rows}
                ],
                "sheets": [{"id": "qrs", "columns": 1, "pages": 1, "size": 12, "items": ["long"]}],
            }
        ),
    )
    planned = plan_game(game_dir)
    assert not planned.diags.warnings
    page = planned.docs[0].pages[0]
    size = page.items[0].extra["size"]
    assert MIN < size < 12  # shrunk, but no further than needed
    assert len(planned.docs[0].pages) == 1


def test_a_table_is_not_split_unless_taller_than_a_column(game_dir: Path):
    rows = [[f"A{i}", str(i)] for i in range(30)]
    write_game(
        game_dir,
        yaml.safe_dump(
            {
                "id": "t",
                "title": "T",
                "texts": [{"id": "filler", "title": "Filler", "text": ["word " * 900]}],
                "tables": [
                    {"id": "short", "title": "Short", "columns": ["Name", "Value"], "rows": rows}
                ],
                "sheets": [
                    {
                        "id": "qrs",
                        "columns": 2,
                        "pages": 2,
                        "size": 9,
                        "min_size": 9,
                        "max_size": 9,
                        "items": ["filler", "short"],
                    }
                ],
            }
        ),
    )
    planned = plan_game(game_dir)
    parts = [i for p in planned.docs[0].pages for i in p.items if i.kind == "table"]
    assert len(parts) == 1 and parts[0].extra["rows"] == [0, 30]


def test_cards_sizes_quantities_and_duplex_backs(game_dir: Path):
    write_game(
        game_dir,
        """
        id: t
        title: T
        cards:
          - id: a
            size: poker
            quantity: 2
            front: {title: Front A}
            back: {title: Back A}
          - id: b
            size: bridge
            front: {title: B}
          - id: c
            size: 50mm x 70mm
            front: [{text: custom}]
          - {id: d, size: tarot, front: {title: D}}
          - {id: e, size: index, front: {title: E}}
          - {id: f, size: half-letter, front: {title: F}}
        """,
    )
    planned = plan_game(game_dir, duplex="long")
    items = [(i, p) for p in planned.docs[0].pages for i in p.items]
    size = {
        i.id: (round(i.bbox[2] - i.bbox[0], 4), round(i.bbox[3] - i.bbox[1], 4)) for i, _ in items
    }
    assert size["a"] == POKER
    assert size["b"] == (162.0, 252.0)  # 57.15 x 88.9 mm
    assert size["c"] == (round(50 / 25.4 * 72, 4), round(70 / 25.4 * 72, 4))
    assert size["d"] == (round(70 / 25.4 * 72, 4), round(120 / 25.4 * 72, 4))
    assert size["e"] == (360.0, 216.0)
    assert size["f"] == (396.0, 612.0)
    fronts = [i for i, _ in items if i.id == "a" and i.side == "front"]
    backs = [i for i, _ in items if i.id == "a" and i.side == "back"]
    assert [i.piece for i in fronts] == ["a#1", "a#2"] == [i.piece for i in backs]
    width = planned.settings.paper.width
    for f, b in zip(fronts, backs, strict=True):  # long-edge flip mirrors left and right
        assert b.bbox[0] == pytest.approx(width - f.bbox[2])
        assert b.bbox[1] == pytest.approx(f.bbox[1])


def test_activation_cards_for_each_record(game_dir: Path):
    write_game(
        game_dir,
        """
        id: t
        title: T
        cards:
          - id: "unit-{n}"
            for_each: [{n: "1", who: Alpha}, {n: "2", who: Bravo}]
            front:
              title: "{who} squad"
              blocks: [{fields: {Leader: "{who}", Men: ~}}]
        """,
    )
    planned, pdfs, _ = build_pdfs(game_dir)
    text = pdf_text(pdfs["cards.pdf"])
    assert "Alpha squad" in text and "Bravo squad" in text
    assert "Leader Alpha" in text


def test_card_that_cannot_fit_warns(game_dir: Path):
    write_game(
        game_dir,
        f"""
        id: t
        title: T
        cards:
          - id: wordy
            size: bridge
            front: [{{text: "{"many words " * 400}"}}]
        """,
    )
    planned = plan_game(game_dir)
    assert [d.message for d in planned.diags.warnings] == [
        "card 'wordy' (front): the content does not fit even at 7 pt"
    ]


def test_draw_table_contract_for_other_planners(game_dir: Path):
    write_game(game_dir, "id: t\ntitle: T\n")
    planned = plan_game(game_dir)
    from kitgen.layout.env import PlanEnv

    env = PlanEnv(planned.game, planned.settings, font_book(planned.game), planned.diags)
    table = Table(
        "t",
        "Threat",
        (Column("Roll", "centre"), Column("Reaction")),
        (Row(None, ("1", "Hide")), Row(None, ("2-3", None))),
    )
    ops, height = draw_table(table, 10, 500, 200, env, size=8, min_size=6.5)
    texts = [t.text for t in texts_in(ops)]
    assert {"Threat", "Roll", "Reaction", "1", "Hide", "2\u20133"} <= {t.strip() for t in texts}
    assert all(t.font.size >= 6.5 for t in texts_in(ops))
    ys = [o.y for o in ops if isinstance(o, Rect)] + [t.y for t in texts_in(ops)]
    assert min(ys) >= 500 - height - 1e-6 and max(ys) <= 500


def test_numbers_line_up_by_their_figures(game_dir: Path):
    write_game(game_dir, "id: t\ntitle: T\n")
    planned = plan_game(game_dir)
    from kitgen.layout.env import PlanEnv

    fonts = font_book(planned.game)
    env = PlanEnv(planned.game, planned.settings, fonts, planned.diags)
    values = ["3", "12", "+1", "6*", "125", "\u2014", "1/2"]  # a lone dash: style.NONE
    table = Table(
        "t",
        "",
        (Column("Weapon"), Column("Range", "auto"), Column("Note", "centre")),
        tuple(Row(None, (f"W{i}", v, "x")) for i, v in enumerate(values))
        + (Row(None, ("Own", Cell("7", align="left"), "x")),),
    )
    ops, _ = draw_table(table, 10, 500, 300, env, size=8, min_size=8)
    texts = texts_in(ops)

    def right(t: Text) -> float:
        return t.x + fonts.width(t.text, t.font.face, t.font.size)

    col = {t.text: t for t in texts if t.text in values + ["6", "*", "7"]}
    header = next(t for t in texts if t.text == "Range")
    # every number ends at the same x: units under units, signs and fractions too
    edges = {round(right(col[v]), 6) for v in ["3", "12", "+1", "6", "125", "1/2"]}
    assert len(edges) == 1
    edge = edges.pop()
    # the box as wide as the widest number ("125") sits centred under the header
    box_left = edge - fonts.width("125", col["125"].font.face, 8)
    assert (box_left + edge) / 2 == pytest.approx(header.x + (right(header) - header.x) / 2)
    # a footnote mark hangs after the figures; a lone dash stays centred
    assert col["*"].x == pytest.approx(edge)
    dash = col["\u2014"]
    assert (dash.x + right(dash)) / 2 == pytest.approx((box_left + edge) / 2)
    # a cell's own alignment wins
    seven = col["7"]
    assert seven.x < box_left


# ---- roll labels ------------------------------------------------------------


@pytest.mark.parametrize(
    "label,expected",
    [
        ("2", RollRange(2, 2)),
        ("3-4", RollRange(3, 4)),
        (">6", RollRange(7, None)),
        ("<=0", RollRange(None, 0)),
        (">=12", RollRange(12, None)),
        ("<2", RollRange(None, 1)),
        ("12+", RollRange(12, None)),
        ("-2--1", RollRange(-2, -1)),
    ],
)
def test_roll_labels(label: str, expected: RollRange):
    assert parse_roll_label(label) == expected


def test_bad_roll_labels():
    with pytest.raises(RollLabelError, match="bad roll label '3to4'"):
        parse_roll_label("3to4")
    with pytest.raises(RollLabelError, match="range '5-3' runs backwards"):
        parse_roll_label("5-3")


# ---- error paths, exact messages ----------------------------------------------


def one_table(body: str) -> str:
    return "id: t\ntitle: T\ntables:\n" + body


def test_errors_are_collected_with_exact_messages(game_dir: Path):
    write_game(
        game_dir,
        one_table("""\
  - id: a
    roll: 2d6
    columns: [Result]
    rows:
      - ["3to4", x]
      - ["2-4", y]
      - ["4", z]
  - id: b
    columns: [Name, {title: Long, id: long}, Short]
    groups: [{title: R, columns: [Name, Short]}]
    rows:
      - [a, b]
      - [a, {text: c, span: Longg}]
      - [a, {text: c, span: 9}]
      - [a, yes, c]
  - id: c
    chance: true
    columns: [X]
    rows: [[a]]
cards:
  - {id: k, size: jumbo, front: {title: K}}
"""),
    )
    where = str(game_dir / "game.yaml")
    assert errors_of(game_dir) == [
        f"{where}:8:9: error: tables[0].rows[0].label: bad roll label '3to4' (use a number (7), "
        "a range (3-4), or an open end (>6, >=12, <2, <=0, 12+))",
        f"{where}:10:9: error: tables[0].rows[2].label: roll label '4' overlaps '2-4' (every "
        "total must map to exactly one row)",
        f"{where}:13:34: error: tables[1].groups[0].columns: the columns of a header group must "
        "be side by side",
        f"{where}:15:9: error: tables[1].rows[0]: row has 2 cell(s) for 3 column(s) (a null (~) "
        "is a write-in blank; a cell may cover several columns with span:)",
        f"{where}:16:29: error: tables[1].rows[1][1].span: unknown column 'Longg' in span (did "
        "you mean 'long'?)",
        f"{where}:17:29: error: tables[1].rows[2][1].span: span of 9 runs past the last column "
        "(3 in all)",
        f"{where}:18:13: error: tables[1].rows[3][1]: expected text, got boolean true (YAML reads "
        'unquoted yes as true; write "yes" in quotes)',
        f"{where}:20:13: error: tables[2].chance: a chance column needs the roll the table is "
        "keyed by (add e.g. roll: 2d6)",
        f"{where}:24:19: error: cards[0].size: unknown card size 'jumbo' (valid: poker, bridge, "
        "mini, tarot, index, half-letter or WxH like 63.5mm x 88.9mm)",
    ]


def test_references_are_checked(game_dir: Path):
    write_game(
        game_dir,
        one_table("""\
  - {id: gear, columns: [A], rows: [[x]]}
texts:
  - {id: intro, text: [hello]}
sheets:
  - {id: s, items: [gaer, {table: intro}, {text: gear}, {table: gear}]}
cards:
  - {id: m, front: [{table: zz}]}
  - {id: n, front: [{table: gear, text: both}]}
"""),
    )
    where = str(game_dir / "game.yaml")
    errors = errors_of(game_dir)
    assert errors == [
        f"{where}:11:21: error: cards[1].front[0]: a card block is one of {{title: ...}}, "
        "{text: ...}, {items: [...]}, {steps: [...]}, {table: id}, {fields: {label: value}} "
        "or {roster: [field, ...]}",
    ]
    write_game(
        game_dir,
        one_table("""\
  - {id: gear, columns: [A], rows: [[x]]}
texts:
  - {id: intro, text: [hello]}
sheets:
  - {id: s, items: [gaer, {table: intro}, {text: gear}, {table: gear}]}
cards:
  - {id: m, front: [{table: zz}]}
"""),
    )
    assert errors_of(game_dir) == [
        f"{where}:8:21: error: sheets[0].items[0]: no table or text with id 'gaer' (did you mean "
        "'gear'?)",
        f"{where}:8:27: error: sheets[0].items[1]: no table with id 'intro' (valid: gear)",
        f"{where}:8:43: error: sheets[0].items[2]: no text with id 'gear' (valid: intro)",
        f"{where}:10:21: error: cards.m.front: no table with id 'zz' (valid: gear)",
    ]


def test_short_edge_duplex_mirrors_rows(game_dir: Path):
    write_game(
        game_dir,
        """
        id: t
        title: T
        cards:
          - {id: a, quantity: 4, front: {title: A}, back: {title: Back}}
        """,
    )
    planned = plan_game(game_dir, duplex="short")
    items = [i for p in planned.docs[0].pages for i in p.items]
    height = planned.settings.paper.height
    for piece in ("a#1", "a#4"):
        f = next(i for i in items if i.piece == piece and i.side == "front")
        b = next(i for i in items if i.piece == piece and i.side == "back")
        assert b.bbox[0] == pytest.approx(f.bbox[0])
        assert b.bbox[1] == pytest.approx(height - f.bbox[3])


def test_back_offset_moves_duplex_backs_only(game_dir: Path):
    write_game(
        game_dir, "id: t\ntitle: T\ncards:\n  - {id: a, front: {title: A}, back: {title: B}}\n"
    )
    plain_run = plan_game(game_dir, duplex="long")
    moved = plan_game(game_dir, duplex="long", back_offset=(2.0, -3.0))

    def boxes(p):
        return {i.side: i.bbox for page in p.docs[0].pages for i in page.items}

    a, b = boxes(plain_run), boxes(moved)
    assert b["front"] == a["front"]
    assert b["back"][0] == pytest.approx(a["back"][0] + 2.0)
    assert b["back"][1] == pytest.approx(a["back"][1] - 3.0)


def test_row_labels_print_even_without_a_label_column(game_dir: Path):
    write_game(game_dir, "id: t\ntitle: T\n")
    planned = plan_game(game_dir)
    from kitgen.layout.env import PlanEnv

    env = PlanEnv(planned.game, planned.settings, font_book(planned.game), planned.diags)
    table = Table("t", "", (Column("Reaction"),), (Row(">6", ("Flee",)), Row("<=0", ("Wait",))))
    ops, _ = draw_table(table, 10, 500, 200, env)
    texts = [t.text.strip() for t in texts_in(ops)]
    assert texts.index(">6") < texts.index("Flee") < texts.index("\u22640") < texts.index("Wait")


def test_wide_item_spans_the_sheet_and_warns_when_taller_than_a_page(game_dir: Path):
    rows = [[f"Row {i}", str(i)] for i in range(20)]
    game = {
        "id": "t",
        "title": "T",
        "tables": [{"id": "w", "title": "W", "columns": ["Name", "Value"], "rows": rows}],
        "sheets": [{"id": "s", "columns": 3, "items": [{"table": "w", "wide": True}]}],
    }
    write_game(game_dir, yaml.safe_dump(game))
    planned = plan_game(game_dir)
    part = next(i for i in planned.docs[0].pages[0].items if i.kind == "table")
    from kitgen.layout.frame import content_box

    x0, _, x1, _ = content_box(planned.settings.paper)
    assert (part.bbox[0], part.bbox[2]) == (pytest.approx(x0), pytest.approx(x1))
    game["tables"][0]["rows"] = [[f"Row {i}", str(i)] for i in range(200)]
    write_game(game_dir, yaml.safe_dump(game))
    planned = plan_game(game_dir)
    assert [d.message for d in planned.diags.warnings] == [
        "sheet 's': wide item 'w' is taller than a page even at 7 pt"
    ]


def test_roll_problems_are_reported(game_dir: Path):
    write_game(
        game_dir,
        one_table("""\
  - {id: a, roll: 2q6, chance: true, columns: [R], rows: [["2", x]]}
  - {id: b, roll: d6, columns: [R], rows: [["1-2", x], [">4", y]]}
"""),
    )
    where = str(game_dir / "game.yaml")
    with pytest.raises(KitError) as info:
        plan_game(game_dir)
    messages = [str(d) for d in info.value.diagnostics]
    assert messages[0].startswith(f"{where}:4:19: error: tables[0].roll: unknown dice term 'q6'")
    assert messages[1] == (
        f"{where}:5:19: warning: tables[1].roll: no row for 3, 4 on d6 (add rows (or open ends "
        "like >6, <=0) so every total has one)"
    )


MALFORMED = [
    "tables: 5",
    "tables: [5]",
    "tables: [{id: a, columns: [A], rows: 3}]",
    "tables: [{id: a, columns: {x: y}, rows: [[1]]}]",
    "tables: [{id: a, columns: [A], rows: [{cells: 5}]}]",
    "tables: [{id: a, columns: [A], rows: [[[1]]]}]",
    "tables: [{id: a, columns: [A], groups: [{title: g, columns: 4}], rows: [[x]]}]",
    "cards: [{id: x}]",
    "cards: [{id: x, front: [5]}]",
    "cards: [{id: x, front: {blocks: [{fields: 3}]}}]",
    "cards: [{id: '{n}', for_each: {n: [a b]}, front: {title: x}}]",
    "sheets: [{id: s}]",
    "sheets: [{id: s, items: [{}]}]",
    "texts: [{id: t}]",
]


@pytest.mark.parametrize("body", MALFORMED)
def test_malformed_input_is_a_diagnostic_never_a_traceback(game_dir: Path, body: str):
    write_game(game_dir, "id: t\ntitle: T\n" + body + "\n")
    errors = errors_of(game_dir)
    assert errors and all(": error: " in e or ": warning: " in e for e in errors)


def test_a_table_needs_a_column(game_dir: Path):
    write_game(game_dir, one_table("  - {id: a, columns: [], rows: []}\n"))
    assert errors_of(game_dir) == [
        f"{game_dir / 'game.yaml'}:4:22: error: tables[0].columns: "
        "a table needs at least one column"
    ]


# ---- cards share the counters' imposition (kitgen/layout/impose.py) ----------


def _card_items(planned) -> list:
    return [(i, n) for n, p in enumerate(planned.docs[0].pages) for i in p.items]


def _strokes(ops, out=None) -> list:
    """Every Line and unfilled stroked Rect drawn on a page."""
    out = [] if out is None else out
    for op in ops:
        if isinstance(op, Group):
            _strokes(op.ops, out)
        elif isinstance(op, Line):
            out.append(op)
        elif isinstance(op, Rect) and op.stroke is not None and op.fill is None:
            out.append(op)
    return out


def test_two_sided_cards_fold_and_glue_without_duplex(game_dir: Path):
    write_game(
        game_dir,
        """
        id: t
        title: T
        cards:
          - {id: a, quantity: 3, front: {title: A}, back: {title: Back}}
          - {id: s, size: bridge, quantity: 2, front: {title: S}}
        """,
    )
    planned = plan_game(game_dir)
    pages = planned.docs[0].pages
    assert [p.side for p in pages] == ["front"]  # no back pages: backs fold
    assert pages[0].size == (792, 612)  # landscape: three pairs and two cards on one sheet
    items = _card_items(planned)
    for k in (1, 2, 3):
        f = next(i for i, _ in items if i.piece == f"a#{k}" and i.side == "front")
        b = next(i for i, _ in items if i.piece == f"a#{k}" and i.side == "back")
        fx = f.bbox[2]
        assert f.extra["fold_line"] == b.extra["fold_line"] == [fx, f.bbox[1], fx, f.bbox[3]]
        # the back half is the front half mirrored about the fold line
        assert (b.bbox[0], b.bbox[2]) == (pytest.approx(fx), pytest.approx(2 * fx - f.bbox[0]))
        assert (b.bbox[1], b.bbox[3]) == (f.bbox[1], f.bbox[3])
        assert (f.bbox[2] - f.bbox[0], f.bbox[3] - f.bbox[1]) == pytest.approx(POKER)
    # one solid cut round each pair (the fold is not a cut) and round each single card
    page = pages[0]
    cuts = [
        (round(op.x, 3), round(op.y, 3), round(op.w, 3), round(op.h, 3))
        for op in _strokes(page.ops)
        if isinstance(op, Rect)
    ]
    pair = next(i for i in page.items if i.piece == "a#1" and i.side == "front")
    assert (round(pair.bbox[0], 3), round(pair.bbox[1], 3), 360.0, 252.0) in cuts
    dotted = [op for op in _strokes(page.ops) if isinstance(op, Line) and op.stroke.dash]
    backs = [i for i in page.items if i.side == "back"]
    # each fold is one dotted line in two tones (dark dots and white dots between them),
    # carried on past the pair's top as a printer's fold mark, in the same two tones
    for b in backs:
        x, y0, y1 = b.bbox[0], b.bbox[1], b.bbox[3]
        at = [op for op in dotted if op.x0 == op.x1 == pytest.approx(x)]
        fold = [op for op in at if y0 - 1 <= min(op.y0, op.y1) and max(op.y0, op.y1) <= y1 + 1]
        tick = [op for op in at if y1 < min(op.y0, op.y1) < y1 + 2]
        assert (len(fold), len(tick)) == (2, 2), b.piece
    assert len(dotted) == 4 * len(backs)


def test_cards_pack_with_the_counter_gutter_inside_the_content_box(game_dir: Path):
    from kitgen.layout.frame import content_box
    from kitgen.layout.impose import grow, overlaps
    from kitgen.style import PIECE_GUTTER as GUTTER

    write_game(
        game_dir,
        """
        id: t
        title: T
        cards:
          - {id: p, quantity: 7, front: {title: P}}
          - {id: m, size: mini, quantity: 5, front: {title: M}}
          - {id: i, size: index, front: {title: I}}
        """,
    )
    for bleed in (None, 9.0):
        planned = plan_game(game_dir, bleed=bleed)
        box = content_box(planned.settings.paper)
        b = bleed or 0.0
        for page in planned.docs[0].pages:
            boxes = [i.bbox for i in page.items]
            for n, one in enumerate(boxes):
                inked = grow(one, b)
                assert box[0] - 1e-6 <= inked[0] and inked[2] <= box[2] + 1e-6
                assert box[1] - 1e-6 <= inked[1] and inked[3] <= box[3] + 1e-6
                for other in boxes[n + 1 :]:
                    # bleeds never touch: a full gutter between them
                    assert not overlaps(grow(one, b + GUTTER / 2 - 1e-3), grow(other, b))
        assert sum(len(p.items) for p in planned.docs[0].pages) == 13


def test_card_bleed_paints_past_the_trim_and_crop_marks_stay_outside(game_dir: Path):
    from kitgen.layout.impose import grow, overlaps
    from kitgen.layout.marks import MARK

    write_game(
        game_dir,
        """
        id: t
        title: T
        cards:
          - {id: a, quantity: 4, bleed: 3mm, colour: "#224466", front: {title: A}}
        """,
    )
    planned = plan_game(game_dir)
    page = planned.docs[0].pages[0]
    b = 3 / 25.4 * 72
    marks = [op for op in _strokes(page.ops) if isinstance(op, Line) and op.stroke == MARK]
    assert len(marks) == 8 * 4  # eight ticks per card
    assert not any(isinstance(op, Rect) for op in _strokes(page.ops))  # no cut line into bleed
    for item in page.items:
        for m in marks:
            tick = (min(m.x0, m.x1), min(m.y0, m.y1), max(m.x0, m.x1), max(m.y0, m.y1))
            assert not overlaps(tick, grow(item.bbox, b))
    # the face's background runs into the bleed
    groups = [op for op in page.ops if isinstance(op, Group) and op.key]
    assert groups[0].clip == pytest.approx((-b, -b, 180 + b, 252 + b))
    bg = groups[0].ops[0]
    assert (bg.x, bg.y, bg.w, bg.h) == pytest.approx((-b, -b, 180 + 2 * b, 252 + 2 * b))
    # ... and prints there on every side (a form clips to its box, which must hold the bleed)
    _, pdfs, manifest = build_pdfs(game_dir)
    for item in manifest["items"]:
        x0, y0, x1, y1 = item["bbox"]
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        for x, y in ((x0 - b / 2, cy), (x1 + b / 2, cy), (cx, y0 - b / 2), (cx, y1 + b / 2)):
            got = pixel_at(pdfs["cards.pdf"], item["page"] - 1, x, y)
            assert max(abs(a - e) for a, e in zip(got, (0x22, 0x44, 0x66), strict=True)) < 8


def test_a_card_too_wide_to_fold_puts_its_back_on_the_next_page(game_dir: Path):
    write_game(
        game_dir,
        """
        id: t
        title: T
        cards:
          - {id: h, size: half-letter, front: {title: H}, back: {title: Back}}
        """,
    )
    planned = plan_game(game_dir)
    assert [p.side for p in planned.docs[0].pages] == ["front", "back"]
    (f, _), (b, n) = _card_items(planned)
    assert n == 1 and f.piece == b.piece == "h#1" and "fold_line" not in b.extra
    assert b.bbox[0] == pytest.approx(612 - f.bbox[2])  # mirrored for a long-edge re-feed
    assert b.bbox[1] == pytest.approx(f.bbox[1])


def test_a_card_alone_on_its_sheet_is_centred_with_crop_marks(game_dir: Path):
    """Half-letter (396 x 612 pt) on letter: the content box is 576 x 716 pt portrait,
    756 x 536 landscape, so two never fit abreast (792) nor turned (612 > 576): one card a
    sheet. Read back from the PDF: the cut line sits in the middle of the page both ways
    (not hung from the top, 52 pt of paper under it by accident), and crop marks 12 pt
    long stand on its trim lines out in the margin, on the front page only."""
    from .page_marks import marks_of

    write_game(
        game_dir,
        """
        id: t
        title: T
        cards:
          - {id: h, size: half-letter, quantity: 2, front: {title: H}, back: {title: B}}
        """,
    )
    _, pdfs, manifest = build_pdfs(game_dir)
    assert len(pypdf.PdfReader(io.BytesIO(pdfs["cards.pdf"])).pages) == 4
    # why so much paper, said to the terminal and the manifest (not on the sheets)
    (cards,) = [f for f in manifest["files"] if f["path"] == "cards.pdf"]
    assert cards["facts"] == [
        "one card a sheet (396 x 612 pt; printable area 576 x 716 pt); "
        "the 2 sheets are copies of one card (quantity: 2)"
    ]
    assert "one card a sheet" not in pdf_text(pdfs["cards.pdf"])
    for n in (1, 3):
        segs = [  # in the content box: not the sheet label's rule nor the scale bars
            s for s in marks_of(pdfs["cards.pdf"], n).segments if 38 <= min(s.y0, s.y1) <= 754
        ]
        cut = [s for s in segs if abs(s.x0 - s.x1) > 300 or abs(s.y0 - s.y1) > 500]
        xs = sorted({round(v) for s in cut for v in (s.x0, s.x1)})
        ys = sorted({round(v) for s in cut for v in (s.y0, s.y1)})
        assert (xs, ys) == ([108, 504], [90, 702])  # (612 - 396) / 2, (792 - 612) / 2
        ticks = [s for s in segs if 11.9 < math.hypot(s.x1 - s.x0, s.y1 - s.y0) < 12.1]
        assert len(ticks) == 8
        for t in ticks:  # on a trim line, outside the card
            x, y = {round(t.x0), round(t.x1)}, {round(t.y0), round(t.y1)}
            assert (len(x) == 1 and x <= {108, 504}) or (len(y) == 1 and y <= {90, 702})
            assert not (108 < (t.x0 + t.x1) / 2 < 504 and 90 < (t.y0 + t.y1) / 2 < 702)
    back = marks_of(pdfs["cards.pdf"], 2).segments
    assert not [s for s in back if 11.9 < math.hypot(s.x1 - s.x0, s.y1 - s.y0) < 12.1]


@pytest.mark.parametrize(
    ("size", "files"),
    [
        # 3 tarot pairs (397 x 350 pt) fold 2 a sheet: 2 sheets + the duplex sheet = 3
        # sheets of paper; duplex, the 3 cards share one sheet (2 x 2): 2 in all
        ("tarot", {"cards.pdf": ("duplex", 4)}),
        # 3 poker pairs fold on one landscape sheet: 1 + 1, no fewer duplex (the cards do
        # not fit beside the half-letter one): the fold file stays
        ("poker", {"cards.pdf": ("fold-and-glue", 1), "cards-duplex.pdf": ("duplex", 2)}),
    ],
)
def test_folding_cards_join_the_duplex_file_when_that_saves_paper(
    game_dir: Path, size: str, files: dict
):
    """A half-letter card cannot fold on letter (its pair is 792 pt wide), so the kit has a
    duplex file anyway; the cards that fold print duplex in it too when that takes fewer
    sheets of paper (no fold pair alone on a sheet beside it), and keep their own
    fold-and-glue file otherwise. Read back from the manifest and the PDFs: each file's
    mode and pages, every card placed once."""
    write_game(
        game_dir,
        f"""
        id: t
        title: T
        cards:
          - {{id: big, size: half-letter, front: {{title: Big}}, back: {{title: Big back}}}}
          - {{id: a, size: {size}, quantity: 2, front: {{title: A}}, back: {{title: A back}}}}
          - {{id: b, size: {size}, front: {{title: B}}, back: {{title: B back}}}}
        """,
    )
    _, pdfs, manifest = build_pdfs(game_dir)
    got = {f["path"]: (f["mode"], f["pages"]) for f in manifest["files"] if "card" in f["path"]}
    assert got == files
    for name, (_, pages) in files.items():
        assert len(pypdf.PdfReader(io.BytesIO(pdfs[name])).pages) == pages
    fronts = [i["piece"] for i in manifest["items"] if i["kind"] == "card" and i["side"] == "front"]
    assert sorted(fronts) == ["a#1", "a#2", "b#1", "big#1"]


def test_a_card_larger_than_the_paper_is_an_error(game_dir: Path):
    write_game(
        game_dir,
        """
        id: t
        title: T
        cards:
          - {id: huge, size: 11in x 4in, front: {title: H}}
        """,
    )
    assert errors_of(game_dir) == [
        f"{game_dir / 'game.yaml'}:4:5: error: cards.huge: card 'huge' (792 x 288 pt with "
        "bleed) is larger than the printable area (576 x 716 pt or 756 x 536 pt) (use a "
        "smaller card size or a larger --paper)"
    ]


# ---- quick-reference flow: whole tables, headings kept with their rows ------


def _sheet_game(items: list, tables: list, texts: list | None = None) -> str:
    return yaml.safe_dump(
        {
            "id": "t",
            "title": "T",
            "texts": texts or [],
            "tables": tables,
            "sheets": [
                {
                    "id": "qrs",
                    "columns": 2,
                    "pages": 3,
                    "size": 9,
                    "min_size": 9,
                    "max_size": 9,
                    "items": items,
                }
            ],
        }
    )


def test_a_table_that_fits_a_column_moves_whole_to_the_next_one(game_dir: Path):
    from kitgen.layout.frame import content_box

    # 24 rows: more than the room left under the filler, less than a column
    rows = [[f"A{i}", str(i)] for i in range(24)]
    filler = {"id": "filler", "title": "Filler", "items": [f"point {i}" for i in range(40)]}
    table = {"id": "short", "title": "Short", "columns": ["Name", "Value"], "rows": rows}
    # more after it, so this is not the last page (whose columns balance)
    more = {"id": "more", "title": "More", "text": ["word " * 900] * 2}
    write_game(game_dir, _sheet_game(["filler", "short", "more"], [table], [filler, more]))
    planned = plan_game(game_dir)
    items = [i for p in planned.docs[0].pages for i in p.items if i.kind in ("table", "text")]
    filler_box = next(i.bbox for i in items if i.id == "filler")
    parts = [i for i in items if i.id == "short"]
    x0, y0, x1, y1 = content_box(planned.settings.paper)
    column_2 = x0 + (x1 - x0 + 14.0) / 2
    # the filler left room for a few rows, yet the table went whole to column 2, at its top
    assert filler_box[1] - y0 > 4 * 9
    assert len(parts) == 1 and parts[0].extra["rows"] == [0, 24]
    assert parts[0].bbox[0] == pytest.approx(column_2)
    assert parts[0].bbox[3] == pytest.approx(filler_box[3])
    # its title is drawn in column 2 too, at the top of the part
    title = next(t for t in texts_in(planned.docs[0].pages[0].ops) if t.text == "Short")
    assert title.x == pytest.approx(column_2) and title.y > parts[0].bbox[3] - 12


def test_under_a_wide_block_a_table_that_fits_a_column_is_not_split(game_dir: Path):
    from kitgen.layout.frame import content_box

    # a wide table fills most of page 1; the columns under it are short. A 30-row
    # table (less than a whole column, more than the room under the wide one) goes
    # to the top of page 2 instead of being cut at the foot of page 1.
    wide = {
        "id": "wide",
        "title": "Wide",
        "columns": ["Name", "Value"],
        "rows": [[f"W{i}", str(i)] for i in range(50)],
    }
    table = {
        "id": "mid",
        "title": "Mid",
        "columns": ["Name", "Value"],
        "rows": [[f"M{i}", str(i)] for i in range(30)],
    }
    write_game(game_dir, _sheet_game([{"table": "wide", "wide": True}, "mid"], [wide, table]))
    planned = plan_game(game_dir)
    items = [(n, i) for n, p in enumerate(planned.docs[0].pages) for i in p.items]
    wide_box = next(i.bbox for _, i in items if i.id == "wide")
    parts = [(n, i) for n, i in items if i.kind == "table" and i.id == "mid"]
    x0, y0, x1, y1 = content_box(planned.settings.paper)
    mid_height = parts[0][1].bbox[3] - parts[0][1].bbox[1]
    assert wide_box[1] - y0 < mid_height < y1 - y0  # too tall for under the wide table
    # all of it on page 2, from its top; the last page's columns then balance it
    assert {page for page, _ in parts} == {1}
    assert [i.extra["rows"] for _, i in parts] == [[0, 15], [15, 30]]
    page, item = parts[0]
    assert item.bbox[0] == pytest.approx(x0) and item.bbox[3] == pytest.approx(y1)


@pytest.mark.parametrize("per_group", [3, 4, 5, 6, 7])
def test_a_table_taller_than_a_column_splits_keeping_titles_and_sub_headings(
    game_dir: Path, per_group: int
):
    rows: list = []
    for g in range(84 // (per_group + 1)):
        rows.append({"heading": f"Group {g}"})
        rows += [[f"G{g} item {i}", str(i)] for i in range(per_group)]
    table = {"id": "long", "title": "Long", "columns": ["Name", "Value"], "rows": rows}
    write_game(game_dir, _sheet_game(["long"], [table]))
    planned = plan_game(game_dir)
    parts = [i for p in planned.docs[0].pages for i in p.items if i.kind == "table"]
    assert len(parts) >= 2  # some 80 rows at 9 pt do not fit one column
    spans = [tuple(p.extra["rows"]) for p in parts]
    assert spans[0][0] == 0 and spans[-1][1] == len(rows)
    assert all(a[1] == b[0] for a, b in zip(spans, spans[1:], strict=False))  # no row lost
    for start, end in spans:
        assert "heading" not in rows[end - 1]  # a sub-heading never ends a column
        assert end - start >= 2
    texts = [t.text for p in planned.docs[0].pages for t in texts_in(p.ops)]
    # the title repeats, "(cont.)", where a part starts a new page; in the next column of
    # the same page only the column heads repeat
    on = [n for n, p in enumerate(planned.docs[0].pages) for i in p.items if i.kind == "table"]
    overleaf = sum(a != b for a, b in zip(on, on[1:], strict=False))
    assert texts.count("Long") == 1 and texts.count("Long (cont.)") == overleaf
    assert texts.count("Name") == len(parts)


def test_a_cell_that_holds_nothing_prints_one_dash_kit_wide():
    """A hyphen or dash alone in a cell (the data's "none") prints the em dash kitgen
    prints where a result cannot come up, so a kit marks "none" one way. Read back from
    the printed charts and reaction tables; a hyphen in a word is untouched (a range
    prints an en dash)."""
    import pypdfium2 as pdfium

    from tests.page_marks import read_marks

    from .conftest import seed_kit

    cells = ("-", " \u2013 ", "\u2014", "3-4", "-2", "a-b", "a - b")
    assert [typeset(t) for t in cells] == [
        "\u2014",
        "\u2014",
        "\u2014",
        "3\u20134",
        "\u22122",
        "a-b",
        "a \u2013 b",  # a dash between words, not a cell that holds nothing
    ]
    for game, name in (("ironford", "map-ryn.pdf"), ("duck", "threats.pdf")):
        _, pdfs, _ = seed_kit(game)
        doc = pdfium.PdfDocument(pdfs[name])
        alone = [
            text
            for page in doc
            for text in read_marks(page).runs.values()
            if text in ("-", "\u2013", "\u2014")
        ]
        assert alone and set(alone) == {"\u2014"}, (game, name, alone)


@pytest.mark.xdist_group("rencounter-a4")  # shares the build (Makefile CORES)
def test_fold_pairs_lie_a_quarter_turn_when_that_takes_fewer_sheets():
    """Rencounter's poker fold-and-glue pairs on a4 (22): upright, two fit a sheet (11
    sheets); laid a quarter turn, four do (6 sheets). Read back from the PDF: 6 pages,
    each card's title printed turned with its card, the fold line across each pair, and
    every card front inside the page's printable area and clear of every other."""
    import pypdfium2 as pdfium

    from kitgen.layout.frame import content_box
    from kitgen.layout.impose import overlaps

    p, pdfs, manifest = build_pdfs(CONTENT / "rencounter", paper="a4")
    doc = pdfium.PdfDocument(pdfs["cards.pdf"])
    assert len(doc) == 6
    cards = [i for i in manifest["items"] if i["kind"] == "card" and i["file"] == "cards.pdf"]
    fronts = len([c for c in p.game.cards if not c.roster]) + sum(
        g.units * max(1, len(g.sides)) for g in p.game.generators
    )
    assert len(cards) == 2 * fronts  # fronts and backs: nothing dropped
    x0, y0, x1, y1 = content_box(p.settings.paper)
    for page in range(1, 7):
        on = [i for i in cards if i["page"] == page]
        assert len(on) == 2 * (4 if page < 6 else fronts - 20)  # four pairs a sheet
        for i in on:
            bx0, by0, bx1, by1 = i["bbox"]
            assert (bx1 - bx0, by1 - by0) == pytest.approx(POKER[::-1])  # turned
            e = 1e-3  # the manifest rounds to 4 places
            assert x0 - e <= bx0 and bx1 <= x1 + e and y0 - e <= by0 and by1 <= y1 + e
            fx0, fy0, fx1, fy1 = i["fold_line"]
            assert fy0 == fy1 and (fx0, fx1) == pytest.approx((bx0, bx1))  # across the pair
        assert not any(overlaps(a["bbox"], b["bbox"]) for a in on for b in on if a is not b)
    text = doc[0].get_textpage()
    found = text.search("Squad 1").get_next()
    assert found is not None
    first, last = text.get_charbox(found[0]), text.get_charbox(found[0] + 6)
    assert last[1] > first[3] - 1e-6 and abs(last[0] - first[0]) < 2  # reads up the page


def test_a_block_continued_in_the_next_column_of_its_page_does_not_repeat_its_title(
    game_dir: Path,
):
    """Read back from the PDF: a long list runs from the top of the first column on into
    the top of the next one of the same page; its title prints once there, never a
    "(cont.)" beside it, and with "(cont.)" over its part on the next page."""
    import pypdfium2 as pdfium

    words = "every unit rolls a die and moves that far along the road or stays put"
    block = {
        "id": "orders",
        "title": "Long orders",
        "items": [f"Order {k}: {words}." for k in range(80)],
    }
    sheet = {"id": "s", "columns": 2, "pages": 2, "size": 9, "min_size": 9, "items": ["orders"]}
    text = yaml.safe_dump({"id": "t", "title": "T", "texts": [block], "sheets": [sheet]})
    planned, pdfs, _ = build_pdfs(write_game(game_dir, text))
    doc = next(d for d in planned.docs if d.name == "sheet-s")
    first = [i for i in doc.pages[0].items if i.kind == "text"]
    assert len(first) == 2 and first[0].bbox[3] == first[1].bbox[3]  # level, side by side
    pdf = pdfium.PdfDocument(pdfs["sheet-s.pdf"])
    page = pdf[0].get_textpage().get_text_range()
    assert page.count("Long orders") == 1 and "(cont.)" not in page
    # on the next page it is marked as going on
    assert "Long orders (cont.)" in pdf[1].get_textpage().get_text_range()


ROLLS = """
id: r
title: R
tables:
  - {id: ranges, title: Ranges, roll: d6, columns: [Rating],
     rows: [["1", Novice], ["2-3", Average], ["4-5", Veteran], ["6", Hero]]}
  - {id: plain, title: Plain, roll: 2d6, columns: [Rating],
     rows: [["2", a], ["3", b], ["7", c], ["11", d], ["12", e]]}
sheets:
  - {id: s, title: S, columns: 2, items: [ranges, plain]}
"""


def test_a_roll_column_of_ranges_is_centred_and_one_of_numbers_flush_right(game_dir: Path):
    """Read back from the PDF: a roll column holding a range ("2-3") centres every entry,
    single rolls under the ranges' dashes, so the column reads one way; a roll column of
    numbers only keeps them flush right (units under units)."""
    from tests.page_marks import marks_of

    _, pdfs, _ = build_pdfs(write_game(game_dir, ROLLS))
    marks = marks_of(pdfs["sheet-s.pdf"], 1)
    boxes: dict[str, tuple[float, float]] = {}
    for run, text in marks.runs.items():
        glyphs = [g for g in marks.glyphs if g.run == run]
        if glyphs:
            boxes[text] = (min(g.box[0] for g in glyphs), max(g.box[2] for g in glyphs))
    centres = {round(sum(boxes[t]) / 2, 1) for t in ("1", "2\u20133", "4\u20135", "6")}
    assert max(centres) - min(centres) < 0.6, boxes  # ink boxes: a hair apart
    rights = {round(boxes[t][1], 1) for t in ("2", "3", "7", "11", "12")}
    assert max(rights) - min(rights) < 0.6, boxes


def test_a_column_the_same_on_every_row_is_said_once(game_dir):
    """Issue 43: a column whose every cell is the same tells nothing row by row (DUCK!'s
    Chance column, 1/6 on every row): it is dropped and said once under the table."""
    body = """
id: g
title: G
tables:
  - id: t
    title: Orders
    columns: [Order, Range]
    rows: [[Advance, "6"], [Hold, "6"], [Rally, "6"]]
  - id: u
    title: Kept
    columns: [Order, Range]
    rows: [[Advance, "6"], [Hold, "4"], [Rally, "6"]]
sheets:
  - {id: ref, title: Ref, items: [t, u]}
"""
    _, pdfs, _ = build_pdfs(write_game(game_dir, body))
    text = pdf_text(pdfs["sheet-ref.pdf"])
    assert "Orders Order Advance Hold Rally Range: 6 on every row." in text
    assert "Kept Order Range Advance 6 Hold 4 Rally 6" in text


def test_duck_reaction_matrix_says_its_even_chance_once():
    from .conftest import seed_kit

    _, pdfs, _ = seed_kit("duck")
    (text,) = [" ".join(t.split()) for t in [pdf_text(pdfs["threats.pdf"])]]
    assert "LOS Chance" not in text and "SIGHTING Chance" not in text
    assert "Chance, unmodified: 1/6 = 16.7% on every row it can reach." in text


def test_a_table_laid_out_again_measures_and_wraps_no_cell_again(monkeypatch):
    """A rulebook lays each table out many times (sizes tried, widths searched): a cell's
    measures and its lines at a width are worked out once. The second layout of a table
    wraps nothing, and gives what a layout with nothing kept gives."""
    from kitgen.layout.env import PlanEnv
    from kitgen.layout.sheets import table_draw
    from kitgen.model.game import Settings
    from kitgen.units import PAPERS

    game = seed_game("rencounter")
    env = PlanEnv(game, Settings(paper=PAPERS["letter"]), font_book(game), Diagnostics())
    table = next(t for t in game.tables if t.id == "missile-weapons")  # long, every cell text

    def laid() -> tuple:
        lay = table_draw.layout_table(table, 400.0, env, 8.0, RULES_MIN)
        return lay.widths, lay.row_lines, lay.head_lines, lay.row_heights, len(lay.notes)

    def forget() -> None:
        monkeypatch.setattr(table_draw, "_MEASURED", {})
        monkeypatch.setattr(table_draw, "_WRAPPED", {})

    forget()
    first = laid()
    wrapped: list = []
    real = table_draw.wrap_runs
    monkeypatch.setattr(table_draw, "wrap_runs", lambda *a: wrapped.append(a) or real(*a))
    assert laid() == first and first[1]
    assert len(wrapped) == first[-1]  # only the notes under it, wrapped at its width
    forget()
    wrapped.clear()
    assert laid() == first
    assert len(wrapped) > first[-1] + 2 * len(table.rows)  # nothing kept: every cell again
