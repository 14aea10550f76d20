"""A rulebook's diagrams, drawn from the game's data: a window of a map's cells in the
map's own art (layout/maps/mapart.py) with the kit's pieces placed on it, as their counters
print, and arrows for a move or a line of fire; or one piece at full size, its parts
named by callouts. Ops are given with the origin at the diagram's top-left corner (y
runs down into negative values); the caller places them.
"""

from __future__ import annotations

import math

from ...model.counters import CounterDef
from ...model.game import Game
from ...model.map import MapDef
from ...model.rulebook import Diagram, DiagramPiece
from ...style import FIRE_INK, INK, MID_INK, MOVE_INK, MUTED, PAPER, RULES_MIN, typeset
from ..clearance import hidden
from ..counters.faces import face_ops, outline
from ..env import PlanEnv
from ..maps.mapart import cell_size, coord_boxes, coord_size, map_ops
from ..maps.maps import reduced_coords
from ..plan import Circle, Font, Group, Line, Path, Rect, Stroke, Text
from ..rich import Faces, draw_line, parse_markup, wrap_runs

MAX_SCALE = 1.0  # a map window is never drawn larger than the map prints
MAX_HEIGHT = 300.0  # points: the most a map window takes down a column
BASE = 0.9  # a model's round base, of a cell: bases in side-by-side cells nearly touch
ROOM = 0.9  # of the square inside a cell, what its pieces take: the cell's edge shows round
ARROWS = {"move": MOVE_INK, "fire": FIRE_INK}  # each kind of arrow's ink
ARROW_WIDTH = 2.4  # points, as printed: the heaviest line in a diagram
ARROW_HEAD = 10.0  # points from an arrow's tip to its head's back
ARROW_DOT = 3.2  # points: the radius of the dot an arrow starts from
ARROW_GAP = 2.5  # points between an arrow's ends and the pieces they point from and to
CASING = 1.2  # points of white each side of an arrow, clear of the map's art
FRAME = Stroke(MID_INK, 0.6)
CALLOUT = Stroke(INK, 0.5)
GAP = 28.0  # points between a piece and its callouts' words: room for the leaders
EDGE = Stroke(INK, 0.6)  # a piece's cut line
OUTLINE = Stroke(FIRE_INK, 0.6, (2.0, 1.5))  # a region a callout names, dashed over the art


def diagram_ops(
    game: Game, d: Diagram, width: float, size: float, env: PlanEnv, shrink: float = 1.0
):
    """The diagram's ops (origin top-left) and its height, caption included. ``shrink``:
    the scale the caller prints the whole at (a cover), kept in a map's line weights."""
    if d.map is not None:
        ops, h = _map_window(game, d, width, env, shrink)
    elif d.piece is not None:
        ops, h = _piece_callouts(game, d, width, size, env)
    else:
        ops, h = _spread(game, d, width, size, env)
    if d.caption:
        faces = Faces(lambda b, i: env.face(bold=b, italic=True))
        csize = max(RULES_MIN, size * 0.9)
        for line in wrap_runs(parse_markup(d.caption), width, faces, csize, env.fonts):
            h += csize * 1.25
            ops += draw_line(line, 0, -h + csize * 0.25, width, "left", faces, csize, env.fonts,
                             MUTED)  # fmt: skip
    return ops, h + 2


def window_cells(m: MapDef, corners: tuple[str, str] | None) -> list:
    """The map's cells between the two corners (columns and rows between theirs), or all."""
    if corners is None:
        return sorted(m.cells)
    a, b = (m.cell_or_place(c) for c in corners)
    assert a is not None and b is not None  # checked (rules/rulebook.py)
    cols = range(min(a[0], b[0]), max(a[0], b[0]) + 1)
    rows = range(min(a[1], b[1]), max(a[1], b[1]) + 1)
    return [c for c in sorted(m.cells) if c[0] in cols and c[1] in rows]


def window_scale(m: MapDef, cells: list, width: float) -> tuple[float, tuple]:
    """The scale the window is drawn at (to the column's width, never larger than the map
    prints nor taller than MAX_HEIGHT) and its box in map points."""
    points = [p for c in cells for p in m.grid.corners(*c)]
    x0, y0 = min(p[0] for p in points), min(p[1] for p in points)
    x1, y1 = max(p[0] for p in points), max(p[1] for p in points)
    scale = min(MAX_SCALE, width / (x1 - x0), MAX_HEIGHT / (y1 - y0))
    return scale, (x0, y0, x1, y1)


def _map_window(
    game: Game, d: Diagram, width: float, env: PlanEnv, shrink: float = 1.0
) -> tuple[list, float]:
    assert game.maps is not None
    m = game.maps.get(d.map or "")
    assert m is not None
    cells = window_cells(m, d.cells)
    scale, (x0, y0, x1, y1) = window_scale(m, cells, width)
    coords, coord_cells = reduced_coords(m, scale * shrink)  # words sized as they print
    if m.coords and coord_cells is None:  # only the window's: no hidden words past its edge
        coords, coord_cells = coords or coord_size(m), tuple(cells)
    if coords is not None and coord_cells is not None:  # none a piece would stand on
        covers = _boxes(game, m, d)
        coord_cells = tuple(
            c
            for c in coord_cells
            if not any(hidden(t, covers) for t in coord_boxes(m, coords, (c,)))
        )
    faces = (env.face(), env.face(bold=True))
    pieces = _pieces(game, m, d, scale, env)
    # pieces hide the marks under them, as counters on a board do; arrows run under the
    # pieces and every word, so no line crosses a piece's or a cell's text
    least = RULES_MIN / (scale * shrink)  # words as they print
    art = map_ops(m, faces, key_prefix="rulebook-", least=least, coords=coords,
                  coord_cells=coord_cells, hide=_boxes(game, m, d),
                  under=tuple(_arrows(m, d, scale, env, _cell_covers(game, m, d))),
                  printed=scale * shrink)  # fmt: skip
    art += pieces
    w, h = (x1 - x0) * scale, (y1 - y0) * scale
    left = (width - w) / 2
    placed = Group(tuple(art), dx=left - x0 * scale, dy=-h - y0 * scale, scale=scale,
                   clip=(x0, y0, x1, y1))  # fmt: skip
    return [placed, Rect(left, -h, w, h, stroke=FRAME)], h


def _boxes(game: Game, m: MapDef, d: Diagram) -> tuple:
    """The boxes (map points) the diagram's pieces cover."""
    out = []
    for p, x, y, k in _placed(game, m, d):
        half = _size(game, p.piece, m) * k / 2
        out.append((x - half, y - half, x + half, y + half))
    return tuple(out)


def _counter(game: Game, piece: str) -> CounterDef | None:
    defs = game.counters.defs if game.counters is not None else ()
    return next((c for c in defs if c.id == piece), None)


def _face(c: CounterDef, face: str | None):
    """The face a diagram shows: its front, or the one named (a step's name or back)."""
    names = c.steps or ("front", "back")
    return c.back if face is not None and face == names[-1] and c.back is not None else c.front


def _placed(game: Game, m: MapDef, d: Diagram) -> list:
    """(piece, x, y, scale) for each piece in its cell, pieces in one cell side by side (or
    stacked, as the diagram's `shared` says)."""
    by_cell: dict = {}
    for p in d.pieces:
        by_cell.setdefault(m.cell_or_place(p.at), []).append(p)
    out = []
    for cell, placed in by_cell.items():
        cx, cy = m.grid.centre(*cell)
        span = _square_in(m, cell) * ROOM
        size = _size(game, placed[0].piece, m)
        # side by side: a picture, not a board: pieces that would hide each other stand
        # smaller, so every piece's words show; stack: at the map's scale, as on a board
        k = min(1.0, (span - 2 * (len(placed) - 1)) / (size * len(placed)))
        spots = _spots(len(placed), span, size * k)
        if d.shared == "stack":
            k = min(1.0, span / size)
            fits = len(placed) * (size * k + 2) <= span + 2  # side by side at full size
            spots = (_spots if fits else _stacked_in)(len(placed), span, size * k)
        for i, (dx, dy) in enumerate(spots):
            out.append((placed[i], cx + dx, cy + dy, k))
    return out


def _square_in(m: MapDef, cell) -> float:
    """The side of the largest square centred in a cell, upright: a counter that size
    stands inside its hex, so a reader sees which hex it is in (a hex's sides at an angle
    leave less room than its width: 1.27 times the radius across a flat-topped hex)."""
    cx, cy = m.grid.centre(*cell)
    corners = [(x - cx, y - cy) for x, y in m.grid.corners(*cell)]
    half = math.inf
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1], strict=True):
        nx, ny = y1 - y0, x0 - x1  # the side's normal; the centre's distance to the side
        d = abs(nx * x0 + ny * y0)
        half = min(half, d / (abs(nx) + abs(ny)))
    return 2 * half


def _pieces(game: Game, m: MapDef, d: Diagram, scale: float, env: PlanEnv) -> list:
    """Each piece in its cell, as its counter prints, its label under it; a piece with no
    counter as a round base (BASE of the cell), its label in it."""
    ops: list = []
    for p, x, y, k in _placed(game, m, d):
        if _counter(game, p.piece) is None:
            ops += _base_ops(p.label or p.piece, x, y, cell_size(m.grid) * BASE * k, scale, env)
            continue
        ops += _piece_ops(game, p.piece, p.face, x, y, env, k)
        if p.label:
            font = Font(env.face(bold=True), max(RULES_MIN / scale, 7.0))
            below = y - _size(game, p.piece) * k / 2 - font.size
            ops.append(Text(x, below, typeset(p.label), font, INK, "centre"))
    return ops


def _size(game: Game, piece: str, m: MapDef | None = None) -> float:
    c = _counter(game, piece)
    if c is not None:
        return max(c.width, c.height)
    return cell_size(m.grid) * BASE if m is not None else 24.0


def _base_ops(text: str, cx: float, cy: float, across: float, scale: float, env) -> list:
    """A piece the rules declare with no counter (a model on its base): a round base with
    its label in it, as large as fits and never under RULES_MIN as printed."""
    face = env.face(bold=True)
    room = across * 0.8
    wide = max(1.0, env.fonts.width(typeset(text), face, 10.0))
    size = max(RULES_MIN / scale, min(across * 0.45, room * 10.0 / wide))
    return [Circle(cx, cy, across / 2, fill=PAPER, stroke=Stroke(INK, 1.0 / scale)),
            Text(cx, cy - size * 0.35, typeset(text), Font(face, size), INK, "centre")]  # fmt: skip


def _spots(n: int, span: float, piece: float) -> list[tuple[float, float]]:
    """Where n pieces stand about a cell's centre: in rows as many as fit across, else
    stacked a little apart as counters are on a board."""
    across = max(1, int((span + 2) // (piece + 2)))
    if across >= n or across * math.ceil(n / across) * (piece + 2) <= span * 2:
        rows = math.ceil(n / across)
        step = piece + 2
        out = []
        for k in range(n):
            r, c = divmod(k, across)
            in_row = min(across, n - r * across)
            out.append(((c - (in_row - 1) / 2) * step, ((rows - 1) / 2 - r) * step))
        return out
    return _stacked(n, piece)


def _stacked_in(n: int, span: float, piece: float) -> list[tuple[float, float]]:
    """A stack at the map's scale: each piece above and right of the one under it, so the
    foot of each, where a counter prints its name, shows below the next."""
    return _stacked(n, piece)[::-1]


def _stacked(n: int, piece: float) -> list[tuple[float, float]]:
    """n pieces stacked about a cell's centre, each showing its top-left corner's worth."""
    step = piece * 0.3
    return [((k - (n - 1) / 2) * step, ((n - 1) / 2 - k) * step) for k in range(n)]


def _piece_ops(
    game: Game, piece: str, face: str | None, cx: float, cy: float, env, k: float = 1.0
) -> list:
    c = _counter(game, piece)
    if c is None:  # a piece the rules declare, with no counter: a token with its name
        font = Font(env.face(bold=True), 7.0)
        return [Circle(cx, cy, 12, fill=PAPER, stroke=Stroke(INK, 1.0)),
                Text(cx, cy - 2.5, piece[:4], font, INK, "centre")]  # fmt: skip
    drawn = face_ops(c, _face(c, face), 0.0, env)
    edge = outline(c.shape, c.width, c.height, fill=None, stroke=EDGE)
    return [Group((*drawn, edge), dx=cx - c.width * k / 2, dy=cy - c.height * k / 2, scale=k)]


def _arrows(m: MapDef, d: Diagram, scale: float, env: PlanEnv, covers: dict) -> list:
    """Each arrow from its start cell to its end cell: a dot where it starts (none where a
    path's earlier leg ends), a head where it ends, both clear of the pieces standing there
    (`covers`, each cell's box), so neither hides under a counter; a white casing under the
    line keeps it clear of the map's art."""
    ops: list = []
    ends = {m.cell_or_place(a.end) for a in d.arrows}  # a path's later legs start at a head
    for a in d.arrows:
        start, end = m.cell_or_place(a.start), m.cell_or_place(a.end)
        assert start is not None and end is not None  # checked (rules/rulebook.py)
        (xa, ya), (xb, yb) = m.grid.centre(*start), m.grid.centre(*end)
        length = math.hypot(xb - xa, yb - ya) or 1.0
        ux, uy = (xb - xa) / length, (yb - ya) / length
        gap = ARROW_GAP / scale
        out = _clear_of((xa, ya), (ux, uy), covers.get(start))  # past the start's pieces
        into = _clear_of((xb, yb), (-ux, -uy), covers.get(end))  # short of the end's
        # clear of a cell's middle too, where its marks and words stand
        cell = cell_size(m.grid)
        least = min(cell * 0.1, length / 9), min(cell * 0.3, length / 3)
        if out + into + 2 * gap > length * 0.8:  # pieces fill the way: near the centres
            out, into = least
        else:
            out, into = max(out + gap, least[0]), max(into + gap, least[1])
        xa, ya, xb, yb = xa + ux * out, ya + uy * out, xb - ux * into, yb - uy * into
        ink, width = ARROWS[a.kind], ARROW_WIDTH / scale
        dash = (5 / scale, 3 / scale) if a.kind == "fire" else ()
        head, half, dot = ARROW_HEAD / scale, ARROW_HEAD * 0.55 / scale, ARROW_DOT / scale
        neck = (xb - ux * head * 0.8, yb - uy * head * 0.8)  # the line stops inside the head
        tip = ((xb, yb), (xb - ux * head - uy * half, yb - uy * head + ux * half),
               (xb - ux * head + uy * half, yb - uy * head - ux * half))  # fmt: skip
        casing = Stroke(PAPER, width + 2 * CASING / scale)
        dots = [] if start in ends else [Circle(xa, ya, dot + CASING / scale, fill=PAPER),
                                         Circle(xa, ya, dot, fill=ink)]  # fmt: skip
        ops += [Line(xa, ya, *neck, casing), *dots[:1],
                Path(tip, True, fill=PAPER, stroke=Stroke(PAPER, 2 * CASING / scale)),
                Line(xa, ya, *neck, Stroke(ink, width, dash)), *dots[1:],
                Path(tip, True, fill=ink)]  # fmt: skip
        if a.label:  # beside the line's middle, on its left as it runs
            off = 9 / scale
            mx, my = (xa + xb) / 2 - uy * off, (ya + yb) / 2 + ux * off
            ops += _plate_label(a.label, mx, my, 7.5 / scale, ink, env)
    return ops


def _clear_of(p: tuple[float, float], u: tuple[float, float], box: tuple | None) -> float:
    """How far from `p` along the unit direction `u` the way leaves `box` (the pieces of
    a cell, side by side): 0 where `p` is outside it."""
    if box is None or not (box[0] <= p[0] <= box[2] and box[1] <= p[1] <= box[3]):
        return 0.0
    ux, uy = u
    tx = ((box[2] - p[0]) / ux if ux > 0 else (box[0] - p[0]) / ux) if ux else math.inf
    ty = ((box[3] - p[1]) / uy if uy > 0 else (box[1] - p[1]) / uy) if uy else math.inf
    return min(tx, ty)


def _cell_covers(game: Game, m: MapDef, d: Diagram) -> dict:
    """Each cell's pieces as one box (map points): an arrow starts and ends clear of it."""
    covers: dict = {}
    for p, x, y, k in _placed(game, m, d):
        half = _size(game, p.piece, m) * k / 2
        x0, y0, x1, y1 = covers.get(
            m.cell_or_place(p.at), (math.inf, math.inf, -math.inf, -math.inf)
        )
        covers[m.cell_or_place(p.at)] = (
            min(x0, x - half),
            min(y0, y - half),
            max(x1, x + half),
            max(y1, y + half),
        )
    return covers


def _plate_label(text: str, x: float, y: float, size: float, ink: str, env) -> list:
    font = Font(env.face(bold=True), size)
    w = env.fonts.width(text, font.face, size)
    return [Rect(x - w / 2 - size * 0.3, y - size * 0.45, w + size * 0.6, size * 1.2, fill=PAPER,
                 stroke=Stroke(ink, size * 0.08)),
            Text(x, y - size * 0.1, typeset(text), font, ink, "centre")]  # fmt: skip


POINTS = {
    "top-left": (0.15, 0.85), "top": (0.5, 0.85), "top-right": (0.85, 0.85),
    "left": (0.15, 0.5), "centre": (0.5, 0.5), "right": (0.85, 0.5),
    "bottom-left": (0.15, 0.15), "bottom": (0.5, 0.15), "bottom-right": (0.85, 0.15),
}  # fmt: skip


def _piece_callouts(game: Game, d: Diagram, width: float, size: float, env: PlanEnv):
    """The piece at full size (smaller where its callouts' words would not fit the
    column beside it), each callout's words beside it with a leader to the point of the
    piece it names; a region of its layout is outlined and its leader starts at the
    box's side nearer its words (those of a region on the piece's left stand on the
    left), so no leader crosses the text printed on the piece."""
    w, h0, drawn, boxes = _whole_piece(game, d, env)
    font = Font(env.face(), max(RULES_MIN, size * 0.9))
    pitch = font.size * 2.2
    right_edges = {name: x1 for name, (_, _, x1, _) in boxes.items()}
    left = [c for c in d.callouts if right_edges.get(c.at, w) < w * 0.4]
    right = [c for c in d.callouts if c not in left]

    def room(group: list) -> float:
        texts = [env.fonts.width(typeset(c.text), font.face, font.size) for c in group]
        return max(texts, default=0.0)

    px = room(left) + GAP if left else 12.0
    k = min(1.0, (width - px - GAP - room(right)) / w)  # the words fit the column beside it
    boxes = {name: tuple(v * k for v in box) for name, box in boxes.items()}
    w, h0 = w * k, h0 * k
    h = max(h0, pitch * max(len(left), len(right))) + 8
    py = -4 - (h - 8 + h0) / 2
    ops: list = [Group(tuple(drawn), dx=px, dy=py, scale=k)]

    def anchor(at: str, side: int) -> tuple[float, float]:
        if at in boxes:
            x0, y0, x1, y1 = boxes[at]
            ops.append(Rect(px + x0, py + y0, x1 - x0, y1 - y0, None, OUTLINE))
            return px + (x0 if side < 0 else x1), py + (y0 + y1) / 2
        fx, fy = POINTS[at]
        return px + fx * w, py + fy * h0

    for side, group, tx in ((-1, left, px - GAP), (1, right, px + w + GAP)):
        order = sorted(group, key=lambda c: -anchor_height(c.at, boxes, h0))
        for n, callout in enumerate(order):
            ax, ay = anchor(callout.at, side)
            ty = -4 - pitch * (n + 0.5) - (h - 8 - pitch * len(order)) / 2
            end = tx + 4 if side < 0 else tx - 4
            align = "right" if side < 0 else "left"
            ops += [Line(ax, ay, end, ty + font.size * 0.3, CALLOUT), Circle(ax, ay, 1.4, fill=INK),
                    Text(tx, ty, typeset(callout.text), font, INK, align)]  # fmt: skip
    return ops, h


def anchor_height(at: str, boxes: dict, h: float) -> float:
    """How high up the piece a callout's point stands, its words ordered by it."""
    if at in boxes:
        _, y0, _, y1 = boxes[at]
        return (y0 + y1) / 2
    _, up = POINTS[at]
    return up * h


def _whole_piece(game: Game, d: Diagram, env: PlanEnv):
    """(width, height, ops from its bottom-left corner, its layout's region boxes by
    id) of the diagram's piece: a counter as it prints, or a card's face as it prints."""
    from ..counters.regions import region_box

    w, h, drawn, face = _drawn(game, d.piece or "", d.face, env)
    boxes = {r.region.id: region_box(r.region, w, h) for r in face.regions}
    return w, h, drawn, boxes


def _drawn(game: Game, piece: str, face_name: str | None, env: PlanEnv):
    """(width, height, ops from its bottom-left corner, the face) of a counter or a card
    as it prints, cut at its trim (a face's bleed would reach past the column), its cut
    line drawn."""
    c = _counter(game, piece)
    if c is not None:
        face = _face(c, face_name)
        edge = outline(c.shape, c.width, c.height, fill=None, stroke=EDGE)
        return c.width, c.height, [*face_ops(c, face, 0.0, env), edge], face
    from ..cards.cards import card_face_ops

    card = next(k for k in game.cards if k.id == piece)  # checked (rules/rulebook.py)
    face = card.back if face_name == "back" and card.back is not None else card.front
    w, h = card.size
    cut = Group(tuple(card_face_ops(card, face, env)), clip=(0.0, 0.0, w, h))  # no bleed
    return w, h, [cut, Rect(0, 0, w, h, None, EDGE)], face


SPREAD_GAP = 10.0  # points between the pieces of a spread's row
SPREAD_ROWS = 22.0  # points between a spread's rows where arrows run between them
SPREAD_MOST = 0.5  # a spread's pieces drawn at most this of their printed size


def _spread(game: Game, d: Diagram, width: float, size: float, env: PlanEnv):
    """The pieces as they lie on the table: a row for each `at` (a player's side, named
    over it), in the order written, and a piece whose `at` names a piece of the spread
    lying on that one (tokens on a card); each piece's label under it and arrows from
    piece to piece. One scale for all, so the rows' widest fits `width`."""
    rows: dict[str, list[tuple[DiagramPiece, list[DiagramPiece]]]] = {}
    standing: dict[str, list[DiagramPiece]] = {}  # a piece's id -> the tokens on it
    for p in d.pieces:
        if p.at in standing:  # `at` names a piece of the spread: it lies on that piece
            standing[p.at].append(p)
        else:
            standing.setdefault(p.piece, [])
            rows.setdefault(p.at, []).append((p, standing[p.piece]))
    drawn = {p.piece: _drawn(game, p.piece, p.face, env) for p in d.pieces}
    wide = {name: w for name, (w, _, _, _) in drawn.items()}
    high = {name: h for name, (_, h, _, _) in drawn.items()}
    across = [sum(wide[p.piece] for p, _ in row) + SPREAD_GAP * (len(row) - 1)
              for row in rows.values()]  # fmt: skip
    # the gaps between pieces print at their own size: the pieces share what they leave
    k = min(SPREAD_MOST, *((width - SPREAD_GAP * (len(row) - 1)) / (a - SPREAD_GAP * (len(row) - 1))
                          for row, a in zip(rows.values(), across, strict=True)))  # fmt: skip
    head = Font(env.face(bold=True), max(RULES_MIN, size * 0.9))
    label = Font(env.face(italic=True), max(RULES_MIN, size * 0.85))
    ops: list = []
    boxes: dict[str, tuple[float, float, float, float]] = {}
    y = 0.0
    for name, row in rows.items():
        y -= head.size * 1.2
        ops.append(Text(0, y, typeset(name), head, INK))
        y -= 5
        tall = max(high[p.piece] for p, _ in row) * k
        x = (width - k * (across[list(rows).index(name)] - SPREAD_GAP * (len(row) - 1))
             - SPREAD_GAP * (len(row) - 1)) / 2  # fmt: skip
        for p, tokens in row:
            w, h, art, _ = drawn[p.piece]
            ops.append(Group(tuple(art), dx=x, dy=y - h * k, scale=k))
            under = tall + label.size * 1.6 if p.label else h * k  # an arrow keeps off its label
            boxes.setdefault(p.piece, (x, y - under, x + w * k, y))
            ops += _tokens(game, tokens, x + w * k / 2, y - h * k * 0.45, w * k, k, env)
            if p.label:
                ops.append(Text(x + w * k / 2, y - tall - label.size * 1.2, typeset(p.label),
                                label, MUTED, "centre"))  # fmt: skip
            x += w * k + SPREAD_GAP
        y -= tall + (label.size * 1.6 if any(p.label for p, _ in row) else 0.0)
        y -= SPREAD_ROWS if d.arrows else 4.0
    return ops + _spread_arrows(d, boxes, env), -y


PILE_STEP = 0.1  # a pile's tokens each this much of a token up and right of the one under


def _tokens(game: Game, tokens: list, cx: float, cy: float, room: float, k: float, env) -> list:
    """Counters lying on a card, side by side about (cx, cy); where the card's width holds
    fewer than all of them, each kind lies in a pile with its count beside it ("×4"),
    so large tokens keep off the card's name and words (rows of them would climb over
    the title), and none hides another's word but the pile's own."""
    if not tokens:
        return []
    size = max(_size(game, t.piece) for t in tokens) * k
    if len(tokens) * size * 1.1 <= room * 0.85:
        x0 = cx - size * 1.1 * (len(tokens) - 1) / 2
        row: list = []
        for i, t in enumerate(tokens):
            row += _piece_ops(game, t.piece, t.face, x0 + i * size * 1.1, cy, env, k)
        return row
    piles: dict[tuple[str, str | None], int] = {}
    for t in tokens:
        piles[t.piece, t.face] = piles.get((t.piece, t.face), 0) + 1
    label = max(RULES_MIN, size * 0.3)
    wide = {key: size * (1 + PILE_STEP * (n - 1)) + label * 2.8 for key, n in piles.items()}
    x = cx - (sum(wide.values()) + size * 0.2 * (len(piles) - 1)) / 2
    ops: list = []
    for (piece, face), n in piles.items():
        lift = size * PILE_STEP
        for i in range(n):  # the bottom token first; under the top one only their edges
            at = (x + size / 2 + i * lift, cy + i * lift)  # up the art, off the words
            top = i == n - 1
            ops += (
                _piece_ops(game, piece, face, *at, env, k)
                if top
                else _edge(game, piece, face, *at, k)
            )
        right = x + size + lift * (n - 1)
        ops += _plate_label(f"\u00d7{n}", right + label * 1.3, cy - size * 0.3, label, INK, env)
        x += wide[piece, face] + size * 0.2
    return ops


def _edge(game: Game, piece: str, face: str | None, cx: float, cy: float, k: float) -> list:
    """A token under another in a pile: its shape in its ground, with no words (the one
    over it hides them; printed, they would be type under a fill)."""
    c = _counter(game, piece)
    if c is None:
        return [Circle(cx, cy, 12 * k, fill=PAPER, stroke=Stroke(INK, 1.0))]
    ground = _face(c, face).background
    edge = outline(c.shape, c.width, c.height, fill=ground, stroke=EDGE)
    return [Group((edge,), dx=cx - c.width * k / 2, dy=cy - c.height * k / 2, scale=k)]


def _to_edge(ux: float, uy: float, half_w: float, half_h: float) -> float:
    """How far along the unit direction (ux, uy) a box's edge is from its middle."""
    return min(half_w / abs(ux) if ux else math.inf, half_h / abs(uy) if uy else math.inf)


def _spread_arrows(d: Diagram, boxes: dict, env: PlanEnv) -> list:
    """Each arrow from its piece's box to the other's, leaving and meeting their edges."""
    ops: list = []
    for a in d.arrows:
        (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = boxes[a.start], boxes[a.end]  # checked
        (xa, ya), (xb, yb) = ((ax0 + ax1) / 2, (ay0 + ay1) / 2), ((bx0 + bx1) / 2, (by0 + by1) / 2)
        dx, dy = xb - xa, yb - ya
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        start = _to_edge(ux, uy, (ax1 - ax0) / 2, (ay1 - ay0) / 2) + 3
        end = length - _to_edge(ux, uy, (bx1 - bx0) / 2, (by1 - by0) / 2) - 3
        sx, sy, ex, ey = xa + ux * start, ya + uy * start, xa + ux * end, ya + uy * end
        ink = ARROWS[a.kind]
        dash = (4.0, 3.0) if a.kind == "fire" else ()
        ops.append(Line(sx, sy, ex, ey, Stroke(ink, ARROW_WIDTH, dash)))
        left = (ex - ux * 7 - uy * 3.5, ey - uy * 7 + ux * 3.5)
        right = (ex - ux * 7 + uy * 3.5, ey - uy * 7 - ux * 3.5)
        ops.append(Path(((ex, ey), left, right), True, fill=ink))
        if a.label:
            ops += _plate_label(a.label, (sx + ex) / 2 - uy * 9, (sy + ey) / 2 + ux * 9, 7.5, ink,
                                env)  # fmt: skip
    return ops
