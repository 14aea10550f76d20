"""Charts on a map sheet's margins (``margins:``): tables, texts, tracks and the key placed
round the map in the room it leaves, as published wargame maps carry their turn track and
combat results table.

The map keeps its true size: only the charts give way. Round a single sheet the layout tries
the map at each of nine places on the page (under the title first) and keeps the first where
every chart fits on its side, with the charts taken in each of a few orders (orders: one
order can leave a chart no room that another finds); then it tries the charts' smaller
type (7 pt); a chart that still fits nowhere on its side goes on another side, then on a
page of charts after the map, each time with a warning. A tiled map carries its charts on
the outer margins of its edge tiles (the bottom of the bottom row, the right of the right
column): the margins that stay uncovered once the tiles are glued; maptiles.with_charts
keeps the order that takes the fewest sheets.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from ...errors import Diagnostics
from ...model.map import MapDef, MarginChart
from ...model.track import Track
from ...records import field, record, replace
from ...style import INK, PAPER
from ..env import PlanEnv
from ..plan import Font, Group, Item, Rect, Stroke, Text
from ..sheets.table_draw import fit_table, layout_table
from ..sheets.tracks import draw_track, grown, track_height, track_width
from ..textblock import layout_text
from .mapkey import entries, key_column, plan_key

Box = tuple[float, float, float, float]  # x0, y0, x1, y1
GAP = 10.0  # between the map and a chart, and between charts
TALLER = 2.0  # the most an off-map box's height grows there
ORDERS = 10  # the most orders of the charts tried round a single sheet (on_sheet)
SIZES = (8.0, 7.0)  # tables' and texts' type: as set, then shrunk (never below 7 pt)
TEXT_MEASURE = 300.0  # the widest a text block runs, so its lines stay readable
# where the map goes on a single sheet, in the order tried: (across, up) fractions of the room
ANCHORS = (
    (0.5, 1.0),
    (0.0, 1.0),
    (1.0, 1.0),
    (0.5, 0.0),
    (0.0, 0.0),
    (1.0, 0.0),
    (0.0, 0.5),
    (1.0, 0.5),
    (0.5, 0.5),
)


@record(frozen=False)
class Block:
    """One chart measured for a width: what it takes, and how to draw it."""

    chart: MarginChart
    kind: str  # table, text, track, key or box
    width: float
    height: float
    draw: Callable[[PlanEnv, float, float], list]  # (env, x, y_top) -> ops


@record(frozen=False)
class Shelf:
    """A row of charts in a band: its top, the tallest chart's height, and where the
    next chart beside them would start."""

    top: float
    height: float
    next_x: float


@record(frozen=False)
class Band:
    """A free rectangle beside the map, filled with charts in shelves, top to bottom."""

    side: str
    box: Box
    shelves: list[Shelf] = field(default_factory=list)

    @property
    def width(self) -> float:
        x0, _, x1, _ = self.box
        return x1 - x0

    @property
    def height(self) -> float:
        _, y0, _, y1 = self.box
        return y1 - y0

    def spare(self) -> float:
        """The width left beside the charts on the last shelf."""
        _, _, x1, _ = self.box
        return x1 - self.shelves[-1].next_x if self.shelves else 0.0

    def place(self, w: float, h: float) -> tuple[float, float] | None:
        """Where a w x h chart's top-left goes (and takes the room), or None."""
        x0, y0, x1, y1 = self.box
        if self.shelves:
            shelf = self.shelves[-1]
            top, nx = shelf.top, shelf.next_x
            if nx + w <= x1 + 1e-6 and top - h >= y0 - 1e-6:
                shelf.height = max(shelf.height, h)
                shelf.next_x = nx + w + GAP
                return nx, top
            top = top - shelf.height - GAP
        else:
            top = y1
        if w <= x1 - x0 + 1e-6 and top - h >= y0 - 1e-6:
            self.shelves.append(Shelf(top, h, x0 + w + GAP))
            return x0, top
        return None


@record
class TileMargins:
    """A tile's free margins: its label, its page (the tile's index) and its bands."""

    label: str
    page: int
    bands: list[Band]


@record
class Spot:
    """A band a chart may go in, on a page of the map."""

    page: int
    band: Band


@record
class _Fit:
    """The map at one place on its sheet: its bottom-left, the bands round it, and the
    charts that fit there and that did not."""

    x: float
    y: float
    bands: list[Band]
    placed: list[Placed]
    missed: list[tuple[int, MarginChart]]


@record(frozen=False)
class Placed:
    block: Block
    x: float
    y_top: float
    side: str
    page: int = 0  # which page of the map (a tile's index, or 0)


def measure(
    chart: MarginChart, m: MapDef, width: float, env: PlanEnv, tier: int, fill: bool = False
) -> Block | None:
    """The chart set for at most ``width``, at the tier's type size; None when it cannot be.
    ``fill``: as wide as ``width`` where the chart can be (a page of charts of its own,
    _settle): the key's columns spread, an off-map box and a table widen, a track's boxes
    grow (up to tracks.GROW times their size); a text keeps its measure."""
    quiet = replace(env, diags=Diagnostics())  # measuring tries many widths: warn once, later
    game = env.game
    size = SIZES[tier]
    if chart.item == "key":
        n = len(entries(m, quiet))
        column = key_column(m, env)
        if not n or width < column * 0.8:
            return None
        per_row = max(1, int(width // column))
        w = width if n >= per_row or fill else n * column
        warned = len(quiet.diags)
        _, h = plan_key(m, quiet, 0.0, w, y0=0.0)
        if len(quiet.diags) > warned:  # a name that would not fit so narrow: set it elsewhere
            return None

        def key(e: PlanEnv, x: float, y: float) -> list:
            ops, _ = plan_key(m, e, x, w, y0=y - h)
            return ops

        return Block(chart, "key", w, h, key)
    if chart.item in m.boxes:
        label = m.boxes[chart.item].label or chart.item
        return _off_map_box(chart, label, width, env, fill, rows=2 if tier == 0 else 1)
    tables = {t.id: t for t in game.tables}
    if chart.item in tables:
        table = tables[chart.item]
        lay = fit_table(table, width, quiet, size, SIZES[-1])
        if not lay.fits:
            return None
        # as wide as its columns want; one with notes (or a long title) as wide as a text
        want = max(lay.natural, min(TEXT_MEASURE, _title_width(table.title, quiet)))
        w = width if fill else min(width, max(want, TEXT_MEASURE) if table.notes else want)
        lay = layout_table(table, w, quiet, lay.size, SIZES[-1])
        at = lay.size

        def table_ops(e: PlanEnv, x: float, y: float) -> list:
            ops, _ = layout_table(table, w, e, at, SIZES[-1]).draw(x, y)
            return ops

        return Block(chart, "table", w, lay.height, table_ops)
    texts = {t.id: t for t in game.texts}
    if chart.item in texts:
        block = texts[chart.item]
        w = min(width, TEXT_MEASURE)
        text = layout_text(block, w, quiet, size)
        if not text.fits:
            return None

        def text_ops(e: PlanEnv, x: float, y: float) -> list:
            ops, _ = layout_text(block, w, e, size).draw(x, y)
            return ops

        return Block(chart, "text", w, text.height, text_ops)
    tracks = game.tracks
    for t in tracks.tracks if tracks is not None else ():
        # room for its boxes and its title (a title squeezed under 8 pt is no chart)
        title = env.fonts.width(t.title, env.face(bold=True), 8.0)
        if t.id == chart.item and max(t.box, title) <= width:
            t = grown(t, width) if fill else t
            full = env.fonts.width(t.title, env.face(bold=True), 12.0)
            w = max(track_width(t, width), min(width, full))
            return Block(chart, "track", w, track_height(t, w, env), _track_ops(t, w))
    return None


def _track_ops(t: Track, w: float) -> Callable[[PlanEnv, float, float], list]:
    """How a track chart `w` wide draws: (env, x, y_top) -> ops."""

    def ops(e: PlanEnv, x: float, y: float) -> list:
        drawn, _ = draw_track(t, x, y, w, e)
        return drawn

    return ops


def _off_map_box(
    chart: MarginChart, label: str, width: float, env: PlanEnv, fill: bool = False, rows: int = 2
) -> Block | None:
    """An off-map box (reinforcements, eliminated ...) printed as a place to put counters:
    room for two rows of three of the game's largest counters (crowded margins, at the
    smaller type: one row of four), its name in its corner (``fill``: as wide as
    ``width``)."""
    counters = env.game.counters
    piece = max((max(c.width, c.height) for c in counters or ()), default=54.0)
    bold = env.face(bold=True)
    fs = 8.0
    w = max((3 if rows == 2 else 4) * piece, env.fonts.width(label, bold, fs) + 8) + 8
    h = rows * piece + fs + 12
    if w > width:
        return None
    return _box_block(chart, label, (width if fill else w, h), bold)


def _box_block(chart: MarginChart, label: str, size: tuple[float, float], bold: str) -> Block:
    """An off-map box ``size`` (w, h) with its name in its corner."""
    w, h = size
    fs = 8.0

    def box(e: PlanEnv, x: float, y: float) -> list:
        return [
            Rect(x, y - h, w, h, fill=PAPER, stroke=Stroke(INK, 1.0), radius=3),
            Text(x + 5, y - fs - 3, label, Font(bold, fs), INK),
        ]

    return Block(chart, "box", w, h, box)


def _title_width(title: str, env: PlanEnv) -> float:
    return env.fonts.width(title, env.face(bold=True), SIZES[0] * 1.2) if title else 0.0


class Measures:
    """Each chart measured once per width and tier."""

    def __init__(self, m: MapDef, env: PlanEnv):
        self.m, self.env = m, env
        self.seen: dict[tuple, Block | None] = {}

    def __call__(
        self, i: int, chart: MarginChart, width: float, tier: int, fill: bool = False
    ) -> Block | None:
        key = (i, round(width, 2), tier, fill)
        if key not in self.seen:
            self.seen[key] = measure(chart, self.m, width, self.env, tier, fill)
        return self.seen[key]


def _fill(
    charts: list[tuple[int, MarginChart]],
    bands: list[Band],
    measures: Measures,
    tier: int,
    any_side: bool,
) -> tuple[list[Placed], list[tuple[int, MarginChart]]]:
    """Charts into bands in order (a chart's own side, or any band when ``any_side`` or
    auto); returns what went where and what did not fit."""
    placed: list[Placed] = []
    missed = []
    for i, chart in charts:
        for band in bands:
            if not (any_side or chart.side in ("auto", band.side)):
                continue
            spot = _try(band, i, chart, measures, tier)
            if spot is not None:
                placed.append(spot)
                break
        else:
            missed.append((i, chart))
    return placed, missed


def bands_round(room: Box, art: Box) -> list[Band]:
    """The four free rectangles round the map's box inside the room, in the order charts
    fill them: below, right, above, left (above and below run the room's full width)."""
    x0, y0, x1, y1 = room
    ax0, ay0, ax1, ay1 = art
    out = [
        Band("bottom", (x0, y0, x1, ay0 - GAP)),
        Band("right", (ax1 + GAP, ay0, x1, ay1)),
        Band("top", (x0, ay1 + GAP, x1, y1)),
        Band("left", (x0, ay0, ax0 - GAP, ay1)),
    ]
    return [b for b in out if b.width > GAP and b.height > GAP]


def on_sheet(
    m: MapDef, env: PlanEnv, room: Box, w: float, h: float
) -> tuple[tuple[float, float], list[Placed], list[MarginChart]]:
    """Where the map (w x h, true size) and its charts go in the room: the map's bottom-left,
    the charts placed, and those that fit nowhere round it (already warned about)."""
    charts = list(enumerate(m.margins))
    measures = Measures(m, env)
    x0, y0, x1, y1 = room
    best: _Fit | None = None
    for tier in range(len(SIZES)):
        for order in orders(charts, functools.partial(measures, width=x1 - x0, tier=tier)):
            for ax, ay in ANCHORS:
                px = x0 + (x1 - x0 - w) * ax
                py = y0 + (y1 - y0 - h) * ay
                bands = bands_round(room, (px, py, px + w, py + h))
                placed, missed = _fill(order, bands, measures, tier, False)
                if best is None or len(missed) < len(best.missed):
                    best = _Fit(px, py, bands, placed, missed)
                if not missed:  # drawn in declared order, whatever order placed them
                    placed.sort(key=lambda p: m.margins.index(p.block.chart))
                    return (px, py), placed, []
    assert best is not None
    more, left = _fill(best.missed, best.bands, measures, len(SIZES) - 1, True)
    for p in more:
        _warn_moved(m, env, p)
    return (best.x, best.y), best.placed + more, [c for _, c in left]


def orders(
    charts: list[tuple[int, MarginChart]],
    size: Callable[[int, MarginChart], Block | None],
    limit: int = ORDERS,
) -> list[list[tuple[int, MarginChart]]]:
    """The orders the charts are tried in, at most ``limit``: as declared, tallest first
    (shelves packed as first-fit decreasing height), largest first, then each chart
    brought to the front of the tallest-first order, then of the declared. Charts go into
    the bands one after another, so an order can leave a chart no room that another
    order finds."""

    def height(ic: tuple[int, MarginChart]) -> float:
        block = size(*ic)
        return block.height if block is not None else 0.0

    def area(ic: tuple[int, MarginChart]) -> float:
        block = size(*ic)
        return block.width * block.height if block is not None else 0.0

    declared = list(charts)
    tallest = sorted(declared, key=height, reverse=True)
    largest = sorted(declared, key=area, reverse=True)
    out: list[list[tuple[int, MarginChart]]] = []
    fronts = [[c] + [d for d in base if d is not c] for base in (tallest, declared) for c in base]
    for candidate in [declared, tallest, largest, *fronts]:
        if len(out) == limit:
            break
        if candidate not in out:
            out.append(candidate)
    return out


def on_tiles(
    m: MapDef,
    env: PlanEnv,
    tiles: list[TileMargins],
    order: list[tuple[int, MarginChart]] | None = None,
    measures: Measures | None = None,
) -> tuple[list[Placed], list[MarginChart]]:
    """Charts on the tiles' free margins, in ``order`` (as declared unless given). A chart
    with tile: goes there; others on the tiles along their side of the map, then anywhere."""
    measures = measures or Measures(m, env)
    labels = [t.label for t in tiles]
    placed: list[Placed] = []
    left: list[MarginChart] = []
    for i, chart in order if order is not None else enumerate(m.margins):
        choice = list(tiles)
        if chart.tile and chart.tile in labels:
            choice = [t for t in tiles if t.label == chart.tile]
        elif chart.tile:
            env.warn(
                chart.span,
                f"maps.{m.id}.margins[{i}].tile",
                f"map {m.id!r} has no tile {chart.tile!r} on this paper "
                f"(its tiles: {', '.join(labels)}); the chart goes where it fits",
                "name one of its tiles, or leave tile: out",
            )
        # the chart's own side first (the tiles along that side of the map), then any
        spots = [Spot(t.page, band) for t in choice for band in t.bands]
        spots.sort(key=lambda s: chart.side not in ("auto", s.band.side))
        spot = _first_spot(i, chart, spots, measures)
        if spot is None:
            left.append(chart)
            continue
        placed.append(spot)
        if chart.side not in ("auto", spot.side):
            _warn_moved(m, env, spot)
    placed.sort(key=lambda p: m.margins.index(p.block.chart))  # drawn in declared order
    left.sort(key=m.margins.index)
    return placed, left


def _first_spot(i: int, chart: MarginChart, spots: list[Spot], measures: Measures) -> Placed | None:
    for tier in range(len(SIZES)):
        for s in spots:
            spot = _try(s.band, i, chart, measures, tier, s.page)
            if spot is not None:
                return spot
    return None


def _try(
    band: Band,
    i: int,
    chart: MarginChart,
    measures: Measures,
    tier: int,
    page: int = 0,
    whole: bool = False,
) -> Placed | None:
    """The chart beside the last shelf's charts if it fits there, else on a new shelf;
    ``whole``: beside them only as it is set across the band's width (a track is not
    wrapped to more rows, a table not narrowed, to squeeze in beside another)."""
    full = measures(i, chart, band.width, tier) if whole else None
    for width in (band.spare(), band.width):
        block = measures(i, chart, width, tier) if width > GAP else None
        if full is not None and block is not None and block.height > full.height + 1e-6:
            continue
        where = block and band.place(block.width, block.height)
        if block is not None and where:
            x, y_top = where
            return Placed(block, x, y_top, band.side, page)
    return None


def _warn_moved(m: MapDef, env: PlanEnv, p: Placed) -> None:
    c = p.block.chart
    i = m.margins.index(c)
    env.warn(
        c.span,
        f"maps.{m.id}.margins[{i}].side",
        f"chart {c.item!r} does not fit on the {c.side} of map {m.id!r} even at "
        f"{SIZES[-1]:g}pt; it goes on the {p.side}",
        "give it side: auto, or make room (a smaller chart or a larger paper)",
    )


def chart_ops(m: MapDef, env: PlanEnv, p: Placed, tile: str = "") -> tuple[list, Item]:
    """The chart drawn where it was placed, and its manifest item."""
    b = p.block
    ops = b.draw(env, p.x, p.y_top)
    item = Item(
        "map-chart",
        b.chart.item,
        f"map-{m.id}-{b.chart.item}",
        "front",
        (p.x, p.y_top - b.height, p.x + b.width, p.y_top),
        {"map": m.id, "chart": b.kind, "side": p.side, "tile": tile or None},
    )
    return [Group(tuple(ops))], item


def overflow(
    m: MapDef, env: PlanEnv, charts: list[MarginChart], room: Box, warn: bool = True
) -> list[list[Placed]]:
    """Charts that fit nowhere round the map, on pages of their own (a warning for each,
    unless the map was scaled to fill its sheet: --fit leaves no margins), at the charts'
    own type size where that takes no more pages than the smaller (else the smaller),
    each page set out by _settle."""
    measures = Measures(m, env)
    last = len(SIZES) - 1
    pages = _paged(m, env, charts, room, (measures, last), warn)
    if not pages:
        return []
    quiet = Measures(m, replace(env, diags=Diagnostics()))
    larger = _paged(m, quiet.env, charts, room, (quiet, 0), False)
    tier = 0 if len(larger) <= len(pages) and _same(larger, pages) else last
    if tier == 0:
        pages = larger
    return [_settle(m, env, page, room, (measures, tier)) for page in pages]


def _same(a: list[list[Placed]], b: list[list[Placed]]) -> bool:
    """Whether two settings of the charts place the same charts."""
    return sorted(id(p.block.chart) for pg in a for p in pg) == sorted(
        id(p.block.chart) for pg in b for p in pg
    )


def _paged(
    m: MapDef,
    env: PlanEnv,
    charts: list[MarginChart],
    room: Box,
    at: tuple[Measures, int],
    warn: bool,
) -> list[list[Placed]]:
    """The charts in shelves on pages of their own, measured at tier ``at[1]``; the
    warnings (``warn``: for each chart; always: a chart wider or taller than the page)."""
    measures, tier = at
    pages: list[list[Placed]] = []
    band = Band("page", room)
    for chart in charts:
        i = m.margins.index(chart)
        path = f"maps.{m.id}.margins[{i}]"
        if warn:
            env.warn(
                chart.span,
                path,
                f"chart {chart.item!r} does not fit round map {m.id!r} even at "
                f"{SIZES[-1]:g}pt; it is printed on a page of charts after the map",
                "make room (a smaller chart, fewer charts or a larger paper)",
            )
        block = measures(i, chart, band.width, tier)
        if block is None:
            env.warn(
                chart.span,
                path,
                f"chart {chart.item!r} is wider than the page even at {SIZES[-1]:g}pt; "
                "it is left out",
                "narrow it (fewer or shorter columns, a smaller track box)",
            )
            continue
        spot = _try(band, i, chart, measures, tier, whole=True) if pages else None
        if spot is None:  # a new page
            band = Band("page", room)
            pages.append([])
            spot = _try(band, i, chart, measures, tier, whole=True)
        if spot is None:
            env.warn(
                chart.span,
                path,
                f"chart {chart.item!r} is taller than the page even at {SIZES[-1]:g}pt; "
                "it runs off the page",
                "split it into smaller tables or texts",
            )
            x0, _, x1, y1 = room
            spot = Placed(block, x0, y1, "page")
            band.shelves.append(Shelf(y1, block.height, x1))
        pages[-1].append(spot)
    return pages


def _settle(
    m: MapDef, env: PlanEnv, page: list[Placed], room: Box, at: tuple[Measures, int]
) -> list[Placed]:
    """A page of charts of its own set out as one column the page's width: each shelf's
    charts share out the width left beside them, so every shelf ends at the page's right
    edge (measure's ``fill``); where the page has height to spare, rows of off-map boxes
    grow taller (up to TALLER times), then the shelves spread apart (up to three gaps)."""
    measures, tier = at
    x0, y0, x1, y1 = room
    rows: list[list[Block]] = []
    for k, p in enumerate(page):  # shelves in order, each a run of the same top
        if k and page[k - 1].y_top == p.y_top:
            rows[-1].append(p.block)
        else:
            rows.append([p.block])
    wide = [_widened(m, row, x1 - x0, at) for row in rows]
    heights = [max(b.height for b in row) for row in wide]
    spare = y1 - y0 - sum(heights) - GAP * (len(rows) - 1)
    if spare >= 0:  # widened, the charts still fit the page's height
        rows = wide
    heights = [max(b.height for b in row) for row in rows]
    spare = y1 - y0 - sum(heights) - GAP * (len(rows) - 1)
    boxed = [k for k, row in enumerate(rows) if all(b.kind == "box" for b in row)]
    for k in boxed:
        grow = min(heights[k] * (TALLER - 1), max(0.0, spare) / len(boxed))
        heights[k] += grow
        rows[k] = [_taller(m, env, b, heights[k]) for b in rows[k]]
    spare = y1 - y0 - sum(heights) - GAP * (len(rows) - 1)
    gap = GAP + min(2 * GAP, max(0.0, spare) / max(1, len(rows) - 1))
    out, y = [], y1
    for row, h in zip(rows, heights, strict=True):
        x = x0
        for b in row:
            out.append(Placed(b, x, y, "page"))
            x += b.width + GAP
        y -= h + gap
    return out


def _widened(m: MapDef, row: list[Block], width: float, at: tuple[Measures, int]) -> list[Block]:
    """A shelf's charts given the ``width`` left beside them: shared evenly among its
    off-map boxes and key, which take any width, else among all its charts; each set as
    wide as its share where it can be (a chart that cannot stays as it was)."""
    measures, tier = at
    fluid = [b for b in row if b.kind in ("box", "key")]  # they take any width alike
    growers = fluid or row
    share = (width - sum(b.width for b in row) - GAP * (len(row) - 1)) / len(growers)
    out = []
    for b in row:
        if not any(b is g for g in growers):
            out.append(b)
            continue
        w = measures(m.margins.index(b.chart), b.chart, b.width + share, tier, True)
        out.append(w if w is not None and w.width <= b.width + share + 1e-6 else b)
    return out


def _taller(m: MapDef, env: PlanEnv, b: Block, h: float) -> Block:
    """An off-map box ``h`` tall."""
    label = m.boxes[b.chart.item].label or b.chart.item
    return _box_block(b.chart, label, (b.width, h), env.face(bold=True))


__all__ = [
    "Band",
    "Shelf",
    "TileMargins",
    "bands_round",
    "chart_ops",
    "on_sheet",
    "on_tiles",
    "orders",
    "overflow",
]
