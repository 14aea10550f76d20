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
from ...model.map import MapDef
from ...records import record, replace
from ..env import PlanEnv
from ..frame import content_box
from .mapmargins import GAP as MARGIN_GAP
from .mapmargins import Band, Placed, TileMargins, on_tiles, overflow
from .tiling import DEFAULT_OVERLAP, Tile, TilePlan, grid_tiles, spans_needed

TILE_MARGIN = 10.0  # beside a tile's seams: room for the ticks and the glue strip


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

    @property
    def sheets(self) -> int:
        return self.plan.count + self.chart_pages

    @property
    def landscape(self) -> bool:
        return self.size is not None


def choose_tiling(m: MapDef, env: PlanEnv, w: float, h: float, title_h: float) -> Tiling:
    """The way to tile a ``w`` x ``h`` map (points) that takes the fewest sheets."""
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
                if best is not None and r * c >= best.sheets:
                    continue  # cannot take fewer sheets than the best so far
                way = Tiling(grid_tiles(mw, mh, r, c, overlap), turned, size, title_h)
                way = with_charts(m, quiet, way)
                key = (way.sheets, way.plan.count, turned, size is not None)
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
    return with_charts(m, env, best)


def with_charts(m: MapDef, env: PlanEnv, way: Tiling) -> Tiling:
    """The way with the map's charts placed on its tiles' free margins, and the number of
    pages the rest take after the tiles."""
    if not m.margins:
        return way
    placed, left = on_tiles(
        m, env, [TileMargins(t.label, t.index, bands(m, env, way, t)) for t in way.plan.tiles]
    )
    x0, y0, x1, y1 = content_box(env.paper)
    quiet = replace(env, diags=Diagnostics(), facts={})
    pages = len(overflow(m, quiet, left, (x0, y0, x1, y1 - way.title_h), False))
    return replace(way, charts=tuple(placed), left=tuple(left), chart_pages=pages)


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


__all__ = ["TILE_MARGIN", "Tiling", "bands", "choose_tiling", "margins", "tile_at", "with_charts"]
