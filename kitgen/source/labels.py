"""labels: in game.yaml -> Labels (one label per record of a roster).

The face is read once, like a counter's, but its text keeps the {field}
placeholders: the records may only exist at build time (a roster rolled with
--seed), so the check stage validates the names and layout fills them in.
"""

from __future__ import annotations

from ..budget import spend
from ..colours import ColourError, parse_colour
from ..errors import WRITE_IN
from ..model.counters import SHAPES
from ..model.label import LabelDef, Labels
from .counters import BLANK, MAX_QUANTITY, PRESET_HINT, _read_face, _read_size, _Vars
from .expand import read_for_each
from .fields import Context, Fields, as_text, check_unique_ids, read_list
from .yamlnodes import Map, Node, Scalar, Seq, describe

MAX_LABELS = 10_000


class _Deferred(_Vars):
    """Text is kept as written: its placeholders are filled per record at build time."""

    def __init__(self, ctx: Context):
        super().__init__(ctx, {})

    def text(self, node: Node, path: str) -> str | None:
        return as_text(self.ctx, node, path)

    def colour(self, node: Node, path: str) -> str | None:
        text = as_text(self.ctx, node, path)
        if text is None:
            return None
        if "{" in text:
            self.ctx.error(
                node,
                path,
                f"a label's colour cannot hold a placeholder ({text!r})",
                "record fields fill text only",
            )
            return None
        try:
            return parse_colour(text, self.ctx.palette)
        except ColourError as exc:
            self.ctx.error(node, path, exc.message, exc.hint)
            return None


def read_labels(ctx: Context, node: Node, path: str) -> Labels:
    items = read_list(ctx, node, path, _read_label)
    check_unique_ids(ctx, items, path, "label")
    return Labels(tuple(items), node.span)


def _read_label(ctx: Context, node: Node, path: str) -> LabelDef | None:
    f = Fields(ctx, node, path)
    if f.map is None:
        return None
    lid = f.id()
    name = f.text("name", default=lid or "")
    roster = f.id("roster", required=False)
    records_node = f.raw("records")
    records = _read_records(ctx, records_node, f.sub("records"))
    blanks = f.integer("blanks", default=0, lo=0, hi=MAX_LABELS)
    quantity = f.integer("quantity", default=1, lo=1, hi=MAX_QUANTITY)
    blank = f.text("blank", default=BLANK)
    shape = f.choice("shape", SHAPES, default="round")
    size_node = f.raw("size")
    w = h = None
    if size_node is None:
        ctx.error(node, path, "missing required key 'size'", PRESET_HINT)
    else:
        w, h = _read_size(ctx, size_node, f.sub("size"), shape)
    bleed = f.length("bleed", positive=False, negative=False)
    front_node = f.raw("front")
    if front_node is None:
        ctx.error(node, path, "missing required key 'front'")
    face = _read_face(ctx, _Deferred(ctx), front_node, f.sub("front")) if front_node else None
    f.close()
    if roster is not None and records_node is not None:
        ctx.error(node, path, "give roster or records, not both")
        return None
    if roster is None and records_node is None and not blanks:
        ctx.error(
            node,
            path,
            "a label needs roster, records or blanks",
            "roster: a generator id; records: a list of mappings; blanks: a number",
        )
        return None
    if lid is None or w is None or h is None or face is None or records is None:
        return None
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
        roster_span=f.raw("roster").span if roster is not None else None,
        records=records,
        blanks=blanks,
        quantity=quantity,
        blank=blank,
        bleed=bleed,
    )


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
        for key, (_, value) in entries.items():
            if isinstance(value, Scalar) and value.value is None:
                ctx.warning(
                    value,
                    f"{path}[{i}].{key}",
                    f"{WRITE_IN}record {i + 1} has no value for {key!r}",
                )
    return tuple(r for r in got if r)
