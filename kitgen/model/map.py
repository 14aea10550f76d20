"""The map model: ONE description of a board, drawn by the renderer and walked by the rules.

Cells are ``(col, row)`` with row 0 at the TOP, as in :mod:`kitgen.geometry`. A cell that is
not on the map is simply absent from ``MapDef.cells``. No ReportLab here.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import Span
from ..geometry import Cell, HexGrid, SquareGrid
from ..patterns import pattern
from ..records import field, record
from ..units import PRINTER_MARGIN, mm

Grid = SquareGrid | HexGrid

DEFAULT_OVERLAP = mm(10)  # tiles of a big map overlap by this much
MIN_OVERLAP = PRINTER_MARGIN + mm(3)  # the unprinted edge of the lower sheet, plus glue room


def prop_words(key: str, value: object) -> str:
    """A rules property as the map key and the terrain effects chart say it."""
    words = key.replace("_", " ")
    if value is True:
        return words
    if value is False or value is None:
        return ""
    return f"{words} {value}"


def props_words(props: Mapping[str, object], skip: tuple[str, ...] = ()) -> str:
    """Every property but those in `skip`, as words: 'pop limit 4; impassable'."""
    return "; ".join(w for w in (prop_words(k, v) for k, v in props.items() if k not in skip) if w)


@record
class Terrain:
    id: str
    label: str = ""
    fill: str | None = None  # colour, "#rrggbb"
    pattern: str | None = None  # dots, hatch, cross, waves, grass, bricks, solid ... (vector)
    props: Mapping[str, object] = field(default_factory=dict)  # what the rules need
    span: Span | None = None
    mark: str = ""  # short text printed in each cell (a greyscale cue), e.g. "H"
    pattern_colour: str | None = None
    outline: str | None = None  # colour of a thin line inside each cell, e.g. a red top edge
    join: str = ""  # geomorphic seams: cells meeting across a seam need equal join classes

    @property
    def join_class(self) -> str:
        return self.join or self.id


@record
class EdgeKind:
    """How one kind of edge (wall, door, river ...) looks and whether it blocks movement."""

    id: str
    label: str = ""
    colour: str = "#000000"
    width: float = 3.0  # points
    dash: tuple[float, ...] = ()
    symbol: str | None = None  # "door", "hatch", "gap" or an icon name drawn on the edge
    blocks: bool = False
    span: Span | None = None
    props: Mapping[str, object] = field(default_factory=dict)  # what the rules need


@record
class Edge:
    """A side between two adjacent cells (in either order)."""

    a: Cell
    b: Cell
    kind: str
    span: Span | None = None

    @property
    def key(self) -> frozenset[Cell]:
        return frozenset((self.a, self.b))


@record
class Mark:
    """A piece, icon or short text placed on a cell (``dx``/``dy`` nudge in cell fractions)."""

    cell: Cell
    icon: str | None = None
    text: str = ""
    colour: str = "#000000"
    size: float = 0.7  # fraction of the cell
    dx: float = 0.0
    dy: float = 0.0
    span: Span | None = None
    key: str = ""  # what the mark stands for, in the map key


@record
class LineKind:
    """How one kind of line feature (road, rail, trail, river ...) looks, and what it means
    to the rules (``props``). A line runs through cells, centre to centre."""

    id: str
    label: str = ""
    style: str = "plain"  # plain, road, rail, trail, river
    colour: str = "#000000"
    width: float = 2.0  # points, at the line's start
    to_width: float | None = None  # points at its end: a river that widens downstream
    dash: tuple[float, ...] = ()
    props: Mapping[str, object] = field(default_factory=dict)
    span: Span | None = None


@record
class LineFeature:
    """One road, rail or river: a path of neighbouring cells, drawn centre to centre."""

    kind: str
    cells: tuple[Cell, ...]
    span: Span | None = None


@record
class FeatureKind:
    """Something a cell holds besides its terrain (a city, a fort, a victory point, a side's
    set-up mark): its look, its rules properties and its key entry."""

    id: str
    label: str = ""
    icon: str | None = None
    colour: str = "#000000"
    size: float = 0.45  # fraction of the cell
    text: str = ""  # a short text drawn in the cell (a set-up mark: "G", "2")
    props: Mapping[str, object] = field(default_factory=dict)
    key: bool = True  # listed in the map key
    span: Span | None = None


@record
class CellFeature:
    """A feature placed on one cell, with an optional name (a city's)."""

    cell: Cell
    kind: str
    name: str = ""
    span: Span | None = None


MARGIN_SIDES = ("auto", "bottom", "right", "top", "left")


@record
class MarginChart:
    """A chart printed in the map sheet's margin: a table, text or track by id, or the map's
    key ('key'), on a side of the map (or wherever it fits: 'auto'), on a stated tile."""

    item: str
    side: str = "auto"
    tile: str = ""  # a tiled map: the tile (I, II ...) it goes on; "" = wherever it fits
    span: Span | None = None


@record
class CellDisc:
    """A cell property's value printed in a disc in each cell's corner, as published maps
    print a stacking or population limit: the terrain's value, or a feature's over it."""

    prop: str
    label: str = ""  # what the disc means, in the map key
    span: Span | None = None


@record
class OffMapBox:
    """A place off the map (a replacement pool, a reinforcement or eliminated box): the rules
    and the set-up sheet know it as a place a piece can be in."""

    id: str
    label: str = ""
    span: Span | None = None


@record
class AreaStyle:
    """How a named area is shown on the printed map (outline, tint, label)."""

    area: str
    label: str = ""
    colour: str = "#c0392b"
    outline: bool = True
    span: Span | None = None
    at: Cell | None = None  # where the label goes (default: the cell nearest the middle)


@record
class Placement:
    """One copy of a piece map inside a composed board."""

    map: str
    at: Cell  # where the piece's top-left cell lands, after rotation
    rotate: int  # 0, 90, 180, 270 (clockwise)
    prefix: str = ""  # prefix for the piece's area and place names
    span: Span | None = None


def _label_parse(text: str) -> tuple[str, str] | None:
    """('B1', '0304') for 'B1-0304', ('', 'C4') for 'C4'."""
    text = text.strip()
    if "-" in text:
        pre, _, rest = text.rpartition("-")
        return pre, rest
    return "", text


_SQUARE_LABEL = pattern(r"^([A-Za-z]+)([0-9]+)$")


def parse_square_label(text: str) -> Cell | None:
    """'A1' -> (0, 0), 'C4' -> (2, 3), 'AA10' -> (26, 9); anything else -> None."""
    m = _SQUARE_LABEL.match(text.strip())
    if not m:
        return None
    col = 0
    for ch in m.group(1).upper():
        col = col * 26 + (ord(ch) - ord("A") + 1)
    row = int(m.group(2))
    if row < 1:
        return None
    return (col - 1, row - 1)


def parse_hex_label(text: str, cols: int, rows: int) -> Cell | None:
    """'0304' -> (2, 3) for a grid whose labels use 2+2 digits (widths follow the grid)."""
    wc = max(2, len(str(cols)))
    wr = max(2, len(str(rows)))
    t = text.strip()
    if not t.isdigit() or len(t) != wc + wr:
        return None
    c, r = int(t[:wc]), int(t[wc:])
    if c < 1 or r < 1:
        return None
    return (c - 1, r - 1)


@record
class Layers:
    """What a map's cells hold, worked out once from its features and lines: each
    cell's features, in the order the map declares them, and its kinds of line."""

    features: dict[Cell, list[CellFeature]]
    lines: dict[Cell, set[str]]


@record
class MapDef:
    # worked out when first asked: features and lines by cell; the cell labels' span
    __slots__ = ("_layer_cache", "_span_cache")

    id: str
    title: str
    grid: Grid
    cells: Mapping[Cell, str]  # cell -> terrain id; off-map cells are absent
    terrains: Mapping[str, Terrain]
    edges: tuple[Edge, ...] = ()
    areas: Mapping[str, frozenset[Cell]] = field(default_factory=dict)
    places: Mapping[str, Cell] = field(default_factory=dict)
    span: Span | None = None
    cell_spans: Mapping[Cell, Span] = field(default_factory=dict)
    edge_kinds: Mapping[str, EdgeKind] = field(default_factory=dict)
    marks: tuple[Mark, ...] = ()
    area_styles: tuple[AreaStyle, ...] = ()
    coords: bool = False  # print cell coordinates
    prefix: str = ""  # board prefix for labels: "B1" -> "B1-0101"
    diagonal: bool = False  # square grids: diagonal steps count as adjacent
    # "points": a board of points joined by lines (a morris or hunt-game board): a dot on
    # each cell, no cell outlines, and its lines may run corner to corner
    draw: str = "cells"
    # terrains a diagonal step may not cut past: the step is cut when either cell beside it
    # (sharing a side with both ends) is one of these, as a wall corner stops a figure
    corner_walls: frozenset[str] = frozenset()
    copies: int = 1  # how many copies to print
    printed: bool = True  # False: model only (e.g. a composed board printed as its pieces)
    pieces: tuple[Placement, ...] = ()  # for composed boards: where each copy lies
    note: str = ""  # a short line printed under the title
    overlap: float | None = None  # tiling overlap in points; None = the default (10 mm)
    show_title: bool = True
    line_kinds: Mapping[str, LineKind] = field(default_factory=dict)
    lines: tuple[LineFeature, ...] = ()
    feature_kinds: Mapping[str, FeatureKind] = field(default_factory=dict)
    features: tuple[CellFeature, ...] = ()
    boxes: Mapping[str, OffMapBox] = field(default_factory=dict)
    margins: tuple[MarginChart, ...] = ()  # charts on the map sheet's margins
    north: str = ""  # up, down, left or right: a compass arrow by the title ("" = none)
    disc: CellDisc | None = None  # a property's value in a disc in each cell's corner
    stock: str = ""  # what its file prints on, where its kind would choose otherwise

    # -- layers ---------------------------------------------------------------------------
    def features_at(self, cell: Cell) -> list[CellFeature]:
        """The features a cell holds, in the order the map declares them."""
        return self._layers().features.get(cell, [])

    def lines_at(self, cell: Cell) -> set[str]:
        """The kinds of line (road, rail, river ...) that run through a cell."""
        return self._layers().lines.get(cell, set())

    def props_at(self, cell: Cell) -> dict[str, object]:
        """What the rules read for a cell: its terrain's properties, then each feature's
        (a fort's defence overrides the forest's)."""
        t = self.terrain_at(cell)
        out: dict[str, object] = dict(t.props) if t is not None else {}
        for f in self.features_at(cell):
            kind = self.feature_kinds.get(f.kind)
            if kind is not None:
                out.update(kind.props)
        return out

    def disc_values(self) -> dict[Cell, str]:
        """Each cell's value of the map's disc property, as printed (cells without it: none)."""
        if self.disc is None:
            return {}
        got = {c: self.props_at(c).get(self.disc.prop) for c in self.cells}
        return {
            c: str(v)
            for c, v in got.items()
            if isinstance(v, (int, float, str)) and not isinstance(v, bool)
        }

    def _layers(self) -> Layers:
        got = getattr(self, "_layer_cache", None)
        if got is None:  # frozen: a cache of what the fields say, not state
            features: dict[Cell, list[CellFeature]] = {}
            for f in self.features:
                features.setdefault(f.cell, []).append(f)
            lines: dict[Cell, set[str]] = {}
            for line in self.lines:
                for c in line.cells:
                    lines.setdefault(c, set()).add(line.kind)
            got = Layers(features, lines)
            object.__setattr__(self, "_layer_cache", got)
        return got

    # -- labels ---------------------------------------------------------------------------
    def label(self, cell: Cell) -> str:
        g = self.grid
        if isinstance(g, HexGrid):
            return g.label(cell[0], cell[1], self.prefix or None)
        text = g.label(cell[0], cell[1])
        return f"{self.prefix}-{text}" if self.prefix else text

    def cell_at_label(self, text: str) -> Cell | None:
        """Accepts the map's own labels: 'C4' (square), '0304' or 'B1-0304' (with a prefix)."""
        parsed = _label_parse(text)
        if parsed is None:
            return None
        pre, rest = parsed
        if pre and pre != self.prefix:
            return None
        g = self.grid
        if isinstance(g, HexGrid):
            cell = parse_hex_label(rest, g.cols, g.rows)
        else:
            cell = parse_square_label(rest)
        if cell is None or cell not in self.cells:
            return None
        return cell

    def cell_or_place(self, text: str) -> Cell | None:
        """A cell label, or the name of one of the map's places."""
        cell = self.cell_at_label(text)
        return cell if cell is not None else self.places.get(text.strip())

    def label_span(self) -> str:
        """'first to last' of the map's cell labels: said in every no-cell message, so
        worked out once (a scenario may name thousands of cells that are not there)."""
        got = getattr(self, "_span_cache", None)
        if got is None:  # frozen: a cache of what the fields say, not state
            # the corners of the box the cells fill: on a board that is not a rectangle
            # the first and last cells in order would leave out whole columns or rows
            cols = [c for c, _ in self.cells]
            rows = [r for _, r in self.cells]
            got = f"{self.label((min(cols), min(rows)))} to {self.label((max(cols), max(rows)))}"
            object.__setattr__(self, "_span_cache", got)
        return got

    def why_no_cell(self, text: str) -> str:
        """A hint for a label that names no cell: how this map writes its cells, or that
        the cell is a blank in the layout."""
        if not self.cells:
            return ""
        span = self.label_span()
        pre, rest = _label_parse(text) or ("", text)
        g = self.grid
        if isinstance(g, HexGrid):
            cell = parse_hex_label(rest, g.cols, g.rows)
            how = f"hexes are numbered column then row, {span}"
        else:
            cell = parse_square_label(rest)
            how = f"squares are written column letter then row, {span}"
        if pre and pre != self.prefix:
            prefix = f"'{self.prefix}-'" if self.prefix else "no prefix"
            return f"this map's labels have {prefix}; {how}"
        if cell is not None and cell[0] < g.cols and cell[1] < g.rows:
            return f"{self.label(cell)} is a blank in the map's layout: off the map"
        places = f"; or a place: {', '.join(sorted(self.places))}" if self.places else ""
        boxes = f"; or a box: {', '.join(self.boxes)}" if self.boxes else ""
        return how + places + boxes

    # -- topology -------------------------------------------------------------------------
    def terrain_at(self, cell: Cell) -> Terrain | None:
        tid = self.cells.get(cell)
        return self.terrains.get(tid) if tid is not None else None

    def _blocked(self) -> frozenset[frozenset[Cell]]:
        blocking = {k for k, v in self.edge_kinds.items() if v.blocks}
        return frozenset(e.key for e in self.edges if e.kind in blocking)

    def neighbours(self, cell: Cell) -> list[Cell]:
        """On-map neighbours not cut off by a blocking edge (terrain costs are the rules' job)."""
        g = self.grid
        if isinstance(g, SquareGrid):
            around = g.neighbours(cell[0], cell[1], diagonal=self.diagonal)
        else:
            around = g.neighbours(cell[0], cell[1])
        blocked = self._blocked()
        return [
            n
            for n in around
            if n in self.cells
            and frozenset((cell, n)) not in blocked
            and not self._cuts_corner(cell, n)
        ]

    def _cuts_corner(self, a: Cell, b: Cell) -> bool:
        """A diagonal step past a corner of a ``corner_walls`` terrain."""
        if not self.corner_walls or a[0] == b[0] or a[1] == b[1]:
            return False
        beside = ((a[0], b[1]), (b[0], a[1]))
        return any(self.cells.get(c) in self.corner_walls for c in beside)

    def adjacent(self, a: Cell, b: Cell) -> bool:
        return b in self.neighbours(a)

    def touches(self, a: Cell, b: Cell) -> bool:
        """Two cells share a side (or, on a diagonal grid, a corner), whatever lies between."""
        g = self.grid
        if isinstance(g, SquareGrid):
            return g.adjacent(a, b, diagonal=self.diagonal)
        return g.adjacent(a, b)

    def distance(self, a: Cell, b: Cell) -> int:
        """Grid steps ignoring terrain and edges (chebyshev with diagonals, else manhattan)."""
        g = self.grid
        if isinstance(g, SquareGrid):
            return g.distance(a, b, "chebyshev" if self.diagonal else "manhattan")
        return g.distance(a, b)

    def area_of(self, cell: Cell) -> str | None:
        """The first area (in declaration order) holding ``cell``."""
        for name, cells in self.areas.items():
            if cell in cells:
                return name
        return None

    def areas_of(self, cell: Cell) -> list[str]:
        return [name for name, cells in self.areas.items() if cell in cells]


@record
class MapSet:
    """Everything the ``maps:`` section declared, in file order (pieces and composed boards)."""

    maps: tuple[MapDef, ...] = ()

    def get(self, map_id: str) -> MapDef | None:
        for m in self.maps:
            if m.id == map_id:
                return m
        return None


__all__ = [
    "DEFAULT_OVERLAP",
    "MIN_OVERLAP",
    "AreaStyle",
    "Cell",
    "CellFeature",
    "FeatureKind",
    "LineFeature",
    "LineKind",
    "OffMapBox",
    "Edge",
    "EdgeKind",
    "Grid",
    "MapDef",
    "MapSet",
    "Mark",
    "Placement",
    "Terrain",
    "parse_hex_label",
    "parse_square_label",
]
