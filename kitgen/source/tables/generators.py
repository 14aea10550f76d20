"""generators: in game.yaml -> Generator models (seeded set-up generators)."""

from __future__ import annotations

from typing import TypeGuard

from ...budget import MAX_RECORDS, MAX_UNITS
from ...chance.dice import parse_dice
from ...errors import Span
from ...model.generator import (
    ROSTER_FIELDS,
    SIDE_FIELD,
    Adjust,
    AdjustRow,
    Generator,
    Group,
    Lookup,
    LookupRow,
    TableSource,
    Value,
)
from ...names import suggest
from ..fields import Context, Fields, as_roll, as_text, check_unique_ids, read_unique_list
from ..spec import (
    BOOLEAN,
    ID,
    INTEGER,
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
from ..yamlnodes import Map, Node, Scalar, Seq, describe
from .bands import BandError, parse_band

HEADING = "Generators (`generators:`)"
_RESULT = Key(
    "result", TEXT, "the roll(s): 1, 2-3, >6, <=0, 7+", required=True, missing="e.g. 1, 2-3 or >6"
)
LOOKUP_ROW_SET = Key(
    "set",
    Named(Either(NUMBER, TEXT, NULL), "fields, each a value; null a write-in blank"),
    "the values this result gives",
    required=True,
    missing="the values this result gives",
)
LOOKUP_ROW = Spec(
    "lookup-row",
    _RESULT,
    LOOKUP_ROW_SET,
    heading=HEADING,
)
LOOKUP_ID = Key("id", ID, "how groups name it", required=True)
LOOKUP_RECORD_ROLL = Key("record_roll", TEXT, "keep the roll itself in this field", default="")
LOOKUP_TABLE = Key("table", TEXT, "read the roll and rows from this table of tables:")
LOOKUP_ROLL = Key("roll", TEXT, "the dice (without table:)")
LOOKUP_ROWS = Key("rows", ListOf(LOOKUP_ROW), "results (without table:)")
LOOKUP_SET = Key(
    "set",
    Named(TEXT, "fields, each a column id or title"),
    "with table: the columns copied",
    missing="the record fields and the table columns they copy, e.g. set: {type: Type}",
)
LOOKUP = Spec(
    "lookup",
    LOOKUP_ID,
    LOOKUP_RECORD_ROLL,
    LOOKUP_TABLE,
    LOOKUP_ROLL,
    LOOKUP_ROWS,
    LOOKUP_SET,
    heading=HEADING,
    one_of=(OneOf("roll", "table"),),
)
GROUP_ROLE = Key("role", TEXT, "each record's role", required=True)
GROUP_COUNT = Key(
    "count",
    Either(INTEGER, TEXT),
    "records in the group, or rest",
    required=True,
    missing="a number, or rest",
)
GROUP_ROLL = Key("roll", OneOrList(TEXT), "lookups rolled for each record, in order")
GROUP = Spec(
    "group",
    GROUP_ROLE,
    GROUP_COUNT,
    GROUP_ROLL,
    heading=HEADING,
)
ADJUST_ROW_ADD = Key("add", INTEGER, "added to each field", required=True)
ADJUST_ROW = Spec(
    "adjust-row",
    _RESULT,
    ADJUST_ROW_ADD,
    heading=HEADING,
)
ADJUST_ID = Key("id", ID, "names it (for --with)", required=True)
ADJUST_ROLL = Key("roll", TEXT, "the dice, one roll per field", required=True)
ADJUST_FIELDS = Key("fields", OneOrList(TEXT), "the number fields adjusted", required=True)
ADJUST_ROWS = Key("rows", ListOf(ADJUST_ROW), "results", required=True)
ADJUST_OPTIONAL = Key("optional", BOOLEAN, "only with --with ID", default=False)
ADJUST = Spec(
    "adjust",
    ADJUST_ID,
    ADJUST_ROLL,
    ADJUST_FIELDS,
    ADJUST_ROWS,
    ADJUST_OPTIONAL,
    heading=HEADING,
)
GENERATOR_ID = Key("id", ID, "unique", required=True)
GENERATOR_TITLE = Key("title", TEXT, "default: the id")
GENERATOR_SIZE = Key(
    "size", Either(INTEGER, TEXT), "records per unit: dice or a number", default="1"
)
GENERATOR_UNITS = Key("units", INTEGER, "units per roster", default=1, lo=1, hi=MAX_UNITS)
GENERATOR_SIZE_PER = Key(
    "size_per",
    Choice(("roster", "unit")),
    "size rolled once per roster or per unit",
    default="roster",
)
GENERATOR_SIDES = Key(
    "sides",
    OneOrList(TEXT),
    "each side rolls its own size and units; a record's side field names it",
)
GENERATOR_LOOKUPS = Key("lookups", ListOf(LOOKUP), "roll tables that set record fields")
GENERATOR_GROUPS = Key("groups", ListOf(GROUP), "filled in order, leader first", required=True)
GENERATOR_ADJUST = Key("adjust", ListOf(ADJUST), "rolls added to number fields")
GENERATOR_SHEET = Key("sheet", BOOLEAN, "print a roster at build time", default=True)
GENERATOR_NOTES = Key("notes", OneOrList(TEXT), "lines on the roster sheet")
GENERATOR_TITLES = Key(
    "titles", Named(TEXT, "record fields, each a column title"), "roster column heads"
)
GENERATOR = Spec(
    "generator",
    GENERATOR_ID,
    GENERATOR_TITLE,
    GENERATOR_SIZE,
    GENERATOR_UNITS,
    GENERATOR_SIZE_PER,
    GENERATOR_SIDES,
    GENERATOR_LOOKUPS,
    GENERATOR_GROUPS,
    GENERATOR_ADJUST,
    GENERATOR_SHEET,
    GENERATOR_NOTES,
    GENERATOR_TITLES,
    heading=HEADING,
)
GENERATORS = ListOf(GENERATOR)


def read_generators(ctx: Context, node: Node, path: str) -> list[Generator]:
    return read_unique_list(ctx, node, path, read_generator, "generator")


def read_generator(ctx: Context, node: Node, path: str) -> Generator | None:
    f = Fields(ctx, node, path, GENERATOR)
    if f.map is None:
        return None
    gid = f.id(GENERATOR_ID)
    title = f.text(GENERATOR_TITLE, default=gid or "")
    size_node = f.node_of(GENERATOR_SIZE)
    size = GENERATOR_SIZE.default
    if size_node is not None:
        size = as_roll(ctx, size_node, f.sub("size"), dice=False)
    units = f.integer(GENERATOR_UNITS)
    size_per = f.choice(GENERATOR_SIZE_PER)
    sides = _sides(ctx, f)
    lookups = f.seq(GENERATOR_LOOKUPS, _lookup)
    check_unique_ids(ctx, lookups, f.sub("lookups"), "lookup")
    ids = [lk.id for lk in lookups]
    groups = f.seq(GENERATOR_GROUPS, lambda c, n, p: _group(c, n, p, ids))
    adjust = f.seq(GENERATOR_ADJUST, _adjust)
    check_unique_ids(ctx, adjust, f.sub("adjust"), "adjustment")
    sheet = f.boolean(GENERATOR_SHEET)
    notes = tuple(f.texts(GENERATOR_NOTES))
    titles = f.get(GENERATOR_TITLES, _titles) or ()
    f.close()
    _known_fields(ctx, f, lookups, sides)
    if size is not None:
        most = parse_dice(size).max * units * max(1, len(sides))
        if most > MAX_RECORDS:
            per = f" x {len(sides)} sides" if sides else ""
            ctx.error(
                size_node,
                f.sub("size"),
                f"size {size} x {units} unit(s){per} can roll {most:,} records, more than the "
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
        size_per=size_per,
        sides=sides,
    )


def _sides(ctx: Context, f: Fields) -> tuple[str, ...]:
    """`sides: [Blue, Red]`: each named once."""
    names = f.texts(GENERATOR_SIDES)
    node = f.node_of(GENERATOR_SIDES)
    items = node.items if isinstance(node, Seq) else []
    for i, name in enumerate(names):
        if name in names[:i]:
            where = items[i] if i < len(items) else node
            ctx.error(where, f"{f.sub('sides')}[{i}]", f"side {name!r} is named twice")
    return tuple(dict.fromkeys(names))


def _known_fields(ctx: Context, f: Fields, lookups: list[Lookup], sides: tuple) -> None:
    """Every field an adjustment adds to or `titles:` heads is one a record carries: its
    unit, number and role (and side, with sides:), or one a lookup sets."""
    known = ([SIDE_FIELD] if sides else []) + list(ROSTER_FIELDS)
    for lookup in lookups:
        sets = [k for row in lookup.rows for k, _ in row.values]
        sets += [name for name, _, _ in lookup.source.fields] if lookup.source else []
        known += [lookup.keep_roll] if lookup.keep_roll else []
        known += sets
    known = list(dict.fromkeys(known))
    named: list[tuple[Node, str, str]] = []  # (where, path, field)
    titles = f.node_of(GENERATOR_TITLES)
    if isinstance(titles, Map):
        named += [(titles, f"{f.sub('titles')}.{k}", k) for k in titles.entries]
    adjust = f.node_of(GENERATOR_ADJUST)
    for i, item in enumerate(adjust if isinstance(adjust, Seq) else ()):
        fields = item.get("fields") if isinstance(item, Map) else None
        path = f"{f.sub('adjust')}[{i}].fields"
        if isinstance(fields, Seq):
            named += [(n, f"{path}[{j}]", n.raw) for j, n in enumerate(fields) if _text(n)]
        elif fields is not None and _text(fields):
            named.append((fields, path, fields.raw))
    for where, path, name in named:
        if name not in known:
            at = titles.key_span(name) if isinstance(titles, Map) and where is titles else where
            ctx.error(at, path, f"no record field {name!r}", suggest(name, known))


def _text(node: Node) -> TypeGuard[Scalar]:
    return isinstance(node, Scalar) and isinstance(node.value, str)


def _titles(ctx: Context, node: Node, path: str) -> tuple[tuple[str, str], ...]:
    """`titles: {field: Title}`: each record field's column head on the roster sheet."""
    if not isinstance(node, Map):
        ctx.error(node.span, path, f"expected a mapping of field: title, got {describe(node)}")
        return ()
    out = []
    for key, value in node.entries.items():
        if isinstance(value, Scalar) and isinstance(value.value, str) and value.value.strip():
            out.append((key, value.value.strip()))
        else:
            ctx.error(value.span, f"{path}.{key}", f"expected a title, got {describe(value)}")
    return tuple(out)


def _band(ctx: Context, f: Fields) -> object:
    node = f.node_of(_RESULT)
    if node is None:
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
    f = Fields(ctx, node, path, LOOKUP)
    if f.map is None:
        return None
    lid = f.id(LOOKUP_ID)
    keep = f.text(LOOKUP_RECORD_ROLL)
    if f.has("table"):
        source = _table_source(ctx, f)
        f.close()
        if lid is None:
            return None
        # kept when its source is bad, so groups that roll it report nothing more
        return Lookup(lid, "", (), node.span, path, keep, source)
    roll = f.get(LOOKUP_ROLL, as_roll)
    rows = f.seq(LOOKUP_ROWS, _lookup_row, required=True)
    f.close()
    if lid is None or (roll is None and not f.has("roll")):
        return None
    # a bad roll was reported at it: kept, so groups that roll the lookup report nothing more
    return Lookup(lid, roll or "", tuple(rows), node.span, path, keep)


def _table_source(ctx: Context, f: Fields) -> TableSource | None:
    """`table: ID` with `set: {field: column}`: the roll and the rows are the table's."""
    table = f.text(LOOKUP_TABLE, required=True)
    for key in ("roll", "rows"):
        if f.has(key):
            ctx.error(
                f.value_span(key),
                f.sub(key),
                f"a lookup with table: takes its {key} from the table",
                f"remove {key}: or table:",
            )
    sets = f.node_of(LOOKUP_SET, required=True)
    fields: list[tuple[str, str, Span | None]] = []
    if sets is None:
        pass
    elif not isinstance(sets, Map):
        ctx.error(sets, f.sub("set"), f"expected a mapping of field: column, got {describe(sets)}")
    else:
        for name, column in sets.entries.items():
            text = as_text(ctx, column, f"{f.sub('set')}.{name}")
            if text is not None:
                fields.append((name, text, column.span))
    if table is None or not fields:
        return None
    return TableSource(table, tuple(fields), f.node_of(LOOKUP_TABLE).span)  # type: ignore[union-attr]


def _lookup_row(ctx: Context, node: Node, path: str) -> LookupRow | None:
    f = Fields(ctx, node, path, LOOKUP_ROW)
    if f.map is None:
        return None
    band = _band(ctx, f)
    values: list[tuple[str, Value | None]] = []
    sets = f.node_of(LOOKUP_ROW_SET)
    if sets is None:
        pass
    elif not isinstance(sets, Map):
        ctx.error(sets, f.sub("set"), f"expected a mapping of values, got {describe(sets)}")
    else:
        for name, v in sets.entries.items():
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
    f = Fields(ctx, node, path, GROUP)
    if f.map is None:
        return None
    role = f.text(GROUP_ROLE)
    count: int | None = None
    cnode = f.node_of(GROUP_COUNT)
    if cnode is None:
        pass
    elif isinstance(cnode, Scalar) and cnode.value == "rest":
        count = None
    else:
        from ..fields import as_number

        got = as_number(ctx, cnode, f.sub("count"), lo=0, integer=True)
        count = int(got) if got is not None else 0
    rolls = f.texts(GROUP_ROLL)
    rnode = f.node_of(GROUP_ROLL)
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
    f = Fields(ctx, node, path, ADJUST)
    if f.map is None:
        return None
    aid = f.id(ADJUST_ID)
    roll = f.get(ADJUST_ROLL, as_roll)
    fields = tuple(f.texts(ADJUST_FIELDS))
    rows = f.seq(ADJUST_ROWS, _adjust_row)
    optional = f.boolean(ADJUST_OPTIONAL)
    f.close()
    if aid is None or roll is None:
        return None
    return Adjust(aid, roll, fields, tuple(rows), optional, node.span, path)


def _adjust_row(ctx: Context, node: Node, path: str) -> AdjustRow | None:
    f = Fields(ctx, node, path, ADJUST_ROW)
    if f.map is None:
        return None
    band = _band(ctx, f)
    add = f.integer(ADJUST_ROW_ADD)
    f.close()
    if band is None or add is None:
        return None
    return AdjustRow(band, add, node.span, path)  # type: ignore[arg-type]
