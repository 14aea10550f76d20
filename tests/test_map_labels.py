"""Words on a map keep off the grid: each hex or square number's tab and each named
feature's plate lies inside its cell, clear of its sides, and a ford's or bridge's symbol
covers no number. The third Iron Ford reviewer found the number tabs breaking the
hexsides, the city's name straddling one and the ford under a name plate."""

from __future__ import annotations

import math

import pytest

from kitgen.geometry import HexGrid
from kitgen.layout.maps.mapart import (
    MIN_WORD,
    TAB_CLEAR,
    cell_polygon,
    cell_size,
    coord_size,
    coord_tabs,
    crossing_reach,
)
from kitgen.layout.maps.maplayers import feature_ops
from kitgen.layout.plan import Rect
from kitgen.layout.scenarios.scenario import LABEL_GROWTH
from tests.conftest import CONTENT, plan_game

NAME_ROOM = 1.0  # printed points: the least paper between a name's plate and a side
SEEDS = ("duck", "ironford", "rencounter", "reshuffled", "ryamon")
Point = tuple[float, float]


def _maps(game: str) -> list:
    planned = plan_game(CONTENT / game)
    return list(planned.game.maps.maps) if planned.game.maps is not None else []


def _room(box: tuple, poly: list[Point]) -> float:
    """How far the box's corners keep inside the convex polygon's sides (negative: out)."""
    x0, y0, x1, y1 = box
    cx = sum(p[0] for p in poly) / len(poly)
    cy = sum(p[1] for p in poly) / len(poly)
    least = math.inf
    for (ax, ay), (bx, by) in zip(poly, poly[1:] + poly[:1], strict=True):
        length = math.hypot(bx - ax, by - ay)
        inward = 1.0 if (bx - ax) * (cy - ay) - (by - ay) * (cx - ax) > 0 else -1.0
        for px, py in ((x0, y0), (x1, y0), (x1, y1), (x0, y1)):
            least = min(least, inward * ((bx - ax) * (py - ay) - (by - ay) * (px - ax)) / length)
    return least


@pytest.mark.parametrize("game", SEEDS)
def test_hex_numbers_keep_clear_of_the_grid(game):
    bad = []
    for m in _maps(game):
        if not m.coords or not isinstance(m.grid, HexGrid):
            continue
        fs = coord_size(m)
        for text, box, poly in coord_tabs(m):
            if _room(box, list(poly)) < fs * TAB_CLEAR - 1e-6:
                bad.append(f"{m.id} {text}: {_room(box, list(poly)):.2f} pt off its sides")
    assert bad == []


@pytest.mark.parametrize("scale", (1.0, 0.6))
@pytest.mark.parametrize("game", SEEDS)
def test_feature_names_keep_inside_their_cells(game, scale):
    """On the map at its size and on a set-up sheet's reduced drawing, where names grow."""
    bad = []
    for m in _maps(game):
        size = cell_size(m.grid)
        grown = min(LABEL_GROWTH, 1 / scale)
        for op in feature_ops(m, size, "Vera-Bold", grown, least=MIN_WORD / scale):
            if not isinstance(op, Rect):
                continue
            box = (op.x, op.y, op.x + op.w, op.y + op.h)
            cell = m.grid.cell_at(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2))
            room = _room(box, cell_polygon(m.grid, cell)) * scale
            if room < NAME_ROOM:
                bad.append(f"{m.id} {m.label(cell)}: name {room:.2f} pt off its sides")
    assert bad == []


def test_the_fords_symbol_covers_no_number():
    (m,) = _maps("ironford")
    crossings = [
        crossing_reach(m.edge_kinds[e.kind].symbol, *m.grid.shared_edge(e.a, e.b), 5.0)
        for e in m.edges
        if m.edge_kinds[e.kind].symbol in ("ford", "bridge")
    ]
    assert len(crossings) == 2
    covered = [
        text
        for text, (x0, y0, x1, y1), _ in coord_tabs(m)
        for b in crossings
        if x0 < b[2] and b[0] < x1 and y0 < b[3] and b[1] < y1
    ]
    assert covered == []
