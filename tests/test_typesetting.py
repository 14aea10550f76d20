"""Typesetting, read back from the PDFs every kit in content/ prints (issue 18 item 9):
no text crosses a line or an edge, overlaps other text, or lies under something painted
over it. tests/page_marks.py reads each glyph's box and each stroked line from the page
through pdfium; run it on built PDFs to see the faults of a kit:

    .venv/bin/python -m tests.page_marks output/rencounter/*.pdf
"""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
import yaml
from reportlab.pdfgen.canvas import Canvas

from kitgen.build import font_book
from kitgen.errors import KitError
from kitgen.layout.clearance import clear_spot
from kitgen.layout.env import PlanEnv
from kitgen.layout.frame import content_box
from kitgen.layout.impose import PIECES
from kitgen.layout.marks import FOLD_CAPTION
from kitgen.layout.plan import Item
from kitgen.layout.sheets.sheet import KEEP_ITEMS, KEEP_ROWS, STEP
from kitgen.layout.textblock import layout_text
from kitgen.rules.terrain_effects import effects_table
from kitgen.style import RULES_MIN, SHEET_MAX, TITLE
from kitgen.units import PAPERS
from tests.page_marks import (
    Band,
    Fault,
    Marks,
    column_bands,
    faults,
    pdf_faults,
    read_marks,
)

from .conftest import (
    CONTENT,
    Planned,
    build_pdfs,
    one_kit_fast,
    plan_game,
    seed_game,
    seed_kit,
    unmarked_glyphs,
    write_game,
)

FOLD = FOLD_CAPTION.replace(" ", "")  # the fold caption is chrome, at PIECE_MIN

GAMES = sorted(p.parent.name for p in CONTENT.glob("*/game.yaml"))

# Faults known today, each to be fixed where it is made, then taken off this list (the
# test fails on a fault listed here that is gone, so the list only shrinks): (game,
# file, kind, the text at fault with its spaces dropped, as pdfium reads it). Empty: every
# seed kit reads clean.
KNOWN: set[tuple[str, str, str, str]] = set()


def _kit_faults(game: str) -> dict[tuple[str, str, str, str], list[str]]:
    _, pdfs, _ = seed_kit(game)
    found: dict[tuple[str, str, str, str], list[str]] = {}
    for name, data in sorted(pdfs.items()):
        for number, fault in pdf_faults(data):
            key = (game, name, fault.kind, fault.text)
            found.setdefault(key, []).append(f"{name} page {number}: {fault}")
    return found


@pytest.mark.parametrize("game", one_kit_fast(GAMES))
def test_no_text_crosses_a_line_or_other_text(game: str):
    found = _kit_faults(game)
    new = [m for key, ms in found.items() if key not in KNOWN for m in ms]
    assert new == [], "\n".join(new)
    gone = sorted(k for k in KNOWN if k[0] == game and k not in found)
    assert gone == [], f"fixed: take these off KNOWN in {__name__}: {gone}"


# ---- the reader sees what it should ---------------------------------------------------


def _page(draw) -> pdfium.PdfPage:
    import io

    out = io.BytesIO()
    c = Canvas(out, pagesize=(300, 300), invariant=1)
    draw(c)
    c.showPage()
    c.save()
    return pdfium.PdfDocument(out.getvalue())[0]


def _kinds(draw) -> list[tuple[str, str]]:
    return sorted((f.kind, f.text) for f in faults(read_marks(_page(draw))))


def test_text_on_a_line_is_a_fault_and_text_beside_it_is_not():
    def draw(c: Canvas) -> None:
        c.setFont("Helvetica", 10)
        c.drawString(50, 100, "Crossed")
        c.line(40, 103, 120, 103)  # through the middle of the letters
        c.drawString(50, 200, "Clear")
        c.line(40, 196, 120, 196)  # under the baseline, below every letter

    assert _kinds(draw) == [("crosses", "Crossed")]


def test_text_on_text_is_a_fault_and_lines_set_solid_are_not():
    def draw(c: Canvas) -> None:
        c.setFont("Helvetica", 10)
        c.drawString(50, 100, "First")
        c.drawString(60, 104, "Second")  # four points up: the letters meet
        c.drawString(50, 200, "Upper")
        c.drawString(50, 188, "Lower")  # 12 pt leading at 10 pt: no ink meets

    assert _kinds(draw) == [("overlaps", "First")]
    assert [f.other for f in faults(read_marks(_page(draw)))] == ["Second"]


def test_a_tab_under_the_text_hides_the_line_and_a_patch_over_it_hides_the_text():
    def draw(c: Canvas) -> None:
        c.setFont("Helvetica", 10)
        c.line(40, 103, 120, 103)
        c.setFillColorRGB(1, 1, 1)
        c.rect(45, 95, 60, 16, stroke=0, fill=1)  # a white tab over the line ...
        c.setFillColorRGB(0, 0, 0)
        c.drawString(50, 100, "Tabbed")  # ... under the text: reads clean
        c.drawString(50, 200, "Hidden")
        c.rect(45, 195, 60, 16, stroke=0, fill=1)  # painted over the text

    assert _kinds(draw) == [("covered", "Hidden")]


def test_a_tab_over_the_top_of_a_word_covers_it():
    """A tab painted over only the top of a word (a coordinate's tab over an area's name)
    cuts its letters as surely as one over all of it; a tab that ends clear of the letters
    does not."""

    def draw(c: Canvas) -> None:
        c.setFont("Helvetica", 10)
        c.drawString(50, 100, "Room")
        c.setFillColorRGB(1, 1, 1)
        c.rect(45, 106, 20, 10, stroke=0, fill=1)  # over the tops of R and o
        c.setFillColorRGB(0, 0, 0)
        c.drawString(50, 200, "Clear")
        c.setFillColorRGB(1, 1, 1)
        c.rect(45, 209, 20, 10, stroke=0, fill=1)  # above the capitals' tops
        c.rect(90, 195, 20, 10, stroke=0, fill=1)  # beside the word

    assert _kinds(draw) == [("covered", "Room")]


def test_what_a_clip_or_the_page_edge_cuts_away_is_not_read():
    def draw(c: Canvas) -> None:
        c.setFont("Helvetica", 10)
        c.saveState()
        path = c.beginPath()
        path.rect(0, 0, 150, 300)
        c.clipPath(path, stroke=0, fill=0)
        c.drawString(200, 100, "Clipped")  # outside the clip: not printed
        c.line(140, 103, 260, 103)  # printed only up to x = 150
        c.restoreState()
        c.drawString(200, -50, "Below")  # off the page

    assert _kinds(draw) == []


def test_a_fault_names_its_text_and_place():
    fault = Fault("crosses", "Crossed", "", (50.0, 99.5))
    assert str(fault) == "text 'Crossed' crosses a line at (50.0, 99.5) pt"


# ---- reference sheets: the type fills the pages, columns balance, splits keep ----------


def _sheet_game(game_dir, items: list, tables: list, texts: list, **sheet) -> Planned:
    spec = {"id": "qrs", "columns": 2, "pages": 1, "size": 9, "items": items, **sheet}
    data = {"id": "t", "title": "T", "tables": tables, "texts": texts, "sheets": [spec]}
    write_game(game_dir, yaml.safe_dump(data, sort_keys=False))
    return plan_game(game_dir)


def _parts(planned: Planned) -> list[Item]:
    doc = next(d for d in planned.docs if d.name == "sheet-qrs")
    return [i for p in doc.pages for i in p.items if i.kind in ("table", "text")]


def _size(planned: Planned) -> float:
    return _parts(planned)[0].extra["size"]


def _table(tid: str, rows: int, heading_every: int = 0) -> dict:
    out: list = []
    for i in range(rows):
        if heading_every and i % heading_every == 0:
            out.append({"heading": f"Group {i // heading_every + 1}"})
        out.append([f"Entry {i} of {tid}", str(i)])
    return {"id": tid, "title": tid.title(), "columns": ["Name", "Value"], "rows": out}


def test_a_sheet_with_room_to_spare_grows_its_type_to_max_size(game_dir):
    planned = _sheet_game(game_dir, ["short"], [_table("short", 4)], [])
    assert _size(planned) == SHEET_MAX
    planned = _sheet_game(game_dir, ["short"], [_table("short", 4)], [], max_size=10.5)
    assert _size(planned) == 10.5


def _foot_room(pdf: bytes, size: float) -> tuple[float, float]:
    """Read back from a one-page sheet: the share of the content box left empty under
    its lowest text, and the pitch of its lines (the least from one line to the next)."""
    doc = pdfium.PdfDocument(pdf)
    marks = read_marks(doc[0])
    x0, y0, x1, y1 = content_box(PAPERS["letter"])
    body = [g for g in marks.glyphs if g.size == size and y0 < g.box[1] < y1]
    low = min(g.box[1] for g in body)
    assert not faults(marks)
    left = [g for g in body if g.box[2] < (x0 + x1) / 2]  # the first column's
    bottoms = sorted(g.box[1] for g in left if g.char in "aceimnorsuvwxz")
    lines = [y for k, y in enumerate(bottoms) if not k or y - bottoms[k - 1] > 2]
    pitch = min(b - a for a, b in zip(lines, lines[1:], strict=False))
    return (low - y0) / (y1 - y0), pitch


def test_a_sheet_grown_to_its_cap_gives_its_room_out_as_air(game_dir):
    """Read back from the PDF: a short sheet that reaches SHEET_MAX with room to spare
    opens its lines, its items and the gaps between its blocks (AIR_*) until its tallest
    column reaches the foot, never past 1.4 lines a line; a sheet pinned at its size
    (min_size = max_size) is set as it stands."""
    words = "every unit rolls a die and moves that far along the road or stays put"
    texts = [
        {"id": f"b{n}", "title": f"Block {n}", "items": [f"{words} {k}." for k in range(4)]}
        for n in range(7)
    ]
    _, pdfs, _ = build_pdfs(write_game(game_dir, _sheet_yaml([t["id"] for t in texts], texts)))
    empty, pitch = _foot_room(pdfs["sheet-qrs.pdf"], SHEET_MAX)
    assert empty < 0.1 and pitch <= SHEET_MAX * 1.4 + 0.5
    pinned = _sheet_yaml([t["id"] for t in texts], texts, size=SHEET_MAX, min_size=SHEET_MAX)
    _, pdfs, _ = build_pdfs(write_game(game_dir / "pinned", pinned))
    empty, pitch = _foot_room(pdfs["sheet-qrs.pdf"], SHEET_MAX)
    assert empty > 0.15 and pitch == pytest.approx(SHEET_MAX * 1.2, abs=0.5)


def _sheet_yaml(items: list, texts: list, **sheet) -> str:
    spec = {"id": "qrs", "columns": 2, "pages": 1, "size": 9, "items": items, **sheet}
    data = {"id": "t", "title": "T", "texts": texts, "sheets": [spec]}
    return yaml.safe_dump(data, sort_keys=False)


def test_a_sheet_is_set_at_the_largest_size_that_fits_its_pages(game_dir):
    tables = [_table(f"t{n}", 14) for n in range(6)]
    items = [t["id"] for t in tables]
    planned = _sheet_game(game_dir, items, tables, [])
    size = _size(planned)
    assert RULES_MIN < size < SHEET_MAX
    assert not planned.diags.warnings
    # a quarter point more does not fit the page
    bigger = _sheet_game(game_dir, items, tables, [], size=size + STEP, min_size=size + STEP)
    assert [d.message for d in bigger.diags.warnings] == [
        f"sheet 'qrs' does not fit on 1 page(s) even at {size + STEP:g} pt; it takes 2 page(s)"
    ]


def test_an_over_full_sheet_takes_the_pages_it_needs_at_7pt_and_fills_them(game_dir):
    tables = [_table(f"t{n}", 40) for n in range(6)]
    planned = _sheet_game(game_dir, [t["id"] for t in tables], tables, [])
    doc = next(d for d in planned.docs if d.name == "sheet-qrs")
    assert [d.message for d in planned.diags.warnings] == [
        f"sheet 'qrs' does not fit on 1 page(s) even at 7 pt; it takes {len(doc.pages)} page(s)"
    ]
    # as many pages as the content needs at 7 pt, then the type grows to fill them
    least = _sheet_game(
        game_dir, [t["id"] for t in tables], tables, [], size=7, min_size=7, max_size=7
    )
    assert len(next(d for d in least.docs if d.name == "sheet-qrs").pages) == len(doc.pages)
    assert _size(planned) > RULES_MIN


def test_the_columns_of_the_last_page_balance(game_dir):
    planned = _sheet_game(game_dir, ["long"], [_table("long", 60)], [], size=8, max_size=8)
    parts = _parts(planned)
    assert [p.extra["rows"] for p in parts][0][0] == 0 and len(parts) == 2
    (a, b) = parts
    row = 8 * 1.7  # one row at 8 pt, padding included
    assert a.bbox[0] < b.bbox[0] and abs(a.bbox[1] - b.bbox[1]) <= row


# Read back from the PDFs: the last page's columns end within BALANCE_LINES lines of the
# sheet's type of each other. The tolerance is what an unsplittable unit may cost: a list
# item (at most five lines in the seed kits) or a table row with its head repeated.
BALANCE_LINES = 5.0


def _sheet_bands(pdf: bytes, manifest: dict | None = None, name: str = "") -> list[list[Band]]:
    doc = pdfium.PdfDocument(pdf)
    return [
        column_bands(_off_pieces(read_marks(doc[n]), manifest, name, n + 1))
        for n in range(len(doc))
    ]


def _off_pieces(marks: Marks, manifest: dict | None, name: str, page: int) -> Marks:
    """The page's marks but those of the pieces another component brought onto the sheet
    (layout/kit/share.py): the block round its pieces, their crop marks and captions with it."""
    boxes = [
        i["bbox"]
        for i in (manifest or {}).get("items", ())
        if i["kind"] in PIECES and (i["file"], i["page"]) == (name, page)
    ]
    if not boxes:
        return marks
    x0, y0 = min(b[0] for b in boxes) - 14, min(b[1] for b in boxes) - 14
    x1, y1 = max(b[2] for b in boxes) + 14, max(b[3] for b in boxes) + 14

    def off(box) -> bool:
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        return not (x0 <= cx <= x1 and y0 <= cy <= y1)

    return Marks(
        [g for g in marks.glyphs if off(g.box)],
        marks.runs,
        [s for s in marks.segments if off((s.x0, s.y0, s.x1, s.y1))],
        [f for f in marks.fills if off(f.box)],
    )


def _sheet_size(manifest: dict, name: str) -> float:
    (fact,) = [f for f in next(f for f in manifest["files"] if f["path"] == name)["facts"]]
    return float(fact.removeprefix("type ").removesuffix(" pt"))


def _seed_sheets() -> list[tuple[str, str]]:
    """(game, sheet id) of every seed sheet of two columns or more that breaks no column
    itself (a break is the author's choice of where a column ends)."""
    out = []
    for game in GAMES:  # the model alone: collection builds no kit
        for sheet in seed_game(game).sheets:
            if sheet.columns > 1 and all(item.kind != "break" for item in sheet.items):
                out.append((game, sheet.id))
    return out


@pytest.mark.parametrize("game,sheet", _seed_sheets())
def test_the_last_page_of_every_seed_sheet_has_balanced_columns(game: str, sheet: str):
    _, pdfs, manifest = seed_kit(game)
    name = f"sheet-{sheet}.pdf"
    size = _sheet_size(manifest, name)
    bands = _sheet_bands(pdfs[name])[-1]
    assert bands, "no columns found on the last page"
    heights = bands[-1].heights
    assert max(heights) - min(heights) <= BALANCE_LINES * size * 1.2, heights


@pytest.mark.parametrize("game", GAMES)
def test_no_band_of_a_seed_sheet_leaves_a_column_empty(game: str):
    _, pdfs, manifest = seed_kit(game)
    for name, data in pdfs.items():
        if name.startswith("sheet-"):
            for number, bands in enumerate(_sheet_bands(data, manifest, name), start=1):
                for band in bands:
                    assert None not in band.feet, (name, number, band)


def test_balancing_splits_a_table_between_rows_and_repeats_its_head(game_dir):
    # a short table, then a long one: balanced, the long one runs from the foot of the
    # first column to the top of the second, its head and title (cont.) repeated there
    tables = [_table("short", 5), _table("long", 40)]
    text = yaml.safe_dump(
        {
            "id": "t",
            "title": "T",
            "tables": tables,
            "sheets": [
                {"id": "qrs", "columns": 2, "size": 8, "max_size": 8, "items": ["short", "long"]}
            ],
        },
        sort_keys=False,
    )
    planned, pdfs, _ = build_pdfs(write_game(game_dir, text))
    (band,) = _sheet_bands(pdfs["sheet-qrs.pdf"])[0]
    row = 8 * 1.2 + 2 * 8 * 0.22  # a row at 8 pt, its padding included
    assert abs(band.heights[0] - band.heights[1]) <= row, band.heights
    parts = [(i.id, i.extra["rows"]) for i in _parts(planned)]
    assert parts[0] == ("short", [0, 5]) and [p[0] for p in parts[1:]] == ["long", "long"]
    text_of_page = pdfium.PdfDocument(pdfs["sheet-qrs.pdf"])[0].get_textpage().get_text_range()
    assert text_of_page.count("Name") == 3 and "Long (cont.)" in text_of_page


def test_balancing_keeps_a_block_whole_where_a_split_gains_little(game_dir):
    # two tables of nearly one height: each whole in its own column, not cut to gain a row
    tables = [_table("first", 20), _table("second", 19)]
    planned = _sheet_game(game_dir, ["first", "second"], tables, [], size=8, max_size=8)
    assert [(i.id, i.extra["rows"]) for i in _parts(planned)] == [
        ("first", [0, 20]),
        ("second", [0, 19]),
    ]


@pytest.mark.parametrize("game", GAMES)
def test_every_reference_sheet_and_scenario_title_is_set_at_title_size(game: str):
    # one scale across a kit's sheets: a reference sheet's title as a scenario sheet's
    planned, pdfs, _ = seed_kit(game)
    titles = {f"sheet-{s.id}.pdf": s.title for s in planned.game.sheets}
    rules = planned.game.rules
    titles |= {f"scenario-{s.id}.pdf": s.title for s in (rules.scenarios if rules else ())}
    for name, title in titles.items():
        marks = read_marks(pdfium.PdfDocument(pdfs[name])[0])
        sizes = {g.size for g in marks.glyphs if marks.runs[g.run] == title.replace(" ", "")}
        assert sizes == {TITLE}, (name, title, sizes)


def test_a_split_keeps_a_sub_heading_with_its_rows(game_dir):
    planned = _sheet_game(
        game_dir, ["grouped"], [_table("grouped", 60, heading_every=3)], [], size=8, max_size=8
    )
    table = planned.game.tables[0]
    ends = [p.extra["rows"][1] for p in _parts(planned)][:-1]
    assert ends and all(not table.rows[e - 1].heading for e in ends)
    assert all(table.rows[e].heading for e in ends)  # here each part ends before a group


def test_a_list_splits_only_between_its_items(game_dir):
    para = "Every item of this list is long enough to wrap over three or four lines of a column"
    text = {"id": "steps", "title": "Steps", "steps": [para] * 24}
    planned = _sheet_game(game_dir, ["steps"], [], [text], size=8, max_size=8)
    parts = _parts(planned)
    assert len(parts) == 2
    block = planned.game.texts[0]
    width = parts[0].bbox[2] - parts[0].bbox[0]
    env = PlanEnv(planned.game, planned.settings, font_book(planned.game), planned.diags)
    lines = layout_text(block, width, env, parts[0].extra["size"]).lines
    end = parts[0].extra["rows"][1]
    assert 0 < end < len(lines) and lines[end].para  # the next column starts an item
    assert not all(lines[i].para for i in range(len(lines)))  # items do wrap


def _remnants(planned: Planned, sheet: str) -> list[tuple[str, int, int]]:
    """Each part of a split block on a sheet short of what it keeps: (block, rows or
    items it holds, the least it keeps), read from the parts the plan printed."""
    doc = next(d for d in planned.docs if d.name == f"sheet-{sheet}")
    items = [i for p in doc.pages for i in p.items if i.kind in ("table", "text")]
    # an effects chart's rows are made from its map (rules/terrain_effects.py)
    tables = {t.id: effects_table(planned.game, t) for t in planned.game.tables}
    texts = {t.id: t for t in planned.game.texts}
    env = PlanEnv(planned.game, planned.settings, font_book(planned.game), planned.diags)
    out = []
    for item in items:
        start, end = item.extra["rows"]
        if item.id in tables:
            rows = tables[item.id].rows
            if (start, end) != (0, len(rows)):
                held = sum(not r.heading for r in rows[start:end])
                out += [(item.id, held, KEEP_ROWS)] if held < KEEP_ROWS else []
            continue
        block = texts[item.id]
        width = item.bbox[2] - item.bbox[0]
        lines = layout_text(block, width, env, item.extra["size"]).lines
        if block.style != "plain" and (start, end) != (0, len(lines)):
            held = sum(line.para for line in lines[start:end])
            out += [(item.id, held, KEEP_ITEMS)] if held < KEEP_ITEMS else []
    return out


@pytest.mark.parametrize("game", GAMES)
def test_no_seed_sheet_splits_a_block_leaving_a_token_remnant(game: str):
    """Read from the plan of every seed sheet on the kit's own paper: a table split
    between columns or pages keeps KEEP_ROWS rows on each side, a list KEEP_ITEMS items
    (no "(cont.)" of three rows, no bullet alone at a column foot)."""
    planned, _, _ = seed_kit(game)
    for sheet in planned.game.sheets:
        assert _remnants(planned, sheet.id) == [], sheet.id


@pytest.mark.parametrize("rows", range(30, 46, 3))
def test_a_table_splits_with_four_rows_each_side_on_the_pages_it_had(game_dir, rows: int):
    # a table filling most of the first column, then a long one: wherever the first
    # leaves room, the second splits with KEEP_ROWS rows each side or moves on whole
    tables = [_table("first", rows), _table("second", 12), _table("third", 20)]
    planned = _sheet_game(
        game_dir, ["first", "second", "third"], tables, [], size=8, min_size=8, max_size=8
    )
    assert _remnants(planned, "qrs") == []
    assert not planned.diags.warnings  # still one page


def test_a_remnant_is_printed_only_where_the_sheet_would_take_a_page_more(game_dir):
    # the first table leaves the second room for 3 rows at the first column's foot, and
    # the second column holds the rest only with them gone: whole, the second table and
    # the third take a second page, so the sheet keeps its one page with a 3-row part
    tables = [_table("first", 47), _table("second", 10), _table("third", 42)]
    items = ["first", "second", "third"]
    planned = _sheet_game(game_dir, items, tables, [], size=8, min_size=8, max_size=8)
    assert not planned.diags.warnings  # one page
    assert _remnants(planned, "qrs") == [("second", 3, KEEP_ROWS)]


def test_a_list_splits_with_two_items_each_side(game_dir):
    words = "every unit rolls a die and moves that far along the road or stays put"
    texts = [
        {"id": f"b{n}", "title": f"Block {n}", "items": [f"{words} {k}." for k in range(5)]}
        for n in range(9)
    ]
    planned = _sheet_game(game_dir, [t["id"] for t in texts], [], texts, size=9, max_size=9)
    assert len({i.extra["rows"][0] for i in _parts(planned)}) > 1  # some list does split
    assert _remnants(planned, "qrs") == []


def test_seed_sheets_and_cards_set_rules_text_at_7pt_or_more():
    for game in GAMES:
        _, pdfs, manifest = seed_kit(game)
        for name, data in pdfs.items():
            if not (name.startswith("sheet-") or name.startswith("cards")):
                continue
            doc = pdfium.PdfDocument(data)
            for number in range(len(doc)):
                # pieces a sheet took in (layout/kit/share.py) keep the pieces' floor, 6 pt
                marks = _off_pieces(read_marks(doc[number]), manifest, name, number + 1)
                small = {  # a reading's mark (†2) is set small by design
                    marks.runs[g.run]
                    for g in unmarked_glyphs(marks.glyphs)
                    if g.size < RULES_MIN - 0.01 and marks.runs[g.run] != FOLD
                }
                assert not small, (game, name, number + 1, small)


def test_a_max_size_below_size_is_an_error_at_the_sheet(game_dir):
    with pytest.raises(KitError) as info:
        _sheet_game(game_dir, ["short"], [_table("short", 4)], [], size=9, max_size=8)
    assert [d.message for d in info.value.diagnostics] == ["max_size 8 is smaller than size 9"]
    assert info.value.diagnostics[0].path == "sheets[0]"


# ---- marks laid over a map keep off its words ------------------------------------------

TILED = """
id: t
title: T
maps:
  - id: big
    title: Big deck
    cell: 1.5in
    terrains: [{id: deck, pattern: grid}, {id: crate, mark: CRATE}]
    legend: {".": deck, c: crate}
    layout: |
      ccc...........
      ccc...........
      ccc...........
"""


def test_a_tile_badge_keeps_off_the_words_of_the_map(game_dir):
    # the map's words fill every tile's top-left corner, where a badge used to go
    planned, pdfs, _ = build_pdfs(write_game(game_dir, TILED))
    data = pdfs["map-big.pdf"]
    last = len(pdfium.PdfDocument(data))
    assert [(n, str(f)) for n, f in pdf_faults(data) if n == last] == []
    marks = read_marks(pdfium.PdfDocument(data)[last - 1])
    (item,) = [i for d in planned.docs for p in d.pages for i in p.items if i.kind == "assembly"]
    badges = sorted(t for t in marks.runs.values() if t in ("I", "II", "III"))
    crates = {
        g.run for g in marks.glyphs if marks.runs[g.run] == "CRATE" and g.box[1] > item.bbox[1]
    }
    assert badges == ["I", "II", "III"] and len(crates) == 9  # nothing left out
    # each badge inside the part of its tile that no neighbour overlaps
    scale = item.extra["scale"]
    tiles = [i for d in planned.docs for p in d.pages for i in p.items if i.kind == "map-tile"]
    for tile in tiles:
        x0, _, x1, _ = tile.extra["window"]
        o = tile.extra["overlap"]
        left = item.bbox[0] + (x0 + (o if tile.extra["col"] > 1 else 0)) * scale
        right = item.bbox[0] + (x1 - (o if tile.extra["col"] < len(tiles) else 0)) * scale
        (run,) = [k for k, t in marks.runs.items() if t == tile.extra["label"]]
        xs = [g.box[0] for g in marks.glyphs if g.run == run]
        assert left < min(xs) and max(xs) < right, tile.extra["label"]


def test_a_glue_note_keeps_off_the_words_of_the_map(game_dir):
    # the middle row's words lie where each glue note would go: half way down its strip
    rows = "\n".join("      " + r * 14 for r in ".c.")
    text = TILED.split("    layout: |")[0] + "    layout: |\n" + rows + "\n"
    _, pdfs, _ = build_pdfs(write_game(game_dir, text))
    data = pdfs["map-big.pdf"]
    assert [(n, str(f)) for n, f in pdf_faults(data)] == []
    doc = pdfium.PdfDocument(data)
    notes = [
        t for n in range(len(doc) - 1) for t in read_marks(doc[n]).runs.values() if "GLUE" in t
    ]
    assert notes and all(t in ("GLUEundertileII", "GLUEundertileIII") for t in notes)


def test_a_seam_line_breaks_round_words_and_stays_on_its_tile():
    from kitgen.layout.maps.maps import _seam_line

    words = [(0, 40, 20, 50), (-5, 200, 20, 210), (-5, 220, 20, 230), (30, 60, 40, 70)]
    # the first word is on the line, the next two past its end, the last beside it
    ops = _seam_line((10, 0, 10, 100), words)
    assert [(o.x0, o.y0, o.x1, o.y1) for o in ops] == [(10, 0, 10, 39), (10, 51, 10, 100)]
    ops = _seam_line((0, 45, 100, 45), words)
    assert [(o.x0, o.x1) for o in ops] == [(21, 100)]


def test_clear_spot_is_nearest_the_corner_and_clear_of_every_box():
    region = (0.0, 0.0, 100.0, 100.0)
    assert clear_spot(20, 10, region, [], 2) == (0.0, 90.0, 20.0, 100.0)
    # a word in the corner: the spot slides right of it, or below it, whichever is nearer
    assert clear_spot(20, 10, region, [(0, 60, 30, 100)], 2) == (32.0, 90.0, 52.0, 100.0)
    assert clear_spot(20, 10, region, [(0, 80, 40, 100)], 2) == (0.0, 68.0, 20.0, 78.0)
    assert clear_spot(20, 10, region, [(0, 0, 100, 95)], 2) is None  # no room anywhere


SETUP_GAME = """
id: t
title: T
counters:
  - id: "rifles-{side}"
    for_each: {side: [red, blue]}
    size: 5/8
    steps: [full, reduced]
    front: {background: "{side}", text: "4-4"}
    back: {background: "{side}", text: "2-4"}
maps:
  - id: m
    cell: 1in
    terrains: [{id: a}, {id: hatch, mark: HATCH}]
    legend: {a: a, h: hatch}
    layout: |
      haa
      aaa
    areas:
      - {id: base, cells: [A1, B1], label: Base}
rules:
  sides: [red, blue]
"""

SETUP = """
title: S
sides:
  - id: red
    placements:
      - {piece: rifles-red, at: A1, face: reduced, label: WW}
  - id: blue
    placements:
      - {piece: rifles-blue, at: C2, label: MW}
"""


def test_a_set_up_piece_stands_on_the_map_and_its_words_keep_inside_it(game_dir):
    # a reduced piece (a thick ring) with wide words, on a cell with a terrain mark and under
    # the area label's first choice: the mark is left out, the label moves, the words fit
    planned, pdfs, _ = build_pdfs(write_game(game_dir, SETUP_GAME, {"scenarios/s.yaml": SETUP}))
    data = pdfs["scenario-s.pdf"]
    assert [str(f) for n, f in pdf_faults(data) if n == 1] == []
    marks = read_marks(pdfium.PdfDocument(data)[0])
    (item,) = [i for d in planned.docs for p in d.pages for i in p.items if i.kind == "setup-map"]
    on_map = {marks.runs[g.run] for g in marks.glyphs if g.box[1] >= item.bbox[1]}
    assert {"WW", "MW", "Base"} <= on_map and "HATCH" not in on_map


@pytest.mark.parametrize("game", GAMES)
def test_a_seed_kit_prints_a_times_sign_between_dimensions(game: str):
    """ "2 rows × 2 columns", "a 3 × 3 grid", "this 8 × 8 map": a letter x between two
    numbers is a times sign on every sheet (an assembly sheet's instructions, a reading)."""
    import re

    from .conftest import pdf_text

    _, pdfs, _ = seed_kit(game)
    found = [
        f"{name} page {n}: {m.group(0)!r}"
        for name, data in sorted(pdfs.items())
        for n, text in enumerate(pdf_text(data), 1)
        for m in re.finditer(r"\d+ (?:\w+ )?x \d+", text)
    ]
    assert found == []
