"""Imposition arithmetic, checked against hand-worked numbers."""

import pytest

from kitgen.layout.impose import (
    Spot,
    TooBig,
    back_box,
    crop_marks,
    grow,
    mirror_x,
    mirror_y,
    overlaps,
    pack,
)


def test_shelves_fill_left_to_right_then_down_then_a_new_sheet():
    # 100 x 100 box, 40 x 30 slots, gutter 10: two per shelf (0 and 50), shelves
    # hang from y=100 and y=60; a third shelf would reach below 0. The block is
    # 90 wide, so it is shifted 5 to centre it; the lone slot on sheet 2 by 30.
    spots = pack([(40, 30)] * 5, (0, 0, 100, 100), 10)
    assert spots == [
        Spot(0, 0, 5, 70),
        Spot(1, 0, 55, 70),
        Spot(2, 0, 5, 30),
        Spot(3, 0, 55, 30),
        Spot(4, 1, 30, 70),
    ]


def test_mixed_heights_hang_from_the_shelf_top():
    # A 20-high slot beside a 40-high one: both tops at y=100.
    # Shelf 1: x 0 and 50 (widths 40, 30: 80 used, so the sheet shifts by 10).
    # The third does not fit (90 + 50 > 100): shelf 2 hangs from 100 - 40 - 10 = 50.
    spots = pack([(40, 40), (30, 20), (50, 10)], (0, 0, 100, 100), 10)
    assert spots == [Spot(0, 0, 10, 60), Spot(1, 0, 60, 80), Spot(2, 0, 10, 40)]


def test_a_slot_larger_than_the_box_is_refused():
    with pytest.raises(TooBig) as info:
        pack([(10, 10), (101, 10)], (0, 0, 100, 100), 5)
    assert info.value.index == 1


def test_packed_slots_never_overlap_and_stay_inside():
    sizes = [(54, 54), (45, 45), (108, 62), (36, 36), (72, 72)] * 20
    box = (18, 38, 594, 754)
    spots = pack(sizes, box, 9)
    for sheet in {s.sheet for s in spots}:
        boxes = [
            (s.x, s.y, s.x + sizes[s.index][0], s.y + sizes[s.index][1])
            for s in spots
            if s.sheet == sheet
        ]
        for b in boxes:
            assert box[0] - 1e-9 <= b[0] and b[2] <= box[2] + 1e-9
            assert box[1] - 1e-9 <= b[1] and b[3] <= box[3] + 1e-9
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                # At least a gutter apart: grown by half a gutter they still do not touch.
                assert not overlaps(grow(a, 4.4), grow(b, 4.4))


def test_mirrors():
    assert mirror_x((10, 20, 30, 40), 50) == (70, 20, 90, 40)
    assert mirror_y((10, 20, 30, 40), 50) == (10, 60, 30, 80)


def test_duplex_back_boxes_on_letter():
    page = (612, 792)
    front = (36, 100, 90, 154)
    assert back_box(front, page, "long") == (522, 100, 576, 154)
    assert back_box(front, page, "long", (2, -1)) == (524, 99, 578, 153)
    assert back_box(front, page, "short") == (36, 638, 90, 692)
    assert back_box(front, page, "short", (-3, 4)) == (33, 642, 87, 696)


def test_crop_marks_stay_in_the_gutter():
    # Bleed 9, gutter 9: ticks from 9.5 to 13.5 beyond the trim (half the gutter
    # less half a point), on the trim lines.
    ticks = crop_marks((100, 100, 154, 154), 9, 9)
    assert len(ticks) == 8
    x0, y0, x1, y1 = ticks[0]
    assert (x0, y0, x1, y1) == pytest.approx((86.5, 100, 90.5, 100))
    # A neighbour to the right starts 9 + 9 + 9 = 27 beyond our trim; its bleed
    # box starts at 154 + 18 = 172. No tick reaches it, nor our own bleed box.
    neighbour_bleed = (172, 100 - 9, 226 + 9, 154 + 9)
    own_bleed = (91, 91, 163, 163)
    for t in ticks:
        seg = (min(t[0], t[2]), min(t[1], t[3]), max(t[0], t[2]), max(t[1], t[3]))
        assert not overlaps(grow(seg, 0.01), neighbour_bleed)
        assert not overlaps(seg, own_bleed)
        assert max(t[0], t[2]) <= 172 - 4 and min(t[0], t[2]) >= 100 - 13.5 - 1e-9


def test_no_crop_marks_without_room():
    assert crop_marks((0, 0, 10, 10), 3, 1) == []


def test_middle_centres_each_sheets_block_top_to_bottom_too():
    # Letter's content box: 18..594 across, 38..754 up (716 high). Three 200 x 300 pieces,
    # gutter 10: two abreast (410 wide) on a row hung from 754; the third fits under them
    # (754 - 300 - 10 - 300 = 144). Block 610 high: (716 - 610) / 2 = 53 under it and
    # above it, so every piece moves down 53; across, (576 - 410) / 2 = 83.
    from kitgen.layout.impose import impose
    from kitgen.units import PAPERS

    hung = impose([(200, 300)] * 3, PAPERS["letter"], 10, landscape=False)
    middle = impose([(200, 300)] * 3, PAPERS["letter"], 10, landscape=False, middle=True)
    assert [(s.x, s.y) for s in hung.spots] == [(101, 454), (311, 454), (101, 144)]
    assert [(s.x, s.y) for s in middle.spots] == [(101, 401), (311, 401), (101, 91)]


def test_few_pieces_of_mixed_shapes_spread_so_no_sheet_is_left_mostly_empty():
    # a scatter clock 432 x 456, a 4 in circle 288 x 288 and two cones 648 long (107 and
    # 172 wide) on letter: shelves put the clock and circle on one landscape sheet and the
    # two cones alone on a second (a third of it used); spread, each cone stands upright
    # beside the clock or the circle: still two sheets, neither mostly empty
    from kitgen.layout.impose import impose
    from kitgen.units import PAPERS

    sizes = [(432.0, 455.9), (288.0, 288.0), (648.0, 106.8), (648.0, 171.6)]
    laid = impose(sizes, PAPERS["letter"], 12.0, turn=["fit"] * 4)
    assert len(laid.sheets) == 2
    sheet_of = {s.index: s.sheet for s in laid.spots}
    assert sheet_of[2] != sheet_of[3]  # the cones on different sheets
    assert laid.turned == frozenset({2, 3})  # stood upright, each beside a wide piece
    for n, sheet in enumerate(laid.sheets):
        x0, y0, x1, y1 = sheet.box
        on = [s for s in laid.spots if s.sheet == n]
        boxes = []
        for s in on:
            w, h = sizes[s.index][::-1] if s.index in laid.turned else sizes[s.index]
            boxes.append((s.x, s.y, s.x + w, s.y + h))
            assert x0 - 1e-6 <= s.x and s.x + w <= x1 + 1e-6 and y0 - 1e-6 <= s.y
            assert s.y + h <= y1 + 1e-6
        assert not overlaps(*boxes)
        used = sum((b[2] - b[0]) * (b[3] - b[1]) for b in boxes)
        assert used / ((x1 - x0) * (y1 - y0)) > 0.4
