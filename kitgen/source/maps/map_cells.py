"""Cell references on a map being read: a label ('0304', 'C4'), a range ('A1:C3') or a list."""

from __future__ import annotations

from ...geometry import Cell
from ...model.map import MapDef
from ...model.mapbuild import rect_cells
from ..fields import Context, as_text, expect_seq
from ..yamlnodes import Node, Scalar


def cell_ref(ctx: Context, m: MapDef, node: Node, path: str) -> Cell | None:
    text = as_text(ctx, node, path)
    if text is None:
        return None
    cell = m.cell_at_label(text)
    if cell is None:
        ctx.error(node, path, f"no cell {text!r} on map {m.id!r}", label_hint(m))
    return cell


def label_hint(m: MapDef) -> str:
    return f"cells run from {m.label_span()}" if m.cells else ""


def cell_refs(ctx: Context, m: MapDef, node: Node, path: str) -> list[Cell]:
    """A list of labels and ranges ('A1:C3'); a single text is a list of one."""
    items = [node] if isinstance(node, Scalar) else list(expect_seq(ctx, node, path) or [])
    out: list[Cell] = []
    for i, item in enumerate(items):
        ipath = path if isinstance(node, Scalar) else f"{path}[{i}]"
        text = as_text(ctx, item, ipath)
        if text is None:
            continue
        if ":" in text:
            a_text, _, b_text = text.partition(":")
            a, b = m.cell_at_label(a_text), m.cell_at_label(b_text)
            bad = [t for t, c in ((a_text, a), (b_text, b)) if c is None]
            if bad:
                ctx.error(item, ipath, f"no cell {bad[0]!r} on map {m.id!r}", label_hint(m))
                continue
            out.extend(c for c in rect_cells(a, b) if c in m.cells)  # type: ignore[arg-type]
        else:
            cell = m.cell_at_label(text)
            if cell is None:
                ctx.error(item, ipath, f"no cell {text!r} on map {m.id!r}", label_hint(m))
                continue
            out.append(cell)
    return out
