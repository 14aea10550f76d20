"""labels: in game.yaml -> Labels (one label per record of a roster).

The face is read once, like a counter's, but its text keeps the {field}
placeholders: the records may only exist at build time (a roster rolled with
--seed), so the check stage validates the names and layout fills them in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..budget import spend
from ..errors import WRITE_IN
from ..model.counters import SHAPES, Face
from ..model.label import LabelDef, Labels
from ..records import replace
from .counter_copies import colour_at
from .counters import BLANK, FACE, MAX_QUANTITY, PRESET_HINT, SIZE, _read_face, _read_size
from .expand import read_for_each
from .fields import Context, Fields, as_text, check_unique_ids, read_list
from .layouts import Piece, fill_layout, find_layout
from .spec import ANY, ID, INTEGER, LENGTH, TEXT, Choice, Either, Key, ListOf, Named, OneOf, Spec
from .yamlnodes import Map, Node, Scalar, Seq, describe

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


LABEL = Spec(
    "label",
    Key("id", ID, "label ids are <id>-1, <id>-2 ... in record order", required=True),
    Key("name", TEXT, "a human label; placeholders work here too; default: the id"),
    Key("roster", ID, "a generator: its roster rolled with the build's --seed"),
    Key("records", ListOf(Named(ANY, "fields, each a value")), "the records themselves"),
    Key(
        "blanks",
        INTEGER,
        "extra labels with every field a write-in blank",
        default=0,
        lo=0,
        hi=MAX_LABELS,
    ),
    Key("quantity", INTEGER, "copies of each label", default=1, lo=1, hi=MAX_QUANTITY),
    Key("blank", TEXT, "what a missing value prints as", default=BLANK),
    Key("shape", Choice(SHAPES), "the label's outline", default="round"),
    Key("size", SIZE, "as for counters: presets or a length", required=True, missing=PRESET_HINT),
    Key("bleed", LENGTH, "art runs this far past the trim"),
    Key("front", Either(TEXT, FACE), "a counter face; one side only", required=True),
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
    items = read_list(ctx, node, path, _read_label)
    check_unique_ids(ctx, items, path, "label")
    return Labels(tuple(items), node.span)


def _read_label(ctx: Context, node: Node, path: str) -> LabelDef | None:
    f = Fields(ctx, node, path, LABEL)
    if f.map is None:
        return None
    lid = f.id()
    name = f.text("name", default=lid or "")
    roster = f.id("roster")
    records_node = f.node_of("records")
    records = _read_records(ctx, records_node, f.sub("records"))
    blanks = f.integer("blanks")
    quantity = f.integer("quantity")
    blank = f.text("blank")
    shape = f.choice("shape")
    w, h = f.get("size", _read_size, shape) or (None, None)
    bleed = f.length("bleed", positive=False, negative=False)
    front_node = f.node_of("front")
    face = (
        _read_face(ctx, front_node, f.sub("front"), _AsWritten(ctx), (w, h)) if front_node else None
    )
    f.close()
    if f.both("roster", roster is not None, records_node is not None):
        return None
    if f.none("roster", roster is not None, records_node is not None, bool(blanks)):
        return None
    if lid is None or w is None or h is None or face is None or records is None:
        return None
    if face.layout is not None:
        face = _layout_face(ctx, face, f"label {lid!r}", node, path)
    rolled = ctx.extra.get("roster_records", {}).get(roster, 0) if roster else len(records)
    if not spend(ctx, "items", rolled * quantity + blanks, node, path):
        return None
    return LabelDef(
        id=lid,
        name=name,
        shape=shape,
        width=w,
        height=h,
        face=face,
        span=node.span,
        path=path,
        roster=roster,
        roster_span=f.node_of("roster").span if roster is not None else None,  # type: ignore[union-attr]
        records=records,
        blanks=blanks,
        quantity=quantity,
        blank=blank,
        bleed=bleed,
    )


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


def _read_records(ctx: Context, node: Node | None, path: str) -> tuple[dict[str, str], ...] | None:
    """Records as `for_each` reads them (null: a write-in blank); None after an error."""
    if node is None:
        return ()
    if not isinstance(node, Seq):
        ctx.error(node, path, f"expected a list of records (mappings), got {describe(node)}")
        return None
    errors = len(ctx.diags)
    got = read_for_each(ctx, node, path)
    if len(ctx.diags) != errors:
        return None
    for i, record in enumerate(node):
        entries = record.entries if isinstance(record, Map) else {}
        for key, value in entries.items():
            if isinstance(value, Scalar) and value.value is None:
                ctx.warning(
                    value,
                    f"{path}[{i}].{key}",
                    f"{WRITE_IN}record {i + 1} has no value for {key!r}",
                )
    return tuple(r for r in got if r)
