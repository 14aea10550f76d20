"""How a map too big for one sheet is tiled: the tile grid, the sheets' orientation and
whether the map is turned a quarter turn on them, chosen to take the fewest sheets.

Every way is tried: the sheet portrait or landscape, the map as drawn or turned, the fewest
tiles across and down (and one more of each, which may leave room for the charts). A way's
sheets are its tiles and the pages of charts that find no room on the tiles' free margins
(the assembly sheet is the same for all). Of the ways with the fewest sheets the one with the
fewest tiles wins (each tile as large as its sheet allows: the fullest tile sheets), then the
map as drawn before turned, then portrait before landscape. Tiles along a row have the same
width and down a column the same height (tiling.py), so the tiles of a map are alike.

A tile keeps a margin for the alignment ticks only on the sides where it meets a neighbour:
a map one tile high runs the full height of the room under the title.
"""

from __future__ import annotations

from ...budget import MAX_PAGES
from ...errors import Diagnostic, Diagnostics, KitError
from ...model.map import MapDef, MarginChart
from ...records import record, replace
from ..env import PlanEnv
from ..frame import content_box
from .mapmargins import GAP as MARGIN_GAP
from .mapmargins import Band, Block, Measures, Placed, TileMargins, on_tiles, orders, overflow
from .tiling import DEFAULT_OVERLAP, Tile, TilePlan, grid_tiles, seams, span, spans_needed

TILE_MARGIN = 10.0  # beside a tile's seams: room for the ticks and the glue strip


# The smallest an assembly diagram is drawn beside the charts: at a fifth of true size the
# tiles, their badges and the map's towns still read; smaller, it takes a sheet of its own.
ASSEMBLY_MIN_SCALE = 0.2
ASSEMBLY_TEXT_W = 180.0  # the instructions' column beside the diagram


@record
class Tiling:
    """A map's tiles and how they lie on the sheets."""

    plan: TilePlan
    turned: bool  # the map a quarter turn anticlockwise on the sheets
    size: tuple[float, float] | None  # the page when landscape; None: the paper as it is
    title_h: float  # the room the title line takes above the tiles
    charts: tuple[Placed, ...] = ()  # on the tiles' margins (page = the tile's index)
    left: tuple = ()  # charts for pages of their own after the tiles
    chart_pages: int = 0
    assembly_under: bool = False  # the assembly diagram fits under the last page's charts

    @property
    def sheets(self) -> int:
        return self.plan.count + self.chart_pages

    @property
    def all_sheets(self) -> int:
        """The sheets with an assembly sheet of its own, where the map needs one."""
        alone = self.plan.count > 1 and not self.assembly_under
        return self.sheets + alone

    @property
    def landscape(self) -> bool:
        return self.size is not None


def choose_tiling(
    m: MapDef, env: PlanEnv, w: float, h: float, title_h: float, pad: float | None = None
) -> Tiling:
    """The way to tile a ``w`` x ``h`` map (points) that takes the fewest sheets, its
    seams moved off what they would cut when ``pad`` says where the grid lies in the art."""
    overlap = m.overlap if m.overlap is not None else DEFAULT_OVERLAP
    paper = env.paper
    sizes = [None] if paper.width == paper.height else [None, (paper.height, paper.width)]
    quiet = replace(env, diags=Diagnostics(), facts={})  # trying ways: warn for the one kept
    best: Tiling | None = None  # the way that takes the fewest sheets, then pages ...
    best_key: tuple = ()  # ... as `key` orders them
    too_many: list[int] = []  # the tiles of each way past the page cap
    for turned in (False, True):
        mw, mh = (h, w) if turned else (w, h)
        for size in sizes:
            x0, y0, x1, y1 = content_box(paper.sized(size))
            cols = spans_needed(mw, x1 - x0, overlap, TILE_MARGIN)
            rows = spans_needed(mh, y1 - y0 - title_h, overlap, TILE_MARGIN)
            if rows * cols > MAX_PAGES:  # a way past the page cap is never made
                too_many.append(rows * cols)
                continue
            for r, c in ((rows, cols), (rows, cols + 1), (rows + 1, cols)):
                if best is not None and r * c >= best.all_sheets:
                    continue  # cannot take fewer sheets than the best so far
                way = Tiling(grid_tiles(mw, mh, r, c, overlap), turned, size, title_h)
                way = with_charts(m, quiet, way)
                key = (way.all_sheets, way.plan.count, turned, size is not None)
                if best is None or key < best_key:
                    best, best_key = way, key
    if best is None:
        raise KitError(
            Diagnostic(
                "error",
                m.span,
                f"maps.{m.id}",
                f"map {m.id!r} takes {min(too_many):,} tiles on this paper, more than the "
                f"{MAX_PAGES:,} pages a kit may have",
                "a smaller cell or fewer cells; see docs/security.md for the caps",
            )
        )
    return (
        with_charts(m, env, _seamed(m, quiet, best, (w, h), pad))
        if pad is not None
        else with_charts(m, env, best)
    )


def _seamed(m: MapDef, env: PlanEnv, way: Tiling, size: tuple[float, float], pad: float) -> Tiling:
    """The way with its seams moved off what they would cut (a town, a road along the
    seam: seams in tiling.py), each tile still fitting its sheet; the way as it was when
    that takes more sheets (a last tile grown wider leaves its charts less room)."""
    plan = way.plan
    x0, y0, x1, y1 = content_box(env.paper.sized(way.size))
    room_w, room_h = x1 - x0, y1 - y0 - way.title_h
    cells = _weighted_cells(m, way.turned, size, pad)
    mw, mh = plan.width, plan.height

    def across(a: float, b: float) -> float:
        return sum(w for (c0, _, c1, _), w in cells if c0 < b and c1 > a)

    def down(a: float, b: float) -> float:  # a and b from the map's top
        return sum(w for (_, c0, _, c1), w in cells if c0 < mh - a and c1 > mh - b)

    before = _trial(m, env, way)
    o = plan.overlap
    for give in (1.0, 0.5, 0.25):  # how far a tile may grow past the equal span, of its room
        xs = seams(mw, plan.cols, o, _limits(mw, room_w, plan.cols, o, give), across)
        ys = seams(mh, plan.rows, o, _limits(mh, room_h, plan.rows, o, give), down)
        moved = replace(way, plan=grid_tiles(mw, mh, plan.rows, plan.cols, o, xs, ys))
        if _trial(m, env, moved) <= before:
            return moved
    return way


def _trial(m: MapDef, env: PlanEnv, way: Tiling) -> tuple[int, int, int]:
    """What a way costs once its charts are placed: its sheets, the warnings placing them
    gives (a key squeezed into a narrow band whose names no longer fit), then the charts
    its tiles cannot take (a wider last tile leaves its margin less room)."""
    quiet = replace(env, diags=Diagnostics(), facts={})
    placed = with_charts(m, quiet, way)
    return placed.all_sheets, len(quiet.diags), len(placed.left)


def _limits(length: float, room: float, n: int, overlap: float, give: float) -> list[float]:
    """The longest each of ``n`` spans may be: the equal span and ``give`` of what the room
    (less a margin at each seam) leaves past it."""
    each = span(length, n, overlap)
    out = []
    for i in range(n):
        most = room - TILE_MARGIN * ((i > 0) + (i < n - 1))
        out.append(each + give * max(0.0, most - each))
    return out


def _weighted_cells(
    m: MapDef, turned: bool, size: tuple[float, float], pad: float
) -> list[tuple[tuple[float, float, float, float], int]]:
    """Each cell a seam should not cut, as a box in the (possibly turned) art's points, with
    what it holds: a feature 1, a named one (a town) 2 more, each line through it 1."""
    out = []
    _, h = size
    for cell in m.cells:
        weight = sum(1 + 2 * bool(f.name) for f in m.features_at(cell)) + len(m.lines_at(cell))
        if not weight:
            continue
        xs, ys = zip(*m.grid.corners(*cell), strict=True)
        bx0, by0, bx1, by1 = min(xs) + pad, min(ys) + pad, max(xs) + pad, max(ys) + pad
        box = (h - by1, bx0, h - by0, bx1) if turned else (bx0, by0, bx1, by1)
        out.append((box, weight))
    return out


def with_charts(m: MapDef, env: PlanEnv, way: Tiling) -> Tiling:
    """The way with the map's charts placed on its tiles' free margins, and the number of
    pages the rest take after the tiles: of the orders the charts are tried in (orders),
    the one that takes the fewest sheets, then leaves the fewest charts off the tiles and
    moves the fewest off their side (the first such: as declared where that is as good)."""
    if not m.margins:
        return way
    quiet = replace(env, diags=Diagnostics(), facts={})
    measures = Measures(m, quiet)
    best_key: tuple = ()
    chosen: list = []
    room = max((b.width for t in way.plan.tiles for b in bands(m, env, way, t)), default=0.0)

    def widest(i: int, chart: MarginChart) -> Block | None:  # as set in the widest band
        return measures(i, chart, room, 0)

    for order in orders(list(enumerate(m.margins)), widest):
        trial = replace(quiet, diags=Diagnostics())
        tried = _placed(m, trial, way, order, measures)
        key = (tried.all_sheets, len(tried.left), len(trial.diags))
        if not chosen or key < best_key:
            best_key, chosen = key, order
        if key[1:] == (0, 0):
            break
    return _placed(m, env, way, chosen, measures)  # again, to warn as the order kept does


def _placed(m: MapDef, env: PlanEnv, way: Tiling, order: list, measures: Measures) -> Tiling:
    """The way with its charts placed on the tiles in ``order``, the rest paged after."""
    tiles = [TileMargins(t.label, t.index, bands(m, env, way, t)) for t in way.plan.tiles]
    placed, left = on_tiles(m, env, tiles, order, measures)
    x0, y0, x1, y1 = content_box(env.paper)
    quiet = replace(env, diags=Diagnostics(), facts={})
    pages = overflow(m, quiet, left, (x0, y0, x1, y1 - way.title_h), False)
    under = False
    if pages and pages[-1] and any(c.item == "key" for c in m.margins):
        bottom = min(p.y_top - p.block.height for p in pages[-1]) - MARGIN_GAP
        room = (x1 - x0 - ASSEMBLY_TEXT_W - MARGIN_GAP, bottom - y0)
        under = room_scale(way.plan, room) >= ASSEMBLY_MIN_SCALE
    return replace(
        way, charts=tuple(placed), left=tuple(left), chart_pages=len(pages), assembly_under=under
    )


def margins(plan: TilePlan, t: Tile) -> tuple[float, float, float, float]:
    """The room a tile keeps clear on its left, right, top and bottom: a margin where it
    meets a neighbour."""
    return (
        TILE_MARGIN if t.col > 0 else 0.0,
        TILE_MARGIN if t.col < plan.cols - 1 else 0.0,
        TILE_MARGIN if t.row > 0 else 0.0,
        TILE_MARGIN if t.row < plan.rows - 1 else 0.0,
    )


def tile_at(m: MapDef, env: PlanEnv, way: Tiling, t: Tile) -> tuple[float, float]:
    """A tile's bottom-left on its sheet: centred in the room under the title (less its
    seams' margins); at the top left when the map has charts, which go below and right; at
    the top when it is the only tile, so its key fits below."""
    x0, y0, x1, y1 = content_box(env.paper.sized(way.size))
    left, right, top, bottom = margins(way.plan, t)
    tw, th = t.x1 - t.x0, t.y1 - t.y0
    up = y1 - way.title_h - top  # the highest the tile's top may go
    if m.margins:
        return x0 + left, up - th
    room_w = x1 - x0 - left - right
    if way.plan.count == 1:  # a map alone on its sheet: at the top, its key below it
        return x0 + (room_w - tw) / 2, up - th
    room_h = up - y0 - bottom
    return x0 + left + (room_w - tw) / 2, y0 + bottom + (room_h - th) / 2


def bands(m: MapDef, env: PlanEnv, way: Tiling, t: Tile) -> list[Band]:
    """A tile's free margins for charts: below the bottom row, right of the right column,
    where no neighbour covers them once glued (the overlap kept clear)."""
    plan = way.plan
    x0, y0, x1, _ = content_box(env.paper.sized(way.size))
    o = plan.overlap
    px, py = tile_at(m, env, way, t)
    tw, th = t.x1 - t.x0, t.y1 - t.y0
    last_row, last_col = t.row == plan.rows - 1, t.col == plan.cols - 1
    out = []
    if last_row:  # clear of the right-hand neighbour, which is glued over this sheet
        right = x1 if last_col else px + tw - o - MARGIN_GAP
        out.append(Band("bottom", (x0 if t.col == 0 else px, y0, right, py - MARGIN_GAP)))
    if last_col:  # clear of the tile below, likewise
        low = py if last_row else py + o + MARGIN_GAP
        out.append(Band("right", (px + tw + MARGIN_GAP, low, x1, py + th)))
    return [b for b in out if b.width > MARGIN_GAP and b.box[3] - b.box[1] > MARGIN_GAP]


BADGE_MIN = 10.0  # points: the smallest a tile's badge is set before it gives up its room
BADGE_GAP = 2.0  # round a badge


def room_scale(plan: TilePlan, room: tuple[float, float]) -> float:
    """The scale of an assembly diagram in ``room`` (w, h) that leaves the bands its
    tiles' badges take above it and below it (_badge_bands)."""
    w, h = room
    first = min(w / plan.width, h / plan.height)
    above, below = badge_bands(plan, first)
    return min(w / plan.width, (h - above - below) / plan.height)


def badge_size(plan: TilePlan, scale: float) -> float:
    """A badge's type: about a sixth of a tile's width as drawn, from BADGE_MIN to 20 pt."""
    return max(BADGE_MIN, min(20.0, (plan.tiles[0].x1 - plan.tiles[0].x0) * scale / 6))


def badge_bands(plan: TilePlan, scale: float) -> tuple[float, float]:
    """The room above and below an assembly diagram drawn at ``scale`` for its tiles'
    badges: the top row's go above it, the bottom row's below, clear of the map."""
    band = badge_size(plan, scale) * 1.35 + 2 * BADGE_GAP
    return band, (band if plan.rows > 1 else 0.0)


__all__ = ["TILE_MARGIN", "Tiling", "bands", "choose_tiling", "margins", "tile_at", "with_charts"]
