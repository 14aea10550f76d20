"""Template sheets: every template drawn at 1:1, packed onto pages, turned a quarter when
that is the only way it fits. Two documents: the printed sheet and the outline-only variant
for transparency film."""

from __future__ import annotations

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
from .plan import Document, Group, Item, Page
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
    unit = POINTS_PER["in"]
    longest = (max(box_w, box_h) - 6) // (unit / 4) * (unit / 4)  # ruler pieces: quarter inches
    component = "Templates (outline, for transparency film)" if outline else "Templates"
    pages: list[Page] = [Page(component)]
    skylines = [_Skyline(box_w, box_h)]
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
            spots = ((i, sky.find(w, h)) for i, sky in enumerate(skylines))
            number, spot = next(((i, at) for i, at in spots if at is not None), (-1, None))
            if spot is None:  # a fresh page
                pages.append(Page(component))
                skylines.append(_Skyline(box_w, box_h))
                number, spot = len(pages) - 1, (0.0, 0.0)
            sky = skylines[number]
            x, depth = spot
            sky.take(x, w + GAP, depth + h + GAP)
            bx, by = x0 + x, y1 - depth - h
            pages[number].ops.append(_placed(drawing, bx, by, turned))
            pages[number].items.append(_item(t, drawing, bx, by, turned, outline))
    name = "templates-outline" if outline else "templates"
    return Document(name, component, pages, stock="transparency film" if outline else "")


class _Skyline:
    """What is used of one page, as the depth from the top reached along its width; each
    template goes where it can sit highest, then furthest left (holes get filled)."""

    def __init__(self, width: float, height: float):
        self.width, self.height = width, height
        self.segs: list[list[float]] = [[0.0, width, 0.0]]  # [x, width, depth]

    def find(self, w: float, h: float) -> tuple[float, float] | None:
        best: tuple[float, float] | None = None
        for x, _, _ in self.segs:
            if x + w > self.width + 1e-6:
                continue
            depth = max(d for sx, sw, d in self.segs if sx < x + w - 1e-6 and sx + sw > x + 1e-6)
            if depth + h <= self.height + 1e-6 and (best is None or (depth, x) < best[::-1]):
                best = (x, depth)
        return best

    def take(self, x: float, w: float, depth: float) -> None:
        """Mark [x, x + w) used down to depth (gaps included by the caller)."""
        end = min(self.width, x + w)
        out: list[list[float]] = []
        for sx, sw, d in self.segs:
            for lo, hi in ((sx, min(sx + sw, x)), (max(sx, end), sx + sw)):
                if hi - lo > 1e-6:
                    out.append([lo, hi - lo, d])
        out.append([x, end - x, depth])
        out.sort()
        merged: list[list[float]] = []
        for seg in out:
            if merged and abs(merged[-1][2] - seg[2]) < 1e-6:
                merged[-1][1] += seg[1]
            else:
                merged.append(seg)
        self.segs = merged


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
