"""What a map holds besides terrain: line features (roads, rails, rivers through cells),
features on cells (cities, forts, victory points, set-up marks), off-map boxes, and hexside
runs (a river along hexsides given as the cells on its two banks)."""

from __future__ import annotations

import math
from itertools import pairwise

from ...errors import Span
from ...geometry import Cell, HexGrid, SquareGrid
from ...model.map import CellFeature, FeatureKind, LineFeature, LineKind, MapDef, OffMapBox
from ...names import suggest
from ..fields import Context, Fields, as_length, as_text, expect_map, expect_seq, read_list
from ..spec import (
    ANY,
    BOOLEAN,
    COLOUR,
    ID,
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
from ..yamlnodes import Map, Node, Scalar, Seq
from .map_cells import cell_ref, cell_refs

LINE_STYLES = ("plain", "road", "rail", "trail", "river")
# the sides of a cell by compass direction, and the angle (degrees, y up) of each
_HEX_SIDES = {
    "flat": {"n": 90, "ne": 30, "se": -30, "s": -90, "sw": -150, "nw": 150},
    "pointy": {"e": 0, "ne": 60, "nw": 120, "w": 180, "sw": -120, "se": -60},
}
ALL_SIDES = tuple(dict.fromkeys(["top", "bottom", "left", "right", *_HEX_SIDES["flat"], "e", "w"]))

PROPS = Named(ANY, "properties, each any value")
_CELLS = OneOrList(TEXT)
LINE_KIND_ID = Key("id", ID, "how lines name it", required=True)
LINE_KIND_STYLE = Key("style", Choice(LINE_STYLES), "how it is drawn", default="plain")
LINE_KIND_DASH = Key("dash", ListOf(LENGTH), "a dash pattern (plain)")
LINE_KIND_LABEL = Key("label", TEXT, "its name in the map key; default: the id")
LINE_KIND_COLOUR = Key("colour", COLOUR, "its ink; default: the style's")
LINE_KIND_WIDTH = Key("width", LENGTH, "its width; default: the style's")
LINE_KIND_TO_WIDTH = Key("to_width", LENGTH, "a river's width at its last cell")
LINE_KIND_PROPS = Key("props", PROPS, "free, for the rules and the key")
LINE_KIND = Spec(
    "line-kind",
    LINE_KIND_ID,
    LINE_KIND_STYLE,
    LINE_KIND_DASH,
    LINE_KIND_LABEL,
    LINE_KIND_COLOUR,
    LINE_KIND_WIDTH,
    LINE_KIND_TO_WIDTH,
    LINE_KIND_PROPS,
    heading="Line features: roads, rails, trails, rivers",
)
LINE_KIND_KEY = Key("kind", TEXT, "a line kind; default: the first declared")
LINE_PATH = Key(
    "path",
    Either(TEXT, ListOf(TEXT)),
    "every cell it passes, in order",
    required=True,
    missing="list the cells it runs through",
)
LINE = Spec(
    "line",
    LINE_KIND_KEY,
    LINE_PATH,
    heading="Line features: roads, rails, trails, rivers",
)
FEATURE_ID = Key("id", ID, "the feature kind's id", required=True)
FEATURE_ICON = Key("icon", TEXT, "a built-in icon")
FEATURE_LABEL = Key("label", TEXT, "its name in the map key; default: the id")
FEATURE_COLOUR = Key("colour", COLOUR, "its ink", default="#000000")
FEATURE_SIZE = Key("size", NUMBER, "a fraction of the cell", default=0.45, lo=0.05, hi=1)
FEATURE_TEXT = Key("text", TEXT, "short text on a disc (instead of an icon)", default="")
FEATURE_PROPS = Key("props", PROPS, "free, for the rules and the key")
FEATURE_KEY = Key("key", BOOLEAN, "list it in the map key", default=True)
FEATURE_AT = Key(
    "at",
    Either(_CELLS, Named(Either(TEXT, NULL), "cells, each a name printed under it")),
    "its cells (labels, ranges, places), or cells with names",
)
FEATURE = Spec(
    "feature",
    FEATURE_ID,
    FEATURE_ICON,
    FEATURE_LABEL,
    FEATURE_COLOUR,
    FEATURE_SIZE,
    FEATURE_TEXT,
    FEATURE_PROPS,
    FEATURE_KEY,
    FEATURE_AT,
    heading="Features: what a cell holds besides its terrain",
)
BOX_ID = Key("id", ID, "how scenarios place pieces in it (at: ID)", required=True)
BOX_LABEL = Key("label", TEXT, "its name on the set-up sheet; default: the id")
BOX = Spec(
    "box",
    BOX_ID,
    BOX_LABEL,
    heading="Off-map boxes",
)


def _plain(node: Node) -> object:
    """A YAML value as plain Python (free-form rule properties)."""
    if isinstance(node, Scalar):
        if node.plain and isinstance(node.value, int | float) and node.raw.startswith("+"):
            return node.raw  # a modifier keeps its sign: "crossing +1", not "crossing 1"
        return node.value
    if isinstance(node, Seq):
        return [_plain(n) for n in node]
    if isinstance(node, Map):
        return {k: _plain(v) for k, v in node.entries.items()}
    return None


def read_props(ctx: Context, node: Node | None, path: str) -> dict[str, object]:
    m = expect_map(ctx, node, path)
    if m is None:
        return {}
    return {key: _plain(value) for key, value in m.entries.items()}


# ---- line features ------------------------------------------------------------------------


def read_line_kind(ctx: Context, node: Node, path: str) -> LineKind | None:
    f = Fields(ctx, node, path, LINE_KIND)
    kid = f.id(LINE_KIND_ID)
    style = f.choice(LINE_KIND_STYLE)
    dashes = tuple(f.seq(LINE_KIND_DASH, lambda c, n, p: as_length(c, n, p)))
    kind = LineKind(
        id=kid or "",
        label=f.text(LINE_KIND_LABEL, default=kid or ""),
        style=style,
        colour=f.colour(LINE_KIND_COLOUR, default=_STYLE_COLOUR[style]),
        width=f.length(LINE_KIND_WIDTH, default=_STYLE_WIDTH[style]),
        to_width=f.length(LINE_KIND_TO_WIDTH),
        dash=dashes,
        props=f.get(LINE_KIND_PROPS, read_props) or {},
        span=node.span,
    )
    f.close()
    return kind if kid else None


_STYLE_COLOUR = {
    "plain": "#000000",
    "road": "#c0392b",
    "rail": "#222222",
    "trail": "#6b4e2e",
    "river": "#2f6db5",
}
_STYLE_WIDTH = {"plain": 2.0, "road": 2.6, "rail": 1.4, "trail": 1.4, "river": 2.0}


def read_lines(ctx: Context, m: MapDef, node: Node | None, path: str) -> list[LineFeature]:
    """`lines:` entries {kind, path}: a path of neighbouring cells, centre to centre."""
    default = next(iter(m.line_kinds), None)

    def one(c: Context, n: Node, p: str) -> LineFeature | None:
        f = Fields(c, n, p, LINE)
        kind = f.text(LINE_KIND_KEY)
        kind = default if kind is None else kind  # default: the first kind, if any
        f.allow(LINE_PATH.name)  # read once the kind is known good
        f.close()
        if f.map is None:
            return None
        if kind is None:
            c.error(n, p, "no line kinds declared", "add line_kinds: [{id: road, style: road}]")
            return None
        if kind not in m.line_kinds:
            c.error(
                f.node_of(LINE_KIND_KEY),
                f.sub("kind"),
                f"unknown line kind {kind!r}",
                suggest(kind, m.line_kinds),
            )
            return None
        raw = f.node_of(LINE_PATH)
        if raw is None:
            return None
        cells = _path_cells(c, m, raw, f.sub("path"))
        if cells is None:
            return None
        if len(cells) < 2:
            c.error(raw, f.sub("path"), "a line runs through at least two cells")
            return None
        for a, b in pairwise(cells):
            if not _joined(m, a, b):
                c.error(
                    raw,
                    f.sub("path"),
                    f"line {kind!r} jumps from {m.label(a)} to {m.label(b)}: not neighbours",
                    "a line runs centre to centre through neighbouring cells; list every cell",
                )
                return None
        return LineFeature(kind, tuple(cells), n.span)

    return read_list(ctx, node, path, one) if node is not None else []


def _joined(m: MapDef, a: Cell, b: Cell) -> bool:
    """Cells a line may join: neighbours, and on a board of points also cells that touch
    at a corner (the diagonals of an alquerque board)."""
    if isinstance(m.grid, SquareGrid):
        return m.grid.adjacent(a, b, diagonal=m.diagonal or m.draw == "points")
    return m.grid.adjacent(a, b)


def _path_cells(ctx: Context, m: MapDef, node: Node, path: str) -> list[Cell] | None:
    """A list of cells, or one text of cells separated by spaces ("0101 0102 0203")."""
    if isinstance(node, Scalar):
        text = as_text(ctx, node, path)
        if text is None:
            return None
        out = []
        for word in text.split():
            cell = m.cell_at_label(word)
            if cell is None:
                ctx.error(node, path, f"no cell {word!r} on map {m.id!r}", m.why_no_cell(word))
                return None
            out.append(cell)
        return out
    seq = expect_seq(ctx, node, path)
    if seq is None:
        return None
    cells = [cell_ref(ctx, m, item, f"{path}[{i}]") for i, item in enumerate(seq)]
    return None if any(c is None for c in cells) else cells  # type: ignore[return-value]


# ---- features on cells --------------------------------------------------------------------


def read_features(
    ctx: Context, m: MapDef, node: Node | None, path: str, places: dict[str, Cell]
) -> tuple[dict[str, FeatureKind], list[CellFeature]]:
    kinds: dict[str, FeatureKind] = {}
    placed: list[CellFeature] = []
    for i, item in enumerate(expect_seq(ctx, node, path) or []):
        ipath = f"{path}[{i}]"
        f = Fields(ctx, item, ipath, FEATURE)
        if f.map is None:
            continue
        fid = f.id(FEATURE_ID)
        icon = f.text(FEATURE_ICON)
        if icon is not None and not ctx.known_icon(f.node_of(FEATURE_ICON), f.sub("icon"), icon):
            icon = None
        kind = FeatureKind(
            id=fid or "",
            label=f.text(FEATURE_LABEL, default=fid or ""),
            icon=icon,
            colour=f.colour(FEATURE_COLOUR),
            size=f.number(FEATURE_SIZE),
            text=f.text(FEATURE_TEXT),
            props=f.get(FEATURE_PROPS, read_props) or {},
            key=f.boolean(FEATURE_KEY),
            span=item.span,
        )
        at = f.node_of(FEATURE_AT)
        f.close()
        if not fid:
            continue
        if fid in kinds:
            ctx.error(item, ipath, f"duplicate feature id {fid!r}")
            continue
        if icon is None and not kind.text and f.map is not None and not f.has("icon"):
            ctx.error(item, ipath, f"feature {fid!r} needs an icon or a text to be drawn")
        kinds[fid] = kind
        if at is None:
            continue
        for cell, name, span in _feature_cells(ctx, m, at, f.sub("at"), places):
            placed.append(CellFeature(cell, fid, name, span))
    return kinds, placed


def _feature_cells(
    ctx: Context, m: MapDef, node: Node, path: str, places: dict[str, Cell]
) -> list[tuple[Cell, str, Span]]:
    """`at:` a list of cells, ranges and places, or a mapping cell -> name."""
    if isinstance(node, Map):
        out = []
        for key, value in node.entries.items():
            kspan = node.key_spans[key]
            cell = places.get(key) or m.cell_at_label(key)
            if cell is None:
                ctx.error(
                    kspan, f"{path}.{key}", f"no cell {key!r} on map {m.id!r}", m.why_no_cell(key)
                )
                continue
            name = as_text(ctx, value, f"{path}.{key}") if value is not None else ""
            out.append((cell, name or "", kspan))
        return out
    items = [node] if isinstance(node, Scalar) else list(expect_seq(ctx, node, path) or [])
    out = []
    for i, item in enumerate(items):
        ipath = path if isinstance(node, Scalar) else f"{path}[{i}]"
        text = as_text(ctx, item, ipath)
        if text is not None and text in places:
            out.append((places[text], "", item.span))
            continue
        out.extend((c, "", item.span) for c in cell_refs(ctx, m, item, ipath))
    return out


# ---- off-map boxes ------------------------------------------------------------------------


def read_boxes(
    ctx: Context, node: Node | None, path: str, places: dict[str, Cell]
) -> dict[str, OffMapBox]:
    out: dict[str, OffMapBox] = {}

    def one(c: Context, n: Node, p: str) -> OffMapBox | None:
        f = Fields(c, n, p, BOX)
        bid = f.id(BOX_ID)
        box = OffMapBox(bid or "", f.text(BOX_LABEL, default=bid or ""), n.span)
        f.close()
        if not bid:
            return None
        if bid in out or bid in places:
            what = "box" if bid in out else "place"
            c.error(n, p, f"box id {bid!r} is already a {what} of this map")
            return None
        out[bid] = box
        return box

    if node is not None:
        read_list(ctx, node, path, one)
    return out


# ---- hexside runs -------------------------------------------------------------------------


def side_names(m: MapDef) -> tuple[str, ...]:
    g = m.grid
    if isinstance(g, HexGrid):
        return tuple(_HEX_SIDES[g.orientation])
    return ("top", "bottom", "left", "right")


def across(m: MapDef, cell: Cell, side: str) -> Cell | None:
    """The cell across the named side of ``cell`` (None past the grid)."""
    g = m.grid
    if not isinstance(g, HexGrid):
        dc, dr = {"top": (0, -1), "bottom": (0, 1), "left": (-1, 0), "right": (1, 0)}[side]
        return (cell[0] + dc, cell[1] + dr)
    want = _HEX_SIDES[g.orientation][side]
    cx, cy = g.centre(*cell)
    for n in g.neighbours(*cell):
        nx, ny = g.centre(*n)
        angle = math.degrees(math.atan2(ny - cy, nx - cx))
        if abs((angle - want + 180) % 360 - 180) < 1:
            return n
    return None


def between(a: list[Cell], b: list[Cell], m: MapDef) -> list[tuple[Cell, Cell]]:
    """Every side shared by a cell of run ``a`` and a cell of run ``b`` (the two banks of
    a river), in the order of run ``a``."""
    bs = set(b)
    out = []
    for cell in a:
        for n in m.grid.neighbours(*cell):
            if n in bs:
                out.append((cell, n))
    return out


__all__ = [
    "LINE_STYLES",
    "across",
    "between",
    "read_boxes",
    "read_features",
    "read_line_kind",
    "read_lines",
    "read_props",
    "side_names",
]
