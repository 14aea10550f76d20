"""A map's assembly sheet, read back from the PDF (issue 18): its key sits right under the
diagram, not pinned to the page's foot with a hole above it, and the map's note under the
title is set at SMALL, wrapped where long, never shrunk below RULES_MIN as on a tile."""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest

from kitgen.layout.frame import content_box
from kitgen.style import RULES_MIN, SMALL
from kitgen.units import PAPERS, PRINTER_MARGIN
from tests.page_marks import Marks, marks_of

from .conftest import CONTENT, build_pdfs, seed_kit, write_game

GAMES = sorted(p.parent.name for p in CONTENT.glob("*/game.yaml"))


def _run_box(marks: Marks, text: str) -> tuple[float, float, float, float]:
    (run,) = [r for r, t in marks.runs.items() if t == text]
    boxes = [g.box for g in marks.glyphs if g.run == run]
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def _key_gap(marks: Marks) -> float:
    """From the lowest line or fill above the key's heading (the diagram's bottom) down to
    the top of that heading."""
    key_top = _run_box(marks, "Key")[3]
    above = [min(s.y0, s.y1) for s in marks.segments if min(s.y0, s.y1) > key_top]
    above += [f.box[1] for f in marks.fills if f.box[1] > key_top]
    return min(above) - key_top


def _assembly_pages(game: str, shared: bool = False) -> list[tuple[str, Marks]]:
    """The pages of a kit's assembly diagrams: sheets of their own, or (``shared``) the
    pages of charts a diagram is set under."""
    _, pdfs, manifest = seed_kit(game)
    items = manifest["items"]
    return [
        (f"{i['file']} page {i['page']}", marks_of(pdfs[i["file"]], i["page"]))
        for i in items
        if i["kind"] == "assembly"
        and shared
        == any(o["file"] == i["file"] and o["page"] == i["page"] and o is not i for o in items)
    ]


@pytest.mark.parametrize("game", GAMES)
def test_an_assembly_sheets_key_sits_right_under_its_diagram(game: str):
    gaps = {
        where: round(_key_gap(marks), 1)
        for where, marks in _assembly_pages(game)
        if "Key" in marks.runs.values()
    }
    assert {w: g for w, g in gaps.items() if not 0 <= g <= 8} == {}


@pytest.mark.parametrize("game", GAMES)
def test_an_assembly_sheets_head_is_set_at_7pt_or_more(game: str):
    for where, marks in _assembly_pages(game):
        foot = _head_foot(marks)
        head = [g for g in marks.glyphs if g.box[1] > foot]
        assert {marks.runs[g.run] for g in head if g.size < RULES_MIN - 0.01} == set(), where


@pytest.mark.parametrize("game", ["duck", "ironford", "reshuffled", "ryamon"])
def test_an_assembly_sheet_says_assembly_once(game: str):
    """Its title line says "assembly", as a tile's says which tile; the sheet label above
    says what the map is and which sheet, not "assembly diagram" again."""
    pages = _assembly_pages(game)
    shared = _assembly_pages(game, shared=True)
    assert pages or shared
    for where, marks in pages:
        words = [t for t in marks.runs.values() if "assembly" in t.lower()]
        assert words.count("assembly") == 1 and "assemblydiagram" not in words, (where, words)
    # a diagram under the charts (issue 38): the title line names both, a heading the diagram
    for where, marks in shared:
        words = [t for t in marks.runs.values() if "assembly" in t.lower()]
        assert words == ["charts\u00b7assembly", "Assembly"], (where, words)


# how the sheet's instructions end: a tiled map's, a composed board's (turned, or as laid), a
# turned map's
ENDS = ("outwards.", "clockwise.", "theseams.", "fewerofthem.")


def _head_foot(marks: Marks) -> float:
    """Just under the sheet's instruction lines (the head is what lies above): a line under
    the lowest, the one that ends the instructions."""
    ends = [t for t in marks.runs.values() if t.endswith(ENDS)]
    return min(_run_box(marks, t)[1] for t in ends) - 13


@pytest.mark.parametrize("game", GAMES)
def test_an_assembly_sheets_instructions_name_maps_and_wrap_to_the_page(game: str):
    """The instructions say × for a grid's rows by columns, name the pieces a board is
    taped from by their maps' titles (never an id, never the mark of a reading whose note
    is on another sheet), and wrap inside the page's margins."""
    _, pdfs, manifest = seed_kit(game)
    for where, marks in _assembly_pages(game):
        foot = _head_foot(marks)
        above = {g.run for g in marks.glyphs if g.box[1] > foot}
        head = "".join(t for r, t in marks.runs.items() if r in above)
        assert " x " not in head and "rowsx" not in head and "\u2020together" not in head, where
        file = where.split(" page ")[0]
        doc = pdfium.PdfDocument(pdfs[file])
        width = doc[0].get_width()
        doc.close()
        right = max(g.box[2] for g in marks.glyphs if g.box[1] > foot)
        assert right <= width - PRINTER_MARGIN, where
        if "Tape" in head:
            assert "Tapethe4piecesofResearchprison\u2014mappiecetogether" in head, where
            assert "station-piece" not in head, where
        else:
            assert re.search("[12]rows?\u00d7[12]columns?", head), where


LONG = "A note that goes on " + "and on " * 30 + "to its end."
GAME = (
    "id: n\ntitle: N\nmaps:\n  - id: m\n    title: Map\n    note: " + LONG + "\n"
    "    cell: 1in\n    terrains: [{id: a}]\n    legend: {a: a}\n"
    "    layout: |\n" + "      aaaaaaaaaaaa\n" * 4
)


def test_a_long_note_wraps_at_small_on_the_assembly_sheet(game_dir):
    _, pdfs, manifest = build_pdfs(write_game(game_dir, GAME))
    (item,) = [i for i in manifest["items"] if i["kind"] == "assembly"]
    marks = marks_of(pdfs[item["file"]], item["page"])
    note = [r for r, t in marks.runs.items() if len(t) > 9 and t in LONG.replace(" ", "")]
    sizes = {round(g.size, 2) for g in marks.glyphs if g.run in note}
    assert (sizes, len(note)) == ({SMALL}, 2)  # two lines across the landscape sheet
    doc = pdfium.PdfDocument(pdfs[item["file"]])
    width = doc[item["page"] - 1].get_width()
    doc.close()
    assert max(g.box[2] for g in marks.glyphs if g.run in note) <= width - PRINTER_MARGIN


@pytest.mark.parametrize("game", GAMES)
def test_an_assembly_sheet_lies_the_way_its_tiles_lie(game: str):
    """DUCK!'s deck tiles print landscape; its assembly sheet did portrait, the diagram
    barely smaller turned, with 30 % of the page empty under the key. The sheet lies as
    its tiles do unless the other way draws the diagram clearly larger (Ryamon's square
    map on two landscape tiles: its diagram is larger portrait than landscape could be)."""
    _, pdfs, manifest = seed_kit(game)
    for item in [i for i in manifest["items"] if i["kind"] == "assembly"]:
        doc = pdfium.PdfDocument(pdfs[item["file"]])
        ways = [page.get_width() > page.get_height() for page in doc]
        tiles_way = doc[0].get_size()
        doc.close()
        if len(set(ways)) == 1:
            continue
        # the most the tiles' way could hold: its content box less the title line and one
        # row of the key (24 pt each)
        x0, y0, x1, y1 = item["bbox"]
        w, h = (x1 - x0) / item["scale"], (y1 - y0) / item["scale"]
        bx0, by0, bx1, by1 = content_box(PAPERS["letter"].sized(tiles_way))
        most = min((bx1 - bx0) / w, (by1 - by0 - 48) / h)
        assert item["scale"] > 1.02 * most, item["file"]
