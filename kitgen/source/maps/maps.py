"""maps: in game.yaml -> MapSet (one MapDef per map, piece or composed board)."""

from __future__ import annotations

from typing import Literal

from ...budget import MAX_MAP_CELLS, spend
from ...errors import Span
from ...geometry import Cell, HexGrid, SquareGrid
from ...model.map import (
    MARGIN_SIDES,
    MIN_OVERLAP,
    AreaStyle,
    CellDisc,
    Edge,
    EdgeKind,
    MapDef,
    MapSet,
    MarginChart,
    Mark,
    Placement,
    Terrain,
)
from ...model.mapbuild import (
    ROTATIONS,
    board_grid,
    components,
    compose,
    placed_cells,
)
from ...names import suggest
from ...records import replace
from ..fields import (
    Context,
    Fields,
    as_cell_size,
    as_id,
    as_length,
    as_text,
    check_unique_ids,
    expect_map,
    expect_seq,
    read_list,
)
from ..reading import READING, Marks, read_reading
from ..spec import (
    BOOLEAN,
    COLOUR,
    ID,
    INTEGER,
    LENGTH,
    NULL,
    NUMBER,
    TEXT,
    Choice,
    Either,
    Key,
    ListOf,
    Named,
    OneOrList,
    Spec,
)
from ..stock import STOCK
from ..yamlnodes import Map, Node, Scalar, Seq, source_line
from .map_cells import cell_ref as _cell
from .map_cells import cell_refs as _cells
from .map_layers import (
    ALL_SIDES,
    BOX,
    FEATURE,
    LINE,
    LINE_KIND,
    PROPS,
    across,
    between,
    read_boxes,
    read_features,
    read_line_kind,
    read_lines,
    read_props,
    side_names,
)

MM = 72 / 25.4

PATTERNS = ("none", "solid", "dots", "hatch", "cross", "waves", "grass", "bricks", "trees", "grid")
SYMBOLS = ("door", "hatch", "gap", "ford", "bridge")
# ---- the keys ----------------------------------------------------------------------------

CELLS = OneOrList(TEXT)  # labels, or ranges like A1:C3
TERRAIN_ID = Key("id", ID, "how the legend names it", required=True)
TERRAIN_LABEL = Key("label", TEXT, "its name in the map key; default: the id")
TERRAIN_FILL = Key("fill", COLOUR, "the cells' colour")
TERRAIN_PATTERN = Key("pattern", Choice(PATTERNS), "a vector pattern, so it reads in greyscale")
TERRAIN_PROPS = Key("props", PROPS, "free properties for rules")
TERRAIN_MARK = Key("mark", TEXT, "short text printed in each cell", default="")
TERRAIN_PATTERN_COLOUR = Key("pattern_colour", COLOUR, "the pattern's ink")
TERRAIN_OUTLINE = Key(
    "outline", COLOUR, "a thin coloured line just inside each cell, under the grid"
)
TERRAIN_JOIN = Key(
    "join", TEXT, "seam class for composed boards (default: the terrain id)", default=""
)
TERRAIN = Spec(
    "terrain",
    TERRAIN_ID,
    TERRAIN_LABEL,
    TERRAIN_FILL,
    TERRAIN_PATTERN,
    TERRAIN_PROPS,
    TERRAIN_MARK,
    TERRAIN_PATTERN_COLOUR,
    TERRAIN_OUTLINE,
    TERRAIN_JOIN,
    heading="maps",
)
EDGE_KIND_ID = Key("id", ID, "how edges name it", required=True)
EDGE_KIND_DASH = Key("dash", ListOf(LENGTH), "a dash pattern")
EDGE_KIND_LABEL = Key("label", TEXT, "its name in the map key; default: the id")
EDGE_KIND_COLOUR = Key("colour", COLOUR, "its ink", default="#000000")
EDGE_KIND_WIDTH = Key("width", LENGTH, "its line width", default=3.0)
EDGE_KIND_SYMBOL = Key(
    "symbol", Choice(SYMBOLS), "a door, hatch, gap, ford or bridge symbol on the side"
)
EDGE_KIND_BLOCKS = Key("blocks", BOOLEAN, "cuts adjacency", default=False)
EDGE_KIND_PROPS = Key("props", PROPS, "free, for the rules and the key")
EDGE_KIND = Spec(
    "edge-kind",
    EDGE_KIND_ID,
    EDGE_KIND_DASH,
    EDGE_KIND_LABEL,
    EDGE_KIND_COLOUR,
    EDGE_KIND_WIDTH,
    EDGE_KIND_SYMBOL,
    EDGE_KIND_BLOCKS,
    EDGE_KIND_PROPS,
    heading="Edges",
)
EDGES_KIND = Key("kind", TEXT, "an edge kind; default: the first declared")
EDGES_PAIRS = Key("pairs", ListOf(ListOf(TEXT)), "[cell, cell] pairs")
EDGES_ALONG = Key("along", CELLS, "cells whose side (side:) carries the edge")
EDGES_BETWEEN = Key("between", ListOf(CELLS), "two runs of cells, the banks: every side they share")
EDGES_SIDE = Key("side", Choice(ALL_SIDES), "which side of the along cells (hexes: n, ne ...)")
EDGES = Spec(
    "edges",
    EDGES_KIND,
    EDGES_PAIRS,
    EDGES_ALONG,
    EDGES_BETWEEN,
    EDGES_SIDE,
    heading="Edges",
)
AREA_ID = Key("id", ID, "the area's name (split: <id>-1, <id>-2 ...)", required=True)
AREA_CELLS = Key("cells", CELLS, "cells and ranges (default: all)")
AREA_TERRAIN = Key("terrain", OneOrList(TEXT), "keeps cells of these terrains")
AREA_NEAR = Key("near", TEXT, "a place or cell the area is walked from")
AREA_WITHIN = Key("within", INTEGER, "moves from near", default=1, lo=0)
AREA_SPLIT = Key("split", BOOLEAN, "name each connected group <id>-1, <id>-2 ...", default=False)
AREA_SPLIT_BY = Key("split_by", OneOrList(TEXT), "edge kinds that split groups")
AREA_LABEL = Key("label", TEXT, "shows the area on the map", default="")
AREA_COLOUR = Key("colour", COLOUR, "its label and outline colour", default="#c0392b")
AREA_SHOW = Key("show", BOOLEAN, "draw it (default: when it has a label)")
AREA_OUTLINE = Key("outline", BOOLEAN, "a dashed outline", default=True)
AREA_LABEL_AT = Key("label_at", TEXT, "the cell its label goes on")
AREA = Spec(
    "area",
    AREA_ID,
    AREA_CELLS,
    AREA_TERRAIN,
    AREA_NEAR,
    AREA_WITHIN,
    AREA_SPLIT,
    AREA_SPLIT_BY,
    AREA_LABEL,
    AREA_COLOUR,
    AREA_SHOW,
    AREA_OUTLINE,
    AREA_LABEL_AT,
    heading="Places, areas and marks",
)
MARK_AT = Key("at", TEXT, "a cell or place", required=True)
MARK_ICON = Key("icon", TEXT, "a built-in icon")
MARK_TEXT = Key("text", TEXT, "a label", default="")
MARK_COLOUR = Key("colour", COLOUR, "its ink", default="#000000")
MARK_SIZE = Key("size", NUMBER, "a fraction of the cell", default=0.7, lo=0.05, hi=3)
MARK_DX = Key("dx", NUMBER, "nudge right, in cells", default=0.0)
MARK_DY = Key("dy", NUMBER, "nudge down, in cells", default=0.0)
MARK_KEY = Key("key", TEXT, "what an icon mark stands for, in the map key", default="")
MARK = Spec(
    "mark",
    MARK_AT,
    MARK_ICON,
    MARK_TEXT,
    MARK_COLOUR,
    MARK_SIZE,
    MARK_DX,
    MARK_DY,
    MARK_KEY,
    heading="Places, areas and marks",
)
COMPOSE_MAP = Key("map", TEXT, "the piece's map id", required=True)
COMPOSE_AT = Key("at", TEXT, "where the piece's top-left lands")
COMPOSE_ROTATE = Key("rotate", INTEGER, "0, 90, 180 or 270 clockwise", default=0)
COMPOSE_PREFIX = Key("prefix", TEXT, "for its areas and places (default: 1., 2. ...)")
COMPOSE = Spec(
    "compose-placement",
    COMPOSE_MAP,
    COMPOSE_AT,
    COMPOSE_ROTATE,
    COMPOSE_PREFIX,
    heading="Composed boards (geomorphic pieces)",
)
MARGIN_ITEM = Key("item", TEXT, "a table, text, track or off-map box id, or key", required=True)
MARGIN_SIDE = Key(
    "side", Choice(MARGIN_SIDES), "the map's side it goes on, or auto", default="auto"
)
MARGIN_TILE = Key(
    "tile", TEXT, "a tiled map: the tile it goes on (I, II ... in reading order)", default=""
)
MARGIN = Spec(
    "margin",
    MARGIN_ITEM,
    MARGIN_SIDE,
    MARGIN_TILE,
    heading="Charts in the map's margins",
)
DISC_PROP = Key("prop", TEXT, "the property whose value is printed", required=True)
DISC_LABEL = Key(
    "label", TEXT, "what the disc means, in the map key; default: the property in words"
)
DISC = Spec(
    "cell-disc",
    DISC_PROP,
    DISC_LABEL,
    heading="Cell discs: a number in each cell's corner",
)
# the keys a plain map and a composed board share
TITLE = Key("title", TEXT, "printed above the map", default="")
NOTE = Key("note", TEXT, "one line under the title", default="")
COORDS = Key("coords", BOOLEAN, "print cell labels in every cell", default=False)
PREFIX = Key("prefix", TEXT, "a board prefix for labels: B1-0101", default="")
DIAGONAL = Key("diagonal", BOOLEAN, "squares: diagonal steps count as adjacent", default=False)
DRAW = Key(
    "draw",
    Choice(("cells", "points")),
    "cells: outlined cells; points: a dot per cell, joined by its lines",
    default="cells",
)
CORNER_WALLS = Key(
    "corner_walls", OneOrList(TEXT), "terrains a diagonal step may not cut the corner of"
)
OVERLAP = Key("overlap", LENGTH, "tiling overlap; at least printer margin + 3 mm")
SHOW_TITLE = Key("show_title", BOOLEAN, "the title line above the map", default=True)
MARGINS = Key("margins", ListOf(MARGIN), "charts printed round the map: tables, texts, tracks, key")
NORTH = Key(
    "north", Choice(("up", "down", "left", "right")), "where north is: a compass by the title"
)
CELL_DISC = Key("disc", DISC, "a property's value (a pop limit) in a disc in each cell's corner")
_COMMON = (
    READING,
    TITLE,
    NOTE,
    COORDS,
    PREFIX,
    DIAGONAL,
    DRAW,
    CORNER_WALLS,
    OVERLAP,
    SHOW_TITLE,
    MARGINS,
    NORTH,
    CELL_DISC,
    STOCK,
)
EDGE_KINDS = Key("edge_kinds", ListOf(EDGE_KIND), "kinds of walls, doors, rivers, roads")
# read in this order once the cells are known
MAP_EDGES = Key(
    "edges", ListOf(Either(ListOf(TEXT), EDGES)), "[cell, cell(, kind)] or an edges mapping"
)
MAP_LINES = Key("lines", ListOf(LINE), "line features through cells")
MAP_PLACES = Key("places", Named(TEXT, "names, each a cell"), "named cells for rules and scenarios")
MAP_FEATURES = Key("features", ListOf(FEATURE), "feature kinds, and the cells that hold them")
MAP_BOXES = Key("boxes", ListOf(BOX), "places off the map")
MAP_AREAS = Key("areas", ListOf(AREA), "declared or derived areas")
MAP_MARKS = Key("marks", ListOf(MARK), "text and icons on cells")
_AFTER = (MAP_EDGES, MAP_LINES, MAP_PLACES, MAP_FEATURES, MAP_BOXES, MAP_AREAS, MAP_MARKS)
MAP_ID = Key("id", ID, "names map-<id>.pdf", required=True)
MAP_COPIES = Key(
    "copies", INTEGER, "sheets to print (default: as composed boards need, else 1)", lo=0, hi=99
)
MAP_TERRAINS = Key("terrains", ListOf(TERRAIN), "the terrains", required=True)
MAP_LEGEND = Key(
    "legend",
    Named(Either(TEXT, NULL), "characters, each a terrain id or null"),
    "layout characters",
)
MAP_LAYOUT = Key(
    "layout",
    Either(TEXT, ListOf(TEXT)),
    "one character per cell, a row per line",
    required=True,
)
MAP_GRID = Key("grid", Choice(("square", "hex")), "the grid", default="square")
MAP_CELL = Key("cell", LENGTH, "square side, or hex size across the flats", required=True)
MAP_ORIENT = Key("orient", Choice(("flat", "pointy")), "hex only", default="flat")
MAP_OFFSET = Key(
    "offset",
    Choice(("odd", "even")),
    "hex only: which columns (rows) are shifted",
    default="odd",
)
MAP_LINE_KINDS = Key("line_kinds", ListOf(LINE_KIND), "kinds of roads, rails, trails, rivers")
MAP = Spec(
    "map",
    MAP_ID,
    *_COMMON,
    MAP_COPIES,
    MAP_TERRAINS,
    MAP_LEGEND,
    MAP_LAYOUT,
    MAP_GRID,
    MAP_CELL,
    MAP_ORIENT,
    MAP_OFFSET,
    EDGE_KINDS,
    MAP_LINE_KINDS,
    *_AFTER,
    heading="maps",
)
BOARD_ID = Key("id", ID, "names map-<id>.pdf", required=True)
BOARD_PRINT = Key(
    "print",
    Choice(("pieces", "board")),
    "print the pieces, or the board itself",
    default="pieces",
)
BOARD_COMPOSE = Key("compose", ListOf(COMPOSE), "copies of other maps", required=True)
BOARD = Spec(
    "board",
    BOARD_ID,
    *_COMMON,
    BOARD_PRINT,
    BOARD_COMPOSE,
    EDGE_KINDS,
    *_AFTER,
    heading="Composed boards (geomorphic pieces)",
)
MAPS = ListOf(Either(MAP, BOARD))


# ---- small readers -----------------------------------------------------------------------


def _read_terrain(ctx: Context, node: Node, path: str) -> Terrain | None:
    f = Fields(ctx, node, path, TERRAIN)
    tid = f.id(TERRAIN_ID)
    t = Terrain(
        id=tid or "",
        label=f.text(TERRAIN_LABEL, default=tid or ""),
        fill=f.colour(TERRAIN_FILL),
        pattern=f.choice(TERRAIN_PATTERN),
        props=f.get(TERRAIN_PROPS, read_props) or {},
        span=node.span,
        mark=f.text(TERRAIN_MARK),
        pattern_colour=f.colour(TERRAIN_PATTERN_COLOUR),
        outline=f.colour(TERRAIN_OUTLINE),
        join=f.text(TERRAIN_JOIN),
    )
    f.close()
    return t if tid else None


def _read_edge_kind(ctx: Context, node: Node, path: str) -> EdgeKind | None:
    f = Fields(ctx, node, path, EDGE_KIND)
    kid = f.id(EDGE_KIND_ID)
    dashes = tuple(f.seq(EDGE_KIND_DASH, lambda c, n, p: as_length(c, n, p)))
    k = EdgeKind(
        id=kid or "",
        label=f.text(EDGE_KIND_LABEL, default=kid or ""),
        colour=f.colour(EDGE_KIND_COLOUR),
        width=f.length(EDGE_KIND_WIDTH),
        dash=dashes,
        symbol=f.choice(EDGE_KIND_SYMBOL),
        blocks=f.boolean(EDGE_KIND_BLOCKS),
        span=node.span,
        props=f.get(EDGE_KIND_PROPS, read_props) or {},
    )
    f.close()
    return k if kid else None


# ---- the layout block --------------------------------------------------------------------


def _layout_rows(ctx: Context, node: Node, path: str) -> list[tuple[str, Span]]:
    """Rows of the layout with the span of each row's first character."""
    if isinstance(node, Scalar) and isinstance(node.value, str):
        lines = node.value.split("\n")
        while lines and not lines[-1].strip():
            lines.pop()
        if node.plain:  # one plain line: the text starts where the node does
            return [(line, Span(node.span.file, node.span.line, node.span.col)) for line in lines]
        # a block scalar starts on the line below its '|'; its rows share one indentation
        indent = _block_indent(node.span)
        return [
            (line, Span(node.span.file, node.span.line + 1 + i, indent + 1))
            for i, line in enumerate(lines)
        ]
    seq = expect_seq(ctx, node, path)
    if seq is None:
        return []
    rows = []
    for i, item in enumerate(seq):
        text = as_text(ctx, item, f"{path}[{i}]")
        if text is not None:
            rows.append((text, item.span))
    return rows


def _block_indent(span: Span) -> int:
    """Columns of indentation of the first line of a block scalar (for error positions)."""
    text = source_line(span.file, span.line + 1)
    if text:
        return len(text) - len(text.lstrip(b" "))
    return span.col + 1


def _read_legend(ctx: Context, node: Node | None, path: str) -> dict[str, str | None]:
    m = expect_map(ctx, node, path)
    if m is None:
        return {}
    out: dict[str, str | None] = {}
    for key, value in m.entries.items():
        kspan = m.key_spans[key]
        if len(key) != 1:
            ctx.error(kspan, f"{path}.{key}", f"legend keys are single characters, not {key!r}")
            continue
        if isinstance(value, Scalar) and value.value is None:
            out[key] = None  # off the map
            continue
        tid = as_text(ctx, value, f"{path}.{key}")
        # a value in error still declares its character: "" (no terrain) keeps the
        # layout from calling every use of it unknown, a follow-on of the error said here
        out[key] = tid if tid is not None else ""
    return out


# ---- edges ------------------------------------------------------------------------------


def _edge(
    ctx: Context, m: MapDef, a_node: Node, b_node: Node, kind: str, span: Span, path: str
) -> Edge | None:
    a = _cell(ctx, m, a_node, path)
    b = _cell(ctx, m, b_node, path)
    if a is None or b is None:
        return None
    if m.grid.shared_edge(a, b) is None:
        ctx.error(
            span,
            path,
            f"edge {m.label(a)}-{m.label(b)} does not join two adjacent cells",
            "an edge lies on the side two cells share",
        )
        return None
    return Edge(a, b, kind, span)


def _read_edges(ctx: Context, m: MapDef, node: Node | None, path: str) -> list[Edge]:
    seq = expect_seq(ctx, node, path)
    if seq is None:
        return []
    default = next(iter(m.edge_kinds), None)
    out: list[Edge] = []
    for i, item in enumerate(seq):
        ipath = f"{path}[{i}]"
        if isinstance(item, Seq):
            if len(item) not in (2, 3):
                ctx.error(item, ipath, "an edge is [cell, cell] or [cell, cell, kind]")
                continue
            kind = as_text(ctx, item.items[2], ipath) if len(item) == 3 else default
            if not _known_kind(ctx, m, kind, item, ipath):
                continue
            e = _edge(ctx, m, item.items[0], item.items[1], kind, item.span, ipath)  # type: ignore[arg-type]
            if e:
                out.append(e)
            continue
        f = Fields(ctx, item, ipath, EDGES)
        if f.map is None:
            continue
        kind = f.text(EDGES_KIND)
        kind = default if kind is None else kind  # default: the first kind, if any
        ok = _known_kind(ctx, m, kind, item, f.sub("kind"))
        pairs = f.node_of(EDGES_PAIRS)
        along = f.node_of(EDGES_ALONG)
        banks = f.node_of(EDGES_BETWEEN)
        side = f.choice(EDGES_SIDE, side_names(m))
        f.close()
        if not ok or kind is None:
            continue
        if pairs is not None:
            for j, pair in enumerate(expect_seq(ctx, pairs, f.sub("pairs")) or []):
                ppath = f"{ipath}.pairs[{j}]"
                if not isinstance(pair, Seq) or len(pair) != 2:
                    ctx.error(pair, ppath, "a pair is [cell, cell]")
                    continue
                e = _edge(ctx, m, pair.items[0], pair.items[1], kind, pair.span, ppath)
                if e:
                    out.append(e)
        if along is not None:
            if side is None:
                *rest, last = side_names(m)
                ctx.error(item, ipath, f"'along' needs 'side' ({', '.join(rest)} or {last})")
                continue
            for cell in _cells(ctx, m, along, f.sub("along")):
                other = across(m, cell, side)
                if other in m.cells:  # the map's outline already closes the border
                    out.append(Edge(cell, other, kind, along.span))  # type: ignore[arg-type]
        if banks is not None:
            out.extend(_between(ctx, m, banks, f.sub("between"), kind))
        if pairs is None and along is None and banks is None:
            ctx.error(item, ipath, "an edge entry needs 'pairs', 'along' or 'between'")
    return out


def _between(ctx: Context, m: MapDef, node: Node, path: str, kind: str) -> list[Edge]:
    """`between: [[bank a cells], [bank b cells]]`: every side the two runs share."""
    seq = expect_seq(ctx, node, path)
    if seq is None:
        return []
    if len(seq) != 2:
        ctx.error(node, path, "'between' is two lists of cells: [[one bank], [the other]]")
        return []
    a = _cells(ctx, m, seq.items[0], f"{path}[0]")
    b = _cells(ctx, m, seq.items[1], f"{path}[1]")
    pairs = between(a, b, m)
    if a and b and not pairs:
        ctx.error(node, path, "the two runs of cells share no side", "list the cells either side")
    return [Edge(x, y, kind, node.span) for x, y in pairs]


def _known_kind(ctx: Context, m: MapDef, kind: str | None, node: Node, path: str) -> bool:
    if kind is None:
        ctx.error(node, path, "no edge kinds declared", "add edge_kinds: [{id: wall}] to the map")
        return False
    if kind not in m.edge_kinds:
        ctx.error(node, path, f"unknown edge kind {kind!r}", suggest(kind, m.edge_kinds))
        return False
    return True


# ---- areas, places, marks ------------------------------------------------------------------


def _read_areas(
    ctx: Context, m: MapDef, node: Node | None, path: str, places: dict[str, Cell]
) -> tuple[dict[str, frozenset[Cell]], list[AreaStyle]]:
    areas: dict[str, frozenset[Cell]] = {}
    styles: list[AreaStyle] = []
    seq = expect_seq(ctx, node, path)
    if seq is None:
        return areas, styles
    for i, item in enumerate(seq):
        ipath = f"{path}[{i}]"
        f = Fields(ctx, item, ipath, AREA)
        if f.map is None:
            continue
        aid = f.id(AREA_ID)
        pool = set(m.cells)
        if f.has("cells"):
            pool = set(_cells(ctx, m, f.node_of(AREA_CELLS), f.sub("cells")))  # type: ignore[arg-type]
        terrains = f.texts(AREA_TERRAIN)
        unknown = [t for t in terrains if t not in m.terrains]
        for t in terrains:
            if t not in m.terrains:
                ctx.error(
                    f.node_of(AREA_TERRAIN),
                    f.sub("terrain"),
                    f"unknown terrain {t!r}",
                    suggest(t, m.terrains),
                )
        if terrains:
            pool = {c for c in pool if m.cells[c] in terrains}
        if f.has("near"):
            near_node = f.node_of(AREA_NEAR)
            within = f.integer(AREA_WITHIN)
            text = as_text(ctx, near_node, f.sub("near"))  # type: ignore[arg-type]
            centre = places.get(text) if text else None
            if centre is None and text is not None:
                centre = _cell(ctx, m, near_node, f.sub("near"))  # type: ignore[arg-type]
            if centre is not None:
                pool = _walk(m, centre, pool, within)
        else:
            f.allow("within")
        split = f.boolean(AREA_SPLIT)
        split_by = None
        if f.has("split_by"):
            split_by = f.texts(AREA_SPLIT_BY)
            for k in split_by:
                if k not in m.edge_kinds:
                    ctx.error(
                        f.node_of(AREA_SPLIT_BY),
                        f.sub("split_by"),
                        f"unknown edge kind {k!r}",
                        suggest(k, m.edge_kinds),
                    )
        label = f.text(AREA_LABEL)
        colour = f.colour(AREA_COLOUR)
        show = f.boolean(AREA_SHOW, default=bool(label))
        outline = f.boolean(AREA_OUTLINE)
        label_at = None
        if f.has("label_at"):
            label_at = _cell(ctx, m, f.node_of(AREA_LABEL_AT), f.sub("label_at"))  # type: ignore[arg-type]
        f.close()
        if not aid:
            continue
        if split:
            for n, group in enumerate(components(m, pool, split_by), start=1):
                name = f"{aid}-{n}"
                areas[name] = group
                if show:
                    styles.append(
                        AreaStyle(name, f"{label} {n}".strip(), colour, outline, item.span, None)
                    )
        else:
            if aid in areas:
                ctx.error(item, ipath, f"duplicate area id {aid!r}")
                continue
            if not pool and not unknown:
                ctx.warning(item, ipath, f"area {aid!r} holds no cells")
            areas[aid] = frozenset(pool)
            if show:
                styles.append(AreaStyle(aid, label, colour, outline, item.span, label_at))
    return areas, styles


def _walk(m: MapDef, start: Cell, pool: set[Cell], steps: int) -> set[Cell]:
    """Cells of ``pool`` reachable from ``start`` in at most ``steps`` moves through the pool
    (so walls and other terrains bound the area, as they bound a walk)."""
    reached = {start} if start in pool else set()
    frontier = [start]
    for _ in range(steps):
        nxt = []
        for cell in frontier:
            for n in m.neighbours(cell):
                if n in pool and n not in reached:
                    reached.add(n)
                    nxt.append(n)
        frontier = nxt
    return reached


def _read_places(ctx: Context, m: MapDef, node: Node | None, path: str) -> dict[str, Cell]:
    mm = expect_map(ctx, node, path)
    if mm is None:
        return {}
    out: dict[str, Cell] = {}
    for name, value in mm.entries.items():
        cell = _cell(ctx, m, value, f"{path}.{name}")
        if cell is not None:
            out[name] = cell
    return out


def _read_marks(
    ctx: Context, m: MapDef, node: Node | None, path: str, places: dict[str, Cell]
) -> list[Mark]:
    def one(c: Context, n: Node, p: str) -> Mark | None:
        f = Fields(c, n, p, MARK)
        at = f.node_of(MARK_AT)
        cell = None
        if at is not None:
            text = as_text(c, at, f.sub("at"))
            cell = places.get(text) if text else None
            if cell is None and text is not None:
                cell = _cell(c, m, at, f.sub("at"))
        icon = f.text(MARK_ICON)
        if icon is not None and not c.known_icon(f.node_of(MARK_ICON), f.sub("icon"), icon):
            icon = None
        mark = Mark(
            cell=cell or (0, 0),
            icon=icon,
            text=f.text(MARK_TEXT),
            colour=f.colour(MARK_COLOUR),
            size=f.number(MARK_SIZE),
            dx=f.number(MARK_DX),
            dy=f.number(MARK_DY),
            span=n.span,
            key=f.text(MARK_KEY),
        )
        f.close()
        return mark if cell is not None else None

    return read_list(ctx, node, path, one) if node is not None else []


# ---- one map ----------------------------------------------------------------------------


def _read_grid(ctx: Context, f: Fields, cols: int, rows: int) -> SquareGrid | HexGrid | None:
    kind = f.choice(MAP_GRID)
    size = f.get(MAP_CELL, as_cell_size)
    orient: Literal["flat", "pointy"] = "pointy" if f.choice(MAP_ORIENT) == "pointy" else "flat"
    offset: Literal["odd", "even"] = "even" if f.choice(MAP_OFFSET) == "even" else "odd"
    if size is None or cols < 1 or rows < 1:
        return None
    if kind == "hex":
        return HexGrid(size, cols, rows, orient, offset)
    return SquareGrid(size, cols, rows)


def _overlap(f: Fields) -> float | None:
    overlap = f.length(OVERLAP)
    if overlap is not None and overlap < MIN_OVERLAP - 1e-9:
        f.ctx.error(
            f.node_of(OVERLAP),
            f.sub("overlap"),
            f"overlap {overlap / MM:.2f} mm is less than the printer margin + 3 mm "
            f"({MIN_OVERLAP / MM:.2f} mm)",
            "home printers leave the sheet edge blank: tiles must overlap past it",
        )
        return None
    return overlap


def _common(f: Fields) -> dict:
    sign = Marks(f.ctx).mark(f.get(READING, read_reading))
    return {
        "title": f.text(TITLE) + sign,
        "note": f.text(NOTE),
        "coords": f.boolean(COORDS),
        "prefix": f.text(PREFIX),
        "diagonal": f.boolean(DIAGONAL),
        "draw": f.choice(DRAW),
        "corner_walls": frozenset(f.texts(CORNER_WALLS)),
        "overlap": _overlap(f),
        "show_title": f.boolean(SHOW_TITLE),
        "margins": tuple(f.seq(MARGINS, _read_margin)),
        "north": f.choice(NORTH) or "",
        "disc": f.get(CELL_DISC, _read_disc),
        "stock": f.choice(STOCK) or "",
    }


def _read_disc(ctx: Context, node: Node, path: str) -> CellDisc | None:
    f = Fields(ctx, node, path, DISC)
    if f.map is None:
        return None
    prop, label = f.text(DISC_PROP), f.text(DISC_LABEL)
    f.close()
    prop_node = f.node_of(DISC_PROP)
    span = prop_node.span if prop_node is not None else node.span
    return CellDisc(prop, label or prop.replace("_", " ").capitalize(), span) if prop else None


def _check_disc(ctx: Context, f: Fields, m: MapDef) -> MapDef:
    """A disc's property is one some cell of the map has (its terrain's, or a feature's)."""
    if m.disc is None or m.disc_values():
        return m
    known = sorted({k for c in m.cells for k in m.props_at(c)})
    ctx.error(
        m.disc.span,
        f"{f.sub('disc')}.prop",
        f"no cell of map {m.id!r} has a property {m.disc.prop!r} to print in its disc",
        suggest(m.disc.prop, known) or "give a terrain or feature props: {" + m.disc.prop + ": 4}",
    )
    return replace(m, disc=None)


def _read_margin(ctx: Context, node: Node, path: str) -> MarginChart | None:
    f = Fields(ctx, node, path, MARGIN)
    item, side, tile = f.text(MARGIN_ITEM), f.choice(MARGIN_SIDE), f.text(MARGIN_TILE).upper()
    f.close()
    return MarginChart(item, side, tile, node.span) if item else None


def _read_plain_map(ctx: Context, node: Node, path: str) -> MapDef | None:
    f = Fields(ctx, node, path, MAP)
    mid = f.id(MAP_ID)
    common = _common(f)
    copies = f.integer(MAP_COPIES)
    terrains = f.seq(MAP_TERRAINS, _read_terrain)
    check_unique_ids(ctx, terrains, f.sub("terrains"), "terrain")
    tmap = {t.id: t for t in terrains}
    legend = f.get(MAP_LEGEND, _read_legend) or {}
    terrains_read = isinstance(f.node_of(MAP_TERRAINS), Seq)  # else its own error says enough
    for ch, tid in legend.items():
        if terrains_read and tid and tid not in tmap:
            ctx.error(
                f.map.key_span("legend") if f.map else None,
                f"{f.sub('legend')}.{ch}",
                f"unknown terrain {tid!r}",
                suggest(tid, tmap),
            )
    cells, spans, ncols, nrows = _layout_cells(ctx, f, node, path, legend, tmap)
    grid = _read_grid(ctx, f, ncols, nrows)
    kinds = f.seq(EDGE_KINDS, _read_edge_kind)
    check_unique_ids(ctx, kinds, f.sub("edge_kinds"), "edge kind")
    line_kinds = f.seq(MAP_LINE_KINDS, read_line_kind)
    check_unique_ids(ctx, line_kinds, f.sub("line_kinds"), "line kind")
    if grid is None or not mid:
        f.allow(*_LATER)
        f.close()
        return None
    m = MapDef(
        id=mid,
        grid=grid,
        cells=cells,
        terrains=tmap,
        span=node.span,
        cell_spans=spans,
        edge_kinds={k.id: k for k in kinds},
        line_kinds={k.id: k for k in line_kinds},
        copies=copies if copies is not None else -1,
        **common,
    )
    return _finish(ctx, f, m)


_LATER = ("edges", "areas", "places", "marks", "lines", "features", "boxes")


def _finish(ctx: Context, f: Fields, m: MapDef) -> MapDef:
    """Edges, lines, places, features, boxes, areas and marks: read against the cells, in
    that order (areas may name places, and derived areas respect blocking edges)."""
    m = replace(
        m,
        edges=m.edges + tuple(_read_edges(ctx, m, f.node_of(MAP_EDGES), f.sub("edges"))),
        lines=m.lines + tuple(read_lines(ctx, m, f.node_of(MAP_LINES), f.sub("lines"))),
    )
    m = _check_corner_walls(ctx, f, m)
    places = _read_places(ctx, m, f.node_of(MAP_PLACES), f.sub("places"))
    kinds, features = read_features(
        ctx, m, f.node_of(MAP_FEATURES), f.sub("features"), {**m.places, **places}
    )
    boxes = read_boxes(ctx, f.node_of(MAP_BOXES), f.sub("boxes"), {**m.places, **places})
    m = replace(
        m,
        feature_kinds={**m.feature_kinds, **kinds},
        features=m.features + tuple(features),
        boxes={**m.boxes, **boxes},
    )
    areas, styles = _read_areas(ctx, m, f.node_of(MAP_AREAS), f.sub("areas"), places)
    merged_areas = dict(m.areas)
    merged_areas.update(areas)
    merged_places = dict(m.places)
    merged_places.update(places)
    marks = _read_marks(ctx, m, f.node_of(MAP_MARKS), f.sub("marks"), merged_places)
    f.close()
    m = _check_disc(ctx, f, m)
    return replace(
        m,
        places=merged_places,
        areas=merged_areas,
        marks=m.marks + tuple(marks),
        area_styles=m.area_styles + tuple(styles),
    )


def _check_corner_walls(ctx: Context, f: Fields, m: MapDef) -> MapDef:
    """corner_walls names the map's terrains and needs diagonal steps on a square grid."""
    node = f.node_of(CORNER_WALLS)
    if node is None or not m.corner_walls:
        return m
    if not (m.diagonal and isinstance(m.grid, SquareGrid)):
        ctx.error(
            node,
            f.sub("corner_walls"),
            "corner_walls needs diagonal steps on a square grid",
            "add diagonal: true (square grids only)",
        )
        return replace(m, corner_walls=frozenset())
    items = list(node) if isinstance(node, Seq) else [node]
    for i, item in enumerate(items):
        name = item.value if isinstance(item, Scalar) else None
        if isinstance(name, str) and name not in m.terrains:
            where = (
                f"{f.sub('corner_walls')}[{i}]" if isinstance(node, Seq) else f.sub("corner_walls")
            )
            ctx.error(item, where, f"unknown terrain {name!r}", suggest(name, m.terrains))
    return replace(m, corner_walls=frozenset(w for w in m.corner_walls if w in m.terrains))


# ---- composed boards ----------------------------------------------------------------------


def _read_placement(
    ctx: Context, node: Node, path: str, pieces: dict[str, MapDef]
) -> Placement | None:
    f = Fields(ctx, node, path, COMPOSE)
    mid = f.text(COMPOSE_MAP)
    at_node = f.node_of(COMPOSE_AT)
    rotate = f.integer(COMPOSE_ROTATE)
    prefix = f.text(COMPOSE_PREFIX)
    f.close()
    if mid is None:
        return None
    piece = pieces.get(mid)
    if piece is None:
        ctx.error(
            f.node_of(COMPOSE_MAP), f.sub("map"), f"unknown map {mid!r}", suggest(mid, pieces)
        )
        return None
    if rotate not in ROTATIONS:
        ctx.error(
            f.node_of(COMPOSE_ROTATE),
            f.sub("rotate"),
            f"rotate must be 0, 90, 180 or 270, not {rotate}",
        )
        return None
    if isinstance(piece.grid, HexGrid) and rotate != 0:
        ctx.error(
            f.node_of(COMPOSE_ROTATE),
            f.sub("rotate"),
            "hex pieces are placed unrotated (rotate: 0)",
        )
        return None
    at: Cell = (0, 0)
    if at_node is not None:
        text = as_text(ctx, at_node, f.sub("at"))
        if text is None:
            return None
        probe = MapDef("board", "", piece.grid, {}, piece.terrains)
        cell = _parse_any_label(probe, text)
        if cell is None:
            ctx.error(
                at_node, f.sub("at"), f"'at' must be a cell label like A1 or 0101, not {text!r}"
            )
            return None
        at = cell
    if isinstance(piece.grid, HexGrid):
        shift = at[0] if piece.grid.flat else at[1]
        if shift % 2:
            line = "column" if piece.grid.flat else "row"
            ctx.error(
                at_node,
                f.sub("at"),
                f"hex pieces must start on an odd {line} (1, 3, 5 ...)",
                "so every copy keeps the same column shift",
            )
            return None
    return Placement(mid, at, rotate, prefix if prefix is not None else "", node.span)


def _parse_any_label(probe: MapDef, text: str) -> Cell | None:
    from ...model.map import parse_hex_label, parse_square_label

    if isinstance(probe.grid, HexGrid):
        t = text.strip()
        if len(t) % 2 == 0 and t.isdigit():
            half = len(t) // 2
            c, r = int(t[:half]), int(t[half:])
            return (c - 1, r - 1) if c >= 1 and r >= 1 else None
        return parse_hex_label(t, 99, 99)
    return parse_square_label(text)


def _board_fits(
    ctx: Context, placements: list[Placement], pieces: dict[str, MapDef], path: str
) -> bool:
    """The board's extent, and the cells its copies bring, within MAX_MAP_CELLS: said at
    the copy that goes over, before any cell is laid out."""
    cols = rows = placed = 0
    for i, p in enumerate(placements):
        g = pieces[p.map].grid
        w, h = (g.rows, g.cols) if p.rotate in (90, 270) else (g.cols, g.rows)
        cols, rows, placed = max(cols, p.at[0] + w), max(rows, p.at[1] + h), placed + w * h
        if max(cols * rows, placed) > MAX_MAP_CELLS:
            ctx.error(
                p.span,
                f"{path}[{i}]",
                f"the board reaches {cols} x {rows} cells ({placed:,} placed), more than the "
                f"{MAX_MAP_CELLS:,} a map may have",
                "see docs/security.md for the caps",
            )
            return False
    return True


def _unknown_characters(
    ctx: Context, f: Fields, unknown: dict[str, list[tuple[int, int, Span]]], legend: dict
) -> None:
    """One error per character the legend lacks, at its first place: a character used
    all over the layout is one mistake, not one per cell."""
    keys = ", ".join(repr(k) for k in legend)
    for ch, places in unknown.items():
        r, c, span = places[0]
        more = f", and {len(places) - 1} more places" if len(places) > 1 else ""
        hint = f"add it to the legend beside {keys}" if keys else "add it to the legend"
        if None not in legend.values():
            hint += f", or write {ch!r}: null there for cells off the map"
        ctx.error(
            span,
            f"{f.sub('layout')}[{r}]",
            f"unknown character {ch!r} in layout row {r + 1}, column {c + 1}{more}",
            hint,
        )


def _layout_cells(
    ctx: Context, f: Fields, node: Node, path: str, legend: dict, tmap: dict
) -> tuple[dict[Cell, str], dict[Cell, Span], int, int]:
    """The `layout:` rows read through the legend: (cell -> terrain id, cell -> span,
    columns, rows); each character the legend lacks is an error at its column."""
    layout_node = f.node_of(MAP_LAYOUT)
    rows = _layout_rows(ctx, layout_node, f.sub("layout")) if layout_node is not None else []
    wide = max((len(line) for line, _ in rows), default=0)
    if wide * len(rows) > MAX_MAP_CELLS:
        ctx.error(
            layout_node,
            f.sub("layout"),
            f"a layout of {wide} x {len(rows)} cells, more than the {MAX_MAP_CELLS:,} "
            "a map may have",
            "see docs/security.md for the caps",
        )
        rows, layout_node = [], None
    cells: dict[Cell, str] = {}
    spans: dict[Cell, Span] = {}
    unknown: dict[str, list[tuple[int, int, Span]]] = {}  # character -> where it stands
    for r, (line, span) in enumerate(rows):
        for c, ch in enumerate(line):
            if ch == " ":
                continue
            if ch not in legend:
                unknown.setdefault(ch, []).append((r, c, Span(span.file, span.line, span.col + c)))
                continue
            tid = legend[ch]
            if tid is None or tid not in tmap:
                continue
            cells[(c, r)] = tid
            spans[(c, r)] = Span(span.file, span.line, span.col + c)
    _unknown_characters(ctx, f, unknown, legend)
    ncols = max((len(line.rstrip()) for line, _ in rows), default=0)
    _short_rows(ctx, f.sub("layout"), rows, ncols, legend)
    if layout_node is not None and not any(line.strip() for line, _ in rows):
        ctx.error(
            layout_node,
            f.sub("layout"),
            "the layout has no cells",
            "write one character per cell, a row per line",
        )
    return cells, spans, ncols, len(rows)


def _short_rows(
    ctx: Context, path: str, rows: list[tuple[str, Span]], ncols: int, legend: dict
) -> None:
    """A row shorter than the layout's widest is an error at its end: a cell left off by
    a slip would silently not be on the board. An edge off the map is written, with a
    space or the legend's off-map character, up to the full width."""
    off = [k for k, v in legend.items() if v is None]
    blank = f"a space or {off[0]!r}" if off else "a space (or a legend character for null)"
    for r, (line, span) in enumerate(rows):
        if line.strip() and len(line) < ncols:
            ctx.error(
                Span(span.file, span.line, span.col + len(line)),
                f"{path}[{r}]",
                f"layout row {r + 1} has {len(line)} cells, the widest row {ncols}",
                f"a cell missing at its end is not on the board: add it, or fill the row out "
                f"with {blank} where the map has none",
            )


def _read_composed(ctx: Context, node: Node, path: str, pieces: dict[str, MapDef]) -> MapDef | None:
    f = Fields(ctx, node, path, BOARD)
    mid = f.id(BOARD_ID)
    common = _common(f)
    printed = f.choice(BOARD_PRINT)
    placements = f.seq(BOARD_COMPOSE, lambda c, n, p: _read_placement(c, n, p, pieces))
    f.allow(EDGE_KINDS.name)
    if not mid or not placements:
        f.allow(*_LATER)
        f.close()
        return None
    if not _board_fits(ctx, placements, pieces, f.sub("compose")):
        f.allow(*_LATER)
        f.close()
        return None
    used = [pieces[p.map] for p in placements]
    grids = {
        (type(m.grid), getattr(m.grid, "cell", None), getattr(m.grid, "size", None)) for m in used
    }
    if len(grids) > 1:
        ctx.error(node, f.sub("compose"), "composed pieces must share one grid kind and cell size")
        f.close()
        return None
    result = compose(pieces, placements)
    _join_errors(ctx, f.sub("compose"), result, placements, used)
    grid = board_grid(used[0].grid, max(result.cols, 1), max(result.rows, 1))
    terrains: dict = {}
    kinds: dict = {}
    line_kinds: dict = {}
    feature_kinds: dict = {}
    for m in used:
        terrains.update(m.terrains)
        kinds.update(m.edge_kinds)
        line_kinds.update(m.line_kinds)
        feature_kinds.update(m.feature_kinds)
    areas, places, marks, features, lines = _carried(pieces, placements)
    board = MapDef(
        id=mid,
        grid=grid,
        cells=result.cells,
        terrains=terrains,
        edges=result.edges,
        areas=areas,
        places=places,
        marks=tuple(marks),
        span=node.span,
        edge_kinds=kinds,
        line_kinds=line_kinds,
        lines=tuple(lines),
        feature_kinds=feature_kinds,
        features=tuple(features),
        printed=printed == "board",
        pieces=tuple(placements),
        copies=1,
        **common,
    )
    return _finish(ctx, f, board)


def _join_errors(ctx: Context, at: str, result, placements: list, used: list[MapDef]) -> None:
    """An error for each copy that overlaps another, and one per pair of copies whose
    seam cells do not join (with how many cells in all)."""
    for o in result.overlaps:
        p = placements[o.copy]
        ctx.error(
            p.span,
            f"{at}[{o.copy}]",
            f"copy {o.copy + 1} ({p.map}) overlaps copy {o.other + 1} at "
            f"{_board_label(used[0], o.cell)}",
        )
    seen_pairs = set()
    for mm in result.mismatches:
        key = (mm.copy, mm.other)
        if key in seen_pairs:
            continue
        seen_pairs.add(key)
        count = sum(1 for x in result.mismatches if (x.copy, x.other) == key)
        p = placements[mm.copy]
        more = f" ({count} cells in all)" if count > 1 else ""
        ctx.error(
            p.span,
            f"{at}[{mm.copy}]",
            f"copy {mm.copy + 1} ({p.map}, rotate {p.rotate}) does not join copy "
            f"{mm.other + 1}: {_board_label(used[0], mm.cell)} ({mm.terrain}) meets "
            f"{_board_label(used[0], mm.other_cell)} ({mm.other_terrain}){more}",
            "seam cells must have the same terrain (or the same 'join' class)",
        )


def _carried(pieces: dict[str, MapDef], placements: list) -> tuple:
    """What each placed piece brings to the board, moved to where it lies: (areas,
    places, marks, features, lines); a piece's areas and places get its prefix."""
    areas: dict[str, frozenset[Cell]] = {}
    places: dict[str, Cell] = {}
    marks: list = []
    features: list = []
    lines: list = []
    for i, p in enumerate(placements):
        piece = pieces[p.map]
        where = placed_cells(piece, p)
        pre = p.prefix or f"{i + 1}."
        for name, cells in piece.areas.items():
            areas[pre + name] = frozenset(where[c] for c in cells)
        for name, cell in piece.places.items():
            places[pre + name] = where[cell]
        for feat in piece.features:
            features.append(replace(feat, cell=where[feat.cell]))
        for line in piece.lines:
            lines.append(replace(line, cells=tuple(where[c] for c in line.cells)))
        for mk in piece.marks:  # the pieces' marks turn with them
            dx, dy = _turn_offset(mk.dx, mk.dy, p.rotate)
            marks.append(replace(mk, cell=where[mk.cell], dx=dx, dy=dy))
    return areas, places, marks, features, lines


def _turn_offset(dx: float, dy: float, rotate: int) -> tuple[float, float]:
    """A mark's nudge (x right, y down, in cells) after turning its piece clockwise."""
    for _ in range(rotate // 90):
        dx, dy = -dy, dx
    return dx, dy


def _board_label(piece: MapDef, cell: Cell) -> str:
    g = piece.grid
    if isinstance(g, HexGrid):
        return HexGrid(g.size, max(cell[0] + 1, 1), max(cell[1] + 1, 1)).label(*cell)
    return g.label(*cell)


# ---- the section ------------------------------------------------------------------------


def read_maps(ctx: Context, node: Node, path: str) -> MapSet:
    seq = expect_seq(ctx, node, path)
    if seq is None:
        return MapSet()
    plain: dict[int, MapDef | None] = {}
    for i, item in enumerate(seq):
        if isinstance(item, Map) and "compose" not in item:
            plain[i] = _read_plain_map(ctx, item, f"{path}[{i}]")
    pieces = {m.id: m for m in plain.values() if m is not None}
    out: list[MapDef] = []
    uses: dict[str, int] = {}
    for i, item in enumerate(seq):
        if i in plain:
            made = plain[i]
            if made is not None:
                out.append(made)
        elif isinstance(item, Map):
            m = _read_composed(ctx, item, f"{path}[{i}]", pieces)
            if m is not None:
                out.append(m)
                if not m.printed:  # enough copies for the board that needs the most
                    for name in {p.map for p in m.pieces}:
                        count = sum(1 for p in m.pieces if p.map == name)
                        uses[name] = max(uses.get(name, 0), count)
        else:
            ctx.error(item, f"{path}[{i}]", "expected a mapping of keys for a map")
    ids = [m for m in out]
    check_unique_ids(ctx, ids, path, "map")
    final = []
    for m in out:
        if m.copies == -1:  # not given: as many as the composed boards need, else one
            m = replace(m, copies=uses.get(m.id, 1))
        if spend(ctx, "map cells", m.grid.cols * m.grid.rows * max(m.copies, 1), m.span, path):
            final.append(m)
    return MapSet(tuple(final))


__all__ = ["PATTERNS", "read_maps", "as_id"]
