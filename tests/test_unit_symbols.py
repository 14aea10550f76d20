"""Unit symbols drawn fresh: a frame half again as wide as tall, branch icons that
combine, size marks by count, in the colours given; unknown names are reported."""

from __future__ import annotations

import pytest

from kitgen.layout.counters.unitsymbol import unit_ops
from kitgen.layout.plan import Circle, Line, Path, Rect
from kitgen.model.counters import UNIT_BRANCHES, UNIT_SIZES
from tests.conftest import errors_of, plan_game, write_game

BOX = (0.0, 0.0, 60.0, 60.0)


def test_the_frame_is_three_by_two_and_infantry_crosses_it():
    ops = unit_ops(("infantry",), None, BOX, "#000000", "#ffffff")
    frame = ops[0]
    assert isinstance(frame, Rect) and frame.fill == "#ffffff"
    assert frame.w == pytest.approx(frame.h * 1.5) and frame.w == pytest.approx(60.0)
    corners = {(round(o.x0, 6), round(o.y0, 6), round(o.x1, 6), round(o.y1, 6)) for o in ops[1:]}
    x0, y0, x1, y1 = frame.x, frame.y, frame.x + frame.w, frame.y + frame.h
    assert corners == {(x0, y0, x1, y1), (x0, y1, x1, y0)}  # corner to corner, both ways


def test_branches_combine_and_sizes_count():
    mech = unit_ops(("infantry", "armour"), None, BOX, "#000000", None)
    assert [type(o) for o in mech] == [Rect, Line, Line, Path]  # the cross and the track
    for size, shape, n in (("platoon", Circle, 3), ("battalion", Line, 2), ("division", Line, 4)):
        ops = unit_ops(("artillery",), size, BOX, "#123456", None)
        marks = ops[2:]  # after the frame and the artillery dot
        assert len(marks) == n and all(isinstance(o, shape) for o in marks), size
        frame = ops[0]
        assert all(min(_ys(o)) >= frame.y + frame.h for o in marks)  # above the frame
    assert all(unit_ops((b,), "company", BOX, "#000", None) for b in UNIT_BRANCHES)
    assert len(UNIT_SIZES) == 12


def _ys(op):
    if isinstance(op, Circle):
        return [op.cy - op.r]
    return [op.y0, op.y1]


GAME = """
id: units
title: Units
counters:
  - id: "a-{t}"
    for_each: {t: [infantry, armour]}
    size: 3/4
    front: {unit: {type: "{t}", size: division}, text: {text: "4-4", at: bottom}}
  - id: b
    size: 3/4
    front: {unit: {type: infantery, size: divison}}
"""


def test_unit_elements_on_faces_and_their_mistakes(game_dir):
    ok = write_game(game_dir / "ok", GAME.split("  - id: b")[0])
    planned = plan_game(ok)
    assert not planned.diags.warnings
    folder = write_game(game_dir / "bad", GAME)
    assert [e.replace(f"{folder}/", "") for e in errors_of(folder)] == [
        "game.yaml:10:26: error: counters[1].front.unit.type: unknown unit type 'infantery' "
        "(did you mean 'infantry'?)",
        "game.yaml:10:43: error: counters[1].front.unit.size: unknown unit size 'divison' "
        "(did you mean 'division'?)",
    ]
