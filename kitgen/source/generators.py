"""generators: in game.yaml -> Generator models (seeded set-up generators)."""

from __future__ import annotations

from ..budget import MAX_RECORDS, MAX_UNITS
from ..chance.dice import parse_dice
from ..errors import Span
from ..model.generator import (
    Adjust,
    AdjustRow,
    Generator,
    Group,
    Lookup,
    LookupRow,
    TableSource,
    Value,
)
from ..names import suggest
from .bands import BandError, parse_band
from .fields import Context, Fields, as_text, check_unique_ids, read_list
from .threats import _dice
from .yamlnodes import Map, Node, Scalar, describe


def read_generators(ctx: Context, node: Node, path: str) -> list[Generator]:
    gens = read_list(ctx, node, path, read_generator)
    check_unique_ids(ctx, gens, path, "generator")
    return gens


def read_generator(ctx: Context, node: Node, path: str) -> Generator | None:
    f = Fields(ctx, node, path)
    if f.map is None:
        return None
    gid = f.id()
    title = f.text("title", default=gid or "")
    size_node = f.raw("size")
    size = _dice(ctx, size_node, f.sub("size")) if size_node is not None else "1"
    units = f.integer("units", default=1, lo=1, hi=MAX_UNITS)
    size_per = f.choice("size_per", ("roster", "unit"), default="roster")
    lookups = f.seq("lookups", _lookup)
    check_unique_ids(ctx, lookups, f.sub("lookups"), "lookup")
    ids = [lk.id for lk in lookups]
    groups = f.seq("groups", lambda c, n, p: _group(c, n, p, ids), required=True)
    adjust = f.seq("adjust", _adjust)
    check_unique_ids(ctx, adjust, f.sub("adjust"), "adjustment")
    sheet = f.boolean("sheet", default=True)
    notes = tuple(f.texts("notes"))
    titles = _titles(ctx, f.raw("titles"), f.sub("titles"))
    f.close()
    if size is not None:
        most = parse_dice(size).max * units
        if most > MAX_RECORDS:
            ctx.error(
                size_node,
                f.sub("size"),
                f"size {size} x {units} unit(s) can roll {most:,} records, more than the "
                f"{MAX_RECORDS:,} a roster may hold",
                "see docs/security.md for the caps",
            )
            return None
        if gid is not None:
            ctx.extra.setdefault("roster_records", {})[gid] = max(0, most)
    if gid is None or size is None or not groups:
        return None
    return Generator(
        gid,
        title,
        size,
        units,
        tuple(groups),
        tuple(lookups),
        tuple(adjust),
        sheet,
        node.span,
        path,
        notes,
        titles=titles,
        size_per=size_per or "roster",
    )


def _titles(ctx: Context, node: Node | None, path: str) -> tuple[tuple[str, str], ...]:
    """`titles: {field: Title}`: each record field's column head on the roster sheet."""
    if node is None:
        return ()
    if not isinstance(node, Map):
        ctx.error(node.span, path, f"expected a mapping of field: title, got {describe(node)}")
        return ()
    out = []
    for key, (_, value) in node.entries.items():
        if isinstance(value, Scalar) and isinstance(value.value, str) and value.value.strip():
            out.append((key, value.value.strip()))
        else:
            ctx.error(value.span, f"{path}.{key}", f"expected a title, got {describe(value)}")
    return tuple(out)


def _band(ctx: Context, f: Fields) -> object:
    node = f.raw("result")
    if node is None:
        ctx.error(f.node, f.path, "missing required key 'result'", "e.g. 1, 2-3 or >6")
        return None
    text = as_text(ctx, node, f.sub("result"))
    if text is None:
        return None
    try:
        return parse_band(text)
    except BandError as exc:
        ctx.error(node, f.sub("result"), str(exc), "write a result as 4, 2-3, >6, <=0 or 7+")
        return None


def _lookup(ctx: Context, node: Node, path: str) -> Lookup | None:
    f = Fields(ctx, node, path)
    if f.map is None:
        return None
    lid = f.id()
    keep = f.text("record_roll", default="")
    if f.has("table"):
        source = _table_source(ctx, f)
        f.close()
        if lid is None:
            return None
        # kept when its source is bad, so groups that roll it report nothing more
        return Lookup(lid, "", (), node.span, path, keep, source)
    roll = _dice(ctx, f.raw("roll"), f.sub("roll"))
    if not f.has("roll"):
        ctx.error(node, path, "missing required key 'roll'")
    rows = f.seq("rows", _lookup_row, required=True)
    f.close()
    if lid is None or roll is None:
        return None
    return Lookup(lid, roll, tuple(rows), node.span, path, keep)


def _table_source(ctx: Context, f: Fields) -> TableSource | None:
    """`table: ID` with `set: {field: column}`: the roll and the rows are the table's."""
    table = f.text("table", required=True)
    for key in ("roll", "rows"):
        if f.has(key):
            ctx.error(
                f.raw(key),
                f.sub(key),
                f"a lookup with table: takes its {key} from the table",
                f"remove {key}: or table:",
            )
    sets = f.raw("set")
    fields: list[tuple[str, str, Span | None]] = []
    if sets is None:
        ctx.error(
            f.node,
            f.path,
            "missing required key 'set'",
            "the record fields and the table columns they copy, e.g. set: {type: Type}",
        )
    elif not isinstance(sets, Map):
        ctx.error(sets, f.sub("set"), f"expected a mapping of field: column, got {describe(sets)}")
    else:
        for name, (_, column) in sets.entries.items():
            text = as_text(ctx, column, f"{f.sub('set')}.{name}")
            if text is not None:
                fields.append((name, text, column.span))
    if table is None or not fields:
        return None
    return TableSource(table, tuple(fields), f.raw("table").span)


def _lookup_row(ctx: Context, node: Node, path: str) -> LookupRow | None:
    f = Fields(ctx, node, path)
    if f.map is None:
        return None
    band = _band(ctx, f)
    values: list[tuple[str, Value | None]] = []
    sets = f.raw("set")
    if sets is None:
        ctx.error(node, path, "missing required key 'set'", "the values this result gives")
    elif not isinstance(sets, Map):
        ctx.error(sets, f.sub("set"), f"expected a mapping of values, got {describe(sets)}")
    else:
        for name, (_, v) in sets.entries.items():
            values.append((name, _value(ctx, v, f"{f.sub('set')}.{name}")))
    f.close()
    if band is None:
        return None
    return LookupRow(band, tuple(values), node.span, path)  # type: ignore[arg-type]


def _value(ctx: Context, node: Node, path: str) -> Value | None:
    """Numbers stay numbers (adjustments add to them); null is a write-in blank."""
    if isinstance(node, Scalar) and node.value is None:
        return None
    if (
        isinstance(node, Scalar)
        and isinstance(node.value, (int, float))
        and not isinstance(node.value, bool)
    ):
        return node.value
    return as_text(ctx, node, path)


def _group(ctx: Context, node: Node, path: str, lookup_ids: list[str]) -> Group | None:
    f = Fields(ctx, node, path)
    if f.map is None:
        return None
    role = f.text("role", required=True)
    count: int | None = None
    cnode = f.raw("count")
    if cnode is None:
        ctx.error(node, path, "missing required key 'count'", "a number, or rest")
    elif isinstance(cnode, Scalar) and cnode.value == "rest":
        count = None
    else:
        from .fields import as_number

        got = as_number(ctx, cnode, f.sub("count"), lo=0, integer=True)
        count = int(got) if got is not None else 0
    rolls = f.texts("roll")
    rnode = f.raw("roll")
    for i, rid in enumerate(rolls):
        if rid not in lookup_ids:
            where = rnode.items[i] if rnode is not None and hasattr(rnode, "items") else rnode
            ctx.error(
                where,
                f"{f.sub('roll')}[{i}]" if hasattr(rnode, "items") else f.sub("roll"),
                f"no lookup named {rid!r}",
                suggest(rid, lookup_ids),
            )
    f.close()
    if role is None:
        return None
    return Group(role, count, tuple(r for r in rolls if r in lookup_ids), node.span, path)


def _adjust(ctx: Context, node: Node, path: str) -> Adjust | None:
    f = Fields(ctx, node, path)
    if f.map is None:
        return None
    aid = f.id()
    roll = _dice(ctx, f.raw("roll"), f.sub("roll"))
    if not f.has("roll"):
        ctx.error(node, path, "missing required key 'roll'")
    fields = tuple(f.texts("fields", required=True))
    rows = f.seq("rows", _adjust_row, required=True)
    optional = f.boolean("optional", default=False)
    f.close()
    if aid is None or roll is None:
        return None
    return Adjust(aid, roll, fields, tuple(rows), optional, node.span, path)


def _adjust_row(ctx: Context, node: Node, path: str) -> AdjustRow | None:
    f = Fields(ctx, node, path)
    if f.map is None:
        return None
    band = _band(ctx, f)
    add = f.integer("add", required=True)
    f.close()
    if band is None or add is None:
        return None
    return AdjustRow(band, add, node.span, path)  # type: ignore[arg-type]
