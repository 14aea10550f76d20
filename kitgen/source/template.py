"""templates: in game.yaml -> Templates."""

from __future__ import annotations

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
from .fields import Context, Fields, as_length, as_text, check_unique_ids, read_list
from .reading import Marks, read_reading
from .yamlnodes import Map, Node, Scalar, Seq, describe

KINDS = ("grid-scatter", "arc", "clock-scatter", "circle", "cone", "ruler")
SIDES = ("bottom", "top", "left", "right", "none")
UNITS = ("in", "cm", "mm")
DEFAULT_COLOUR = "#2f5d8a"
BAND_NAMES = ("short", "medium", "long", "extreme")


def read_templates(ctx: Context, node: Node, path: str) -> Templates:
    items = read_list(ctx, node, path, _read_template)
    check_unique_ids(ctx, items, path, "template")
    return Templates(tuple(items), node.span)


def _read_template(ctx: Context, node: Node, path: str) -> Template | None:
    f = Fields(ctx, node, path)
    if f.map is None:
        return None
    kind = f.choice("kind", KINDS, required=True, what="template kind")
    tid = f.id()
    common = dict(
        id=tid or "",
        span=node.span,
        title=f.text("title", default=tid or ""),
        colour=f.colour("colour", default=DEFAULT_COLOUR),
        notes=tuple(f.texts("notes")),
        outline=f.boolean("outline", default=True),
    )
    marks = Marks()
    common["title"] += marks.mark(read_reading(ctx, f.raw("reading"), f.sub("reading")))
    common["notes"] += tuple(marks.notes)
    reader = _READERS.get(kind) if kind else None
    if reader is None:  # the kind was reported; don't pile on unknown-key errors
        return None
    template = reader(f, common)
    f.close()
    return template if tid else None


def _unit(f: Fields) -> str:
    return f.choice("unit", UNITS, default="in", what="unit")


def _read_circle(f: Fields, common: dict) -> CircleTemplate | None:
    radius = f.length("radius")
    diameter = f.length("diameter")
    if radius is not None and diameter is not None:
        f.ctx.error(f.node, f.path, "give radius or diameter, not both")
        return None
    if radius is None and diameter is None:
        if f.raw("radius") is None and f.raw("diameter") is None:
            f.ctx.error(f.node, f.path, "a circle needs radius or diameter")
        return None
    r = radius if radius is not None else diameter / 2
    return CircleTemplate(**common, radius=r, label=f.text("label", default=""))


def _read_marks(f: Fields) -> tuple[Mark, ...]:
    def one(ctx: Context, node: Node, path: str) -> Mark | None:
        m = Fields(ctx, node, path)
        if m.map is None:
            return None
        at = m.length("at", required=True, positive=False)
        label = m.text("label", default="")
        m.close()
        return Mark(at, label) if at is not None else None

    return tuple(f.seq("marks", one))


def _read_cone(f: Fields, common: dict) -> ConeTemplate | None:
    length = f.length("length", required=True)
    spread = f.length("spread", required=True, positive=False)
    per = f.length("per", default=720.0)
    start_width = f.length("start_width", default=0.0, positive=False)
    start = f.length("start", default=0.0, positive=False)
    tick = f.length("tick", default=72.0)
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
    marks_node = f.raw("marks")
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
    spread = f.number("spread", lo=1, hi=360, required=True)
    depth = f.number("depth", lo=0.5, hi=20, required=True)
    square = f.length("square", required=True)
    apex = f.choice("apex", ("edge-centre", "cell-centre"), default="edge-centre", what="apex")
    rule = f.choice("rule", ("centre", "half"), required=True, what="rule")
    covered = f.text("covered_label", default="")
    partial = f.text("partial_label", default="")
    if None in (spread, depth, square, rule):
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
    sectors = f.integer("sectors", default=12, lo=2, hi=36)
    radius = f.length("radius", required=True)
    ring = f.length("ring", default=72.0)
    unit = _unit(f)
    throw = f.text("throw_label", default="line of throw")
    if radius is None:
        return None
    if ring > radius:
        f.ctx.error(f.raw("ring"), f.sub("ring"), "ring spacing is larger than the radius")
        return None
    return ClockTemplate(
        **common, sectors=sectors, radius=radius, ring=ring, unit=unit, throw_label=throw
    )


def _read_cells(
    f: Fields, size: int, tid: str, blanks: list
) -> tuple[tuple[str | None, ...], ...] | None:
    """The cells, row by row. A null cell (a value the source lost) prints as a write-in
    blank; each is added to ``blanks`` as (node, path, message) to be listed as a warning."""
    node = f.raw("cells")
    ctx, path = f.ctx, f.sub("cells")
    if node is None:
        every = f"all {size * size} print as write-in blanks"
        blanks.append((f.map, path, f"{WRITE_IN}template {tid!r} has no cells: {every}"))
        return tuple(tuple(None for _ in range(size)) for _ in range(size))
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
                where = f"row {r + 1}, column {c + 1}"
                message = f"{WRITE_IN}template {tid!r}, {where} has no value"
                blanks.append((cell, f"{rpath}[{c}]", message))
            else:
                cells.append(as_text(ctx, cell, f"{rpath}[{c}]"))
        rows.append(tuple(cells))
    return tuple(rows)


def _read_grid_scatter(f: Fields, common: dict) -> GridScatterTemplate | None:
    errors = len(f.ctx.diags.errors)
    size = f.integer("size", required=True, lo=1, hi=9)
    square = f.length("square", required=True)
    flight = f.choice("flight", SIDES, default="bottom", what="side")
    flight_label = f.text("flight_label", default="line of flight")
    legend = f.text("legend", default="")
    roll = f.text("roll", default="")
    target_node = f.raw("target")
    if size is None or square is None:
        return None
    blanks: list = []
    cells = _read_cells(f, size, common["id"], blanks)
    target = (size // 2, size // 2)
    if target_node is not None:
        t = _read_cell_ref(f.ctx, target_node, f.sub("target"), size)
        if t is None:
            return None
        target = t
    if cells is None:
        return None
    if len(f.ctx.diags.errors) == errors:  # a broken template's blanks would only be noise
        for node, path, message in blanks:
            f.ctx.warning(node, path, message)
    return GridScatterTemplate(
        **common,
        size=size,
        square=square,
        cells=cells,
        target=target,
        flight=flight,
        flight_label=flight_label,
        legend=legend,
        roll=roll,
    )


def _read_cell_ref(ctx: Context, node: Node, path: str, size: int) -> tuple[int, int] | None:
    ok = (
        isinstance(node, Seq)
        and len(node) == 2
        and all(isinstance(n, Scalar) and type(n.value) is int for n in node)
    )
    if not ok:
        ctx.error(node, path, f"expected [column, row] counted from 0, got {describe(node)}")
        return None
    col, row = (n.value for n in node)  # type: ignore[union-attr]
    if not (0 <= col < size and 0 <= row < size):
        ctx.error(node, path, f"cell [{col}, {row}] is outside the {size} x {size} grid")
        return None
    return (col, row)


def _read_bands(ctx: Context, node: Node, path: str) -> tuple[Band, ...] | None:
    """bands: {short: 3in, medium: 6in, ...} in order, each limit beyond the last."""
    f = Fields(ctx, node, path)
    if f.map is None:
        return None
    bands = []
    last = 0.0
    for key in f.map.keys():
        f.allow(key)
        value = as_length(ctx, f.map.get(key), f.sub(key))  # type: ignore[arg-type]
        if value is None:
            return None
        if value <= last:
            ctx.error(
                f.map.get(key), f.sub(key), "each band must reach further than the one before it"
            )
            return None
        bands.append(Band(key, value))
        last = value
    if not bands:
        ctx.error(node, path, "a ruler needs at least one band")
        return None
    return tuple(bands)


def _read_source(f: Fields) -> TableSource | None:
    table = f.id("from_table", required=False)
    if table is None:
        return None
    name_col = f.text("name_column", default="")
    cols = f.texts("band_columns") or list(BAND_NAMES)
    names = f.texts("band_names") or cols
    unit = _unit(f)
    if len(names) != len(cols):
        f.ctx.error(
            f.raw("band_names"),
            f.sub("band_names"),
            f"expected {len(cols)} names, one per band column, got {len(names)}",
        )
        return None
    # Each column name keeps its own position, so a wrong one is reported where it is written.
    name_node = f.raw("name_column")
    cols_node = f.raw("band_columns")
    col_spans: tuple = (f.raw("from_table").span,) * len(cols)
    if isinstance(cols_node, Seq):
        col_spans = tuple(n.span for n in cols_node)
    elif cols_node is not None:
        col_spans = (cols_node.span,)
    return TableSource(
        table,
        f.raw("from_table").span,
        name_col,
        tuple(cols),
        tuple(names),
        unit,
        name_node.span if name_node is not None else None,
        col_spans,
    )


def _read_ruler(f: Fields, common: dict) -> RulerTemplate | None:
    bands_node = f.raw("bands")
    source = _read_source(f)
    names = tuple(f.texts("names"))
    width = f.length("width", default=54.0)
    tick = f.length("tick", default=72.0)
    piece = f.length("piece")
    merge = f.boolean("merge", default=True)
    unit = source.unit if source else _unit(f)
    if bands_node is not None and source is not None:
        f.ctx.error(f.node, f.path, "give bands or from_table, not both")
        return None
    if bands_node is None and source is None:
        if f.raw("from_table") is None:
            f.ctx.error(f.node, f.path, "a ruler needs bands or from_table")
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
        merge=merge,
    )


_READERS = {
    "circle": _read_circle,
    "cone": _read_cone,
    "arc": _read_arc,
    "clock-scatter": _read_clock,
    "grid-scatter": _read_grid_scatter,
    "ruler": _read_ruler,
}
