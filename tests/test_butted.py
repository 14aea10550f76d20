"""Butted counter sheets (for a guillotine): positions read back from the PDF."""

from __future__ import annotations

import pytest

from kitgen.layout.frame import content_box
from kitgen.layout.impose import grow, overlaps
from kitgen.units import PAPERS

from .conftest import build_pdfs, errors_of, write_game

FORM, PATH = 5, 2  # pdfium's page object types

GAME = """
id: g
title: G
{sheet}
counters:
  - {{id: a, size: 3/4, quantity: 17, front: {{background: navy, text: A}}, back: {{text: a}}}}
  - {{id: b, size: 3/4, quantity: 6, front: {{background: "#c03020", text: B}}}}
  - {{id: w, shape: rect, size: 1in x 1/2in, quantity: 5, front: {{background: teal}}}}
  - {{id: r, shape: round, size: 5/8, quantity: 3, front: {{background: navy}}}}
"""


def _objects(pdf: bytes, page: int) -> tuple[list, list]:
    """(the boxes of the forms placed on the page: one per piece of a design printed more
    than once; the thin lines drawn on the page itself: crop marks), in PDF points."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    forms, ticks = [], []
    for obj in doc[page].get_objects(max_depth=1):
        box = tuple(round(v, 3) for v in obj.get_bounds())
        if obj.type == FORM:
            forms.append(box)
        elif obj.type == PATH and obj.level == 0 and _tick(box[2] - box[0], box[3] - box[1]):
            # a line's bounds reach past it by its width (0.3 pt): back to the line itself
            if box[2] - box[0] < box[3] - box[1]:
                x = round((box[0] + box[2]) / 2, 3)
                ticks.append((x, box[1] + 0.3, x, box[3] - 0.3))
            else:
                y = round((box[1] + box[3]) / 2, 3)
                ticks.append((box[0] + 0.3, y, box[2] - 0.3, y))
    return forms, ticks


def _tick(w: float, h: float) -> bool:
    """A crop mark's bounds: thin, and short (not a rule or a scale bar)."""
    return min(w, h) < 1 and max(w, h) < 8


def _block(boxes):
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def test_butted_counters_touch_and_every_cut_line_has_crop_marks_in_the_margin(game_dir):
    write_game(game_dir, GAME.format(sheet=""))  # butted is the default
    _, pdfs, manifest = build_pdfs(game_dir, duplex="long")
    forms, ticks = _objects(pdfs["counters.pdf"], 0)
    squares = sorted((b for b in forms if b[2] - b[0] == b[3] - b[1] == 54.0), key=lambda b: b[:2])
    rects = [b for b in forms if (b[2] - b[0], b[3] - b[1]) == (72.0, 36.0)]
    assert len(squares) == 23 and len(rects) == 5  # sizes exact
    # One grid: every piece's neighbour starts exactly where it ends, no gap.
    columns = sorted({b[0] for b in squares})
    rows = sorted({b[1] for b in squares})
    assert [b - a for a, b in zip(columns, columns[1:], strict=False)] == [54.0] * (
        len(columns) - 1
    )
    assert [b - a for a, b in zip(rows, rows[1:], strict=False)] == [54.0] * (len(rows) - 1)
    assert len(columns) > 3 and len(rows) > 2
    for box in squares:
        right = [b for b in squares if b[0] == box[2] and b[1] == box[1]]
        last = max(squares, key=lambda b: (-b[1], b[0]))  # the bottom row's last piece
        assert right or box[2] == max(columns) + 54 or box == last
    # Crop marks: at every cut line, beyond the block's edges, never on a piece.
    for block in (squares, rects):
        x0, y0, x1, y1 = _block(block)
        xs = {v for b in block for v in (b[0], b[2])}
        ys = {v for b in block for v in (b[1], b[3])}
        near = [t for t in ticks if overlaps(grow((x0, y0, x1, y1), 9.0), _seg(t))]
        above = {t[0] for t in near if t[0] == t[2] and t[1] > y1}
        below = {t[0] for t in near if t[0] == t[2] and t[3] < y0}
        left = {t[1] for t in near if t[1] == t[3] and t[2] < x0}
        right = {t[1] for t in near if t[1] == t[3] and t[0] > x1}
        assert above == below == xs
        assert left == right == ys
    pieces = forms + [tuple(i["bbox"]) for i in manifest["items"] if i["page"] == 1]
    x0, y0, x1, y1 = content_box(PAPERS["letter"])
    for t in ticks:
        assert not any(overlaps(grow(_seg(t), 0.5), p) for p in pieces), t
        assert x0 <= t[0] and t[2] <= x1 and y0 <= t[1] and t[3] <= y1
    # Round pieces keep their gutter and their own cut line.
    rounds = [i["bbox"] for i in manifest["items"] if i["id"] == "r"]
    gaps = sorted(b[0] - a[2] for a, b in zip(rounds, rounds[1:], strict=False) if a[1] == b[1])
    assert gaps and gaps[0] >= 9.0


def _seg(t):
    return (min(t[0], t[2]), min(t[1], t[3]), max(t[0], t[2]), max(t[1], t[3]))


@pytest.mark.parametrize("flip", ["long", "short"])
def test_butted_backs_stay_registered_with_their_fronts(game_dir, flip):
    write_game(game_dir, GAME.format(sheet=""))
    _, pdfs, manifest = build_pdfs(game_dir, duplex=flip)
    fronts, _ = _objects(pdfs["counters.pdf"], 0)
    backs, back_ticks = _objects(pdfs["counters.pdf"], 1)
    w, h = PAPERS["letter"].size
    faced = [tuple(i["bbox"]) for i in manifest["items"] if i["id"] == "a" and i["side"] == "front"]
    assert len(faced) == 17 and set(faced) <= set(fronts)
    for x0, y0, x1, y1 in faced:
        want = (w - x1, y0, w - x0, y1) if flip == "long" else (x0, h - y1, x1, h - y0)
        assert tuple(round(v, 3) for v in want) in backs
    # The backs touch as the fronts do; a back page carries no crop marks.
    assert sorted(b[2] - b[0] for b in backs) == [54.0] * 17
    assert back_ticks == []


def test_fold_pairs_and_the_gutters_sheet_keep_their_room(game_dir):
    write_game(game_dir, GAME.format(sheet="counter_sheet: gutters"))
    _, pdfs, manifest = build_pdfs(game_dir)
    forms, _ = _objects(pdfs["counters.pdf"], 0)
    b = sorted(tuple(i["bbox"]) for i in manifest["items"] if i["id"] == "b")
    assert set(b) <= set(forms)
    assert {q[0] - p[2] for p, q in zip(b, b[1:], strict=False) if p[1] == q[1]} == {9.0}
    # Butted (the default), a fold-and-glue pair still folds and keeps its gutter.
    write_game(game_dir, GAME.format(sheet=""))
    _, _, manifest = build_pdfs(game_dir)
    pairs = [i["bbox"] for i in manifest["items"] if i["id"] == "a"]
    assert len(pairs) == 34 and all("fold_line" in i for i in manifest["items"] if i["id"] == "a")
    block = _block([i["bbox"] for i in manifest["items"] if i["id"] == "b"])
    assert not any(overlaps(grow(block, 18.0 - 1e-6), p) for p in pairs)
    b = sorted(tuple(i["bbox"]) for i in manifest["items"] if i["id"] == "b")
    assert {q[0] - p[2] for p, q in zip(b, b[1:], strict=False) if p[1] == q[1]} == {0.0}


def test_an_unknown_counter_sheet_is_an_error(game_dir):
    write_game(game_dir, GAME.format(sheet="counter_sheet: guillotine"))
    assert errors_of(game_dir) == [
        f"{game_dir}/game.yaml:3:16: error: counter_sheet: unknown counter_sheet "
        "'guillotine' (use butted, gutters)"
    ]
