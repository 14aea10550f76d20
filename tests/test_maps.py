"""Maps: the model (labels, adjacency, edges, areas), composed boards, tiling, and the seeds.

Numbers are worked by hand: a 3/4 in cell is 54 pt, B2 on a 3 x 3 grid spans x 54..108 and
y 54..108 (row 0 is the top row, y grows upward).
"""

from __future__ import annotations

import io
import itertools
import math
from pathlib import Path

import pytest
from pypdf import PdfReader

from kitgen.geometry import HexGrid, SquareGrid
from kitgen.layout.maps.mapart import map_ops
from kitgen.layout.maps.tiling import grid_tiles, seams, spans_needed
from kitgen.layout.plan import Circle, Group, Line, Rect, Text
from kitgen.layout.plan import Path as Outline
from kitgen.layout.sheets.tracks import GROW
from kitgen.model.map import MIN_OVERLAP, Edge, EdgeKind, MapDef, Terrain
from kitgen.model.mapbuild import components, rotate_cell
from tests.conftest import CONTENT, build_pdfs, errors_of, plan_game, write_game

MM = 72 / 25.4

SMALL = """
    id: t
    title: T
    maps:
      - id: m
        title: Small
        cell: 3/4in
        terrains:
          - {id: open, pattern: dots}
          - {id: hatch, mark: H}
        legend: {".": open, H: hatch}
        layout: |
          ..H..
          ..H..
        edge_kinds:
          - {id: wall, width: 4pt, blocks: true}
          - {id: door, symbol: door}
        edges:
          - [B2, C2]
"""


def _flat(ops):
    """Every op, groups opened (positions stay in each group's own coordinates)."""
    for op in ops:
        if isinstance(op, Group):
            yield from _flat(op.ops)
        else:
            yield op


def _map(folder: Path, map_id: str = "m", **settings) -> MapDef:
    return plan_game(folder, **settings).game.maps.get(map_id)


def _one_error(folder: Path, **settings) -> str:
    errs = errors_of(folder, **settings)
    assert len(errs) == 1, errs
    return errs[0]


# ---- labels and topology ------------------------------------------------------------------


def test_square_labels_round_trip(game_dir):
    m = _map(write_game(game_dir, SMALL))
    assert m.label((2, 1)) == "C2"
    assert m.cell_at_label("C2") == (2, 1)
    assert m.cell_at_label("c2") == (2, 1)
    assert m.cell_at_label("F1") is None  # off the map
    assert m.cell_at_label("0101") is None


def test_hex_labels_with_board_prefix():
    g = HexGrid(54, 4, 5)
    cells = {c: "x" for c in g.cells()}
    m = MapDef("h", "", g, cells, {"x": Terrain("x")}, prefix="B1")
    assert m.label((2, 3)) == "B1-0304"
    assert m.cell_at_label("B1-0304") == (2, 3)
    assert m.cell_at_label("B2-0304") is None
    # flat-top, odd columns shifted down: (1, 1) touches (0, 1) and (0, 2) on its left
    assert sorted(m.neighbours((1, 1))) == [(0, 1), (0, 2), (1, 0), (1, 2), (2, 1), (2, 2)]
    assert m.distance((0, 0), (3, 4)) == 6


def test_blocking_edge_cuts_adjacency_but_not_distance(game_dir):
    m = _map(write_game(game_dir, SMALL))
    # B2 = (1, 1), C2 = (2, 1): the wall between them blocks the step
    assert not m.adjacent((1, 1), (2, 1))
    assert m.adjacent((1, 0), (2, 0))
    assert m.distance((1, 1), (2, 1)) == 1
    assert (2, 1) not in m.neighbours((1, 1))


def test_edge_lies_on_the_shared_side(game_dir):
    m = _map(write_game(game_dir, SMALL))
    (e,) = m.edges
    assert (e.a, e.b, e.kind) == ((1, 1), (2, 1), "wall")
    # B2 spans x 54..108, y 0..54 on a 2-row grid: the shared side is x = 108, y 0..54
    drawn = [
        o
        for o in map_ops(m, ("Helvetica", "Helvetica-Bold"))
        if isinstance(o, Line) and o.stroke.width == 4.0
    ]
    assert len(drawn) == 1
    ends = {
        (round(drawn[0].x0, 6), round(drawn[0].y0, 6)),
        (round(drawn[0].x1, 6), round(drawn[0].y1, 6)),
    }
    assert ends == {(108.0, 0.0), (108.0, 54.0)}


def test_edge_between_far_cells_is_an_error(game_dir):
    text = SMALL.replace("- [B2, C2]", "- [B2, D2]")
    folder = write_game(game_dir, text)
    assert _one_error(folder) == (
        f"{folder / 'game.yaml'}:18:9: error: maps[0].edges[0]: edge B2-D2 does not join two "
        "adjacent cells (an edge lies on the side two cells share)"
    )


def test_edge_naming_a_missing_cell(game_dir):
    folder = write_game(game_dir, SMALL.replace("- [B2, C2]", "- [B2, Z9]"))
    assert _one_error(folder) == (
        f"{folder / 'game.yaml'}:18:14: error: maps[0].edges[0]: no cell 'Z9' on map 'm' "
        "(cells run from A1 to E2)"
    )


def test_unknown_edge_kind(game_dir):
    folder = write_game(game_dir, SMALL.replace("- [B2, C2]", "- [B2, C2, wal]"))
    assert _one_error(folder) == (
        f"{folder / 'game.yaml'}:18:9: error: maps[0].edges[0]: unknown edge kind 'wal' "
        "(did you mean 'wall'?)"
    )


def test_edges_along_a_run_of_cells(game_dir):
    folder = write_game(
        game_dir, SMALL.replace("- [B2, C2]", "- {kind: wall, along: 'A1:E1', side: bottom}")
    )
    m = _map(folder)
    assert sorted((e.a, e.b) for e in m.edges) == [((c, 0), (c, 1)) for c in range(5)]


def test_along_needs_a_side(game_dir):
    folder = write_game(game_dir, SMALL.replace("- [B2, C2]", "- {kind: wall, along: A1}"))
    assert _one_error(folder) == (
        f"{folder / 'game.yaml'}:18:9: error: maps[0].edges[0]: 'along' needs 'side' "
        "(top, bottom, left or right)"
    )


def test_unknown_layout_character(game_dir):
    folder = write_game(
        game_dir,
        SMALL.replace("          ..H..\n          ..H..", "          ..H..\n          ..X.."),
    )
    assert errors_of(folder)[0] == (
        f"{folder / 'game.yaml'}:13:9: error: maps[0].layout[1]: unknown character 'X' in "
        "layout row 2, column 3 (add it to the legend beside '.', 'H', or write 'X': null "
        "there for cells off the map)"
    )


def test_a_character_the_legend_lacks_is_one_error_however_often_it_stands(game_dir):
    rows = "          ..H..\n          ..H.."
    folder = write_game(game_dir, SMALL.replace(rows, rows.replace("..H..", "_.H._")))
    assert errors_of(folder) == [
        f"{folder / 'game.yaml'}:12:7: error: maps[0].layout[0]: unknown character '_' in "
        "layout row 1, column 1, and 3 more places (add it to the legend beside '.', 'H', or "
        "write '_': null there for cells off the map)"
    ]


def test_legend_names_unknown_terrain(game_dir):
    folder = write_game(game_dir, SMALL.replace("H: hatch}", "H: hatchway}"))
    errs = errors_of(folder)
    assert errs[0] == (
        f"{folder / 'game.yaml'}:10:5: error: maps[0].legend.H: unknown terrain 'hatchway' "
        "(did you mean 'hatch'?)"
    )


# ---- areas ----------------------------------------------------------------------------------


def test_rooms_derived_as_connected_open_cells(game_dir):
    text = SMALL.replace("        edges:\n          - [B2, C2]\n", "") + (
        "        areas:\n          - {id: room, terrain: [open], split: true}\n"
        "          - {id: left, cells: 'A1:B2'}\n"
    )
    m = _map(write_game(game_dir, text))
    assert m.areas["room-1"] == {(0, 0), (1, 0), (0, 1), (1, 1)}
    assert m.areas["room-2"] == {(3, 0), (4, 0), (3, 1), (4, 1)}
    assert "room-3" not in m.areas
    assert m.area_of((4, 1)) == "room-2"
    assert m.areas_of((0, 0)) == ["room-1", "left"]
    assert m.area_of((2, 0)) is None  # a hatchway belongs to no room


def test_rooms_split_by_edges(game_dir):
    text = SMALL.replace("- [B2, C2]", "- {kind: door, along: 'A1:B1', side: bottom}") + (
        "        areas:\n          - {id: room, terrain: [open], split: true, split_by: [door]}\n"
    )
    m = _map(write_game(game_dir, text))
    assert m.areas["room-1"] == {(0, 0), (1, 0)}
    assert m.areas["room-2"] == {(3, 0), (4, 0), (3, 1), (4, 1)}
    assert m.areas["room-3"] == {(0, 1), (1, 1)}


def test_area_near_a_place(game_dir):
    text = SMALL.replace("        edges:\n          - [B2, C2]\n", "") + (
        "        places: {door: E1}\n"
        "        areas:\n          - {id: zone, near: door, within: 1, terrain: [open]}\n"
    )
    m = _map(write_game(game_dir, text))
    assert m.places["door"] == (4, 0)
    assert m.areas["zone"] == {(4, 0), (3, 0), (4, 1)}


# ---- composed boards --------------------------------------------------------------------

PIECE = """
    id: t
    title: T
    maps:
      - id: piece
        cell: 1in
        terrains: [{id: a}, {id: b}]
        legend: {a: a, b: b}
        layout: |
          aab
          aab
        places: {corner: A1}
      - id: board
        compose:
          - {map: piece, at: A1, rotate: 0}
          - {map: piece, at: D1, rotate: ROT}
"""


def test_rotation_maps_cells_clockwise():
    # a 3 x 2 piece turned 90 degrees clockwise is 2 x 3; its top-left goes top-right
    assert rotate_cell((0, 0), 3, 2, 90) == (1, 0)
    assert rotate_cell((2, 0), 3, 2, 90) == (1, 2)
    assert rotate_cell((0, 0), 3, 2, 180) == (2, 1)
    assert rotate_cell((0, 0), 3, 2, 270) == (0, 2)


def test_composed_board_is_a_full_map(game_dir):
    # the second copy turned 180: its b column lands on the left, against the first's b column
    board = _map(write_game(game_dir, PIECE.replace("ROT", "180")), "board")
    assert (board.grid.cols, board.grid.rows) == (6, 2)
    assert [board.cells[(c, 0)] for c in range(6)] == ["a", "a", "b", "b", "a", "a"]
    assert board.places == {"1.corner": (0, 0), "2.corner": (5, 1)}
    assert board.adjacent((2, 0), (3, 0))  # across the seam
    assert [(p.map, p.at, p.rotate) for p in board.pieces] == [
        ("piece", (0, 0), 0),
        ("piece", (3, 0), 180),
    ]


def test_seam_mismatch_is_reported(game_dir):
    folder = write_game(game_dir, PIECE.replace("ROT", "0"))
    assert _one_error(folder) == (
        f"{folder / 'game.yaml'}:15:9: error: maps[1].compose[1]: copy 2 (piece, rotate 0) "
        "does not join copy 1: D1 (a) meets C1 (b) (2 cells in all) (seam cells must have "
        "the same terrain (or the same 'join' class))"
    )


def test_join_class_allows_different_terrains(game_dir):
    text = PIECE.replace("ROT", "0").replace(
        "[{id: a}, {id: b}]", "[{id: a, join: x}, {id: b, join: x}]"
    )
    board = _map(write_game(game_dir, text), "board")
    assert len(board.cells) == 12


def test_overlapping_copies(game_dir):
    folder = write_game(game_dir, PIECE.replace("D1, rotate: ROT", "B1, rotate: 0"))
    errs = errors_of(folder)
    assert errs[0] == (
        f"{folder / 'game.yaml'}:15:9: error: maps[1].compose[1]: copy 2 (piece) overlaps "
        "copy 1 at B1"
    )


def test_bad_rotation(game_dir):
    folder = write_game(game_dir, PIECE.replace("ROT", "45"))
    assert _one_error(folder) == (
        f"{folder / 'game.yaml'}:15:38: error: maps[1].compose[1].rotate: rotate must be 0, 90, "
        "180 or 270, not 45"
    )


def test_copies_follow_the_board_needing_most(game_dir):
    text = PIECE.replace("ROT", "180") + (
        "      - id: board2\n        compose:\n          - {map: piece, at: A1}\n"
    )
    assert _map(write_game(game_dir, text), "piece").copies == 2


def test_piece_printed_once_per_copy_with_assembly(game_dir):
    folder = write_game(game_dir, PIECE.replace("ROT", "180"))
    p, _, manifest = build_pdfs(folder)
    maps = [i for i in manifest["items"] if i["kind"] == "map"]
    assert [(i["id"], i["copy"]) for i in maps] == [("piece-1", 1), ("piece-2", 2)]
    (asm,) = [i for i in manifest["items"] if i["kind"] == "assembly"]
    assert asm["pieces"] == [
        {"copy": 1, "map": "piece", "at": "A1", "rotate": 0},
        {"copy": 2, "map": "piece", "at": "D1", "rotate": 180},
    ]
    # true size: a 3 x 2 piece of 1 in cells is 216 x 144 pt plus the 3 pt pad each side
    x0, y0, x1, y1 = maps[0]["bbox"]
    assert (round(x1 - x0, 4), round(y1 - y0, 4)) == (222.0, 150.0)


@pytest.mark.parametrize("laid", [False, True])
def test_pieces_printed_as_laid_are_pieces_and_alike_ones_copies(game_dir, laid: bool):
    """A board that takes every copy of its piece prints each as it lies on it, so each
    sheet shows its own cells: "piece 1 of 2", "the 2 pieces of", never "copies of one
    sheet" on the cover. A piece with a copy to spare (copies: 3) prints as itself on
    alike sheets: "copy 1 of 3", "the 2 copies of", "3 copies of one sheet". Read back
    from the PDFs."""
    from tests.conftest import pdf_text

    spare = "" if laid else "        copies: 3\n"
    text = (
        PIECE.replace("ROT", "180")
        .replace("piece\n        cell", f"piece\n        title: Quarter\n{spare}        cell")
        .replace("title: T\n", "title: T\n    cover: {subtitle: A test}\n")
    )
    _, pdfs, _ = build_pdfs(write_game(game_dir, text))

    def words(file: str) -> str:
        return " ".join(" ".join(pdf_text(pdfs[file])).split())

    pages = pdf_text(pdfs["map-piece.pdf"])
    word, n = ("piece", 2) if laid else ("copy", 3)
    assert [f"{word} {k} of {n}" in page for k, page in enumerate(pages, 1)] == [True] * n
    assert ("3 copies of one sheet" in words("cover.pdf")) is not laid
    kind = "pieces" if laid else "copies"
    assert f"Tape the 2 {kind} of Quarter together" in words("map-board.pdf")
    assert ("copy" in words("map-piece.pdf")) is not laid


# ---- tiling -----------------------------------------------------------------------------


def plan_tiles(width, height, avail_w, avail_h, overlap):
    """The fewest equal tiles of at most avail_w x avail_h over the map (no seam margins)."""
    cols = spans_needed(width, avail_w, overlap)
    rows = spans_needed(height, avail_h, overlap)
    return grid_tiles(width, height, rows, cols, overlap)


def test_a_seam_moves_off_what_it_would_cut():
    """Issue 38: a town on the equal seam. 1000 pt in 2 spans with a 20 pt overlap: the
    equal seam starts at 490 (each 510); a town spans 470-530, so the seam's strip (seam
    to seam + 20) must start at 530 or end by 470; the nearer is 450 (strip 450-470)."""
    town = (470.0, 530.0)

    def cost(a, b):
        return 1.0 if a < town[1] and b > town[0] else 0.0

    limits = [600.0, 600.0]
    (a0, a1), (b0, b1) = seams(1000, 2, 20, limits, cost)
    assert (a0, b1) == (0.0, 1000)
    assert cost(b0, a1) == 0 and a1 - b0 == 20  # the strip misses the town, overlap kept
    assert b0 == 450.0  # the nearest clear place to the equal seam, 2 pt steps from it
    # nothing in the way: the equal spans, unmoved
    assert seams(1000, 2, 20, limits, lambda a, b: 0.0) == [(0.0, 510.0), (490.0, 1000)]
    # no span past its limit: with 520 pt at most the seam may not go below 480 (the
    # second span would be 520 long), so it stays where it cuts least, nearest the equal
    (a0, a1), (b0, b1) = seams(1000, 2, 20, [520.0, 520.0], cost)
    assert a1 - a0 <= 520 and b1 - b0 <= 520 and b0 == 490.0
    # three spans: each seam moved on its own, all still within their limits
    spans = seams(1500, 3, 20, [600.0] * 3, cost)
    assert all(b - a <= 600 for a, b in spans) and spans[0][0] == 0 and spans[-1][1] == 1500
    assert all(spans[i][1] - spans[i + 1][0] == 20 for i in range(2))
    assert cost(spans[1][0], spans[0][1]) == 0


def test_tile_windows_hand_worked():
    o = 10 * MM
    plan = plan_tiles(1000, 300, 400, 400, o)
    # n = ceil((1000 - o) / (400 - o)) = 3 tiles across, each (1000 + 2 o) / 3 wide
    assert (plan.rows, plan.cols) == (1, 3)
    w = (1000 + 2 * o) / 3
    for t in plan.tiles:
        assert math.isclose(t.x1 - t.x0, w)
    assert math.isclose(plan.tiles[1].x0, w - o)
    assert [t.label for t in plan.tiles] == ["I", "II", "III"]


def assert_tiles_cover(plan) -> None:
    """The windows cover the map with no gap; neighbours overlap by exactly the overlap."""
    for t in plan.tiles:
        if t.col + 1 < plan.cols:
            right = plan.at(t.row, t.col + 1)
            assert math.isclose(t.x1 - right.x0, plan.overlap)
        if t.row + 1 < plan.rows:
            below = plan.at(t.row + 1, t.col)
            assert math.isclose(below.y1 - t.y0, plan.overlap)
    assert min(t.x0 for t in plan.tiles) == 0 and max(t.x1 for t in plan.tiles) == plan.width
    assert min(t.y0 for t in plan.tiles) == 0 and max(t.y1 for t in plan.tiles) == plan.height


@pytest.mark.parametrize("w,h", [(1296, 864), (500, 2000), (3000, 3000), (401, 50)])
def test_tiles_cover_without_gaps(w, h):
    assert_tiles_cover(plan_tiles(w, h, 400, 600, 10 * MM))


BIG = """
    id: t
    title: T
    maps:
      - id: big
        title: Big deck
        cell: 1.5in
        OVERLAP
        terrains: [{id: deck, pattern: grid}]
        legend: {".": deck}
        layout: |
          ............
          ............
          ............
          ............
          ............
          ............
          ............
          ............
"""


def test_big_map_prints_as_tiles_at_true_scale(game_dir):
    folder = write_game(game_dir, BIG.replace("OVERLAP", ""))
    _, pdfs, manifest = build_pdfs(folder)
    tiles = [i for i in manifest["items"] if i["kind"] == "map-tile"]
    # 12 x 8 cells of 108 pt = 1296 x 864 pt, + 3 pt pad a side = 1302 x 870. Letter's content
    # box under the title is 576 x 692 pt portrait, 756 x 512 landscape; a tile keeps 10 pt
    # beside each seam. Portrait: 1302 across takes 3 (3 x 453 + 2 seams' 10 <= 576) and 870
    # down 2 = 6 sheets, turned 870 across 2 and 1302 down 2 = 4; landscape, as drawn, 1302
    # across 2 ((1302 + o) / 2 = 665 <= 746) and 870 down 2 = 4: as few, and the map as drawn.
    assert len(tiles) == 4
    assert {t["turned"] for t in tiles} == {False}
    assert [(t["row"], t["col"], t["label"]) for t in tiles] == [
        (1, 1, "I"),
        (1, 2, "II"),
        (2, 1, "III"),
        (2, 2, "IV"),
    ]
    assert {t["cell"] for t in tiles} == {108.0}
    assert {t["overlap"] for t in tiles} == {round(10 * MM, 4)}
    assert [(t["index"], t["of"]) for t in tiles] == [(1, 4), (2, 4), (3, 4), (4, 4)]
    # each tile's page box is its window's size: printed 1:1
    for t in tiles:
        x0, y0, x1, y1 = t["window"]
        b = t["bbox"]
        assert math.isclose(b[2] - b[0], x1 - x0, abs_tol=1e-3)
        assert math.isclose(b[3] - b[1], y1 - y0, abs_tol=1e-3)
    xs = sorted({(t["window"][0], t["window"][2]) for t in tiles})
    ys = sorted({(t["window"][1], t["window"][3]) for t in tiles})
    assert xs[0][0] == 0 and xs[-1][1] == 1302.0
    assert ys[0][0] == 0 and ys[-1][1] == 870.0
    assert math.isclose(xs[0][1] - xs[1][0], 10 * MM, abs_tol=1e-3)
    assert math.isclose(ys[0][1] - ys[1][0], 10 * MM, abs_tol=1e-3)
    (asm,) = [i for i in manifest["items"] if i["kind"] == "assembly"]
    assert (asm["rows"], asm["cols"], asm["tiles"]) == (2, 2, 4)
    # read back from the PDF: 4 tiles on landscape Letter and the assembly sheet, landscape
    # too (its diagram drawn larger so: the key under it takes less of the page's height)
    reader = PdfReader(io.BytesIO(pdfs["map-big.pdf"]))
    assert [(float(pg.mediabox.width), float(pg.mediabox.height)) for pg in reader.pages] == [
        (792.0, 612.0)
    ] * 5
    assert "tile IV · 4 of 4" in reader.pages[3].extract_text()
    (entry,) = [f for f in manifest["files"] if f["path"] == "map-big.pdf"]
    assert entry["landscape"] == [1, 2, 3, 4, 5]


def test_a_map_is_turned_when_that_takes_fewer_sheets(game_dir):
    rows = "\n".join(["          " + "." * 12] * 5)
    text = BIG.replace("OVERLAP", "").split("        layout: |")[0] + "        layout: |\n" + rows
    _, pdfs, manifest = build_pdfs(write_game(game_dir, text + "\n"))
    tiles = [i for i in manifest["items"] if i["kind"] == "map-tile"]
    # 12 x 5 cells: 1302 x 546 pt. Portrait as drawn: 3 across x 1 down; landscape: 546 is
    # more than 512 down, so 2 x 2; turned on portrait: 546 across fits 576, 1302 down takes 2
    # ((1302 + o) / 2 = 665 <= 692 - 10): 2 sheets.
    assert [(t["label"], t["turned"]) for t in tiles] == [("I", True), ("II", True)]
    assert {round(t["window"][2] - t["window"][0], 3) for t in tiles} == {546.0}
    reader = PdfReader(io.BytesIO(pdfs["map-big.pdf"]))
    assert len(reader.pages) == 3  # 2 tiles and the assembly sheet, portrait
    assert {(float(pg.mediabox.width), float(pg.mediabox.height)) for pg in reader.pages} == {
        (612.0, 792.0)
    }
    assert "map turned a quarter turn" in reader.pages[0].extract_text()
    # the turned grid registers across the seam: the same grid lines tick both sides
    p = plan_game(write_game(game_dir, text + "\n"))
    a1, b1 = (_tick_positions(pg, pg.items[0]) for pg in p.docs[0].pages[:2])
    assert a1["bottom"] == b1["top"] and len(a1["bottom"]) == 6  # 5 rows: 6 grid lines
    assert not a1["top"] and not b1["bottom"] and not a1["left"] and not a1["right"]


def test_wide_map_stays_upright(game_dir):
    rows = "\n".join(["          " + "." * 14] * 3)
    text = BIG.replace("OVERLAP", "").split("        layout: |")[0] + "        layout: |\n" + rows
    _, _, manifest = build_pdfs(write_game(game_dir, text + "\n"))
    tiles = [i for i in manifest["items"] if i["kind"] == "map-tile"]
    # 14 x 3 cells: 1518 x 330 pt. Upright 3 x 1; turned 1 x 3 is no better, so upright
    assert [(t["label"], t["turned"]) for t in tiles] == [
        ("I", False),
        ("II", False),
        ("III", False),
    ]
    widths = {round(t["window"][2] - t["window"][0], 3) for t in tiles}
    assert widths == {round((1518 + 2 * 10 * MM) / 3, 3)}
    # the assembly sheet of so wide a map is landscape: its diagram drawn at 756 / 1518, not
    # 576 / 1518, of true size
    (entry,) = [f for f in manifest["files"] if f["path"] == "map-big.pdf"]
    assert entry["landscape"] == [4]
    (asm,) = [i for i in manifest["items"] if i["kind"] == "assembly"]
    assert asm["scale"] == pytest.approx(756 / 1518, abs=1e-3)


def test_a_map_that_fits_a_landscape_sheet_prints_on_one(game_dir):
    rows = "\n".join(["          " + "." * 6] * 4)
    text = BIG.replace("OVERLAP", "").split("        layout: |")[0] + "        layout: |\n" + rows
    _, pdfs, manifest = build_pdfs(write_game(game_dir, text + "\n"))
    # 6 x 4 cells: 654 x 438 pt, wider than letter's 576 pt but inside 756 x 512 landscape
    (tile,) = [i for i in manifest["items"] if i["kind"] == "map-tile"]
    assert (tile["label"], tile["turned"], tile["of"]) == ("I", False, 1)
    reader = PdfReader(io.BytesIO(pdfs["map-big.pdf"]))
    assert [(float(pg.mediabox.width), float(pg.mediabox.height)) for pg in reader.pages] == [
        (792.0, 612.0)
    ]  # one sheet, no assembly sheet
    text = reader.pages[0].extract_text()
    assert "tile" not in text and "GLUE" not in text and "cut" not in text
    assert "Key" in text  # under the map, as on any single sheet


def test_overlap_below_the_printer_margin_is_an_error(game_dir):
    folder = write_game(game_dir, BIG.replace("OVERLAP", "overlap: 5mm"))
    assert _one_error(folder) == (
        f"{folder / 'game.yaml'}:7:14: error: maps[0].overlap: overlap 5.00 mm is less than the "
        "printer margin + 3 mm (9.35 mm) (home printers leave the sheet edge blank: tiles must "
        "overlap past it)"
    )
    assert math.isclose(MIN_OVERLAP, 9.35 * MM)


def test_fit_scales_to_one_sheet_and_says_so(game_dir):
    folder = write_game(game_dir, BIG.replace("OVERLAP", ""))
    p = plan_game(folder, fit=True)
    (doc,) = p.docs
    assert len(doc.pages) == 1
    (item,) = doc.pages[0].items
    assert item.kind == "map" and not item.extra["true_size"]
    scale = item.extra["scale"]
    # the width limits: 576 pt of content box over 1302 pt of map
    assert math.isclose(scale, 576 / 1302, rel_tol=1e-5)
    assert f"scale 1:{1 / scale:.2f} — not true size" in doc.pages[0].note


# ---- tracks -----------------------------------------------------------------------------


def test_track_boxes_and_labels(game_dir):
    folder = write_game(
        game_dir,
        """
        id: t
        title: T
        tracks:
          - {id: turn, title: Turn, from: 1, to: 12, per_row: 6, box: 0.5in, labels: {1: start}}
    """,
    )
    p = plan_game(folder)
    (doc,) = p.docs
    (item,) = doc.pages[0].items
    x0, y0, x1, y1 = item.bbox
    # `box` is the least a box measures: alone on tracks.pdf, 6 boxes of 0.5 in grow the
    # most they may (GROW), as 6 of them still fit the page's width
    box = 36.0 * GROW
    assert (x1 - x0, y1 - y0) == (6 * box, 2 * box)
    assert item.extra == {"from": 1, "to": 12, "step": 1, "box": box}


def test_track_label_off_the_track(game_dir):
    folder = write_game(
        game_dir,
        """
        id: t
        title: T
        tracks:
          - {id: turn, from: 1, to: 6, labels: {9: end}}
    """,
    )
    assert _one_error(folder) == (
        f"{folder / 'game.yaml'}:4:40: error: tracks[0].labels.9: 9 is not on the track"
    )


# ---- the seeds ----------------------------------------------------------------------------


def test_reshuffled_ring_of_eight_rooms():
    p = plan_game(CONTENT / "reshuffled")
    maps = p.game.maps
    board = maps.get("station")
    piece = maps.get("station-piece")
    assert piece.copies == 4
    rooms = sorted(k for k in board.areas if k.startswith("room-"))
    assert len(rooms) == 8
    corners = [(0, 0), (17, 0), (0, 17), (17, 17)]
    assert [board.terrains[board.cells[c]].id for c in corners] == ["hatch"] * 4
    assert board.places["aguan"] == (0, 0) and board.places["approach-hatch"] == (17, 17)
    # the 2 open spaces beside the Aguan's hatchway (the third neighbour is a bulkhead pillar)
    beside = [c for c in board.neighbours((0, 0)) if board.cells[c] == "open"]
    assert sorted(beside) == [(0, 1), (1, 0)]
    assert board.cells[(1, 1)] == "bulkhead"
    # approach: the hatchway and 3 spaces along each side, in the 2-wide corridor
    approach = board.areas["approach"]
    assert (17, 17) in approach and (14, 17) in approach and (17, 14) in approach
    assert (13, 17) not in approach
    # walked through the corridor: its 4 x 4 corner less the pillar; not through the wall
    # into the inside room's corner at (14, 14), which is 3 steps away as the crow flies
    assert len(approach) == 11
    assert (14, 14) not in approach
    # inside rooms are 5 x 5 with a centre space; sentry places sit in two of them
    inside = [board.areas[r] for r in rooms if len(board.areas[r]) == 25]
    assert len(inside) == 4
    assert board.places["sentry-3"] in board.areas["room-4"] | board.areas["room-5"] | set()
    # the pieces' Water Level spaces turn with them: exactly one in each of the 8 rooms
    water = [mk.cell for mk in board.marks if mk.text == "water level"]
    assert sorted(board.area_of(c) for c in water) == rooms


CORNERS = """
    id: t
    title: T
    maps:
      - id: m
        title: Corners
        cell: 1in
        diagonal: true
        corner_walls: [wall]
        terrains:
          - {id: open}
          - {id: wall}
          - {id: rubble}
        legend: {".": open, "#": wall, r: rubble}
        layout: |
          .#.
          ...
          r..
"""


def test_diagonal_steps_may_not_cut_past_a_wall_corner(game_dir):
    m = _map(write_game(game_dir, CORNERS))
    # A1 -> B2 passes B1 (a wall): cut; B2 -> C1 likewise; A1 -> B2 -> C1 only round it
    assert not m.adjacent((0, 0), (1, 1)) and not m.adjacent((1, 1), (2, 0))
    assert not m.adjacent((2, 0), (1, 1))  # the same step backwards
    # rubble is no wall: B2 -> A3 is a fair diagonal step, and so is B2 -> C3
    assert m.adjacent((1, 1), (0, 2)) and m.adjacent((1, 1), (2, 2))
    assert m.adjacent((0, 0), (0, 1))  # sides are never cut
    free = _map(write_game(game_dir, CORNERS.replace("corner_walls: [wall]", "")))
    assert free.adjacent((0, 0), (1, 1))


def _room_of(board: MapDef, cell) -> str | None:
    return next((k for k in board.areas if k.startswith("room-") and cell in board.areas[k]), None)


def test_reshuffled_rooms_meet_only_through_hatchways():
    board = plan_game(CONTENT / "reshuffled").game.maps.get("station")
    assert "bulkhead" in board.corner_walls
    crossings = []
    for cell in board.cells:
        for n in board.neighbours(cell):
            a, b = _room_of(board, cell), _room_of(board, n)
            if a and b and a != b:
                crossings.append((board.label(cell), board.label(n)))
    assert crossings == []
    # every room is reached from another only by stepping onto a hatchway: the hatchways
    # are what the rooms touch
    hatch_sides = {
        _room_of(board, n)
        for cell, t in board.cells.items()
        if t == "hatch"
        for n in board.neighbours(cell)
    }
    assert len(hatch_sides - {None}) == 8
    # the step the option forbids: round the Aguan's corner past the bulkhead pillar
    assert not board.adjacent((0, 1), (1, 0))


def test_ryamon_terrain_properties():
    p = plan_game(CONTENT / "ryamon")
    world = p.game.maps.get("world")
    limits = {t.label: t.props["pop_limit"] for t in world.terrains.values()}
    assert limits == {"Water": 1, "Grassland": 4, "Forest": 3, "Urban": 6}
    assert world.terrains["water"].props["impassable_except"] == "Hunters"
    # the key under the map (tiled: under the assembly diagram) says it in words
    (doc,) = [d for d in p.docs if d.name == "map-world"]
    words = [op.text for op in _flat(doc.pages[-1].ops) if isinstance(op, Text)]
    assert "pop limit 1; impassable except Hunters" in words
    assert {"pop limit 4", "pop limit 3", "pop limit 6"} <= set(words)
    # a food track for each tribe, so the four markers never share a box
    markers = [c for c in p.game.counters if c.attrs.get("piece") == "food-marker"]
    tracks = p.game.tracks.tracks
    assert len(tracks) == len(markers) > 1
    assert {t.id for t in tracks} == {c.id for c in markers}
    assert all(t.labels == {5: "start"} for t in tracks)


def test_duck_deck_is_tiled_on_letter():
    p = plan_game(CONTENT / "duck")
    deck = p.game.maps.get("deck")
    assert deck.grid.cell == 108.0  # 1.5 in squares for 54 mm figures
    assert deck.grid.cols * 1.5 > 8.5 and deck.grid.rows * 1.5 > 8.5
    kinds = {e.kind for e in deck.edges}
    assert kinds == {"bulkhead", "door"}
    tiles = [i for d in p.docs for pg in d.pages for i in pg.items if i.kind == "map-tile"]
    assert len(tiles) == 4


@pytest.mark.parametrize("game", ["reshuffled", "ryamon", "duck"])
def test_every_seed_terrain_reads_in_greyscale(game):
    """Every terrain has a pattern or a mark but one a map at most: its plain ground, told
    from the rest by being plain (DUCK!'s deck: its sub-grid read as a second grid)."""
    p = plan_game(CONTENT / game)
    for m in p.game.maps.maps:
        plain = [t.id for t in m.terrains.values() if t.pattern in (None, "none") and not t.mark]
        assert len(plain) <= 1, (game, m.id, plain)


def test_model_needs_no_reader():
    """The rules engine can build a map by hand: one model for drawing and walking."""
    g = SquareGrid(54, 3, 1)
    m = MapDef(
        "x",
        "",
        g,
        {(0, 0): "o", (1, 0): "o", (2, 0): "o"},
        {"o": Terrain("o")},
        edges=(Edge((0, 0), (1, 0), "wall"),),
        edge_kinds={"wall": EdgeKind("wall", blocks=True)},
    )
    assert m.neighbours((1, 0)) == [(2, 0)]
    assert components(m, m.cells) == [frozenset({(0, 0)}), frozenset({(1, 0), (2, 0)})]


# ---- every other error path, with its exact message ----------------------------------------

ONE = "{id: p, cell: 1in, terrains: [{id: a}], legend: {a: a}, layout: a}"
ERRORS = [
    (
        "maps:\n  - id: m\n    cell: 1in\n    terrains: [{id: a}]\n    legend: {a: a}\n"
        '    layout: ""\n',
        "8:13: error: maps[0].layout: the layout has no cells (write one character per cell, "
        "a row per line)",
    ),
    ("maps: [3]\n", "3:8: error: maps[0]: expected a mapping of keys for a map"),
    (
        "maps:\n  - {id: m, cell: 1in, terrains: [{id: a}], legend: {ab: a, a: a}, layout: a}\n",
        "4:54: error: maps[0].legend.ab: legend keys are single characters, not 'ab'",
    ),
    (
        f"maps:\n  - {ONE}\n  - {ONE}\n",
        "5:5: error: maps: duplicate map id 'p' (first at line 4)",
    ),
    (
        "maps:\n  - {id: m, cell: 1in, terrains: [{id: a}], legend: {a: a}, layout: aa,\n"
        "     edges: [[A1, B1]]}\n",
        "5:14: error: maps[0].edges[0]: no edge kinds declared (add edge_kinds: [{id: wall}] to "
        "the map)",
    ),
    (
        "maps:\n  - {id: m, cell: 1in, terrains: [{id: a}], legend: {a: a}, layout: aa,\n"
        "     edge_kinds: [{id: w}], edges: [[A1], {kind: w}, {kind: w, pairs: [[A1]]}]}\n",
        [
            "5:37: error: maps[0].edges[0]: an edge is [cell, cell] or [cell, cell, kind]",
            "5:43: error: maps[0].edges[1]: an edge entry needs 'pairs', 'along' or 'between'",
            "5:72: error: maps[0].edges[2].pairs[0]: a pair is [cell, cell]",
        ],
    ),
    (
        "maps:\n  - {id: m, grid: hex, cell: 1in, terrains: [{id: a}], legend: {a: a},\n"
        "     layout: aa, edge_kinds: [{id: w}], edges: [{kind: w, along: '0101', side: top}]}\n",
        [
            "5:49: error: maps[0].edges[0]: 'along' needs 'side' (n, ne, se, s, sw or nw)",
            "5:80: error: maps[0].edges[0].side: unknown side 'top' (use n, ne, se, s, sw, nw)",
        ],
    ),
    (
        "maps:\n  - {id: m, cell: 1in, terrains: [{id: a}], legend: {a: a}, layout: aa,\n"
        "     areas: [{id: x, cells: A1}, {id: x, cells: B1}]}\n",
        "5:34: error: maps[0].areas[1]: duplicate area id 'x'",
    ),
    (
        "maps:\n  - {id: m, cell: 1in, terrains: [{id: a}], legend: {a: a}, layout: aa,\n"
        "     areas: [{id: x, terrain: [b]}]}\n",
        "5:31: error: maps[0].areas[0].terrain: unknown terrain 'b' (valid: a)",
    ),
    (
        "maps:\n  - {id: m, cell: 1in, terrains: [{id: a}], legend: {a: a}, layout: a,\n"
        "     marks: [{at: A1, icon: turet}]}\n",
        "5:29: error: maps[0].marks[0].icon: unknown icon 'turet' (did you mean 'turret'?)",
    ),
    (
        "maps:\n  - {id: m, cell: 1in, terrains: [{id: a}], legend: {a: a}, layout: a,\n"
        "     corner_walls: [a]}\n",
        "5:20: error: maps[0].corner_walls: corner_walls needs diagonal steps on a square grid "
        "(add diagonal: true (square grids only))",
    ),
    (
        "maps:\n  - {id: m, cell: 1in, terrains: [{id: wall}], legend: {a: wall}, layout: a,\n"
        "     diagonal: true, corner_walls: [wal]}\n",
        "5:37: error: maps[0].corner_walls[0]: unknown terrain 'wal' (did you mean 'wall'?)",
    ),
    (
        "maps:\n  - id: b\n    compose: [{map: nope}]\n",
        "5:21: error: maps[0].compose[0].map: unknown map 'nope'",
    ),
    (
        f"maps:\n  - {ONE}\n  - id: b\n    compose: [{{map: p, at: zz}}]\n",
        "6:28: error: maps[1].compose[0].at: 'at' must be a cell label like A1 or 0101, not 'zz'",
    ),
    (
        f"maps:\n  - {ONE}\n  - {ONE.replace('p,', 'q,').replace('1in', '2in')}\n"
        "  - id: b\n    compose: [{map: p}, {map: q, at: B1}]\n",
        "6:5: error: maps[2].compose: composed pieces must share one grid kind and cell size",
    ),
    (
        "maps:\n  - {id: p, grid: hex, cell: 1in, terrains: [{id: a}], legend: {a: a}, layout: a}\n"
        "  - id: b\n    compose: [{map: p, at: '0101'}, {map: p, at: '0201'}]\n",
        "6:50: error: maps[1].compose[1].at: hex pieces must start on an odd column (1, 3, 5 ...) "
        "(so every copy keeps the same column shift)",
    ),
    (
        "maps:\n  - {id: p, grid: hex, cell: 1in, terrains: [{id: a}], legend: {a: a}, layout: a}\n"
        "  - id: b\n    compose: [{map: p, rotate: 180}]\n",
        "6:32: error: maps[1].compose[0].rotate: hex pieces are placed unrotated (rotate: 0)",
    ),
    (
        "tracks:\n  - {id: t, from: 5, to: 1}\n  - {id: u, from: 1, to: 100000}\n"
        "  - {id: v, from: 1, to: 3, step: 0}\n  - {id: w, from: 1, to: 2, labels: {x: y}}\n",
        [
            "4:5: error: tracks[0]: a track from 5 to 1 needs a step of the other sign",
            "5:5: error: tracks[1]: a track of 100000 boxes is too long (at most 500)",
            "6:35: error: tracks[2].step: step must not be 0",
            "7:38: error: tracks[3].labels.x: track labels are keyed by number, not 'x'",
        ],
    ),
]


@pytest.mark.parametrize("body,expected", ERRORS)
def test_error_messages(game_dir, body, expected):
    folder = write_game(game_dir, "id: g\ntitle: G\n" + body)
    prefix = f"{folder / 'game.yaml'}:"
    want = [expected] if isinstance(expected, str) else expected
    assert errors_of(folder) == [prefix + w for w in want]


def test_empty_area_is_a_warning(game_dir):
    folder = write_game(
        game_dir,
        """
        id: g
        title: G
        maps:
          - {id: m, cell: 1in, terrains: [{id: a}, {id: b}], legend: {a: a}, layout: a,
             areas: [{id: x, terrain: [b]}]}
    """,
    )
    p = plan_game(folder)
    assert [str(d) for d in p.diags.warnings] == [
        f"{folder / 'game.yaml'}:5:14: warning: maps[0].areas[0]: area 'x' holds no cells"
    ]


def test_seam_ticks_sit_on_grid_lines(game_dir):
    rows = "\n".join(["          " + "." * 14] * 3)
    text = BIG.replace("OVERLAP", "").split("        layout: |")[0] + "        layout: |\n" + rows
    p = plan_game(write_game(game_dir, text + "\n"))
    pages = p.docs[0].pages
    (tile,) = pages[1].items  # A2: neighbours on both sides
    x0, y0, x1, y1 = tile.extra["window"]
    bx0, by0, bx1, by1 = tile.bbox
    left = [
        o
        for o in pages[1].ops
        if isinstance(o, Line)
        and o.y0 == o.y1
        and math.isclose(o.x0 - o.x1, 9.0)
        and math.isclose(o.x0, bx0)
    ]
    # back in map points: 3 pt pad + k whole cells of 108 pt, k = 0..3 (3 rows)
    got = sorted(round(o.y0 - by0 + y0, 6) for o in left)
    assert got == [3.0 + 108.0 * k for k in range(4)]


def test_hex_pieces_compose_and_check_slanted_seams(game_dir):
    body = """
        id: g
        title: G
        maps:
          - id: p
            grid: hex
            cell: 1in
            terrains: [{id: a}, {id: b}]
            legend: {a: a, b: b}
            layout: |
              aa
              aB
          - id: board
            compose: [{map: p, at: '0101'}, {map: p, at: '0301'}]
    """
    good = _map(write_game(game_dir, body.replace("aB", "aa")), "board")
    assert (good.grid.cols, good.grid.rows) == (4, 2)
    # flat-top, odd columns shifted down: (1, 0) touches (2, 0) and (2, 1) across the seam
    assert good.adjacent((1, 0), (2, 1)) and good.adjacent((1, 1), (2, 1))
    folder = write_game(game_dir, body.replace("aB", "ab"))
    # copy 1's b at (1, 1) meets copy 2's a at (2, 1) only: (2, 2) is off the board
    assert errors_of(folder) == [
        f"{folder / 'game.yaml'}:13:37: error: maps[1].compose[1]: copy 2 (p, rotate 0) does not "
        "join copy 1: 0302 (a) meets 0202 (b) (seam cells must have the same terrain (or the "
        "same 'join' class))"
    ]


def test_assembly_area_labels_stay_on_the_board_and_clear_of_the_copy_arrows():
    p = plan_game(CONTENT / "reshuffled")
    (doc,) = [d for d in p.docs if d.name == "map-station"]
    page = doc.pages[-1]
    (item,) = page.items
    (art,) = [op for op in page.ops if isinstance(op, Group) and op.scale != 1.0]
    (inner,) = art.ops

    def on_page(r):
        s = art.scale
        x0 = art.dx + (inner.dx + r.x) * s
        y0 = art.dy + (inner.dy + r.y) * s
        return (x0, y0, x0 + r.w * s, y0 + r.h * s)

    tabs = [
        on_page(op)
        for op in inner.ops
        if isinstance(op, Rect) and op.fill == "#ffffff" and op.stroke and op.radius
    ]
    texts = [op.text for op in inner.ops if isinstance(op, Text)]
    assert [f"Room {n}" for n in range(1, 9)] == sorted(t for t in texts if t.startswith("Room"))
    arrows = [
        (op.x, op.y, op.x + op.w, op.y + op.h)
        for op in page.ops
        if isinstance(op, Rect) and op.stroke and op.stroke.colour == "#1f4e9c" and op.fill
    ]
    assert len(arrows) == 4
    x0, y0, x1, y1 = item.bbox
    for t in tabs:
        assert x0 <= t[0] and t[2] <= x1 and y0 <= t[1] and t[3] <= y1
        for a in arrows:
            assert t[2] <= a[0] or a[2] <= t[0] or t[3] <= a[1] or a[3] <= t[1], (t, a)


def _tick_positions(page, tile):
    """Map-art positions of the alignment ticks outside each edge of a tile's window."""
    bx0, by0, bx1, by1 = tile.bbox
    wx0, wy0, _, _ = tile.extra["window"]
    out: dict[str, list[float]] = {"left": [], "right": [], "top": [], "bottom": []}
    for o in page.ops:
        if not isinstance(o, Line) or o.stroke.colour != "#000000" or o.stroke.width != 0.6:
            continue
        if o.y0 == o.y1 and math.isclose(abs(o.x1 - o.x0), 9.0):
            side = "left" if math.isclose(o.x0, bx0) else "right" if math.isclose(o.x0, bx1) else ""
            if side:
                out[side].append(round(o.y0 - by0 + wy0, 4))
        if o.x0 == o.x1 and math.isclose(abs(o.y1 - o.y0), 9.0):
            side = "bottom" if math.isclose(o.y0, by0) else "top" if math.isclose(o.y0, by1) else ""
            if side:
                out[side].append(round(o.x0 - bx0 + wx0, 4))
    return {k: sorted(v) for k, v in out.items()}


def test_ticks_register_across_every_seam(game_dir):
    folder = write_game(game_dir, BIG.replace("OVERLAP", ""))
    p = plan_game(folder)
    pages = p.docs[0].pages[:-1]
    tiles = {(pg.items[0].extra["row"], pg.items[0].extra["col"]): pg for pg in pages}
    assert set(tiles) == {(1, 1), (1, 2), (2, 1), (2, 2)}
    grid = {3.0 + 108.0 * k for k in range(13)}  # 3 pt pad + whole 1.5 in cells
    ticks = {rc: _tick_positions(pg, pg.items[0]) for rc, pg in tiles.items()}
    for (r, c), t in ticks.items():
        for side, wanted in (
            ("right", c == 1),
            ("left", c == 2),
            ("bottom", r == 1),
            ("top", r == 2),
        ):
            assert bool(t[side]) == wanted, (r, c, side)
            assert set(t[side]) <= grid
    # the ticks on either side of a seam are the same grid lines: the grid registers
    assert ticks[(1, 1)]["right"] == ticks[(1, 2)]["left"]
    assert ticks[(2, 1)]["right"] == ticks[(2, 2)]["left"]
    assert ticks[(1, 1)]["bottom"] == ticks[(2, 1)]["top"]
    assert ticks[(1, 2)]["bottom"] == ticks[(2, 2)]["top"]


def test_tiles_and_fit_say_so_in_the_pdf_text(game_dir):
    folder = write_game(game_dir, BIG.replace("OVERLAP", ""))
    _, pdfs, _ = build_pdfs(folder)
    reader = PdfReader(io.BytesIO(pdfs["map-big.pdf"]))
    for n, label in enumerate(["I", "II", "III", "IV"]):
        text = reader.pages[n].extract_text()
        assert f"tile {label} · {n + 1} of 4" in text
        # glue strips on the right/bottom where a neighbour goes over; cut edges left/top
        assert ("GLUE" in text) == (label != "IV") and ("cut" in text) == (label != "I")
    _, pdfs, manifest = build_pdfs(folder, fit=True)
    (item,) = [i for i in manifest["items"] if i["kind"] == "map"]
    text = PdfReader(io.BytesIO(pdfs["map-big.pdf"])).pages[0].extract_text()
    assert f"scale 1:{1 / item['scale']:.2f} — not true size" in text
    assert item["true_size"] is False


def test_glue_notes_sit_between_grid_lines(game_dir):
    folder = write_game(game_dir, BIG.replace("OVERLAP", ""))
    p = plan_game(folder)
    notes = 0
    for page in p.docs[0].pages[:-1]:
        tile = page.items[0]
        bx0, by0, _, _ = tile.bbox
        wx0, wy0, _, _ = tile.extra["window"]
        ticks = _tick_positions(page, tile)
        for r in page.ops:
            if not (isinstance(r, Rect) and r.stroke and r.stroke.colour == "#999999"):
                continue
            notes += 1
            if r.h > r.w:  # upright tab in the right-hand strip: spans map y
                lo, hi, lines = r.y - by0 + wy0, r.y + r.h - by0 + wy0, ticks["right"]
            else:
                lo, hi, lines = r.x - bx0 + wx0, r.x + r.w - bx0 + wx0, ticks["bottom"]
            assert lines and not any(lo <= v <= hi for v in lines), (lo, hi, lines)
    assert notes == 4  # A1: 2, A2: 1 (bottom), B1: 1 (right)


def test_a_newcomers_guesses_get_the_form_to_write(tmp_path):
    """grid as a mapping and terrains keyed by id: each error shows the form to write, and
    the legend does not add an 'unknown terrain' for every terrain the list did not read."""
    folder = write_game(
        tmp_path / "g",
        """
        id: g
        title: G
        maps:
          - id: field
            cell: 3/4in
            grid: {kind: hex}
            terrains:
              clear: {fill: "#f4f1e0"}
              woods: {fill: "#9cc58a"}
            legend: {".": clear, w: woods}
            layout: |
              .w
        """,
    )
    path = folder / "game.yaml"
    assert errors_of(folder) == [
        f"{path}:6:11: error: maps[0].grid: expected text, got a mapping (use square, hex)",
        f"{path}:8:7: error: maps[0].terrains: expected a list, got a mapping (one entry per "
        "line starting with '- ', each with its id: - {id: clear, ...})",
    ]


def test_a_board_that_is_not_a_rectangle_names_the_columns_and_rows_it_spans(game_dir):
    """Its first and last cells in order (A2 and E2 here) would leave out rows 1 and 3."""
    board = SMALL.replace('legend: {".": open, H: hatch}', 'legend: {".": open, H: hatch, _: null}')
    board = board.replace(
        "          ..H..\n          ..H..", "          _.H._\n          ..H..\n          _.H._"
    )
    folder = write_game(game_dir, board.replace("edges:", "places: {gate: Z9}\n        edges:"))
    assert errors_of(folder) == [
        f"{folder / 'game.yaml'}:18:20: error: maps[0].places.gate: no cell 'Z9' on map 'm' "
        "(cells run from A1 to E3)"
    ]


POINTS = SMALL.replace("        cell: 3/4in", "        cell: 3/4in\n        draw: points").replace(
    "        edges:\n          - [B2, C2]\n",
    "        line_kinds: [{id: path}]\n        lines: [{kind: path, path: A1 B2 C1}]\n",
)


def test_a_board_of_points_draws_a_dot_per_cell_and_lines_corner_to_corner(game_dir):
    """A morris or hunt-game board: no cell outlines or border, a dot on every cell's
    centre, and its lines may join cells that touch at a corner."""
    from kitgen.layout.maps.mapart import POINT, border_line, grid_line

    p = plan_game(write_game(game_dir, POINTS))
    m = p.game.maps.get("m")
    ops = list(_flat(p.docs[0].pages[0].ops))
    dots = [o for o in ops if isinstance(o, Circle) and math.isclose(o.r, 54 * POINT)]
    assert len(dots) == len(m.cells) == 10
    outlines = [
        o
        for o in ops
        if isinstance(o, Outline) and o.stroke == grid_line() and _across(o.points) == 54
    ]
    assert outlines == [] and not any(getattr(o, "stroke", None) == border_line() for o in ops)
    assert [m.label(c) for c in m.lines[0].cells] == ["A1", "B2", "C1"]


def _across(points) -> float:
    return round(max(x for x, _ in points) - min(x for x, _ in points), 6)


def test_a_line_on_a_board_of_cells_still_steps_to_neighbours_only(game_dir):
    cells = POINTS.replace("        draw: points\n", "")
    assert _one_error(write_game(game_dir, cells)) == (
        f"{game_dir / 'game.yaml'}:18:32: error: maps[0].lines[0].path: line 'path' jumps from "
        "A1 to B2: not neighbours (a line runs centre to centre through neighbouring cells; "
        "list every cell)"
    )


def test_each_map_piece_prints_as_it_lies_on_the_board():
    """Issue 43: Reshuffled's four map pieces printed alike, their TOP mark outside the cut
    and their room numbers only on the assembly sheet, so once cut a player held four
    identical squares. Each copy now prints as it lies on the board: the board's cell names
    on its own cells (copy 2, at J1 turned 90, holds J1 to R9), every room's number on
    some piece, and no TOP to turn by. Read back from the PDF."""
    from tests.conftest import pdf_words, seed_kit

    planned, pdfs, manifest = seed_kit("reshuffled")
    board = planned.game.maps.get("station")
    pages = pdf_words(pdfs["map-station-piece.pdf"])
    assert len(pages) == 4
    items = [i for i in manifest["items"] if i["file"] == "map-station-piece.pdf"]

    def inside(w, box) -> bool:  # the board is drawn whole under each copy's clip
        cx, cy = (w.box[0] + w.box[2]) / 2, (w.box[1] + w.box[3]) / 2
        return box[0] < cx < box[2] and box[1] < cy < box[3]

    names = {board.label(c) for c in board.cells}
    rooms: set[str] = set()
    for p, item in zip(board.pieces, items, strict=True):
        words = [w for w in pages[item["page"] - 1] if inside(w, item["bbox"])]
        texts = [w.text for w in words]
        piece = planned.game.maps.get(p.map)
        cols, rows = piece.grid.cols, piece.grid.rows
        want = {
            board.label((p.at[0] + c, p.at[1] + r))
            for c in range(cols)
            for r in range(rows)
            if (p.at[0] + c, p.at[1] + r) in board.cells
        }
        assert {t for t in texts if t in names} == want, p.at
        assert "TOP" not in [w.text for w in pages[item["page"] - 1]]
        rooms |= {b.text for a, b in itertools.pairwise(words) if a.text == "Room"}
    assert rooms == {str(n) for n in range(1, 9)}


def test_assembly_text_names_only_the_cut_edges_the_tiles_have():
    """A tile's cut edge is where it lies over a neighbour: left past the first column,
    top past the first row. One row of tiles has only left edges, one column only top."""
    from kitgen.layout.maps.maps import _assembly_lines

    o = 10 * MM
    cases = {(1, 3): "edge (left)", (3, 1): "edge (top)", (2, 2): "edges (left and top)"}
    for (rows, cols), words in cases.items():
        plan = grid_tiles(900, 900, rows, cols, o)
        text = _assembly_lines(plan, False)[0]
        assert f"along its solid \u2018cut\u2019 {words}, lay it" in text, text
