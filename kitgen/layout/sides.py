"""Side marks: what tells the sides' pieces apart besides colour, so they stay apart
printed in greyscale (two sides' colours often turn the same grey).

Each side takes a shape by its place in the game's order of sides (rules.sides, then
sides the pieces name, then a scenario's): round, square, diamond, hexagon, triangle,
octagon. A set-up map draws a side's tokens in that shape, and every counter that
belongs to the side (`side:`) carries the same shape as a small mark at the top of its
faces, in a band kept clear of the face's art.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from ..model.game import Game
from ..names import placeholders
from .plan import BBox, Circle, Path, Rect, Stroke

SIDE_SHAPES = ("round", "square", "diamond", "hex", "triangle", "octagon")
NEUTRAL_SHAPE = "tab"  # a rounded square, grey: a piece no side places
MARK_SIZE = 0.07  # a mark's radius, of the piece's short side
MARK_MIN = 2.6  # points: the least radius that still shows its shape
CLEAR = 1.0  # points kept between a mark and the face's art


def side_order(game: Game) -> list[str]:
    """The game's sides in order: declared in rules.sides, then as its counters, cards
    and tracks name them."""
    rules = game.rules
    order = list(rules.sides) if rules is not None else []
    tracks = game.tracks.tracks if game.tracks else ()
    pieces = (*(game.counters or ()), *game.cards, *tracks)
    rolled = {g.id: g.sides for g in game.generators}
    for piece in pieces:
        side = piece.side
        if side is not None and placeholders(side):  # a roster card's: its roster's sides
            named = rolled.get(getattr(piece, "roster", None) or "", ())
        else:
            named = () if side is None else (side,)
        order += [s for s in named if s not in order]
    return order


def side_shapes(game: Game, more: Iterable[str] = ()) -> dict[str, str]:
    """Each side's shape, by its place in side_order; `more` (a scenario's sides) adds
    sides the game does not name, each taking the first shape none of `more` has."""
    shapes = {side: SIDE_SHAPES[i % len(SIDE_SHAPES)] for i, side in enumerate(side_order(game))}
    more = list(more)
    taken = {shapes[side] for side in more if side in shapes}
    free = [shape for shape in SIDE_SHAPES if shape not in taken]
    for i, side in enumerate(s for s in more if s not in shapes):
        shapes[side] = free[i] if i < len(free) else SIDE_SHAPES[i % len(SIDE_SHAPES)]
    return shapes


def token_shape(shape: str, x: float, y: float, r: float, fill: str, stroke: Stroke | None):
    """One token of radius about r centred on (x, y), in a side's shape."""
    if shape == "round":
        return Circle(x, y, r, fill, stroke)
    if shape == "square":
        k = r * 0.9
        return Rect(x - k, y - k, 2 * k, 2 * k, fill, stroke, radius=r * 0.15)
    if shape == "tab":
        k = r * 0.9
        return Rect(x - k, y - k, 2 * k, 2 * k, fill, stroke, radius=r * 0.6)
    corners = {"diamond": 4, "hex": 6, "triangle": 3, "octagon": 8}[shape]
    turn = {"diamond": 90.0, "hex": 0.0, "triangle": 90.0, "octagon": 22.5}[shape]
    k = r * (1.22 if shape == "triangle" else 1.1 if shape == "diamond" else 1.0)
    dy = -r * 0.2 if shape == "triangle" else 0.0  # the triangle's middle, not its centroid
    pts = tuple(
        (
            x + k * math.cos(math.radians(turn + 360 * i / corners)),
            y + dy + k * math.sin(math.radians(turn + 360 * i / corners)),
        )
        for i in range(corners)
    )
    return Path(pts, True, fill, stroke)


def mark_band(inner: BBox, w: float, h: float) -> tuple[BBox, tuple[float, float, float]]:
    """Room for a side's mark at the top of a face's element box `inner`: (the box left
    for the elements, the mark's centre x, y and radius r), in the piece's own points."""
    r = max(MARK_MIN, min(w, h) * MARK_SIZE)
    x0, y0, x1, y1 = inner
    return (x0, y0, x1, y1 - 2 * r - CLEAR), (w / 2, y1 - r, r)


def mark_ops(side_shape: str, place: tuple[float, float, float], ink: str) -> list:
    """A side's mark on a piece: its shape, filled in the ink that reads on the face."""
    x, y, r = place
    return [token_shape(side_shape, x, y, r, ink, None)]
