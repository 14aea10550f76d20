"""Template sheets: every template drawn at 1:1, packed onto pages, turned a quarter when
that is the only way it fits. Two documents: the printed sheet and the outline-only variant
for transparency film."""

from __future__ import annotations

from ...model.template import (
    RulerTemplate,
    Template,
    Templates,
)
from ...records import replace
from ...rules.rulers import resolve_rulers
from ...units import POINTS_PER
from ..env import PlanEnv
from ..frame import content_box
from ..impose import Imposition, Spot, fits, impose
from ..plan import Document, Group, Item, Page
from .template_draw import KINDS, Drawing, Pen, draw_rulers, kind, with_caption

GAP = 12.0  # between templates: room for scissors


def _drawings(
    t: Template,
    env: PlanEnv,
    outline: bool,
    longest: float,
    chart_width: float,
    beside: bool = False,
) -> list[Drawing]:
    """The template's pieces; the first carries the caption block beside its shape: the
    notes no piece had room for at rules size (every note, with `beside`)."""
    pen = Pen(env, t.colour, outline, beside)
    drawings = KINDS[type(t)].draw(t, pen, env, (longest, chart_width))
    if not drawings:
        return drawings
    first = drawings[0]
    return [with_caption(first, t.title, list(first.caption), pen), *drawings[1:]]


@kind(RulerTemplate, "ruler", whole=False)
def _rulers(t: RulerTemplate, pen: Pen, env: PlanEnv, room: tuple[float, float]) -> list[Drawing]:
    """A range ruler, its bands read from the game's weapon table, in pieces that fit."""
    longest, chart_width = room
    return draw_rulers(t, resolve_rulers(env.game, t, "templates"), pen, longest, chart_width)


def plan_templates(model: Templates, env: PlanEnv) -> list[Document]:
    docs = [_document(model, env, outline=False)]
    if any(t.outline for t in model.items):
        docs.append(_document(model, env, outline=True))
    return docs


def _document(model: Templates, env: PlanEnv, outline: bool) -> Document:
    x0, y0, x1, y1 = content_box(env.paper)
    unit = POINTS_PER["in"]
    # ruler pieces: quarter inches, as long as the sheet's long side allows
    longest = (max(x1 - x0, y1 - y0) - 6) // (unit / 4) * (unit / 4)
    component = "Templates (outline, for transparency film)" if outline else "Templates"
    placed: list[tuple[Template, Drawing]] = []
    for index, t, drawings in _every_drawing(model, env, outline, longest, x1 - x0):
        for drawing in drawings:
            if not fits((drawing.width, drawing.height), env.paper, turn=True):
                env.warn(
                    t.span,
                    f"templates[{index}]",
                    f"template {t.id!r} ({_inches(drawing.width)} x "
                    f"{_inches(drawing.height)} in) does not fit on {env.paper.name} paper "
                    "even turned; it was left out",
                    "make it smaller or use larger paper",
                )
                continue
            placed.append((t, drawing))
    sizes = [(d.width, d.height) for _, d in placed]
    turn = ["long" if d.upright else "fit" for _, d in placed]
    series = _series([t for t, _ in placed])
    laid = _in_order(_in_assembly_order(sizes, turn, series, env), sizes) if placed else None
    pages = [Page(component, size=sheet.size) for sheet in laid.sheets] if laid else []
    for spot in laid.spots if laid else []:
        t, drawing = placed[spot.index]
        turned = spot.index in laid.turned  # type: ignore[union-attr]
        page = pages[spot.sheet]
        page.ops.append(_placed(drawing, spot.x, spot.y, turned))
        page.items += _items(t, drawing, spot.x, spot.y, turned, outline)
    name = "templates-outline" if outline else "templates"
    return Document(
        name, component, pages or [Page(component)], stock="transparency film" if outline else ""
    )


def _every_drawing(
    model: Templates, env: PlanEnv, outline: bool, longest: float, chart_width: float
) -> list[tuple[int, Template, list[Drawing]]]:
    """Each template of the file (by its index) and its drawings. Templates of one kind
    place their notes one way: where one's had no room on its shape and went beside it,
    every one of that kind prints them beside (not one cone's inside, the next's under)."""
    out = [
        (i, t, _drawings(t, env, outline, longest, chart_width))
        for i, t in enumerate(model.items)
        if t.outline or not outline
    ]
    beside = {
        type(t)
        for _, t, drawings in out
        if drawings and t.notes and set(t.notes) <= set(drawings[0].extra.get("caption", ()))
    }
    return [
        (i, t, _drawings(t, env, outline, longest, chart_width, beside=True))
        if type(t) in beside and t.notes
        else (i, t, drawings)
        for i, t, drawings in out
    ]


def _series(placed: list[Template]) -> list[int]:
    """Each placed piece's series: a cone that starts down range (`start`) joins the last
    cone before it (its narrow end on that one's wide end); any other piece (each ruler
    of a ruler template's) is a series of its own."""
    out: list[int] = []
    last: dict[type, int] = {}  # each kind's last series
    for k, t in enumerate(placed):
        joins = getattr(t, "start", 0.0) > 0 and type(t) in last
        out.append(last[type(t)] if joins else k)
        last[type(t)] = out[-1]
    return out


def _in_assembly_order(
    sizes: list[tuple[float, float]], turn: list[str], series: list[int], env: PlanEnv
) -> Imposition:
    """Sheet after sheet, each taking the pieces left, in the kit's order, that still pack
    onto it with those it holds; a piece of a series (_series) one of which did not fit
    waits for the next sheet. A template in parts (cone pieces laid end to end) so prints
    its parts in the order they join, each on the sheet of the last or the next one,
    while other pieces fill the room they leave."""
    left = list(range(len(sizes)))
    runs: list[list[int]] = []
    while left:
        if all(series.count(series[i]) == 1 for i in left):  # none joins another: packed
            rest = impose([sizes[j] for j in left], env.paper, GAP, turn=[turn[j] for j in left])
            packed = [
                [left[s.index] for s in rest.spots if s.sheet == n] for n in range(len(rest.sheets))
            ]
            runs += sorted(packed, key=min)  # the sheets by their first piece
            break
        run: list[int] = []
        waiting: set[int] = set()
        for i in left:
            if series[i] in waiting:
                continue
            trial = run + [i]
            one = impose([sizes[j] for j in trial], env.paper, GAP, turn=[turn[j] for j in trial])
            if len(one.sheets) == 1 or not run:
                run = trial
            else:
                waiting.add(series[i])
        runs.append(run)
        # the next sheet starts with the rest of a series begun here, so its next part
        # prints on the sheet after its last
        begun = {series[i] for i in run}
        left = sorted((i for i in left if i not in run), key=lambda i: (series[i] not in begun, i))
    spots: list[Spot] = []
    sheets: list = []
    turned: set[int] = set()
    for run in runs:
        one = impose([sizes[j] for j in run], env.paper, GAP, turn=[turn[j] for j in run])
        spots += [replace(s, index=run[s.index], sheet=len(sheets) + s.sheet) for s in one.spots]
        turned |= {run[k] for k in one.turned}
        sheets += one.sheets
    return Imposition(sorted(spots, key=lambda s: s.index), sheets, frozenset(turned))


def _in_order(laid: Imposition, sizes: list[tuple[float, float]]) -> Imposition:
    """Each sheet read in the kit's order (the imposer packs tallest first; the sheets
    are in order already, _in_assembly_order): its shelves (the pieces hanging from one
    top) stacked by their first piece, and each shelf's pieces left to right, with the
    same gaps, so every sheet and both files (the print and the outline one) show the
    templates in one order."""
    spots: list[Spot] = []
    for n in range(len(laid.sheets)):
        shelves: dict[float, list[tuple[Spot, float, float]]] = {}
        for s in (s for s in laid.spots if s.sheet == n):
            w, h = sizes[s.index][::-1] if s.index in laid.turned else sizes[s.index]
            shelves.setdefault(round(s.y + h, 3), []).append((s, w, h))
        top = max(shelves)
        for _, row in sorted(shelves.items(), key=lambda kv: min(s.index for s, _, _ in kv[1])):
            x = min(s.x for s, _, _ in row)
            for s, w, h in sorted(row, key=lambda r: r[0].index):
                spots.append(Spot(s.index, n, x, top - h))
                x += w + GAP
            top -= max(h for _, _, h in row) + GAP
    return replace(laid, spots=sorted(spots, key=lambda s: s.index))


def _placed(d: Drawing, bx: float, by: float, turned: bool) -> Group:
    if not turned:
        return Group(tuple(d.ops), dx=bx, dy=by)
    # a quarter turn anticlockwise maps (x, y) to (-y, x): shift right by the old height
    return Group(tuple(d.ops), dx=bx + d.height, dy=by, rotate=90.0)


def _items(
    t: Template, d: Drawing, bx: float, by: float, turned: bool, outline: bool
) -> list[Item]:
    """The manifest's items for a placed drawing: one, or one per part of a block (each
    part of a ruler is a piece of its own, cut from the block)."""
    parts = d.parts or [(d.shape, d.piece, {})]
    out = []
    for n, (shape, suffix, facts) in enumerate(parts):
        sx0, sy0, sx1, sy1 = shape
        if turned:
            bbox = (bx + d.height - sy1, by + sx0, bx + d.height - sy0, by + sx1)
        else:
            bbox = (bx + sx0, by + sy0, bx + sx1, by + sy1)
        variant = "outline" if outline else "print"
        piece = f"{t.id}.{suffix}" if suffix and not suffix.startswith(t.id) else (suffix or t.id)
        extra = {"template": KINDS[type(t)].name, "variant": variant, "turned": turned}
        extra |= {**d.extra, **facts} if n == 0 else facts
        out.append(Item("template", t.id, f"{piece}@{variant}", "front", bbox, extra))
    return out


def _inches(v: float) -> str:
    return f"{v / 72:.2f}"
