"""Round pieces in a square grid (`round_sheet: grid`): each round counter or label in a
cell as wide as it, edge to edge with its like, crop marks at every grid line outside
the block. Positions, rings and marks are read back from the PDF on letter and A4."""

from __future__ import annotations

import pytest

from kitgen.layout.counters.counters import ROUND_HOW
from kitgen.layout.frame import content_box
from kitgen.layout.impose import grow, overlaps
from kitgen.units import PAPERS

from .conftest import build_pdfs, errors_of, write_game
from .test_butted import PATH, _block, _objects, _seg

GAME = """
id: g
title: G
share_sheets: false
{sheet}
counters:
  - {{id: r, shape: round, size: 5/8, quantity: 23, front: {{background: navy, text: R}}}}
  - {{id: q, shape: round, size: 1/2, quantity: 30, front: {{background: "#c03020", text: Q}}}}
  - {{id: s, size: 3/4, quantity: 4, front: {{background: teal}}}}
labels:
  - id: base
    name: Base label
    blanks: 13
    shape: round
    size: 3/4
    front: {{text: "F __ M __"}}
"""


def _rings(pdf: bytes, page: int, sizes: set[float]) -> list[tuple]:
    """The cut rings drawn on the page itself, as their circles' boxes: a round piece's
    ring is a path whose bounds are its box grown by its stroke."""
    import pypdfium2 as pdfium

    rings = []
    for obj in pdfium.PdfDocument(pdf)[page].get_objects(max_depth=1):
        if obj.type != PATH or obj.level != 0:
            continue
        x0, y0, x1, y1 = obj.get_bounds()
        w, h = x1 - x0, y1 - y0
        for size in sizes:
            if abs(w - h) < 0.01 and size <= w <= size + 1.2:
                g = (w - size) / 2
                rings.append(tuple(round(v, 2) for v in (x0 + g, y0 + g, x1 - g, y1 - g)))
    return rings


def _text(pdf: bytes, page: int) -> str:
    import pypdfium2 as pdfium

    return " ".join(pdfium.PdfDocument(pdf)[page].get_textpage().get_text_range().split())


def _cells(manifest: dict, ids: set[str], file: str) -> list[tuple]:
    return [
        tuple(round(v, 2) for v in i["bbox"])
        for i in manifest["items"]
        if i["id"].split("-")[0] in ids and i["file"] == file
    ]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_round_pieces_butt_in_a_square_grid_with_crop_marks_at_its_lines(game_dir, paper):
    write_game(game_dir, GAME.format(sheet="round_sheet: grid"))
    _, pdfs, manifest = build_pdfs(game_dir, paper)
    x0, y0, x1, y1 = content_box(PAPERS[paper])
    for file, ids, size, count in (
        ("counters.pdf", {"r"}, 45.0, 23),
        ("counters.pdf", {"q"}, 36.0, 30),
        ("labels.pdf", {"base"}, 54.0, 13),
    ):
        cells = _cells(manifest, ids, file)
        assert len(cells) == count
        assert {(c[2] - c[0], c[3] - c[1]) for c in cells} == {(size, size)}  # sizes exact
        # each cell's ring is drawn on the page, exactly round the cell
        rings = _rings(pdfs[file], 0, {size})
        assert set(cells) <= set(rings)
        # one grid: columns and rows a piece's width apart, no gutter
        xs = sorted({c[0] for c in cells})
        ys = sorted({c[1] for c in cells})
        assert len(xs) > 1 and len(ys) > 1
        assert {round(b - a, 2) for a, b in zip(xs, xs[1:], strict=False)} == {size}
        assert {round(b - a, 2) for a, b in zip(ys, ys[1:], strict=False)} == {size}
        # crop marks at every grid line, beyond the block's edges, never on a piece
        _, ticks = _objects(pdfs[file], 0)
        bx0, by0, bx1, by1 = _block(cells)
        near = [t for t in ticks if overlaps(grow((bx0, by0, bx1, by1), 9.0), _seg(t))]
        lines_x = {round(v, 2) for c in cells for v in (c[0], c[2])}
        lines_y = {round(v, 2) for c in cells for v in (c[1], c[3])}
        above = {round(t[0], 2) for t in near if t[0] == t[2] and t[1] > by1}
        below = {round(t[0], 2) for t in near if t[0] == t[2] and t[3] < by0}
        left = {round(t[1], 2) for t in near if t[1] == t[3] and t[2] < bx0}
        right = {round(t[1], 2) for t in near if t[1] == t[3] and t[0] > bx1}
        assert above == below == lines_x
        assert left == right == lines_y
        pieces = [tuple(i["bbox"]) for i in manifest["items"] if i["file"] == file]
        for t in ticks:
            assert not any(overlaps(grow(_seg(t), 0.5), p) for p in pieces), t
            assert x0 <= t[0] and t[2] <= x1 and y0 <= t[1] and t[3] <= y1
        # the sheet's foot says how to cut them
        assert ROUND_HOW in _text(pdfs[file], 0)
    # square counters stay butted in their own block, apart from the round ones
    squares = _cells(manifest, {"s"}, "counters.pdf")
    rounds = _cells(manifest, {"r", "q"}, "counters.pdf")
    assert not any(overlaps(grow(_block(squares), 17.9), c) for c in rounds)


def test_round_pieces_keep_their_gutter_by_default(game_dir):
    write_game(game_dir, GAME.format(sheet=""))
    _, pdfs, manifest = build_pdfs(game_dir)
    for file, ids in (("counters.pdf", {"r"}), ("labels.pdf", {"base"})):
        cells = sorted(_cells(manifest, ids, file))
        rows: dict[float, list] = {}
        for c in cells:
            rows.setdefault(c[1], []).append(c)
        pairs = [(a, b) for r in rows.values() for a, b in zip(r, r[1:], strict=False)]
        gaps = {round(b[0] - a[2], 2) for a, b in pairs}
        assert gaps and min(gaps) >= 9.0
        assert ROUND_HOW not in _text(pdfs[file], 0)


def test_an_unknown_round_sheet_is_an_error(game_dir):
    write_game(game_dir, GAME.format(sheet="round_sheet: punch"))
    assert errors_of(game_dir) == [
        f"{game_dir}/game.yaml:4:14: error: round_sheet: unknown round_sheet "
        "'punch' (use grid, gutters)"
    ]
