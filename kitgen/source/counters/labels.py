"""labels: in game.yaml -> Labels (one label per record of a roster).

The face is read once, like a counter's, but its text keeps the {field}
placeholders: the records may only exist at build time (a roster rolled with
--seed), so the check stage validates the names and layout fills them in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...budget import spend
from ...errors import WRITE_IN
from ...model.counters import SHAPES, Face
from ...model.label import LabelCopy, LabelDef, Labels
from ...records import replace
from ..expand import (
    CopyProblems,
    Vars,
    blanked,
    file_cells,
    filled_rows,
    id_cell,
    merged,
    read_for_each_parts,
    substitute,
    unused_columns,
)
from ..fields import Context, Fields, as_text, is_file_list, read_unique_list
from ..spec import ANY, ID, INTEGER, LENGTH, TEXT, Choice, Either, Key, ListOf, Named, OneOf, Spec
from ..yamlnodes import Map, Node, Scalar, Seq, describe
from .counter_copies import colour_at
from .counters import (
    BLANK,
    FACE,
    MAX_QUANTITY,
    PRESET_HINT,
    SIZE,
    Size,
    _quantity_of,
    _read_face,
    _read_size,
)
from .layouts import Piece, field_cells, fill_layout, find_layout, layout_placeholders

MAX_LABELS = 10_000


class _AsWritten:
    """Reads a label's face (counters._read_face's `v`): text is kept as written, its
    placeholders filled per record at build time; what depends on a text is worked
    out at once."""

    def __init__(self, ctx: Context):
        self.ctx = ctx

    def text(self, node: Node, path: str) -> str | None:
        return as_text(self.ctx, node, path)

    def colour(self, node: Node | None, path: str, default: str | None = None) -> str | None:
        text = None if node is None else as_text(self.ctx, node, path)
        if text is None:
            return default
        if "{" in text:
            self.ctx.error(
                node,
                path,
                f"a label's colour cannot hold a placeholder ({text!r})",
                "record fields fill text only",
            )
            return default
        return self.then(colour_at, text, node, path, default=default)

    def then(
        self, fn: Callable[..., Any], value: Any, *args: Any, default: Any = None, keep=True
    ) -> Any:
        got = None if value is None else fn(self.ctx, value, *args)
        return default if got is None else got


LABEL_ID = Key("id", ID, "label ids are <id>-1, <id>-2 ... in record order", required=True)
LABEL_NAME = Key("name", TEXT, "a human label; placeholders work here too; default: the id")
LABEL_ROSTER = Key("roster", ID, "a generator: its roster rolled with the build's --seed")
LABEL_RECORDS = Key(
    "records",
    ListOf(Named(ANY, "fields, each a value")),
    "the records themselves, or a spreadsheet's rows: {file: names.csv}",
)
LABEL_BLANKS = Key(
    "blanks",
    INTEGER,
    "extra labels with every field a write-in blank",
    default=0,
    lo=0,
    hi=MAX_LABELS,
)
LABEL_QUANTITY = Key(
    "quantity",
    Either(INTEGER, TEXT),
    "copies of each label, or a {placeholder} each record fills",
    default=1,
    lo=1,
    hi=MAX_QUANTITY,
)
LABEL_BLANK = Key("blank", TEXT, "what a missing value prints as", default=BLANK)
LABEL_SHAPE = Key("shape", Choice(SHAPES), "the label's outline", default="round")
LABEL_SIZE = Key(
    "size", SIZE, "as for counters: presets or a length", required=True, missing=PRESET_HINT
)
LABEL_BLEED = Key("bleed", LENGTH, "art runs this far past the trim")
LABEL_FRONT = Key("front", Either(TEXT, FACE), "a counter face; one side only", required=True)
LABEL_SIDE = Key(
    "side",
    TEXT,
    "the side a label's figure is on, a {field} each record fills: a scenario's side, "
    "whose colour rings the label and whose shape marks its top",
    default="",
)
LABEL = Spec(
    "label",
    LABEL_ID,
    LABEL_NAME,
    LABEL_ROSTER,
    LABEL_RECORDS,
    LABEL_BLANKS,
    LABEL_QUANTITY,
    LABEL_BLANK,
    LABEL_SHAPE,
    LABEL_SIZE,
    LABEL_BLEED,
    LABEL_FRONT,
    LABEL_SIDE,
    heading="Labels from a roster (`labels:`)",
    one_of=(
        OneOf("roster", "records", needed=False, both="give roster or records, not both"),
        OneOf(
            "roster",
            "records",
            "blanks",
            alone=False,
            none="a label needs roster, records or blanks",
            hint="roster: a generator id; records: a list of mappings; blanks: a number",
            reader_says=True,
        ),
    ),
)
LABELS = ListOf(LABEL)


def read_labels(ctx: Context, node: Node, path: str) -> Labels:
    items = read_unique_list(ctx, node, path, _read_label, "label")
    return Labels(tuple(items), node.span)


def _read_label(ctx: Context, node: Node, path: str) -> LabelDef | None:
    f = Fields(ctx, node, path, LABEL)
    if f.map is None:
        return None
    lid = f.id(LABEL_ID)
    name = f.text(LABEL_NAME, default=lid or "")
    roster = f.id(LABEL_ROSTER)
    records_node = f.node_of(LABEL_RECORDS)
    sets = _record_sets(ctx, node, records_node, f.sub("records"))
    blanks = f.integer(LABEL_BLANKS)
    quantity = _quantity(ctx, f, roster)
    blank = f.text(LABEL_BLANK)
    shape = f.choice(LABEL_SHAPE)
    w, h = f.get(LABEL_SIZE, _read_size, shape) or (None, None)
    bleed = f.length(LABEL_BLEED, positive=False, negative=False)
    side = f.text(LABEL_SIDE)
    front_node = f.node_of(LABEL_FRONT)
    # the face as written, its {field}s kept: a roster's labels and the blanks fill it at
    # build; with records here, each record's face is read in full (_copies) and says
    # what it finds, so this reading says nothing
    kept = ctx.apart() if sets else ctx
    face = (
        _read_face(kept, front_node, f.sub("front"), _AsWritten(kept), (w, h))
        if front_node
        else None
    )
    f.close()
    if f.both("roster", roster is not None, records_node is not None):
        return None
    if f.none("roster", roster is not None, records_node is not None, bool(blanks)):
        return None
    if lid is None or w is None or h is None or face is None or sets is None:
        return None
    if face.layout is not None:
        face = _layout_face(kept, face, f"label {lid!r}", node, path)
    label = LabelDef(
        id=lid,
        name=name,
        shape=shape,
        width=w,
        height=h,
        face=face,
        span=node.span,
        path=path,
        roster=roster,
        roster_span=f.node_of(LABEL_ROSTER).span if roster is not None else None,  # type: ignore[union-attr]
        blanks=blanks,
        quantity=quantity or 1,
        blank=blank,
        bleed=bleed,
        side=side,
    )
    if sets and isinstance(node, Map):
        label = _copies(ctx, node, label, sets, (w, h))
    rolled = ctx.extra.get("roster_records", {}).get(roster, 0) if roster else 0
    copies = sum(c.quantity for c in label.copies) + rolled * label.quantity + blanks
    if not spend(ctx, "items", copies, node, path):
        return None
    return label


def _quantity(ctx: Context, f: Fields, roster: str | None) -> int | None:
    """A whole number; None for a {placeholder} each record fills (_copies). A roster's
    records are rolled at build, after the pieces are counted: its labels take a number."""
    node = f.node_of(LABEL_QUANTITY)
    if not (isinstance(node, Scalar) and isinstance(node.value, str) and "{" in node.value):
        return f.integer(LABEL_QUANTITY)
    f.text(LABEL_QUANTITY)
    if roster is not None:
        ctx.error(
            node,
            f.sub("quantity"),
            f"quantity {node.value!r} names a field, but a roster's records are rolled "
            "when the kit is built",
            "give a number, or the records themselves: records: {file: names.csv}",
        )
    return None


def _record_sets(
    ctx: Context, node: Node, records: Node | None, path: str
) -> list[tuple[Vars, ...]] | None:
    """The records as for_each reads them (a list, or a spreadsheet's rows kept by
    `where:`), each row whose id or quantity cell is empty said at that cell; a YAML
    record's null is a write-in blank, warned at its line. None after an error."""
    if records is None:
        return []
    if not isinstance(records, Seq) and not is_file_list(records):
        ctx.error(records, path, f"expected a list of records (mappings), got {describe(records)}")
        return None
    errors = len(ctx.diags.errors)
    sets = [parts for parts in read_for_each_parts(ctx, records, path) if merged(parts)]
    if len(ctx.diags.errors) != errors:
        return None
    unused_columns(ctx, node, sets, attrs=False, also=layout_placeholders(ctx, node))
    for i, record in enumerate(records if isinstance(records, Seq) else ()):
        entries = record.entries if isinstance(record, Map) else {}
        for key, value in entries.items():
            if isinstance(value, Scalar) and value.value is None:
                ctx.warning(
                    value,
                    f"{path}[{i}].{key}",
                    f"{WRITE_IN}record {i + 1} has no value for {key!r}",
                )
    return filled_rows(ctx, node, sets, path.removesuffix(".records"), "label")


def _copies(
    ctx: Context, node: Map, label: LabelDef, sets: list[tuple[Vars, ...]], size: Size
) -> LabelDef:
    """The label with a copy for each record, read as a counter's copy is: its name,
    quantity and face filled from the record (colours and `when:` too), a problem with
    a spreadsheet's value said at its cell, a definition's own mistake said once."""
    problems = CopyProblems(ctx, node)
    # a field one YAML record lacks is a write-in blank on its label, as at build
    fields = dict.fromkeys(k for parts in sets for k in merged(parts))
    copies: list[LabelCopy] = []
    records: list[dict[str, str]] = []  # each copy's, for the manifest: the same order
    for n, parts in enumerate(sets):
        record = merged(parts)
        if type(record) is dict and len(record) < len(fields):
            record = {**dict.fromkeys(fields, ""), **record}
        sub = ctx.apart()
        copy = _copy(sub, node, label, record, parts, size, len(copies) + 1)
        problems.add(n, parts, sub.diags.items)
        if copy is not None:
            copies.append(copy)
            records.append(dict(record))
    return replace(label, copies=tuple(copies), records=tuple(records))


def _copy(
    ctx: Context,
    node: Map,
    label: LabelDef,
    record: Vars,
    parts: tuple[Vars, ...],
    size: Size,
    k: int,
) -> LabelCopy | None:
    filled = blanked(record, label.blank)
    path = label.path
    name_node = node.get("name")
    name = label.name
    if name_node is not None:
        name = substitute(ctx, label.name, filled, name_node, f"{path}.name")
    quantity = label.quantity
    q_node = node.get("quantity")
    if isinstance(q_node, Scalar) and isinstance(q_node.value, str) and "{" in q_node.value:
        text = substitute(ctx, q_node.value, record, q_node, f"{path}.quantity")
        got = _quantity_of(ctx, text, q_node, f"{path}.quantity")
        if got is None:
            return None
        quantity = got
    front = node.get("front")
    face = _read_face(ctx, front, f"{path}.front", _Filled(ctx, filled), size) if front else None
    if face is None:
        return None
    if face.layout is not None:
        layout = find_layout(ctx, face.layout, node, path)
        if layout is not None:
            values = {**record, "id": f"{label.id}-{k}", "name": name, **face.fields}
            where = f"label {label.id}-{k}"
            cells = field_cells(
                front.get("fields") if isinstance(front, Map) else None, file_cells(parts)
            )
            piece = Piece(values, cells, where, node.span, path, face.background)
            face = replace(face, regions=fill_layout(ctx, layout, piece))
    return LabelCopy(name=name, quantity=quantity, face=face, cell=id_cell(node, parts))


class _Filled:
    """Reads a label's face for one record (counters._read_face's `v`): every text with
    the record's values in, an unknown field an error at its line."""

    def __init__(self, ctx: Context, record: Vars):
        self.ctx = ctx
        self.record = record

    def text(self, node: Node, path: str) -> str | None:
        text = as_text(self.ctx, node, path)
        return None if text is None else substitute(self.ctx, text, self.record, node, path)

    def colour(self, node: Node | None, path: str, default: str | None = None) -> str | None:
        text = None if node is None else self.text(node, path)
        return default if text is None else self.then(colour_at, text, node, path, default=default)

    def then(
        self, fn: Callable[..., Any], value: Any, *args: Any, default: Any = None, keep=True
    ) -> Any:
        got = None if value is None else fn(self.ctx, value, *args)
        return default if got is None else got


class _Kept(dict):
    """A label's values at reading: every {field} kept, for each record to fill."""

    def __contains__(self, key: object) -> bool:
        return True

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _layout_face(ctx: Context, face: Face, where: str, node: Node, path: str) -> Face:
    """The face's layout regions, their texts keeping the {field}s each record fills
    (rules/labels.fill_face): a label's placeholders fill text only."""
    layout = find_layout(ctx, face.layout or "", node, path)
    if layout is None:
        return face
    piece = Piece(_Kept(face.fields), {}, where, node.span, path, face.background)
    return replace(face, regions=fill_layout(ctx, layout, piece))
