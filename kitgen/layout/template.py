"""Template sheets: every template drawn at 1:1, packed onto pages, turned a quarter when
that is the only way it fits. Two documents: the printed sheet and the outline-only variant
for transparency film."""

from __future__ import annotations

from dataclasses import dataclass

from ..model.template import (
    ArcTemplate,
    CircleTemplate,
    ClockTemplate,
    ConeTemplate,
    GridScatterTemplate,
    RulerTemplate,
    Template,
    Templates,
)
from ..rules.rulers import resolve_rulers
from ..units import POINTS_PER
from .env import PlanEnv
from .frame import content_box
from .plan import BBox, Document, Group, Item, Page
from .template_draw import (
    Drawing,
    Pen,
    draw_arc,
    draw_circle,
    draw_clock,
    draw_cone,
    draw_grid_scatter,
    draw_rulers,
)

GAP = 12.0  # between templates: room for scissors


def _drawings(t: Template, env: PlanEnv, outline: bool, longest: float) -> list[Drawing]:
    pen = Pen(env, t.colour, outline)
    if isinstance(t, CircleTemplate):
        return [draw_circle(t, pen)]
    if isinstance(t, ConeTemplate):
        return [draw_cone(t, pen)]
    if isinstance(t, ArcTemplate):
        return [draw_arc(t, pen)]
    if isinstance(t, ClockTemplate):
        return [draw_clock(t, pen)]
    if isinstance(t, GridScatterTemplate):
        return [draw_grid_scatter(t, pen)]
    if isinstance(t, RulerTemplate):
        rulers = resolve_rulers(env.game, t, "templates")
        return draw_rulers(t, rulers, pen, longest)
    raise TypeError(type(t))


KIND_NAMES = {
    CircleTemplate: "circle",
    ConeTemplate: "cone",
    ArcTemplate: "arc",
    ClockTemplate: "clock-scatter",
    GridScatterTemplate: "grid-scatter",
    RulerTemplate: "ruler",
}


def plan_templates(model: Templates, env: PlanEnv) -> list[Document]:
    docs = [_document(model, env, outline=False)]
    if any(t.outline for t in model.items):
        docs.append(_document(model, env, outline=True))
    return docs


def _document(model: Templates, env: PlanEnv, outline: bool) -> Document:
    x0, y0, x1, y1 = content_box(env.paper)
    box_w, box_h = x1 - x0, y1 - y0
    unit = float(POINTS_PER["in"])
    longest = (max(box_w, box_h) - 6) // (unit / 4) * (unit / 4)  # ruler pieces: quarter inches
    component = "Templates (outline, for transparency film)" if outline else "Templates"
    pages: list[Page] = [Page(component)]
    shelves: list[_Shelf] = [_Shelf(0, y1)]
    for index, t in enumerate(model.items):
        if outline and not t.outline:
            continue
        for drawing in _drawings(t, env, outline, longest):
            w, h, turned = drawing.width, drawing.height, False
            long_across = (w > h) == (box_w < box_h)
            if w > box_w + 1e-6 or h > box_h + 1e-6 or (drawing.upright and long_across):
                w, h, turned = h, w, True
            if w > box_w + 1e-6 or h > box_h + 1e-6:
                env.warn(
                    t.span,
                    f"templates[{index}]",
                    f"template {t.id!r} ({_inches(drawing.width)} x "
                    f"{_inches(drawing.height)} in) does not fit on {env.paper.name} paper "
                    "even turned; it was left out",
                    "make it smaller or use larger paper",
                )
                continue
            shelf = _shelf_for(shelves, w, h, (x0, y0, x1, y1))
            if shelf is None:  # a fresh page
                pages.append(Page(component))
                shelf = _Shelf(len(pages) - 1, y1)
                shelves.append(shelf)
            page = pages[shelf.page]
            bx, by = x0 + shelf.used, shelf.top - h
            page.ops.append(_placed(drawing, bx, by, turned))
            page.items.append(_item(t, drawing, bx, by, turned, outline))
            shelf.used += w + GAP
            shelf.height = max(shelf.height, h)
    name = "templates-outline" if outline else "templates"
    return Document(name, component, pages)


@dataclass
class _Shelf:
    """A row of templates on a page, filled left to right."""

    page: int
    top: float
    height: float = 0.0
    used: float = 0.0  # width taken, gaps included


def _shelf_for(shelves: list[_Shelf], w: float, h: float, box: BBox) -> _Shelf | None:
    """First fit: the first row with room (the last row of a page may grow downwards), else a
    new row under a page's last one, else None for a new page."""
    x0, y0, x1, _ = box
    last = {s.page: s for s in shelves}
    for s in shelves:
        if x0 + s.used + w > x1 + 1e-6:
            continue
        if h <= s.height + 1e-6 or (last[s.page] is s and s.top - h >= y0 - 1e-6):
            return s
    for s in last.values():
        top = s.top - s.height - GAP
        if top - h >= y0 - 1e-6:
            row = _Shelf(s.page, top)
            shelves.insert(shelves.index(s) + 1, row)
            return row
    return None


def _placed(d: Drawing, bx: float, by: float, turned: bool) -> Group:
    if not turned:
        return Group(tuple(d.ops), dx=bx, dy=by)
    # a quarter turn anticlockwise maps (x, y) to (-y, x): shift right by the old height
    return Group(tuple(d.ops), dx=bx + d.height, dy=by, rotate=90.0)


def _item(t: Template, d: Drawing, bx: float, by: float, turned: bool, outline: bool) -> Item:
    sx0, sy0, sx1, sy1 = d.shape
    if turned:
        bbox = (bx + d.height - sy1, by + sx0, bx + d.height - sy0, by + sx1)
    else:
        bbox = (bx + sx0, by + sy0, bx + sx1, by + sy1)
    variant = "outline" if outline else "print"
    piece = f"{t.id}.{d.piece}" if d.piece and not d.piece.startswith(t.id) else (d.piece or t.id)
    extra = {"template": KIND_NAMES[type(t)], "variant": variant, "turned": turned, **d.extra}
    return Item("template", t.id, f"{piece}@{variant}", "front", bbox, extra)


def _inches(v: float) -> str:
    return f"{v / 72:.2f}"
