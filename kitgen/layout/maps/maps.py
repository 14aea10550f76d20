"""Map sheets: one sheet per copy when a map fits, tiles at true scale when it does not (or one
scaled sheet with --fit), and assembly diagrams for tiled maps and composed boards."""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable

from ...errors import Diagnostics
from ...geometry import Cell, SquareGrid
from ...model.map import MapDef, MapSet, Placement
from ...model.mapbuild import rotated_size
from ...model.reading import unmarked
from ...records import replace
from ...style import (
    ASSEMBLY_INK,
    BADGE_INK,
    BLACK,
    FAINT,
    INK,
    LINE_INK,
    MID_INK,
    MUTED,
    NOTE_LEADING,
    PAPER,
    RULES_MIN,
    SMALL,
    typeset,
)
from ..clearance import clash, clear_spot, placing, text_box, word_boxes
from ..env import PlanEnv
from ..frame import content_box
from ..plan import BBox, Document, Font, Group, Item, Line, Page, Path, Rect, Stroke, Text
from ..text import wrap
from .mapart import (
    MIN_WORD,
    Box,
    BoxIndex,
    Lanes,
    border_line,
    cell_size,
    coord_size,
    coord_tabs,
    coord_width,
    coords_clear_of,
    coords_left_out,
    label_width,
    lanes_filed,
    map_ops,
)
from .mapkey import plan_key
from .mapmargins import GAP as MARGIN_GAP
from .mapmargins import chart_ops, on_sheet, overflow
from .maptiles import (
    ASSEMBLY_MIN_SCALE,
    ASSEMBLY_TEXT_W,
    BADGE_GAP,
    BADGE_MIN,
    Tiling,
    badge_bands,
    badge_size,
    choose_tiling,
    room_scale,
    tile_at,
)
from .tiling import TilePlan, needs_tiling, roman

PAD = 3.0  # round the grid, so the outer border line is never clipped
TITLE_H = 24.0  # the title line and one line of the map's note under it
NOTE_PITCH = RULES_MIN * NOTE_LEADING  # each further line of the note
TICK = 9.0
SEAM_TICK = 3.0  # a registration tick's reach either side of a seam
COMPASS = 40.0  # the title line's room for the north arrow and its N
SEAM = Stroke(MID_INK, 0.6, (3, 2))
CUT = Stroke(BLACK, 0.6)


def plan_maps(maps: MapSet, env: PlanEnv) -> list[Document]:
    docs = []
    for m in maps.maps:
        pages: list[Page] = []
        if m.printed and m.copies > 0:
            pages.extend(_map_pages(m, env))
        if m.pieces:
            pages.append(_board_assembly(m, maps, env))
        if pages:
            docs.append(Document(f"map-{m.id}", m.title or m.id, pages, stock=m.stock))
    return docs


def art_size(m: MapDef) -> tuple[float, float]:
    b = m.grid.bounds()
    return b.x1 - b.x0 + 2 * PAD, b.y1 - b.y0 + 2 * PAD


def map_group(
    m: MapDef,
    env: PlanEnv,
    text_scale: float = 1.0,
    avoid: tuple[Box, ...] = (),
    under: tuple = (),
    printed: float = 1.0,
    lanes: Lanes | None = None,
    hide: tuple[Box, ...] = (),
) -> Group:
    """The whole map; its own origin at the padded bottom-left. ``text_scale`` enlarges area
    labels and marks on reduced drawings (assembly sheets) so they stay legible; ``avoid``
    (map points) is kept clear of area labels; ``under``: ops (map points) drawn over the
    cells but under the map's words, as map_ops draws them; ``printed``: the scale the
    drawing prints at (no word below MIN_WORD there, coordinates as reduced_coords says);
    ``lanes``: bands its coordinates keep clear of (a tiled map's seams: _lanes); ``hide``
    (map points): what is drawn over the map there, its words under it left out."""
    coords, cells = reduced_coords(m, printed)
    if hide and (coords is not None or m.coords) and cells != ():
        coords = coord_size(m) if coords is None else coords
        cells = coords_clear_of(m, coords, cells, hide)
    ops = map_ops(
        m,
        (env.face(), env.face(bold=True)),
        text_scale=text_scale,
        avoid=avoid,
        under=under,
        least=MIN_WORD / printed,
        coords=coords,
        coord_cells=cells,
        lanes=lanes,
        hide=hide,
        printed=printed,
    )
    # A keyed form with the map's own box: a tiled map is drawn once and each tile
    # places it under its clip (the box leaves a cell's room for labels past the edge).
    b = m.grid.bounds()
    room = cell_size(m.grid)
    box = (b.x0 - room, b.y0 - room, b.x1 + room, b.y1 + room)
    key = f"map:{m.id}:{text_scale:g}" + (f":{printed:.6g}" if printed != 1.0 else "")
    if avoid or under:  # the same map drawn clear of, or over, other things is another drawing
        key += ":" + hashlib.sha1(repr((avoid, under)).encode()).hexdigest()[:10]
    if lanes is not None:
        key += ":" + hashlib.sha1(repr(lanes).encode()).hexdigest()[:10]
    return Group(tuple(ops), dx=PAD, dy=PAD, key=key, box=box)


def reduced_coords(
    m: MapDef, printed: float, every: bool = False
) -> tuple[float | None, tuple[Cell, ...] | None]:
    """The coordinates of a map drawn at ``printed`` scale, as map_ops takes them: (None,
    None) for its own (they print at MIN_WORD or more, or it has none and ``every`` is not
    asked); else their size for MIN_WORD printed, on every cell where the widest fits about
    half a cell, only on the four corner cells where it fits one, and on none (an empty
    tuple) where it does not."""
    fs = coord_size(m)
    if not every and (not m.coords or fs * printed >= MIN_WORD - 1e-6):
        return None, None
    fs = MIN_WORD / printed
    size = cell_size(m.grid)
    width = coord_width(m, fs)
    if printed >= every_coord_scale(m) - 1e-9:
        return fs, None
    if width > size * 0.9 or fs * 1.3 > size * 0.4:
        return fs, ()
    cols = [c for c, _ in m.cells]
    rows = [r for _, r in m.cells]
    corners = [(c, r) for r in (min(rows), max(rows)) for c in (min(cols), max(cols))]
    return fs, tuple(dict.fromkeys(c for c in corners if c in m.cells))


def every_coord_scale(m: MapDef) -> float:
    """The least scale a map prints at with every cell's coordinates at MIN_WORD: the widest
    tab at most 0.55 of a cell across, its height (1.3 of the size) at most 0.3."""
    size = cell_size(m.grid)
    return MIN_WORD * max(coord_width(m, 1.0) / (size * 0.55), 1.3 / (size * 0.3))


def _faces(env: PlanEnv) -> tuple[str, str]:
    return env.face(), env.face(bold=True)


# ---- one sheet per copy --------------------------------------------------------------------


def _map_pages(m: MapDef, env: PlanEnv) -> list[Page]:
    x0, y0, x1, y1 = content_box(env.paper)
    w, h = art_size(m)
    key_ops: list = []
    key_h = 0.0
    if not any(c.item == "key" for c in m.margins):  # else the key is one of the charts
        key_ops, key_h = plan_key(m, env, x0, x1 - x0)
    avail_w, avail_h = x1 - x0, y1 - y0 - head_height(m, env)
    if not needs_tiling(w, h, avail_w, avail_h - key_h):
        if _fewer_turned(m, env, key_ops, key_h):
            return _tiled(m, env)
        pages: list[Page] = []
        left: list = []
        for n in range(1, m.copies + 1):
            page, left = _single(m, env, n, key_ops, key_h)
            pages.append(page)
        return pages + _chart_pages(m, env, left)
    if env.settings.fit:
        if m.margins:
            env.fact(f"map {m.id}: its charts on a page after the map (--fit)")
        return [_fitted(m, env, key_ops, key_h), *_chart_pages(m, env, list(m.margins), False)]
    return _tiled(m, env)


def _fewer_turned(m: MapDef, env: PlanEnv, key_ops: list, key_h: float) -> bool:
    """Whether a map that fits its sheet as it is, but leaves charts for a page of their
    own, takes fewer sheets laid out as a tiler's way (the sheet landscape or the map
    turned, which may leave the charts room beside it)."""
    if not m.margins or m.copies > 1 or env.settings.fit:
        return False
    quiet = replace(env, diags=Diagnostics(), facts={})
    _, left = _single(m, quiet, 1, key_ops, key_h)
    if not left:
        return False
    return tile_plan(m, quiet).all_sheets < 1 + len(_chart_pages(m, quiet, left))


def _chart_pages(m: MapDef, env: PlanEnv, charts: list, warn: bool = True) -> list[Page]:
    """Charts that found no room round the map, on pages of their own after it."""
    x0, y0, x1, y1 = content_box(env.paper)
    out = []
    for placed in overflow(m, env, charts, (x0, y0, x1, y1 - head_height(m, env)), warn):
        page = Page(f"Map: {m.title or m.id}", ops=_title(m, env, x0, x1, y1, "charts"))
        for p in placed:
            ops, item = chart_ops(m, env, p)
            page.ops.extend(ops)
            page.items.append(item)
        out.append(page)
    return out


def _title(
    m: MapDef, env: PlanEnv, x0: float, x1: float, top: float, right: str, note: bool = True
) -> list:
    """The title line (title, north arrow, ``right`` at its end) and, when ``note``, the
    map's note under it at RULES_MIN, on as many lines as it needs (head_height: an
    assembly sheet sets the note itself, at SMALL: _head)."""
    regular, bold = _faces(env)
    ops: list = []
    room = x1 - x0 - (env.fonts.width(right, bold, 10) + 12 if right else 0)
    room -= COMPASS if m.north else 0.0
    x = x0
    if m.show_title:
        size = _fit_line(m, env, "title", m.title or m.id, bold, 13, 9, room)
        ops.append(Text(x0, top - 12, m.title or m.id, Font(bold, size), INK))
        x += env.fonts.width(m.title or m.id, bold, size) + 10
    if m.north:
        ops.extend(compass(m.north, x, top - 9, bold))
    if note:
        # clear of the title's descenders (which reach about 2.7 pt below its baseline)
        for i, line in enumerate(_note_lines(m, env, x1 - x0)):
            y = top - 23 - i * NOTE_PITCH
            ops.append(Text(x0, y, line, Font(regular, RULES_MIN), MID_INK))
    if right:
        ops.append(Text(x1, top - 12, right, Font(bold, 10), INK, align="right"))
    return ops


def _note_lines(m: MapDef, env: PlanEnv, width: float) -> list[str]:
    """The map's note as a map sheet prints it under its title: rules text, so at RULES_MIN
    and never smaller; a note longer than the sheet's width wraps to more lines."""
    return wrap(typeset(m.note), env.face(), RULES_MIN, width, env.fonts) if m.note else []


def head_height(m: MapDef, env: PlanEnv) -> float:
    """The room a map sheet's head takes above the map: the title line and the note's
    first line (TITLE_H), and NOTE_PITCH more for each further line of the note, wrapped
    to the paper's width as it stands (a sheet turned landscape has the same room or
    more)."""
    x0, _, x1, _ = content_box(env.paper)
    return TITLE_H + max(len(_note_lines(m, env, x1 - x0)) - 1, 0) * NOTE_PITCH


def compass(north: str, x: float, cy: float, bold: str) -> list:
    """An arrow pointing north with an N at its head, in a 14 pt square from x, centred on
    cy: a wargame map says which way north lies, not always up. The N stands beside the
    head, not the arrow's middle (read quickly, "↓ N" with the N level with the middle
    said north was up and right): level with the tip of an arrow up or down, beyond the
    tip of one left (the arrow then starts 9 pt further on) or right."""
    ux, uy = {"up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0)}[north]
    cx, half = x + (16 if north == "left" else 7), 6.0
    tip = (cx + ux * half, cy + uy * half)
    tail = (cx - ux * half, cy - uy * half)
    px, py = -uy, ux
    head = (
        tip,
        (tip[0] - ux * 5 + px * 3, tip[1] - uy * 5 + py * 3),
        (tip[0] - ux * 5 - px * 3, tip[1] - uy * 5 - py * 3),
    )
    return [
        Line(*tail, tip[0] - ux * 4, tip[1] - uy * 4, Stroke(INK, 1.4)),
        Path(head, fill=INK),
        Text(x if north == "left" else x + 17, cy + _N_RISE[north], "N", Font(bold, 9), INK),
    ]


# the N's baseline from the compass's middle: its foot at a downward tip, its top (a 9 pt
# capital stands about 6.6 pt) at an upward one, centred on a sideways arrow
_N_RISE = {"up": -0.6, "down": -6.0, "left": -3.0, "right": -3.0}


def _fit_line(
    m: MapDef,
    env: PlanEnv,
    what: str,
    text: str,
    face: str,
    size: float,
    least: float,
    width: float,
) -> float:
    """The size at which one line fits the width, down to ``least``; a warning when even
    that is too wide (the line is never cut, so it shows what to shorten)."""
    wide = env.fonts.width(text, face, size)
    if wide <= width:
        return size
    fitted = max(least, size * width / wide)
    if env.fonts.width(text, face, fitted) > width + 1e-6:
        env.warn(
            m.span,
            f"maps.{m.id}.{what}",
            f"map {what} {text!r} does not fit the page even at {least:g}pt",
            "shorten it",
        )
    return fitted


def _single(m: MapDef, env: PlanEnv, n: int, key_ops: list, key_h: float) -> tuple[Page, list]:
    """One copy's sheet, and the charts that found no room on it. A copy printed as it
    lies on its board is a piece of its own (its cells' names differ from the others'):
    "piece 2 of 4", not a copy."""
    x0, y0, x1, y1 = content_box(env.paper)
    w, h = art_size(m)
    copy_of = _board_copy(m, env, n)
    right = f"{'copy' if copy_of is None else 'piece'} {n} of {m.copies}" if m.copies > 1 else ""
    ops = _title(m, env, x0, x1, y1, right)
    top = y1 - head_height(m, env)
    charts: list[Item] = []
    left: list = []
    if m.margins:
        room = (x0, y0 + (key_h + MARGIN_GAP if key_h else 0.0), x1, top)
        (px, py), placed, left = on_sheet(m, env, room, w, h)
        for p in placed:
            chart, item = chart_ops(m, env, p)
            ops.extend(chart)
            charts.append(item)
    else:
        px = x0 + (x1 - x0 - w) / 2
        py = top - h - max(0.0, (top - y0 - key_h - h) / 2)
    if copy_of is None:
        ops.append(Group((map_group(m, env),), dx=px, dy=py))
    else:  # printed as it lies on the board: nothing to turn, no TOP to point to
        ops.extend(_copy_art(m, env, copy_of, (px + PAD, py + PAD)))
    if copy_of is None and (m.copies > 1 or _used_as_piece(m, env)):
        ops.extend(_top_arrow(px + w / 2, py + h + 3, env))
    ops.append(Group(tuple(key_ops), dy=y0 - (y0 + 0)))
    item = Item(
        "map",
        m.id if m.copies == 1 else f"{m.id}-{n}",
        f"map-{m.id}-{n}",
        "front",
        (px, py, px + w, py + h),
        {
            "map": m.id,
            "copy": n,
            "copies": m.copies,
            # what this sheet shows: the board's window it prints, else the piece itself
            "shows": "" if copy_of is None else f"{copy_of[0].id} at {copy_of[1].at}",
            "cell": round(cell_size(m.grid), 4),
            "cols": m.grid.cols,
            "rows": m.grid.rows,
        },
    )
    return Page(f"Map: {m.title or m.id}", ops=ops, items=[item, *charts]), left


def _used_as_piece(m: MapDef, env: PlanEnv) -> bool:
    maps = env.game.maps
    if maps is None:
        return False
    return any(p.map == m.id for b in maps.maps for p in b.pieces)


def _board_copy(m: MapDef, env: PlanEnv, n: int) -> tuple[MapDef, Placement] | None:
    """The board and its placement that copy ``n`` of piece ``m`` prints as, when a board
    printed as its pieces takes every copy: each copy then prints as it lies on the board,
    its cells named and its areas labelled as the board's, so a cut piece says where it
    goes. None for a map printed as itself."""
    maps = env.game.maps
    if maps is None:
        return None
    for board in maps.maps:
        mine = [p for p in board.pieces if p.map == m.id]
        if mine and not board.printed and len(mine) == m.copies:
            return board, mine[n - 1]
    return None


def _copy_art(piece: MapDef, env: PlanEnv, placed: tuple, at: tuple[float, float]) -> list:
    """A copy of ``piece`` as it lies on its board, its window's bottom-left ``at``: the
    board's drawing (coordinates, area labels clear of the seams, marks turned with the
    copy) seen through the copy's window, and its edge the cut line."""
    board, p = placed
    maps = env.game.maps
    wx, wy, ww, wh = _copy_rect(board.grid, piece, p, 0.0, 0.0, 1.0)
    art = map_group(board, env, avoid=_seam_boxes(board, maps) if maps else ())
    x, y = at
    clip = (wx, wy, wx + ww, wy + wh)
    return [
        Group((art,), dx=x - wx, dy=y - wy, clip=clip),
        Rect(x, y, ww, wh, fill=None, stroke=border_line()),
    ]


def _seam_boxes(board: MapDef, maps: MapSet) -> tuple[Box, ...]:
    """Where the board's copies meet, in map points: an area's label keeps off them, so
    no label is cut in two by the edge of the piece it is printed on."""
    out: list[Box] = []
    for p in board.pieces:
        piece = maps.get(p.map)
        if piece is None:
            continue
        x, y, w, h = _copy_rect(board.grid, piece, p, -PAD, -PAD, 1.0)
        out += [(x - 1, y, x + 1, y + h), (x + w - 1, y, x + w + 1, y + h)]
        out += [(x, y - 1, x + w, y + 1), (x, y + h - 1, x + w, y + h + 1)]
    return tuple(out)


def _top_arrow(cx: float, y: float, env: PlanEnv) -> list:
    """A small 'TOP' arrow above a piece, so the assembly diagram can show each turn."""
    s = 6.0
    return [
        Path(((cx - s, y), (cx + s, y), (cx, y + s * 1.2)), fill=INK),
        Text(cx + s + 3, y + 1, "TOP", Font(env.face(bold=True), 7), INK),
    ]


def _fitted(m: MapDef, env: PlanEnv, key_ops: list, key_h: float) -> Page:
    x0, y0, x1, y1 = content_box(env.paper)
    w, h = art_size(m)
    head = head_height(m, env)
    avail_w, avail_h = x1 - x0, y1 - y0 - head - key_h - 12
    scale = min(avail_w / w, avail_h / h)
    ratio = 1 / scale
    note = f"scale 1:{ratio:.2f} — not true size"
    ops = _title(m, env, x0, x1, y1, note)
    px = x0 + (avail_w - w * scale) / 2
    py = y1 - head - 6 - h * scale
    # reduced: no word below MIN_WORD as printed (coordinates as reduced_coords says)
    art = map_group(m, env, printed=min(1.0, scale))
    ops.append(Group((art,), dx=px, dy=py, scale=scale))
    ops.append(Group(tuple(key_ops)))
    item = Item(
        "map",
        m.id,
        f"map-{m.id}-1",
        "front",
        (px, py, px + w * scale, py + h * scale),
        {"map": m.id, "scale": round(scale, 6), "true_size": False},
    )
    return Page(f"Map: {m.title or m.id}", ops=ops, items=[item], note=note)


# ---- tiles ------------------------------------------------------------------------------


def tile_plan(m: MapDef, env: PlanEnv) -> Tiling:
    """Tiles for a map too big for one sheet, the sheets' orientation and whether the map is
    turned a quarter turn on them: whatever takes the fewest sheets (maptiles.py); the cell
    size never changes."""
    w, h = art_size(m)
    return choose_tiling(m, env, w, h, head_height(m, env), PAD)


def _art(
    m: MapDef,
    env: PlanEnv,
    turned: bool,
    text_scale: float = 1.0,
    avoid: tuple[Box, ...] = (),
    under: tuple = (),
    printed: float = 1.0,
    lanes: Lanes | None = None,
) -> Group:
    """The map art, turned 90 degrees anticlockwise when asked: its box is then h x w."""
    group = map_group(m, env, text_scale, avoid, under, printed, lanes)
    if not turned:
        return group
    _, h = art_size(m)
    return Group((group,), dx=h, rotate=90)


def _tiled(m: MapDef, env: PlanEnv) -> list[Page]:
    way = tile_plan(m, env)
    plan, turned = way.plan, way.turned
    x0, y0, x1, y1 = content_box(env.paper.sized(way.size))
    regular, bold = _faces(env)
    tabs = coord_tabs(m) if m.coords and plan.count > 1 else []
    lanes = _lanes(m, plan, turned, _note_font(regular), tabs)
    group = _art(m, env, turned, lanes=lanes)
    if lanes is not None and (out := coords_left_out(tabs, lanes)):
        env.fact(f"map {m.id}: no room for coordinates {', '.join(out)} clear of the seams")
    # a glue note covers none of the words; a tile asks for those near it, not all of them
    art_words = _Near(word_boxes([group], env.fonts.width, 0.3))
    texts = _Near(_text_boxes([group], env.fonts.width) if plan.count > 1 else [])
    pages = []
    for t in plan.tiles:
        tw, th = t.x1 - t.x0, t.y1 - t.y0
        px, py = tile_at(m, env, way, t)
        dx, dy = px - t.x0, py - t.y0
        near = art_words.near((t.x0, t.y0, t.x1, t.y1), _seam_reach(t, plan, regular))
        words = [(a + dx, b + dy, c + dx, d + dy) for a, b, c, d in near]
        alone = plan.count == 1  # one sheet, landscape or the map turned: no tiles to join
        right = "" if alone else _tile_name(t, plan)
        ops = _title(m, env, x0, x1, y1, right)
        for window in _windows(plan, t, texts.near((t.x0, t.y0, t.x1, t.y1), 1.0)):
            ops.append(Group((group,), dx=px - t.x0, dy=py - t.y0, clip=window))
        ops.extend([] if alone else _locator(plan, t, x1 - 40, y1 - 3, bold))
        ops.extend(_seams(m, plan, t, (px, py), regular, turned, words))
        extra = {
            "map": m.id,
            "row": t.row + 1,
            "col": t.col + 1,
            "label": t.label,
            "index": t.index,
            "of": plan.count,
            "overlap": round(plan.overlap, 4),
            "cell": round(cell_size(m.grid), 4),
            "window": [round(v, 4) for v in t.window],
            "turned": turned,
        }
        item = Item(
            "map-tile",
            f"{m.id}-{t.label}",
            f"map-{m.id}-{t.label}",
            "front",
            (px, py, px + tw, py + th),
            extra,
        )
        items = [item]
        for p in way.charts:
            if p.page == t.index:
                chart, chart_item = chart_ops(m, env, p, t.label)
                ops.extend(chart)
                items.append(chart_item)
        pages.append(
            Page(
                f"Map: {m.title or m.id}",
                ops=ops,
                items=items,
                note="map turned a quarter turn" if turned else "",
                size=way.size,
            )
        )
    charts = _chart_pages(m, env, list(way.left), False)
    pages.extend(charts)
    under = False
    if plan.count > 1 or not _key_under(m, env, way, pages[0]):
        under = bool(charts) and _assembly_under_charts(m, plan, env, turned, charts[-1])
        if not under:
            pages.append(_tile_assembly(m, plan, env, turned, way.landscape))
    env.fact(_tiling_fact(m, way, len(pages), under))
    return pages


class _Near:
    """Boxes (a map's words, in art points) and their BoxIndex: those near a place, in
    their order (a map has thousands, a tile's seams want the few on it)."""

    def __init__(self, boxes: list[Box]):
        self.boxes, self.index = boxes, BoxIndex(boxes)

    def near(self, box: Box, gap: float) -> list[Box]:
        return [self.boxes[i] for i in self.index.near(box, gap)]


def _seam_reach(t, plan: TilePlan, regular: str) -> float:
    """How far past a tile's edges a word can matter to its seams (_seams): a glue note's
    length, as far as it can stand out from the tile, and the seam line's 1 pt of room."""
    font = _note_font(regular)
    notes = (
        f"GLUE under tile {roman(t.index + 1)}",  # the neighbours right and below
        f"GLUE under tile {roman(t.index + plan.cols)}",
    )
    return max(length for length, _ in map(lambda n: _note_size(n, font), notes)) + 2.0


def _key_under(m: MapDef, env: PlanEnv, way: Tiling, page: Page) -> bool:
    """The map's key under a map on one sheet of its own (landscape or turned), where it
    fits; False when it does not (the assembly sheet then carries it)."""
    if any(c.item == "key" for c in m.margins):
        return True  # the key is one of the charts
    x0, y0, x1, _ = content_box(env.paper.sized(way.size))
    key_ops, key_h = plan_key(m, env, x0, x1 - x0, y0)
    free = page.items[0].bbox[1] - y0 - MARGIN_GAP
    if key_h > free:
        return False
    page.ops.append(Group(tuple(key_ops)))
    return True


def _windows(plan: TilePlan, t, words: list[Box]) -> list[Box]:
    """The parts of a tile's window its map is shown through (art points): all of it, but
    where the tile's right or bottom edge would cut a word of the map that lies wholly on
    the glue strip: that word's part is left off this tile (the neighbour glued over the
    strip prints it whole), so no sheet carries a word cut by its edge."""
    o = plan.overlap
    right = [
        w
        for w in words
        if t.col < plan.cols - 1 and t.x1 - o <= w[0] < t.x1 < w[2] and w[3] > t.y0 and w[1] < t.y1
    ]
    bottom = [
        w
        for w in words
        if t.row < plan.rows - 1 and w[1] < t.y0 < w[3] <= t.y0 + o and w[2] > t.x0 and w[0] < t.x1
    ]
    if not right and not bottom:
        return [t.window]
    x0, y0, x1, y1 = t.window
    xa = min((w[0] for w in right), default=x1)  # the strip's part holding cut words
    ya = max((w[3] for w in bottom), default=y0)
    out = [(x0, ya, xa, y1)]
    out += [(x0, y0, xa, ya)] if not bottom else _gaps(x0, xa, bottom, (y0, ya), 0)
    out += _gaps(y0, y1, right, (xa, x1), 1) if right else [(xa, y0, x1, y1)]
    return [b for b in out if b[2] - b[0] > 1e-6 and b[3] - b[1] > 1e-6]


def _text_boxes(ops, width) -> list[Box]:
    """The boxes of the lines of text the ops draw (through their groups' placing)."""
    out: list[Box] = []
    for op in ops:
        if isinstance(op, Text):
            out.append(text_box(op, width))
        elif isinstance(op, Group):
            out.extend(map(placing(op), _text_boxes(op.ops, width)))
    return out


def _gaps(lo: float, hi: float, cut: list[Box], across: tuple[float, float], axis: int) -> list:
    """The boxes of a strip (from ``across[0]`` to ``across[1]``) between the ``cut``
    words, which run across it: along x (axis 0) or y (axis 1), from lo to hi."""
    spans = sorted((w[axis], w[axis + 2]) for w in cut)
    out, at = [], lo
    for a, b in [*spans, (hi, hi)]:
        if a > at:
            out.append(
                (at, across[0], a, across[1]) if axis == 0 else (across[0], at, across[1], a)
            )
        at = max(at, b)
    return out


def _tiling_fact(m: MapDef, way: Tiling, sheets: int, under: bool = False) -> str:
    """What the build says of a map too big for a portrait sheet: its tiles (or its one
    sheet), the sheets in all and where its charts went."""
    plan = way.plan
    how = ("landscape" if way.landscape else "portrait") + (", map turned" if way.turned else "")
    if plan.count == 1:
        fact = f"map {m.id}: on one {how} sheet"
    else:
        fact = (
            f"map {m.id}: {_n(plan.count, 'tile')} "
            f"({_n(plan.rows, 'row')} x {_n(plan.cols, 'column')}, {how})"
        )
    fact += f", {_n(sheets, 'sheet')} in all" + (
        " with the assembly sheet" if plan.count > 1 else ""
    )
    if way.left:
        names = ", ".join(repr(c.item) for c in way.left)
        fact += f"; charts {names} on {_n(way.chart_pages, 'page')} after the map"
        fact += ", the assembly diagram under them" if under else ""
    return fact


def _locator(plan: TilePlan, here, right: float, top: float, bold: str) -> list:
    """A thumbnail of the tile grid with this tile filled, beside the title."""
    cw = 9.0
    ch = 7.0
    ops: list = []
    x = right - plan.cols * cw - 60
    y = top - plan.rows * ch
    for t in plan.tiles:
        ops.append(
            Rect(
                x + t.col * cw,
                y + (plan.rows - 1 - t.row) * ch,
                cw,
                ch,
                fill=LINE_INK if t is here else PAPER,
                stroke=Stroke(LINE_INK, 0.4),
            )
        )
    return ops


def _grid_ticks(m: MapDef, along_x: bool, lo: float, hi: float) -> list[float]:
    """Positions (map coordinates incl. PAD) of grid lines, or hex centres, between lo and hi."""
    g = m.grid
    out = []
    if isinstance(g, SquareGrid):
        n = g.cols if along_x else g.rows
        out = [PAD + i * g.cell for i in range(n + 1)]
    else:
        if along_x:
            out = sorted({round(PAD + x, 4) for x, _ in (g.centre(c, 0) for c in range(g.cols))})
        else:
            cols = (0, 1) if g.cols > 1 else (0,)
            centres = (g.centre(c, r) for c in cols for r in range(g.rows))
            out = sorted({round(PAD + y, 4) for _, y in centres})
    return [v for v in out if lo - 1e-6 <= v <= hi + 1e-6]


def _ticks(m: MapDef, turned: bool, along_x: bool, lo: float, hi: float) -> list[float]:
    """Grid-line positions in the (possibly turned) art: turned, x runs down the map's rows."""
    if not turned:
        return _grid_ticks(m, along_x, lo, hi)
    if along_x:
        _, h = art_size(m)
        return sorted(h - v for v in _grid_ticks(m, False, h - hi, h - lo))
    return _grid_ticks(m, True, lo, hi)


def _seams(
    m: MapDef,
    plan: TilePlan,
    t,
    at: tuple[float, float],
    regular: str,
    turned: bool = False,
    words: list[Box] | None = None,
) -> list:
    """Cut lines where this tile lies on a neighbour, glue strips where a neighbour lies on it,
    and ticks on every grid line crossing a seam so the grid registers. A glue note covers
    none of the map's ``words`` (page boxes) where it can."""
    px, py = at
    ops: list = []
    tw, th = t.x1 - t.x0, t.y1 - t.y0
    o = plan.overlap
    small = _note_font(regular)
    tick = Stroke(BLACK, 0.6)
    has_left, has_right = t.col > 0, t.col < plan.cols - 1
    has_top, has_bottom = t.row > 0, t.row < plan.rows - 1
    xs = _ticks(m, turned, True, t.x0, t.x1)
    ys = _ticks(m, turned, False, t.y0, t.y1)
    caption = _cut_caption(m, plan, turned, small)
    if has_left:  # the words sit between two ticks, never across one
        ops.append(Line(px, py, px, py + th, CUT))
        cy = _between(ys, py - t.y0, py + th / 2)
        ops.append(Text(px - 4, cy, caption, small, INK, align="centre", angle=90))
    if has_top:
        ops.append(Line(px, py + th, px + tw, py + th, CUT))
        cx = _between(xs, px - t.x0, px + tw / 2)
        ops.append(Text(cx, py + th + 4, caption, small, INK, align="centre"))
    if has_right:
        gx = px + tw - o
        ops.extend(_seam_line((gx, py, gx, py + th), words or []))
        ops.append(Line(px + tw + 5, py, px + tw + 5, py + th, Stroke(FAINT, 3)))
        note = f"GLUE under tile {plan.at(t.row, t.col + 1).label}"
        cx, (nw, nh) = px + tw - o / 2, _note_size(note, small)
        strip = _across(words, cx - nh / 2, cx + nh / 2, 0)
        free = _free(strip, lambda v: (cx - nh / 2, v - nw / 2, cx + nh / 2, v + nw / 2))
        ops.extend(_glue_note(note, cx, _between(ys, py - t.y0, py + th / 2, free), True, small))
    if has_bottom:
        gy = py + o
        ops.extend(_seam_line((px, gy, px + tw, gy), words or []))
        ops.append(Line(px, py - 5, px + tw, py - 5, Stroke(FAINT, 3)))
        note = f"GLUE under tile {plan.at(t.row + 1, t.col).label}"
        cy, (nw, nh) = py + o / 2, _note_size(note, small)
        strip = _across(words, cy - nh / 2, cy + nh / 2, 1)
        free = _free(strip, lambda v: (v - nw / 2, cy - nh / 2, v + nw / 2, cy + nh / 2))
        ops.extend(_glue_note(note, _between(xs, px - t.x0, px + tw / 2, free), cy, False, small))
    for x in xs:
        X = px + x - t.x0
        if has_top or has_bottom:
            if has_top:
                ops.append(Line(X, py + th, X, py + th + TICK, tick))
            if has_bottom:
                ops.append(Line(X, py + o - SEAM_TICK, X, py + o + SEAM_TICK, tick))
                ops.append(Line(X, py, X, py - TICK, tick))
    for y in ys:
        Y = py + y - t.y0
        if has_left:
            ops.append(Line(px, Y, px - TICK, Y, tick))
        if has_right:
            ops.append(Line(px + tw - o - SEAM_TICK, Y, px + tw - o + SEAM_TICK, Y, tick))
            ops.append(Line(px + tw, Y, px + tw + TICK, Y, tick))
    return ops


def _lanes(m: MapDef, plan: TilePlan, turned: bool, font: Font, tabs: list) -> Lanes | None:
    """Where a tiled map's coordinates (``tabs``: mapart.coord_tabs) must not lie, in map
    points: across a tile's edge or a seam (where a neighbour's edge lies, its
    registration ticks either side), and under a glue note, put where every coordinate it
    would cover has room to move (_seams puts each note where it is free of the map's
    words: there, unless a mark is). Worked out once per map, whatever its tiles."""
    if plan.count == 1 or not m.coords:
        return None
    o, inf = plan.overlap, math.inf
    bands: set[Box] = set()
    for t in plan.tiles:  # its right and bottom edges, and the seams where neighbours lie
        if t.col < plan.cols - 1:
            seam = t.x1 - o
            bands |= {(t.x1, -inf, t.x1, inf), (seam - SEAM_TICK, -inf, seam + SEAM_TICK, inf)}
        if t.row < plan.rows - 1:
            seam = t.y0 + o
            bands |= {(-inf, t.y0, inf, t.y0), (-inf, seam - SEAM_TICK, inf, seam + SEAM_TICK)}
    boxes = [_art_to_map(m, turned, b) for b in sorted(bands)]
    filed = BoxIndex(boxes)  # the boxes so far, grown note by note
    reach = max((y1 - y0 for _, (_, y0, _, y1), _ in tabs), default=0.0)
    near = (tabs, BoxIndex([box for _, box, _ in tabs]), reach)  # a note asks for tabs by it
    for t in plan.tiles:  # the glue notes
        for right in (True, False):
            if (t.col < plan.cols - 1) if right else (t.row < plan.rows - 1):
                note = _note_box(m, plan, t, (right, turned), font, (boxes, filed), near)
                boxes.append(note)
                filed.add(note)
    return lanes_filed(tuple(boxes), filed)


def _note_box(
    m: MapDef, plan: TilePlan, t, way: tuple[bool, bool], font: Font, lanes: tuple, tabs: tuple
) -> Box:
    """The box (map points) of a glue note along the right (``way[0]``) or bottom strip
    of a tile, the map turned or not (``way[1]``): at the midpoint between ticks nearest
    the strip's middle where every coordinate under it has room to move clear (_between,
    as _seams places it), against the ``lanes`` so far (their boxes and BoxIndex)."""
    right, turned = way
    o = plan.overlap
    boxes, filed = lanes
    near = _near_strip(m, turned, tabs, t, right, o)
    if right:
        nw, nh = _note_size(f"GLUE under tile {plan.at(t.row, t.col + 1).label}", font)
        cx = t.x1 - o / 2

        def box(v: float) -> Box:
            return _art_to_map(m, turned, (cx - nh / 2, v - nw / 2, cx + nh / 2, v + nw / 2))

        lines, middle = _ticks(m, turned, False, t.y0, t.y1), (t.y0 + t.y1) / 2
    else:
        nw, nh = _note_size(f"GLUE under tile {plan.at(t.row + 1, t.col).label}", font)
        cy = t.y0 + o / 2

        def box(v: float) -> Box:
            return _art_to_map(m, turned, (v - nw / 2, cy - nh / 2, v + nw / 2, cy + nh / 2))

        lines, middle = _ticks(m, turned, True, t.x0, t.x1), (t.x0 + t.x1) / 2

    def room(v: float) -> bool:
        note = box(v)
        return not coords_left_out(near, lanes_filed((*boxes, note), filed), near=note)

    return box(_between(lines, 0.0, middle, room))


def _near_strip(m: MapDef, turned: bool, tabs: tuple, t, right: bool, o: float) -> list:
    """The coordinates (``tabs``: the map's, their BoxIndex and the tallest tab's height)
    whose tabs reach into a tile's right or bottom strip, in the map's order, as far
    along it as a note on the tile can lie (the tile's length, and as much again either
    side): those the index finds within a tab's height of it, each then tested."""
    listed, index, reach = tabs
    if not listed:
        return []
    w, h = t.x1 - t.x0, t.y1 - t.y0
    if right:
        strip = _art_to_map(m, turned, (t.x1 - o, t.y0 - h, t.x1, t.y1 + h))
    else:
        strip = _art_to_map(m, turned, (t.x0 - w, t.y0, t.x1 + w, t.y0 + o))
    near = [listed[i] for i in index.near(strip, reach)]
    return [tab for tab in near if _meets_strip(m, turned, _tab_box(tab), t, right, o)]


def _tab_box(tab: tuple) -> Box:
    _, box, _ = tab
    return box


def _meets_strip(m: MapDef, turned: bool, tab: Box, t, right: bool, o: float) -> bool:
    """Whether a coordinate's tab (map points) reaches into a tile's right or bottom strip
    (a tab's height either side): the only ones a glue note there can cover."""
    if right:
        strip = _art_to_map(m, turned, (t.x1 - o, -math.inf, t.x1, math.inf))
    else:
        strip = _art_to_map(m, turned, (-math.inf, t.y0, math.inf, t.y0 + o))
    h = tab[3] - tab[1]
    return clash((tab[0] - h, tab[1] - h, tab[2] + h, tab[3] + h), strip)


def _note_font(regular: str) -> Font:
    """A seam's glue note and cut caption."""
    return Font(regular, 6.5)


def _between(
    lines: list[float], shift: float, middle: float, free: Callable[[float], bool] | None = None
) -> float:
    """The midpoint of two neighbouring grid lines nearest ``middle`` (page points): a glue
    note there keeps clear of the ticks and of the cell labels in the cells' corners; with
    ``free``, the nearest where it holds (else the nearest)."""
    pos = [v + shift for v in lines]
    mids = sorted(
        ((a + b) / 2 for a, b in zip(pos, pos[1:], strict=False)), key=lambda v: abs(v - middle)
    )
    return next((v for v in mids if free is None or free(v)), mids[0] if mids else middle)


def _seam_line(line: Box, words: list[Box]) -> list:
    """The dashed line where a neighbour's edge will lie, along x or y, broken where it
    would cross the map's words (1 pt clear of them)."""
    x0, y0, x1, y1 = line
    along_x = y0 == y1
    lo, hi = (x0, x1) if along_x else (y0, y1)
    gaps = sorted(
        (w[0] - 1, w[2] + 1) if along_x else (w[1] - 1, w[3] + 1)
        for w in words
        if (w[1] < y0 < w[3] if along_x else w[0] < x0 < w[2])
    )
    ops = []
    for a, b in [*gaps, (hi, hi)]:
        if lo >= hi:
            break
        if a > lo:
            ops.append(
                Line(lo, y0, min(a, hi), y0, SEAM)
                if along_x
                else Line(x0, lo, x0, min(a, hi), SEAM)
            )
        lo = max(lo, b)
    return ops


def _across(words: list[Box] | None, lo: float, hi: float, axis: int) -> list[Box] | None:
    """The words that reach into the strip from lo to hi along x (axis 0) or y (axis 1):
    the only ones a note in that strip can cover (a map has thousands)."""
    if words is None:
        return None
    return [w for w in words if w[axis] < hi and lo < w[axis + 2]]


def _free(words: list[Box] | None, box: Callable[[float], Box]) -> Callable[[float], bool] | None:
    """Whether the box placed at a position covers none of the words."""
    if not words:
        return None

    def free(v: float) -> bool:
        b = box(v)  # once, then against each word
        return not any(clash(b, w) for w in words)

    return free


def _note_size(text: str, font: Font) -> tuple[float, float]:
    """A glue note's tab: its length along the strip and its breadth."""
    return label_width(text, font.size) + 6, font.size + 4


def _n(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


CUT_WORDS = ("cut along this edge", "cut")


def _cut_caption(m: MapDef, plan: TilePlan, turned: bool, font: Font) -> str:
    """The one caption every cut edge of a tiled map carries, top and left alike: the
    longest of CUT_WORDS that fits between two neighbouring ticks on each cut edge the
    map's tiles have (it sits between ticks, never across one)."""
    gaps = []
    for along_x, cut in ((True, plan.rows > 1), (False, plan.cols > 1)):
        lines = _ticks(m, turned, along_x, 0.0, plan.width if along_x else plan.height)
        if cut:
            gaps += [b - a for a, b in zip(lines, lines[1:], strict=False)]
    room = min(gaps, default=math.inf)
    fits = [w for w in CUT_WORDS if len(w) * font.size * 0.56 + 4 < room]  # 0.56 em a letter
    return fits[0] if fits else CUT_WORDS[-1]


def _glue_note(text: str, cx: float, cy: float, vertical: bool, font: Font) -> list:
    """A note on a white tab in the middle of a glue strip (the neighbour covers it)."""
    w, h = _note_size(text, font)
    if vertical:
        return [
            Rect(cx - h / 2, cy - w / 2, h, w, fill=PAPER, stroke=Stroke(FAINT, 0.4)),
            # turned a quarter clockwise the letters stand to the right of their baseline
            Text(cx - font.size * 0.35, cy, text, font, INK, align="centre", angle=-90),
        ]
    return [
        Rect(cx - w / 2, cy - h / 2, w, h, fill=PAPER, stroke=Stroke(FAINT, 0.4)),
        Text(cx, cy - font.size * 0.35, text, font, INK, align="centre"),
    ]


def _tile_name(t, plan: TilePlan) -> str:
    """A tile's one name on its sheet, at the title line's end (the sheet label above does
    not repeat it): "tile II · 2 of 4", its roman numeral the badge on the assembly sheet."""
    return f"tile {t.label} \u00b7 {t.index} of {plan.count}"


def _assembly_size(
    m: MapDef, plan: TilePlan, env: PlanEnv, notes: list[str], landscape: bool = False
) -> tuple[float, float] | None:
    """The assembly sheet the way its tiles lie (portrait: None), or the other way when
    that draws the diagram clearly larger (a wide map on portrait tiles); ``notes``: the
    sheet's instructions, which take the room they wrap to."""
    quiet = replace(env, diags=Diagnostics(), facts={})  # trying: the key warns when drawn
    best: tuple[float, tuple[float, float] | None] | None = None
    sizes: list[tuple[float, float] | None] = [None]
    if env.paper.width != env.paper.height:
        sizes = [env.paper.size[::-1], None] if landscape else [None, env.paper.size[::-1]]
    for size in sizes:
        x0, y0, x1, y1 = content_box(env.paper.sized(size))
        _, key_h = plan_key(m, quiet, x0, x1 - x0)
        _, top = _head(m, quiet, (x0, x1, y1), notes)
        room_h = top - y0 - 10 - key_h  # the badges' bands aside: they take little
        scale = min((x1 - x0) / plan.width, room_h / plan.height)
        if best is None or scale > best[0] * 1.02:  # clearly larger: else the tiles' way
            best = (scale, size)
    assert best is not None
    return best[1]


def _assembly_lines(plan: TilePlan, turned: bool) -> list[str]:
    """How to join the tiles, as the assembly diagram's paragraphs."""
    # a tile has a cut edge on each side where it lies over a neighbour: left past the first
    # column, top past the first row; name only the sides this plan's tiles have
    edges = [side for side, count in (("left", plan.cols), ("top", plan.rows)) if count > 1]
    cut = " and ".join(edges)
    lines = [
        f"{plan.count} tiles, {_n(plan.rows, 'row')} \u00d7 {_n(plan.cols, 'column')}, printed "
        f"at true size; neighbours overlap by {plan.overlap / 72 * 25.4:.0f} mm. Cut each tile "
        f"along its solid \u2018cut\u2019 {'edges' if len(edges) > 1 else 'edge'} ({cut}), "
        "lay it over its neighbour so "
        "the grid lines meet the ticks and glue it on the grey-marked strip; work from tile I "
        "outwards."
    ]
    if turned:
        lines.append("The map is turned a quarter turn on the sheets: that needs fewer of them.")
    return lines


def _assembly_under_charts(
    m: MapDef, plan: TilePlan, env: PlanEnv, turned: bool, page: Page
) -> bool:
    """The assembly diagram and its instructions put in the room under the charts on the
    map's last page of charts, when the key is one of the charts (else the assembly sheet
    carries it) and the diagram fits at ASSEMBLY_MIN_SCALE or more: a sheet saved."""
    if not any(c.item == "key" for c in m.margins) or not page.items:
        return False
    x0, y0, x1, _ = content_box(env.paper)
    top = min(item.bbox[1] for item in page.items) - MARGIN_GAP
    scale = room_scale(plan, (x1 - x0 - ASSEMBLY_TEXT_W - MARGIN_GAP, top - y0))
    above, _ = badge_bands(plan, scale)
    px, py = x0, top - above - plan.height * scale
    tx = px + plan.width * scale + MARGIN_GAP  # the instructions beside it, to the margin
    regular, bold = _faces(env)
    lines = _assembly_lines(plan, turned)
    words = [ln for p in lines for ln in wrap(typeset(p), regular, 9, x1 - tx, env.fonts)]
    if scale < ASSEMBLY_MIN_SCALE or top - y0 < 16 + 12 * len(words):
        return False
    # the title line's right end names what the sheet holds, as an assembly sheet's does
    named = [
        o._replace(text=f"{o.text} \u00b7 assembly") if o in _title_end(page) else o
        for o in page.ops
    ]
    page.ops = [*named, _assembly_art(m, plan, env, turned, (px, py, scale))]
    y = top - 11
    page.ops.append(Text(tx, y, "Assembly", Font(bold, 11), INK))
    for line in words:
        y -= 12
        page.ops.append(Text(tx, y, line, Font(regular, 9), INK))
    facts = {"map": m.id, "rows": plan.rows, "cols": plan.cols, "tiles": plan.count}
    box = (px, py, px + plan.width * scale, py + plan.height * scale)
    page.items.append(_assembly_page(m, [], box, {**facts, "scale": round(scale, 6)}).items[0])
    return True


def _title_end(page: Page) -> list[Text]:
    """A charts page's title line's right end: its word "charts"."""
    return [o for o in page.ops if type(o) is Text and o.text == "charts" and o.align == "right"]


def _tile_assembly(
    m: MapDef, plan: TilePlan, env: PlanEnv, turned: bool = False, landscape: bool = False
) -> Page:
    lines = _assembly_lines(plan, turned)
    size = _assembly_size(m, plan, env, lines, landscape)
    x0, y0, x1, y1 = content_box(env.paper.sized(size))
    ops, y = _head(m, env, (x0, x1, y1), lines)
    w, h = plan.width, plan.height
    _, key_h = plan_key(m, replace(env, diags=Diagnostics(), facts={}), x0, x1 - x0)
    avail_w, avail_h = x1 - x0, y - y0 - 10 - key_h
    scale = room_scale(plan, (avail_w, avail_h))
    above, below = badge_bands(plan, scale)
    px = x0 + (avail_w - w * scale) / 2
    py = y - 6 - above - h * scale
    ops.append(_assembly_art(m, plan, env, turned, (px, py, scale)))
    ops.extend(_key_below(m, env, x0, x1, py - below))
    facts = {
        "map": m.id,
        "rows": plan.rows,
        "cols": plan.cols,
        "tiles": plan.count,
        "scale": round(scale, 6),
    }
    page = _assembly_page(m, ops, (px, py, px + w * scale, py + h * scale), facts)
    page.size = size
    return page


def _assembly_art(m: MapDef, plan: TilePlan, env: PlanEnv, turned: bool, at: tuple) -> Group:
    """The reduced map with its tiles outlined under its words and each tile's badge: off
    the map above or below it (_badges), else where it covers none of its words; the map's
    area labels keep clear of the badges on it."""
    px, py, scale = at
    text_scale = min(2.5, 1 / scale)
    under = _tile_outlines(m, plan, turned, scale)
    art = _art(m, env, turned, text_scale, under=under, printed=scale)
    inner = plan.rows > 2  # tiles with no row above or below them: badges on the map
    words = _Near(
        word_boxes([Group((art,), dx=px, dy=py, scale=scale)], env.fonts.width, 0.3)
        if inner
        else []
    )
    ops: list = []
    avoid: list[Box] = []
    for t, box, fs in _badges(m, plan, env, at, words):
        x0, y0, x1, y1 = box
        ops.append(Rect(x0, y0, x1 - x0, y1 - y0, PAPER, Stroke(BADGE_INK, 0.8), radius=3))
        face = env.face(bold=True)
        ops.append(Text((x0 + x1) / 2, y0 + fs * 0.4, t.label, Font(face, fs), BADGE_INK, "centre"))
        if 0 < t.row < plan.rows - 1:
            avoid.append(
                _art_to_map(
                    m,
                    turned,
                    ((x0 - px) / scale, (y0 - py) / scale, (x1 - px) / scale, (y1 - py) / scale),
                )
            )
    if avoid:
        art = _art(m, env, turned, text_scale, tuple(avoid), under, scale)
    return Group((Group((art,), dx=px, dy=py, scale=scale), *ops))


def _art_to_map(m: MapDef, turned: bool, box: Box) -> Box:
    """A box in the (possibly turned) art's points as a box in the map's own points."""
    x0, y0, x1, y1 = box
    if not turned:
        return (x0 - PAD, y0 - PAD, x1 - PAD, y1 - PAD)
    _, h = art_size(m)  # the art turned anticlockwise: x runs up the map, y runs left
    return (y0 - PAD, h - x1 - PAD, y1 - PAD, h - x0 - PAD)


def _tile_outlines(m: MapDef, plan: TilePlan, turned: bool, scale: float) -> tuple:
    """Each tile's dashed outline, in the map's points, drawn under the map's words (a
    line along a tile's edge would cross the labels it runs through)."""
    stroke = Stroke(BADGE_INK, 1.2 / scale, (5 / scale, 3 / scale))
    out = []
    for t in plan.tiles:
        x0, y0, x1, y1 = _art_to_map(m, turned, (t.x0, t.y0, t.x1, t.y1))
        out.append(Rect(x0, y0, x1 - x0, y1 - y0, None, stroke))
    return tuple(out)


def _badges(m: MapDef, plan: TilePlan, env: PlanEnv, at: tuple, words: _Near) -> list:
    """(tile, badge box on the page, type size) for each tile, at the left of the part of its
    tile no neighbour overlaps: a tile of the top row has it above the map, one of the
    bottom row below it (in the bands _badge_bands leaves), so it covers nothing of the
    map. A tile between two rows has it on the map, nearest its top-left corner where it
    covers none of the map's words, at the largest size (from about a sixth of the tile's
    width down to BADGE_MIN) that finds such room; else in the corner itself."""
    px, py, scale = at
    o, gap = plan.overlap, BADGE_GAP
    bold = env.face(bold=True)
    largest = badge_size(plan, scale)
    out = []
    for t in plan.tiles:
        x0 = px + (t.x0 + (o if t.col > 0 else 0)) * scale + gap
        x1 = px + (t.x1 - (o if t.col < plan.cols - 1 else 0)) * scale - gap
        if t.row in (0, plan.rows - 1):
            w = max(largest * 2.6, env.fonts.width(t.label, bold, largest) + largest * 0.8)
            high = largest * 1.35
            y = py + plan.height * scale + gap if t.row == 0 else py - gap - high
            out.append((t, (x0, y, x0 + w, y + high), largest))
            continue
        y0 = py + (t.y0 + (o if t.row < plan.rows - 1 else 0)) * scale + gap
        y1 = py + (t.y1 - (o if t.row > 0 else 0)) * scale - gap
        fs, box = largest, None
        near = words.near((x0, y0, x1, y1), gap)  # the words in reach: not all the map's
        while box is None and fs >= BADGE_MIN - 1e-9:
            w = max(fs * 2.6, env.fonts.width(t.label, bold, fs) + fs * 0.8)
            box = clear_spot(w, fs * 1.35, (x0, y0, x1, y1), near, gap)
            fs = fs if box is not None else fs - 1
        if box is None:  # nowhere clear: the corner, as large as it was meant
            fs = largest
            w = max(fs * 2.6, env.fonts.width(t.label, bold, fs) + fs * 0.8)
            box = (x0 + 4, y1 - 4 - fs * 1.35, x0 + 4 + w, y1 - 4)
        out.append((t, box, fs))
    return out


KEY_GAP = 4.0  # between an assembly diagram and its key under it


def _head(m: MapDef, env: PlanEnv, across: tuple, lines: list[str]) -> tuple[list, float]:
    """An assembly sheet's head: the title line, the map's note under it at SMALL (the
    scale's size for notes: wrapped, never shrunk as on a tile, whose room is the map's)
    and the sheet's own paragraphs ``lines`` at 9 pt, each wrapped to the width; returns
    the ops and the baseline a further line would take."""
    x0, x1, top = across
    regular = env.face()
    ops = _title(m, env, x0, x1, top, "assembly", note=False)
    note = wrap(typeset(m.note), regular, SMALL, x1 - x0, env.fonts) if m.note else []
    y = top - TITLE_H - 10  # with no note
    for i, line in enumerate(note):
        base = top - 25 - i * SMALL * NOTE_LEADING  # the first clear of the title's descenders
        ops.append(Text(x0, base, line, Font(regular, SMALL), MUTED))
        y = base - 12.5  # the sheet's lines start a line under the note's last
    for line in (ln for p in lines for ln in wrap(typeset(p), regular, 9, x1 - x0, env.fonts)):
        ops.append(Text(x0, y, line, Font(regular, 9), INK))
        y -= 12
    return ops, y


def _key_below(m: MapDef, env: PlanEnv, x0: float, x1: float, bottom: float) -> list:
    """The map's key right under the diagram whose bottom is at ``bottom`` (the diagram is
    as large as the page lets it be; the room it leaves is at the page's foot)."""
    _, key_h = plan_key(m, replace(env, diags=Diagnostics(), facts={}), x0, x1 - x0)
    key_ops, _ = plan_key(m, env, x0, x1 - x0, bottom - KEY_GAP - key_h)
    return [Group(tuple(key_ops))] if key_ops else []


def _assembly_page(m: MapDef, ops: list, box: BBox, facts: dict) -> Page:
    """The page of a map's assembly diagram, with its manifest entry (drawn at ``box``).
    Its title line says "assembly" (as a tile's says which tile): the sheet label's right
    end stays free, not saying it twice."""
    item = Item("assembly", f"{m.id}-assembly", f"map-{m.id}-assembly", "front", box, facts)
    return Page(f"Map: {m.title or m.id}", ops=ops, items=[item])


# ---- composed boards --------------------------------------------------------------------


def _pieces_named(board: MapDef, maps: MapSet, as_laid: bool) -> str:
    """A composed board's pieces by the titles of the maps they copy: "the 4 copies of
    Island — quarter" (alike), "the 4 pieces of Island — quarter" (each printed as it lies
    on the board, so each differs), or "5 pieces (3 × North half, 2 × South half)"."""
    names = sorted({p.map for p in board.pieces})
    got = {n: maps.get(n) for n in names}
    title = {n: unmarked(m.title) if m is not None and m.title else n for n, m in got.items()}
    if len(names) == 1:
        kind = "pieces" if as_laid else "copies"
        return f"the {len(board.pieces)} {kind} of {title[names[0]]}"
    counts = (f"{sum(1 for p in board.pieces if p.map == n)} \u00d7 {title[n]}" for n in names)
    return f"{len(board.pieces)} pieces ({', '.join(counts)})"


def _board_assembly(board: MapDef, maps: MapSet, env: PlanEnv) -> Page:
    x0, y0, x1, y1 = content_box(env.paper)
    bold = env.face(bold=True)
    as_laid = _printed_as_laid(board, maps)
    lines = [
        f"Tape {_pieces_named(board, maps, as_laid)} together as shown; each arrow points "
        "to the TOP printed on that copy, and the angle is how far to turn it clockwise."
    ]
    if as_laid:
        lines = [
            f"Tape {_pieces_named(board, maps, as_laid)} together as shown, each the way up it is "
            "printed: its cells' names run on across the seams."
        ]
    ops, y = _head(board, env, (x0, x1, y1), lines)
    w, h = art_size(board)
    _, key_h = plan_key(board, replace(env, diags=Diagnostics(), facts={}), x0, x1 - x0)
    avail_w, avail_h = x1 - x0, y - y0 - 10 - key_h
    scale = min(avail_w / w, avail_h / h)
    px = x0 + (avail_w - w * scale) / 2
    py = y - 6 - h * scale
    g = board.grid
    outlines: list = []
    arrows: list = []
    for i, p in enumerate(board.pieces):
        piece = maps.get(p.map)
        if piece is None:
            continue
        rect = _copy_rect(g, piece, p, px, py, scale)
        outlines.append(Rect(*rect, fill=None, stroke=Stroke(ASSEMBLY_INK, 2.2)))
        cx, cy = rect[0] + rect[2] / 2, rect[1] + rect[3] / 2
        # nudged towards the board's middle, off the piece's own centre (often a room centre)
        cx += (px + w * scale / 2 - cx) * 0.45
        cy += (py + h * scale / 2 - cy) * 0.45
        s = min(rect[2], rect[3]) * 0.12
        if as_laid:  # nothing to turn: the piece's number alone
            arrows.append(_rotated_arrow(cx, cy, p.rotate, s, bold, f"piece {i + 1}")[2:])
        else:
            arrows.append(_rotated_arrow(cx, cy, p.rotate, s, bold, f"copy {i + 1} · {p.rotate}°"))
    avoid = _under_marks(outlines, arrows, px, py, scale)
    labels = _under_marks([], arrows, px, py, scale)  # a copy's label hides the names under it
    art = map_group(board, env, min(2.5, 1 / scale), avoid, printed=scale, hide=labels)
    ops.append(Group((art,), dx=px, dy=py, scale=scale))
    ops.extend(outlines)
    for a in arrows:
        ops.extend(a)
    ops.extend(_key_below(board, env, x0, x1, py))
    extra = {"map": board.id, "scale": round(scale, 6), "pieces": _copies(board)}
    return _assembly_page(board, ops, (px, py, px + w * scale, py + h * scale), extra)


def _printed_as_laid(board: MapDef, maps: MapSet) -> bool:
    """Whether every copy of the board prints as it lies on it (_board_copy)."""
    names = {p.map for p in board.pieces}
    got = [maps.get(n) for n in names]
    return not board.printed and all(
        m is not None and m.copies == sum(1 for p in board.pieces if p.map == m.id) for m in got
    )


def _copy_rect(
    g, piece: MapDef, p, px: float, py: float, scale: float
) -> tuple[float, float, float, float]:
    """(x, y, w, h) on the page of a placed copy of `piece` on the board's grid `g`, drawn
    at (px, py) and `scale`."""
    size = cell_size(g)
    cols, rows = rotated_size(piece.grid.cols, piece.grid.rows, p.rotate)
    if isinstance(g, SquareGrid):
        bx0 = PAD + p.at[0] * size
        by1 = PAD + (g.rows - p.at[1]) * size
        return (
            px + bx0 * scale,
            py + (by1 - rows * size) * scale,
            cols * size * scale,
            rows * size * scale,
        )
    b = piece.grid.bounds()
    c0 = g.centre(*p.at)
    q0 = piece.grid.centre(0, 0)
    bx0 = PAD + c0[0] - q0[0]
    by0 = PAD + c0[1] - q0[1]
    return (px + bx0 * scale, py + by0 * scale, b.width * scale, b.height * scale)


def _under_marks(outlines: list, arrows: list, px: float, py: float, scale: float) -> tuple:
    """The boxes, in the map's own coordinates, that the arrows and the copies' outlines
    cover: they are drawn over the map, so its area labels keep clear of them."""
    seams = [
        box
        for r in outlines
        for box in (
            (r.x - 1, r.y, r.x + 1, r.y + r.h),
            (r.x + r.w - 1, r.y, r.x + r.w + 1, r.y + r.h),
            (r.x, r.y - 1, r.x + r.w, r.y + 1),
            (r.x, r.y + r.h - 1, r.x + r.w, r.y + r.h + 1),
        )
    ]
    return tuple(
        (
            (x0_ - px) / scale - PAD,
            (y0_ - py) / scale - PAD,
            (x1_ - px) / scale - PAD,
            (y1_ - py) / scale - PAD,
        )
        for x0_, y0_, x1_, y1_ in [*(_extent(a) for a in arrows), *seams]
    )


def _copies(board: MapDef) -> list[dict]:
    """The manifest's account of a board's copies: which map, where, turned how far."""
    return [
        {
            "copy": i + 1,
            "map": p.map,
            "at": board.label(p.at) if p.at in board.cells else list(p.at),
            "rotate": p.rotate,
        }
        for i, p in enumerate(board.pieces)
    ]


def _extent(ops: list) -> Box:
    """The box round an arrow's line, head and label tab."""
    xs: list[float] = []
    ys: list[float] = []
    for op in ops:
        if isinstance(op, Line):
            xs += [op.x0, op.x1]
            ys += [op.y0, op.y1]
        elif isinstance(op, Path):
            xs += [x for x, _ in op.points]
            ys += [y for _, y in op.points]
        elif isinstance(op, Rect):
            xs += [op.x, op.x + op.w]
            ys += [op.y, op.y + op.h]
    return min(xs), min(ys), max(xs), max(ys)


def _rotated_arrow(cx: float, cy: float, rotate: int, s: float, bold: str, label: str) -> list:
    a = math.radians(90 - rotate)  # clockwise turn of the piece's TOP (which points up at 0)
    ux, uy = math.cos(a), math.sin(a)
    nx, ny = -uy, ux
    tip = (cx + ux * s, cy + uy * s)
    tail = (cx - ux * s * 0.6, cy - uy * s * 0.6)
    head = [
        tip,
        (tip[0] - ux * s * 0.5 + nx * s * 0.35, tip[1] - uy * s * 0.5 + ny * s * 0.35),
        (tip[0] - ux * s * 0.5 - nx * s * 0.35, tip[1] - uy * s * 0.5 - ny * s * 0.35),
    ]
    fs = max(7.0, min(14.0, s * 0.32))
    half = fs * 0.34 * len(label) + fs * 0.4  # bold text runs about 0.68 em a character
    # the label sits behind the arrow's tail (below it when the arrow lies sideways)
    ly = cy - s * 0.95 if uy > -0.5 else cy + s * 0.95 - fs * 0.5
    return [
        Line(
            *tail,
            tip[0] - ux * s * 0.4,
            tip[1] - uy * s * 0.4,
            Stroke(ASSEMBLY_INK, max(2.0, s * 0.12)),
        ),
        Path(tuple(head), fill=ASSEMBLY_INK),
        Rect(
            cx - half,
            ly - fs * 0.35,
            half * 2,
            fs * 1.35,
            fill=PAPER,
            stroke=Stroke(ASSEMBLY_INK, 0.6),
            radius=2,
        ),
        Text(cx, ly, label, Font(bold, fs), ASSEMBLY_INK, align="centre"),
    ]


__all__ = [
    "art_size",
    "compass",
    "every_coord_scale",
    "plan_maps",
    "reduced_coords",
    "tile_plan",
]
