"""templates: in game.yaml -> Templates."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import WRITE_IN
from ..model.template import (
    ArcTemplate,
    Band,
    CircleTemplate,
    ClockTemplate,
    ConeTemplate,
    GridScatterTemplate,
    Mark,
    RulerTemplate,
    TableSource,
    Template,
    Templates,
)
from .fields import (
    Context,
    Fields,
    as_length,
    as_square,
    as_text,
    expect_map,
    read_unique_list,
)
from .reading import READING, Marks, read_reading
from .spec import (
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
    OneOf,
    OneOrList,
    Spec,
)
from .spec import Scalar as ScalarType
from .yamlnodes import Map, Node, Scalar, Seq, describe

KINDS = ("grid-scatter", "arc", "clock-scatter", "circle", "cone", "ruler")
SIDES = ("bottom", "top", "left", "right", "none")
UNITS = ("in", "cm", "mm")
DEFAULT_COLOUR = "#2f5d8a"
BAND_NAMES = ("short", "medium", "long", "extreme")

_UNIT = Key("unit", Choice(UNITS, "unit"), "the unit printed on the scale", default="in")
_TICK = Key("tick", LENGTH, "between scale ticks", default=72.0)
MARK_AT = Key("at", LENGTH, "distance from the apex", required=True)
MARK_LABEL = Key("label", TEXT, "printed at the mark", default="")
MARK = Spec(
    "ruler-mark",
    MARK_AT,
    MARK_LABEL,
    heading="cone: widening with distance",
)
_PAIR: ScalarType[Any] = ScalarType(
    "[column, row]",
    {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
)
# each kind's own keys
GRID_SIZE = Key("size", INTEGER, "cells each way", required=True, lo=1, hi=9)
GRID_SQUARE = Key("square", LENGTH, "a cell's side", required=True)
GRID_FLIGHT = Key(
    "flight", Choice(SIDES, "side"), "the side the line of flight enters", default="bottom"
)
GRID_FLIGHT_LABEL = Key("flight_label", TEXT, "its words", default="line of flight")
GRID_LEGEND = Key("legend", TEXT, "a line under the grid", default="")
GRID_ROLL = Key("roll", TEXT, "the roll that picks a cell", default="")
GRID_TARGET = Key("target", _PAIR, "[column, row] from 0; default: the centre")
GRID_CELLS = Key(
    "cells", ListOf(ListOf(Either(TEXT, NULL))), "rows of values; null a write-in blank"
)
GRID_CAPTIONS = Key(
    "captions",
    ListOf(ListOf(Either(TEXT, NULL))),
    "rows of small words at each cell's head (e.g. where it lies); null for none",
)
ARC_SPREAD = Key("spread", NUMBER, "degrees", required=True, lo=1, hi=360)
ARC_DEPTH = Key("depth", NUMBER, "in squares", required=True, lo=0.5, hi=20)
ARC_SQUARE = Key("square", LENGTH, "a square's side", required=True)
ARC_APEX = Key(
    "apex",
    Choice(("edge-centre", "cell-centre"), "apex"),
    "where the arc starts",
    default="edge-centre",
)
ARC_RULE = Key(
    "rule", Choice(("centre", "half"), "rule"), "when a square counts as covered", required=True
)
ARC_COVERED = Key("covered_label", TEXT, "the key's words for covered squares", default="")
ARC_PARTIAL = Key("partial_label", TEXT, "the key's words for partly covered squares", default="")
CLOCK_SECTORS = Key("sectors", INTEGER, "directions on the die", default=12, lo=2, hi=36)
CLOCK_RADIUS = Key("radius", LENGTH, "the outer ring", required=True)
CLOCK_RING = Key("ring", LENGTH, "between distance rings", default=72.0)
CLOCK_THROW = Key("throw_label", TEXT, "the line of throw's words", default="line of throw")
CIRCLE_RADIUS = Key("radius", LENGTH, "radius (or diameter)")
CIRCLE_DIAMETER = Key("diameter", LENGTH, "diameter (or radius)")
CIRCLE_LABEL = Key("label", TEXT, "printed inside", default="")
CONE_LENGTH = Key("length", LENGTH, "from start to the far end", required=True)
CONE_SPREAD = Key("spread", LENGTH, "the widening per `per`", required=True)
CONE_PER = Key("per", LENGTH, "the distance the spread is given for", default=720.0)
CONE_START_WIDTH = Key("start_width", LENGTH, "the width at the start", default=0.0)
CONE_START = Key("start", LENGTH, "the distance where the cone starts", default=0.0)
CONE_MARKS = Key("marks", ListOf(MARK), "labelled distances")
RULER_BANDS = Key("bands", Named(LENGTH, "band names, each a limit"), "range bands in order")
RULER_FROM_TABLE = Key("from_table", ID, "read the bands from this table")
RULER_NAME_COLUMN = Key("name_column", TEXT, "the table column naming each ruler", default="")
RULER_BAND_COLUMNS = Key("band_columns", OneOrList(TEXT), "the columns holding the limits")
RULER_BAND_NAMES = Key("band_names", OneOrList(TEXT), "their names on the ruler")
RULER_NAMES = Key("names", OneOrList(TEXT), "rulers to print (from the table)")
RULER_WIDTH = Key("width", LENGTH, "the ruler's width", default=54.0)
RULER_PIECE = Key("piece", LENGTH, "a piece's size to measure from")
RULER_PARTS = Key(
    "parts",
    INTEGER,
    "the most pieces a ruler is cut into; one that needs more prints in a range chart, read "
    "against a tape",
    default=2,
    lo=1,
)
RULER_MERGE = Key("merge", BOOLEAN, "one ruler for rows with the same bands", default=True)
TEMPLATE_KIND = Key("kind", Choice(KINDS, "template kind"), "what the template is", required=True)
TEMPLATE_ID = Key("id", ID, "unique; names the template in the manifest", required=True)
TEMPLATE_TITLE = Key("title", TEXT, "printed with it; default: the id")
TEMPLATE_COLOUR = Key("colour", COLOUR, "its ink", default=DEFAULT_COLOUR)
TEMPLATE_NOTES = Key(
    "notes", OneOrList(TEXT), "on the piece at 7 pt, else in its caption beside it"
)
TEMPLATE_OUTLINE = Key("outline", BOOLEAN, "draw its cut outline", default=True)
TEMPLATE = Spec(
    "template",
    TEMPLATE_KIND,
    TEMPLATE_ID,
    TEMPLATE_TITLE,
    TEMPLATE_COLOUR,
    TEMPLATE_NOTES,
    TEMPLATE_OUTLINE,
    READING,
    heading="templates",
    kind_key="kind",
    kind_one_of={
        "circle": (
            OneOf(
                "radius",
                "diameter",
                none="a circle needs radius or diameter",
                both="give radius or diameter, not both",
            ),
        ),
        "ruler": (
            OneOf(
                "bands",
                "from_table",
                none="a ruler needs bands or from_table",
                both="give bands or from_table, not both",
            ),
        ),
    },
    kinds={
        "grid-scatter": (
            GRID_SIZE,
            GRID_SQUARE,
            GRID_FLIGHT,
            GRID_FLIGHT_LABEL,
            GRID_LEGEND,
            GRID_ROLL,
            GRID_TARGET,
            GRID_CELLS,
            GRID_CAPTIONS,
        ),
        "arc": (
            ARC_SPREAD,
            ARC_DEPTH,
            ARC_SQUARE,
            ARC_APEX,
            ARC_RULE,
            ARC_COVERED,
            ARC_PARTIAL,
        ),
        "clock-scatter": (CLOCK_SECTORS, CLOCK_RADIUS, CLOCK_RING, _UNIT, CLOCK_THROW),
        "circle": (CIRCLE_RADIUS, CIRCLE_DIAMETER, CIRCLE_LABEL),
        "cone": (
            CONE_LENGTH,
            CONE_SPREAD,
            CONE_PER,
            CONE_START_WIDTH,
            CONE_START,
            _TICK,
            _UNIT,
            CONE_MARKS,
        ),
        "ruler": (
            RULER_BANDS,
            RULER_FROM_TABLE,
            RULER_NAME_COLUMN,
            RULER_BAND_COLUMNS,
            RULER_BAND_NAMES,
            _UNIT,
            RULER_NAMES,
            RULER_WIDTH,
            _TICK,
            RULER_PIECE,
            RULER_PARTS,
            RULER_MERGE,
        ),
    },
)
TEMPLATES = ListOf(TEMPLATE)


def read_templates(ctx: Context, node: Node, path: str) -> Templates:
    items: list[Template] = read_unique_list(ctx, node, path, _read_template, "template")
    return Templates(tuple(items), node.span)


def _read_template(ctx: Context, node: Node, path: str) -> Template | None:
    f = Fields(ctx, node, path, TEMPLATE)
    if f.map is None:
        return None
    kind = f.choice(TEMPLATE_KIND)
    tid = f.id(TEMPLATE_ID)
    common: dict[str, Any] = dict(
        id=tid or "",
        span=node.span,
        title=f.text(TEMPLATE_TITLE, default=tid or ""),
        colour=f.colour(TEMPLATE_COLOUR),
        notes=tuple(f.texts(TEMPLATE_NOTES)),
        outline=f.boolean(TEMPLATE_OUTLINE),
    )
    common["title"] += Marks(ctx).mark(f.get(READING, read_reading))
    reader = _READERS.get(kind) if kind else None
    if reader is None or kind is None:  # the kind was reported; don't pile on unknown-key errors
        return None
    f.kind(kind)
    template = reader(f, common)
    f.close()
    return template if tid else None


def _unit(f: Fields) -> str:
    return f.choice(_UNIT)


def _read_circle(f: Fields, common: dict) -> CircleTemplate | None:
    radius = f.length(CIRCLE_RADIUS)
    diameter = f.length(CIRCLE_DIAMETER)
    if f.both("radius", radius is not None, diameter is not None):
        return None
    r = radius if radius is not None else diameter / 2 if diameter is not None else None
    if r is None:  # said: as written, or that neither is
        return None
    return CircleTemplate(**common, radius=r, label=f.text(CIRCLE_LABEL))


def _read_marks(f: Fields) -> tuple[Mark, ...]:
    def one(ctx: Context, node: Node, path: str) -> Mark | None:
        m = Fields(ctx, node, path, MARK)
        if m.map is None:
            return None
        at = m.length(MARK_AT, positive=False)
        label = m.text(MARK_LABEL)
        m.close()
        return Mark(at, label) if at is not None else None

    return tuple(f.seq(CONE_MARKS, one))


def _read_cone(f: Fields, common: dict) -> ConeTemplate | None:
    length = f.length(CONE_LENGTH)
    spread = f.length(CONE_SPREAD, positive=False)
    per = f.length(CONE_PER)
    start_width = f.length(CONE_START_WIDTH, positive=False)
    start = f.length(CONE_START, positive=False)
    tick = f.length(_TICK)
    unit = _unit(f)
    marks = _read_marks(f)
    if length is None or spread is None:
        return None
    if spread < 0 or start_width < 0 or start < 0:
        f.ctx.error(f.node, f.path, "spread, start_width and start cannot be negative")
        return None
    if spread == 0 and start_width == 0:
        f.ctx.error(f.node, f.path, "a cone with no start width and no spread has no area")
        return None
    marks_node = f.node_of(CONE_MARKS)
    for i, mark in enumerate(marks):
        if not start <= mark.at <= start + length:
            item = marks_node.items[i] if isinstance(marks_node, Seq) else None
            where = item.get("at") if isinstance(item, Map) else marks_node
            f.ctx.error(
                where,
                f"{f.sub('marks')}[{i}].at",
                "mark lies outside the cone (from start to start + length)",
            )
    return ConeTemplate(
        **common,
        length=length,
        start_width=start_width,
        spread=spread,
        per=per,
        start=start,
        tick=tick,
        unit=unit,
        marks=marks,
    )


def _read_arc(f: Fields, common: dict) -> ArcTemplate | None:
    spread = f.number(ARC_SPREAD)
    depth = f.number(ARC_DEPTH)
    square = f.get(ARC_SQUARE, as_square)
    apex = f.choice(ARC_APEX)
    rule = f.choice(ARC_RULE)
    covered = f.text(ARC_COVERED)
    partial = f.text(ARC_PARTIAL)
    if spread is None or depth is None or square is None or rule is None:
        return None
    return ArcTemplate(
        **common,
        spread_deg=float(spread),
        depth=float(depth),
        square=square,
        apex=apex,
        rule=rule,
        covered_label=covered,
        partial_label=partial,
    )


def _read_clock(f: Fields, common: dict) -> ClockTemplate | None:
    sectors = f.integer(CLOCK_SECTORS)
    radius = f.length(CLOCK_RADIUS)
    ring = f.length(CLOCK_RING)
    unit = _unit(f)
    throw = f.text(CLOCK_THROW)
    if radius is None:
        return None
    if ring > radius:
        f.ctx.error(f.node_of(CLOCK_RING), f.sub("ring"), "ring spacing is larger than the radius")
        return None
    return ClockTemplate(
        **common, sectors=sectors, radius=radius, ring=ring, unit=unit, throw_label=throw
    )


def _read_cells(
    f: Fields, size: int, tid: str, blanks: list
) -> tuple[tuple[str | None, ...], ...] | None:
    """The cells, row by row. A null cell (a value the source lost) prints as a write-in
    blank; each is added to ``blanks`` as (node, path, message) to be listed as a warning."""
    if f.node_of(GRID_CELLS) is None:
        every = f"all {size * size} print as write-in blanks"
        blanks.append((f.map, f.sub("cells"), f"{WRITE_IN}template {tid!r} has no cells: {every}"))
        return tuple(tuple(None for _ in range(size)) for _ in range(size))
    return _read_rows(f, GRID_CELLS, size, tid, blanks)


def _read_rows(
    f: Fields, key: Key[Any], size: int, tid: str, blanks: list | None
) -> tuple[tuple[str | None, ...], ...] | None:
    """`size` rows of `size` texts or nulls under `key`. With ``blanks``, a null is a
    write-in blank and is listed there; without, it is just nothing (a cell with no name)."""
    node = f.node_of(key)
    ctx, path = f.ctx, f.sub(key.name)
    if node is None:
        return ()
    if not isinstance(node, Seq):
        ctx.error(node, path, f"expected a list of rows, got {describe(node)}")
        return None
    if len(node) != size:
        ctx.error(node, path, f"expected {size} rows, got {len(node)}")
        return None
    rows = []
    for r, row in enumerate(node):
        rpath = f"{path}[{r}]"
        if not isinstance(row, Seq):
            ctx.error(row, rpath, f"expected a list of {size} cells, got {describe(row)}")
            return None
        if len(row) != size:
            ctx.error(row, rpath, f"expected {size} cells, got {len(row)}")
            return None
        cells: list[str | None] = []
        for c, cell in enumerate(row):
            if isinstance(cell, Scalar) and cell.value is None:
                cells.append(None)
                if blanks is not None:
                    where = f"row {r + 1}, column {c + 1}"
                    message = f"{WRITE_IN}template {tid!r}, {where} has no value"
                    blanks.append((cell, f"{rpath}[{c}]", message))
            else:
                cells.append(as_text(ctx, cell, f"{rpath}[{c}]"))
        rows.append(tuple(cells))
    return tuple(rows)


def _read_grid_scatter(f: Fields, common: dict) -> GridScatterTemplate | None:
    errors = len(f.ctx.diags.errors)
    size = f.integer(GRID_SIZE)
    square = f.get(GRID_SQUARE, as_square)
    flight = f.choice(GRID_FLIGHT)
    flight_label = f.text(GRID_FLIGHT_LABEL)
    legend = f.text(GRID_LEGEND)
    roll = f.text(GRID_ROLL)
    target_node = f.node_of(GRID_TARGET)
    if size is None or square is None:
        return None
    blanks: list = []
    cells = _read_cells(f, size, common["id"], blanks)
    captions = _read_rows(f, GRID_CAPTIONS, size, common["id"], None)
    target = (size // 2, size // 2)
    if target_node is not None:
        t = _read_cell_ref(f.ctx, target_node, f.sub("target"), size)
        if t is None:
            return None
        target = t
    if cells is None or captions is None:
        return None
    if len(f.ctx.diags.errors) == errors:  # a broken template's blanks would only be noise
        for node, path, message in blanks:
            f.ctx.warning(node, path, message)
    return GridScatterTemplate(
        **common,
        size=size,
        square=square,
        cells=cells,
        captions=captions,
        target=target,
        flight=flight,
        flight_label=flight_label,
        legend=legend,
        roll=roll,
    )


def _read_cell_ref(ctx: Context, node: Node, path: str, size: int) -> tuple[int, int] | None:
    whole = [  # whole numbers, never true or false
        n.value
        for n in (node if isinstance(node, Seq) else ())
        if isinstance(n, Scalar) and isinstance(n.value, int) and not isinstance(n.value, bool)
    ]
    if not (isinstance(node, Seq) and len(node) == 2 and len(whole) == 2):
        ctx.error(node, path, f"expected [column, row] counted from 0, got {describe(node)}")
        return None
    col, row = whole
    if not (0 <= col < size and 0 <= row < size):
        ctx.error(node, path, f"cell [{col}, {row}] is outside the {size} x {size} grid")
        return None
    return (col, row)


def _read_bands(ctx: Context, node: Node, path: str) -> tuple[Band, ...] | None:
    """bands: {short: 3in, medium: 6in, ...} in order, each limit beyond the last."""
    m = expect_map(ctx, node, path)
    if m is None:
        return None
    bands = []
    last = 0.0
    for key in m.keys():
        value = as_length(ctx, m.get(key), f"{path}.{key}")  # type: ignore[arg-type]
        if value is None:
            return None
        if value <= last:
            ctx.error(
                m.get(key), f"{path}.{key}", "each band must reach further than the one before it"
            )
            return None
        bands.append(Band(key, value))
        last = value
    if not bands:
        ctx.error(node, path, "a ruler needs at least one band")
        return None
    return tuple(bands)


def _read_source(f: Fields) -> TableSource | None:
    table = f.id(RULER_FROM_TABLE)
    if table is None:
        return None
    name_col = f.text(RULER_NAME_COLUMN)
    cols = f.texts(RULER_BAND_COLUMNS) or list(BAND_NAMES)
    names = f.texts(RULER_BAND_NAMES) or cols
    unit = _unit(f)
    if len(names) != len(cols):
        f.ctx.error(
            f.node_of(RULER_BAND_NAMES),
            f.sub("band_names"),
            f"expected {len(cols)} names, one per band column, got {len(names)}",
        )
        return None
    # Each column name keeps its own position, so a wrong one is reported where it is written.
    name_node = f.node_of(RULER_NAME_COLUMN)
    cols_node = f.node_of(RULER_BAND_COLUMNS)
    table_span = f.node_of(RULER_FROM_TABLE).span  # type: ignore[union-attr]
    col_spans: tuple = (table_span,) * len(cols)
    if isinstance(cols_node, Seq):
        col_spans = tuple(n.span for n in cols_node)
    elif cols_node is not None:
        col_spans = (cols_node.span,)
    return TableSource(
        table,
        table_span,
        name_col,
        tuple(cols),
        tuple(names),
        unit,
        name_node.span if name_node is not None else None,
        col_spans,
    )


def _read_ruler(f: Fields, common: dict) -> RulerTemplate | None:
    bands_node = f.node_of(RULER_BANDS)  # neither this nor from_table: said here
    source = _read_source(f)
    names = tuple(f.texts(RULER_NAMES))
    width = f.length(RULER_WIDTH)
    tick = f.length(_TICK)
    piece = f.length(RULER_PIECE)
    parts = f.integer(RULER_PARTS)
    merge = f.boolean(RULER_MERGE)
    unit = source.unit if source else _unit(f)
    if f.both("bands", bands_node is not None, source is not None):
        return None
    if bands_node is None and source is None:
        return None
    bands: tuple[Band, ...] = ()
    if bands_node is not None:
        read = _read_bands(f.ctx, bands_node, f.sub("bands"))
        if read is None:
            return None
        bands = read
    return RulerTemplate(
        **common,
        bands=bands,
        names=names,
        source=source,
        width=width,
        tick=tick,
        unit=unit,
        piece=piece,
        parts=parts,
        merge=merge,
    )


_READERS: dict[str, Callable[[Fields, dict], Template | None]] = {
    "circle": _read_circle,
    "cone": _read_cone,
    "arc": _read_arc,
    "clock-scatter": _read_clock,
    "grid-scatter": _read_grid_scatter,
    "ruler": _read_ruler,
}
