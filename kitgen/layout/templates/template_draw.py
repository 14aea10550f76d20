"""Each template kind drawn in its own frame (points, origin bottom-left of its drawing).

A drawing knows the extent of everything it draws and, separately, the extent of the shape
itself (the manifest bbox). `outline=True` draws the transparency variant: strokes only, no
fills and no hatching, so a film print leaves the table visible through it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, TypeVar

from ...colours import mix
from ...geometry import arc_template_cells, clip_polygon, sector_pieces, template_apex
from ...geometry.measure import band_spans, cone_width, ring_radii, split_length, ticks
from ...geometry.shapes import Point
from ...model.template import (
    ArcTemplate,
    CircleTemplate,
    ClockTemplate,
    ConeTemplate,
    GridScatterTemplate,
    RulerTemplate,
)
from ...records import field, record
from ...rules.rulers import UNIT_WORDS, Ruler
from ...style import (
    CHART_SIZE,
    GRID_INK,
    INK,
    MID_INK,
    MUTED,
    PAPER,
    PIECE_MIN,
    RULES_LEAD,
    RULES_MIN,
    typeset,
)
from ...units import POINTS_PER, mm
from ..env import PlanEnv
from ..plan import BBox, Circle, Font, Group, Line, Path, Rect, Stroke, Text
from ..text import fit_text, wrap

CHECK_BAR = mm(50)  # 141.732 pt: the length a user measures to see the print is 1:1
BAR_H = 3.0
CAPTION = PIECE_MIN  # a caption on a piece (the check bar's, scale numbers, part names)
NOTE = RULES_MIN  # instruction text: notes on or beside a template, its caption block
CUT = 1.0  # cut-line width


@record(frozen=False)
class Drawing:
    ops: list
    width: float
    height: float
    shape: BBox  # the template's own extent, inside (0, 0, width, height)
    piece: str = ""  # suffix for pieces of one template (ruler parts)
    upright: bool = False  # strips: lay the long side along the page's long side
    extra: dict[str, Any] = field(default_factory=dict)
    caption: list[str] = field(default_factory=list)  # notes with no room on the piece
    # pieces printed together as one block (a ruler's parts): each one's shape inside the
    # drawing, its piece suffix and its manifest facts; empty for a drawing of one piece
    parts: list[tuple[BBox, str, dict[str, Any]]] = field(default_factory=list)


class Pen:
    """Fonts and colours shared by the drawing functions of one template. Every text it
    sets or measures is set with the characters the data means (`style.typeset`: a real
    minus in "-2 to scatter"), so a template's notes read as the sheets' do."""

    def __init__(self, env: PlanEnv, colour: str, outline: bool, beside: bool = False):
        self.env = env
        self.colour = colour
        self.outline = outline
        self.beside = beside  # notes beside the shape, even where they fit on it
        self.regular = env.face()
        self.bold = env.face(bold=True)
        self.tint = mix(colour, PAPER, 0.82)
        self.tint2 = mix(colour, PAPER, 0.65)
        self.cut = Stroke(colour if not outline else INK, CUT)

    def fill(self, colour: str) -> str | None:
        return None if self.outline else colour

    def text(
        self,
        x: float,
        y: float,
        text: str,
        size: float,
        bold: bool = False,
        align: str = "centre",
        colour: str = INK,
        angle: float = 0.0,
    ) -> Text:
        face = self.bold if bold else self.regular
        return Text(x, y, typeset(text), Font(face, size), colour, align, angle)

    def width(self, text: str, size: float, bold: bool = False) -> float:
        return self.env.fonts.width(typeset(text), self.bold if bold else self.regular, size)

    def fit(
        self, text: str, size: float, width: float, bold: bool = False, least: float = CAPTION
    ) -> float:
        """The size at which one line fits `width` (down to `least`, a piece's 6 pt)."""
        face = self.bold if bold else self.regular
        return fit_text(
            typeset(text), face, size, least, width, size * 1.3, self.env.fonts, wrap_lines=False
        ).size

    def fits(self, text: str, size: float, width: float, bold: bool = False) -> bool:
        return self.width(text, size, bold) <= width + 1e-6

    def pad(self, x: float, y: float, w: float, h: float) -> list:
        """A white label pad behind text over shading and lines. On film too: white is no
        ink, so the table shows through, but no grid line or ring runs through the words."""
        return [Rect(x, y, w, h, fill=PAPER, stroke=Stroke(GRID_INK, 0.4), radius=2)]

    def check_bar(self, x: float, y: float, label_below: bool = False) -> list:
        """The 50 mm check bar with end ticks, its left end at (x, y)."""
        thin = Stroke(INK, 0.5)
        bar = Rect(
            x, y, CHECK_BAR, BAR_H, fill=self.fill(INK), stroke=None if not self.outline else thin
        )
        return [
            bar,
            Line(x, y - 2, x, y + BAR_H + 2, thin),
            Line(x + CHECK_BAR, y - 2, x + CHECK_BAR, y + BAR_H + 2, thin),
            self.text(
                x + CHECK_BAR / 2,
                y - 7.5 if label_below else y + BAR_H + 2.5,
                "50 mm check",
                CAPTION,
            ),
        ]


CAPTION_GAP = 6.0  # between a template's shape and its caption block
CAPTION_WIDTH = (180.0, 288.0)  # a caption block wraps to 2.5-4 in, or the shape's width


def with_caption(d: Drawing, title: str, lines: list[str], pen: Pen) -> Drawing:
    """The drawing with a caption block under it, outside the shape: the template's title
    (so the block names the piece it belongs to), then `lines` (notes with no room on the
    piece at rules size, the kit's-reading notes) at rules size, wrapped to its width."""
    if not lines:
        return d
    measure = max(CAPTION_WIDTH[0], min(d.width, CAPTION_WIDTH[1]))
    fonts = pen.env.fonts
    wrapped = [w for ln in lines for w in wrap(typeset(ln), pen.regular, NOTE, measure, fonts)]
    width = max(d.width, measure)
    head = NOTE + 1.0  # the title, bold, a point larger
    # baselines from the top: the title's capitals reach the block's top, the last line's
    # descenders its foot
    height = head * 0.75 + 1.0 + len(wrapped) * RULES_LEAD + NOTE * 0.25
    y = height - head * 0.75
    ops: list = [pen.text(0, y, title, head, True, "left", pen.colour)]
    y -= 1.0
    for line in wrapped:
        y -= RULES_LEAD
        ops.append(pen.text(0, y, line, NOTE, align="left"))
    shift = height + CAPTION_GAP
    sx0, sy0, sx1, sy1 = d.shape
    return Drawing(
        [*ops, Group(tuple(d.ops), dy=shift)],
        width,
        d.height + shift,
        (sx0, sy0 + shift, sx1, sy1 + shift),
        d.piece,
        d.upright,
        {**d.extra, "caption": list(lines)},
        parts=[
            ((a, b + shift, c, e + shift), piece, extra) for (a, b, c, e), piece, extra in d.parts
        ],
    )


def _unit_label(value: float, unit: str) -> str:
    n = value / POINTS_PER[unit]
    return f"{n:g}" if abs(n - round(n, 2)) < 1e-6 else f"{n:.1f}"


# ---- the kinds ------------------------------------------------------------------------

# What draws a template: the template, a pen, the planner's env and the room on a page
# (the longest piece it takes, a ruler being cut into pieces that fit, and the width a
# chart may take); one drawing per piece.
DrawKind = Callable[[Any, "Pen", PlanEnv, tuple[float, float]], list[Drawing]]


@record
class Kind:
    name: str  # the manifest's name for it: circle, cone ...
    draw: DrawKind


KINDS: dict[type, Kind] = {}  # model class -> its kind, registered with @kind
F = TypeVar("F", bound=Callable[..., Any])


def kind(model: type, name: str, whole: bool = True) -> Callable[[F], F]:
    """Register what draws templates of the model class `model`: with `whole`, a function
    of the template and the pen making one drawing; else a DrawKind."""

    def register(draw: F) -> F:
        drawn: DrawKind = (lambda t, pen, env, room: [draw(t, pen)]) if whole else draw
        KINDS[model] = Kind(name, drawn)
        return draw

    return register


# ---- circle ---------------------------------------------------------------------------


@kind(CircleTemplate, "circle")
def draw_circle(t: CircleTemplate, pen: Pen) -> Drawing:
    r = t.radius
    ops: list = [Circle(r, r, r, fill=pen.fill(pen.tint), stroke=pen.cut)]
    thin = Stroke(INK, 0.5)
    ops += [Line(r - 6, r, r + 6, r, thin), Line(r, r - 6, r, r + 6, thin)]
    size = min(13.0, max(CAPTION, r / 7))
    ops.append(pen.text(r, r + r * 0.35, t.title, pen.fit(t.title, size, 1.5 * r, True), True))
    label = t.label or f"{_unit_label(2 * r, 'in')} in diameter"
    label_size = pen.fit(label, max(CAPTION, size * 0.75), 1.5 * r)
    ops.append(pen.text(r, r + r * 0.35 - size * 1.3, label, label_size))
    # the bar inside when the chord below the centre is long enough, else under the circle
    by = r - r * 0.55
    inside = 2 * math.sqrt(max(0.0, r * r - (r - by) ** 2)) > CHECK_BAR + 16
    floor = by + BAR_H + 10 if inside else r * 0.2
    notes = [] if pen.beside else _circle_notes(t, pen, max(NOTE, size * 0.7), floor)
    ops += notes
    caption = [] if notes or not t.notes else list(t.notes)
    if inside:
        ops += pen.check_bar(r - CHECK_BAR / 2, by)
        return Drawing(ops, 2 * r, 2 * r, (0, 0, 2 * r, 2 * r), caption=caption)
    width = max(2 * r, CHECK_BAR + 4)
    shift = (width - 2 * r) / 2
    return Drawing(
        [Group(tuple(ops), dx=shift, dy=18), *pen.check_bar((width - CHECK_BAR) / 2, 4)],
        width,
        2 * r + 18,
        (shift, 18, shift + 2 * r, 18 + 2 * r),
        caption=caption,
    )


def _circle_notes(t: CircleTemplate, pen: Pen, size: float, floor: float) -> list:
    """The notes under the centre at `size` (rules size or more), if every line fits the
    circle's chord and stays above `floor`; else none (they go beside the circle)."""
    r, ops = t.radius, []
    y = r - r * 0.18
    for note in t.notes:
        y -= max(size * 1.25, min(13.0, r / 7) * 0.9)
        low = r - (y - size * 0.25)  # the line's lowest point, from the centre
        chord = 2 * math.sqrt(max(0.0, r * r - low * low))
        if y - size * 0.25 < floor or not pen.fits(note, size, chord - 12):
            return []
        ops.append(pen.text(r, y, note, size))
    return ops


# ---- cone -----------------------------------------------------------------------------


@kind(ConeTemplate, "cone")
def draw_cone(t: ConeTemplate, pen: Pen) -> Drawing:
    """Pointing right: x is distance from the piece's near edge, the axis at mid height."""
    near = cone_width(t.start_width, t.spread, t.per, t.start)
    far = cone_width(t.start_width, t.spread, t.per, t.start + t.length)
    L, H = t.length, far
    mid = H / 2
    poly: tuple[Point, ...] = ((0.0, mid - near / 2), (L, 0.0), (L, H), (0.0, mid + near / 2))
    if near == 0:
        poly = ((0.0, mid), (L, 0.0), (L, H))
    thin = Stroke(INK, 0.4)
    ops: list = [
        Path(poly, fill=pen.fill(pen.tint), stroke=pen.cut),
        Line(0, mid, L, mid, Stroke(GRID_INK, 0.5, (3, 2))),
    ]
    # a band mark labelled with its distance says the tick's number: not twice
    marked = [m.at for m in t.marks if m.label == _unit_label(m.at, t.unit)]
    for d in ticks(t.start, t.start + t.length, t.tick):
        x = d - t.start
        half = min(4.0, cone_width(t.start_width, t.spread, t.per, d) / 2)
        ops.append(Line(x, mid - half, x, mid + half, thin))
        said = any(abs(d - at) < 1e-6 for at in marked)
        if 0 < x and not said and cone_width(t.start_width, t.spread, t.per, d) > 20:
            # every number under the axis, right of its tick (left of the far end's)
            end = x > L - 8
            at, align = (x - 1.5, "right") if end else (x + 1.5, "left")
            ops.append(pen.text(at, mid - 8, _unit_label(d, t.unit), CAPTION, align=align))
    for mark in t.marks:
        x = mark.at - t.start
        w = cone_width(t.start_width, t.spread, t.per, mark.at)
        ops.append(Line(x, mid - w / 2, x, mid + w / 2, Stroke(pen.colour, 1.2)))
        if mark.label:
            ops.append(
                pen.text(x - 2, mid + 2, mark.label, 6, True, align="right", colour=pen.colour)
            )
    rate = (
        f"{_unit_label(t.spread, t.unit)} {t.unit} wider per {_unit_label(t.per, t.unit)} {t.unit}"
    )
    room = min(L * 0.45, 260.0)
    # above the axis: title and rate; below: the numbers, the check bar, then the notes
    # the title's baseline a point over the ticks (4 pt either side of the axis at most)
    ops.append(pen.text(L - 6, mid + 5, t.title, pen.fit(t.title, 9, room, True), True, "right"))
    ops.append(pen.text(L - 6, mid + 14.5, rate, pen.fit(rate, 7, room), align="right"))
    bar_x, bar_y = L - 6 - CHECK_BAR, mid - BAR_DROP
    inside = _cone_room(t, bar_x, mid - bar_y + 2) and _cone_room(
        t, bar_x + CHECK_BAR / 2 - 30, mid - bar_y + BAR_FOOT
    )
    notes = [] if pen.beside else _cone_notes(t, pen, bar_y - BAR_FOOT - 1 if inside else mid - 11)
    ops += notes
    extra = {"near_width": round(near, 4), "far_width": round(far, 4)}
    caption = [] if notes or not t.notes else list(t.notes)
    if inside:
        ops += pen.check_bar(bar_x, bar_y, label_below=True)
        return Drawing(ops, L, H, (0, 0, L, H), extra=extra, caption=caption)
    # no room in the cone: the bar under it, at its far end
    bar = pen.check_bar(bar_x, 4)
    return Drawing([Group(tuple(ops), dy=18), *bar], L, H + 18, (0, 18, L, H + 18), extra=extra,
                   caption=caption)  # fmt: skip


BAR_DROP = 14.0  # a cone's check bar: its top this far under the axis, under the numbers
BAR_FOOT = 9.5  # from a check bar's foot to the foot of its caption set under it


def _cone_room(t: ConeTemplate, x: float, depth: float) -> bool:
    """Whether something reaching `depth` under the axis at `x` (and further along) stays
    inside the cone, 2 pt from its edge."""
    return depth <= cone_width(t.start_width, t.spread, t.per, t.start + max(0.0, x)) / 2 - 2


def _cone_notes(t: ConeTemplate, pen: Pen, top: float) -> list:
    """The notes right-aligned at the far end under `top`, at rules size, if every line
    stays inside the cone with a margin; else none (they go beside the cone)."""
    L, mid = t.length, cone_width(t.start_width, t.spread, t.per, t.start + t.length) / 2
    ops, y = [], top
    for note in t.notes:
        y -= RULES_LEAD
        x = L - 6 - pen.width(note, NOTE)
        half = cone_width(t.start_width, t.spread, t.per, t.start + max(0.0, x)) / 2
        if x < 6 or mid - (y - NOTE * 0.25) > half - 4:
            return []
        ops.append(pen.text(L - 6, y, note, NOTE, align="right"))
    return ops


# ---- arc on a square grid -------------------------------------------------------------


@kind(ArcTemplate, "arc")
def draw_arc(t: ArcTemplate, pen: Pen) -> Drawing:
    """The template pointing up the page; the shooter's square below the apex."""
    u = t.square
    apex = template_apex(90.0, t.apex)  # type: ignore[arg-type]
    pieces = sector_pieces(apex, 90.0, t.spread_deg, t.depth, 64)
    cover = arc_template_cells(t.spread_deg, t.depth, t.rule, 90.0, t.apex)  # type: ignore[arg-type]
    pts = [p for piece in pieces for p in piece]
    sx0, sy0 = min(p[0] for p in pts), min(p[1] for p in pts)
    sx1, sy1 = max(p[0] for p in pts), max(p[1] for p in pts)
    x0, y0 = min(sx0, -0.5), min(sy0, -0.5)
    x1, y1 = max(sx1, 0.5), max(sy1, 0.5)

    def at(p: Point) -> tuple[float, float]:
        return ((p[0] - x0) * u, (p[1] - y0) * u)

    ops: list = []
    for dy in range(math.floor(sy0 + 0.5), math.floor(sy1 + 0.5) + 1):
        for dx in range(math.floor(sx0 + 0.5), math.floor(sx1 + 0.5) + 1):
            for piece in pieces:
                part = clip_polygon(_square((dx, dy)), piece)
                if not part:
                    continue
                poly = tuple(at(p) for p in part)
                state = (
                    "full"
                    if (dx, dy) in cover.full
                    else "partial"
                    if (dx, dy) in cover.partial
                    else ""
                )
                ops += _cell_ops(poly, state, pen)
    outline = [at(p) for p in _sector_outline(apex, t.spread_deg, t.depth)]
    ops.append(Path(tuple(outline), stroke=pen.cut))
    # the shooter's square, outside the piece: where the template is laid from
    sq = at((-0.5, -0.5))
    ops.append(Rect(sq[0], sq[1], u, u, stroke=Stroke(GRID_INK, 0.8, (3, 2))))
    ops.append(pen.text(sq[0] + u / 2, sq[1] + u / 2 - 3, "shooter", 7, colour=MID_INK))
    # title, legend and the check bar on a pad in the middle of the piece
    cx = (0 - x0) * u
    top = (apex[1] + t.depth * 0.8 - y0) * u
    covered = t.covered_label or (
        "covered: centre inside" if t.rule == "centre" else "covered: at least half inside"
    )
    partial = t.partial_label or "partly covered"
    pad_w = max(
        CHECK_BAR + 24,
        pen.width(t.title, 11, True) + 20,
        pen.width(covered, 7) + 30,
        pen.width(partial, 7) + 30,
        *[pen.width(note, NOTE) + 16 for note in t.notes],
    )
    lines = len(t.notes)
    pad_h = 64 + 9 * lines
    plate = (cx - pad_w / 2 - 6, top - pad_h - 6, cx + pad_w / 2 + 6, top + 6)
    if pen.outline:  # on film: a cross on covered cells, a ring on partly covered ones
        for cell in sorted(cover.full):
            if not _inside(at(cell), plate):
                ops += _film_mark(at(cell), "full", pen)
        for cell in sorted(cover.partial):
            parts = [clip_polygon(_square(cell), piece) for piece in pieces]
            inside = [p for poly in parts for p in poly]
            centroid = (
                sum(p[0] for p in inside) / len(inside),
                sum(p[1] for p in inside) / len(inside),
            )
            if not _inside(at(centroid), plate):
                ops += _film_mark(at(centroid), "partial", pen)
    ops += _arc_plate(t, pen, (cx, top, pad_w, pad_h), covered, partial)
    shape = (*at((sx0, sy0)), *at((sx1, sy1)))
    extra = {
        "rule": t.rule,
        "square": round(u, 4),
        "covered": sorted([list(c) for c in cover.full]),
        "partial": sorted([list(c) for c in cover.partial]),
    }
    return Drawing(ops, (x1 - x0) * u, (y1 - y0) * u, shape, extra=extra)


def _arc_plate(
    t: ArcTemplate, pen: Pen, box: tuple[float, float, float, float], covered: str, partial: str
) -> list:
    """The pad centred at (cx, top) of pad_w x pad_h: title, legend, notes, check bar."""
    cx, top, pad_w, pad_h = box
    ops: list = pen.pad(cx - pad_w / 2, top - pad_h, pad_w, pad_h)
    ops.append(pen.text(cx, top - 14, t.title, 11, True))
    lx = cx - pad_w / 2 + 10
    ops += _legend_row(lx, top - 28, "full", covered, pen)
    ops += _legend_row(lx, top - 40, "partial", partial, pen)
    ly = top - 40
    for note in t.notes:
        ly -= 9
        ops.append(pen.text(cx, ly, note, NOTE))
    ops += pen.check_bar(cx - CHECK_BAR / 2, top - pad_h + 6)
    return ops


def _legend_row(lx: float, ly: float, state: str, words: str, pen: Pen) -> list:
    """A swatch of a cell in `state` and its words, at (lx, ly)."""
    sw = 8.0
    swatch = ((lx, ly - 1), (lx + sw, ly - 1), (lx + sw, ly + sw - 1), (lx, ly + sw - 1))
    ops = list(_cell_ops(swatch, state, pen))
    if pen.outline:
        ops += _film_mark((lx + sw / 2, ly + sw / 2 - 1), state, pen)
    ops.append(pen.text(lx + sw + 4, ly, words, 7, align="left"))
    return ops


def _square(cell: tuple[int, int]) -> list[Point]:
    dx, dy = cell
    return [(dx - 0.5, dy - 0.5), (dx + 0.5, dy - 0.5), (dx + 0.5, dy + 0.5), (dx - 0.5, dy + 0.5)]


def _cell_ops(poly: tuple, state: str, pen: Pen) -> list:
    """A cell's part inside the template: shaded if covered, hatched if partly covered."""
    grid = Stroke(GRID_INK, 0.5)
    if pen.outline:
        return [Path(poly, stroke=Stroke(pen.colour, 0.5))]
    if state == "full":
        return [Path(poly, fill=pen.tint2, stroke=grid)]
    if state == "partial":
        return [Path(poly, hatch=pen.colour, stroke=grid)]
    return [Path(poly, stroke=grid)]


def _inside(p: Point, box: tuple[float, float, float, float]) -> bool:
    return box[0] <= p[0] <= box[2] and box[1] <= p[1] <= box[3]


def _film_mark(p: Point, state: str, pen: Pen) -> list:
    stroke = Stroke(pen.colour, 1.0)
    if state == "full":
        return [
            Line(p[0] - 5, p[1], p[0] + 5, p[1], stroke),
            Line(p[0], p[1] - 5, p[0], p[1] + 5, stroke),
        ]
    return [Circle(p[0], p[1], 3.5, stroke=stroke)]


def _sector_outline(apex: Point, spread: float, radius: float) -> list[Point]:
    from ...geometry import sector_polygon

    poly = sector_polygon(apex, 90.0, spread, radius, 96)
    return poly[1:] if spread >= 360 else poly


# ---- clock-face scatter ---------------------------------------------------------------


@kind(ClockTemplate, "clock-scatter")
def draw_clock(t: ClockTemplate, pen: Pen) -> Drawing:
    from ...geometry import clock_sectors

    R = t.radius
    c = (R, R)
    thin = Stroke(INK, 0.5)
    ops: list = [Circle(R, R, R, fill=pen.fill(pen.tint), stroke=pen.cut)]
    rings = [r for r in ring_radii(R, t.ring) if r < R - 1e-6]
    for r in rings:
        ops.append(Circle(R, R, r, stroke=Stroke(pen.colour, 0.5, (3, 2))))
    inner = min(rings[0] * 0.5, 18.0) if rings else 18.0
    for number, start, _end, mid in clock_sectors(t.sectors, 90.0):
        a = math.radians(start)
        ops.append(
            Line(
                c[0] + inner * math.cos(a),
                c[1] + inner * math.sin(a),
                c[0] + R * math.cos(a),
                c[1] + R * math.sin(a),
                thin,
            )
        )
        m = math.radians(mid)
        rr = R - 15
        ops.append(
            pen.text(
                c[0] + rr * math.cos(m),
                c[1] + rr * math.sin(m) - 4.5,
                str(number),
                13,
                True,
                colour=pen.colour if number == t.sectors else INK,
            )
        )
    # ring distances along the sector middle nearest 9 o'clock, clear of the sector lines
    mids = [m for *_, m in clock_sectors(t.sectors, 90.0)]
    side = math.radians(min(mids, key=lambda m: abs(m - 180.0)))
    for r in rings:
        ops.append(
            pen.text(
                R + r * math.cos(side) + 2,
                R + r * math.sin(side) + 2.5,
                f"{_unit_label(r, t.unit)} {t.unit}",
                6,
                align="left",
                colour=pen.colour,
            )
        )
    ops += _clock_throw_and_plate(t, pen)
    return Drawing(
        ops,
        2 * R,
        2 * R,
        (0, 0, 2 * R, 2 * R),
        extra={"sectors": t.sectors, "rings": [round(r, 4) for r in rings]},
        caption=list(t.notes) if t.notes and not _clock_notes(t, pen) else [],
    )


def _clock_throw_and_plate(t: ClockTemplate, pen: Pen) -> list:
    """The line of throw: from the thrower's side (6) through the centre to 12, broken
    where the title plate sits so the words stay clear on film too; then the plate."""
    R = t.radius
    ops: list = []
    title_y = R - R * 0.42
    notes = _clock_notes(t, pen)
    pad_h = 40 + RULES_LEAD * len(notes)
    plate = (title_y - pad_h + 14, title_y + 14)
    ops.append(Line(R, plate[1], R, 2 * R - 34, Stroke(pen.colour, 0.9)))
    if plate[0] > 32:
        ops.append(Line(R, 32, R, plate[0], Stroke(pen.colour, 0.9)))
    ops.append(
        Path(
            ((R - 4, 2 * R - 40), (R + 4, 2 * R - 40), (R, 2 * R - 32)),
            fill=pen.fill(pen.colour),
            stroke=Stroke(pen.colour, 0.9),
        )
    )
    ops.append(
        pen.text(
            R - 3, R + R * 0.45, t.throw_label, 6.5, angle=90, colour=pen.colour, align="centre"
        )
    )
    ops += [Line(R - 7, R, R + 7, R, Stroke(INK, 0.8)), Line(R, R - 7, R, R + 7, Stroke(INK, 0.8))]
    w = max(
        CHECK_BAR + 20, pen.width(t.title, 10, True) + 16, *[pen.width(n, NOTE) + 16 for n in notes]
    )
    ops += pen.pad(R - w / 2, plate[0], w, pad_h)
    ops.append(pen.text(R, title_y, t.title, pen.fit(t.title, 10, w - 8, True), True))
    y = title_y - 1
    for note in notes:
        y -= RULES_LEAD
        ops.append(pen.text(R, y, note, NOTE))
    ops += pen.check_bar(R - CHECK_BAR / 2, y - 17)
    return ops


def _clock_notes(t: ClockTemplate, pen: Pen) -> tuple[str, ...]:
    """The notes if they fit the title plate at rules size, the plate inside the circle
    with a margin; else none (they go beside the scatter)."""
    R = t.radius
    bottom = R * 0.42 + 26 + RULES_LEAD * len(t.notes)  # the plate's foot, below the centre
    chord = 2 * math.sqrt(max(0.0, R * R - bottom * bottom))
    widest = max((pen.width(n, NOTE) for n in t.notes), default=0.0)
    return t.notes if widest + 16 <= chord - 24 else ()


# ---- grid scatter ---------------------------------------------------------------------


def _flight_line(
    t: GridScatterTemplate, pen: Pen, grid: tuple[float, float, float], target: tuple[float, float]
) -> list:
    """The line of flight along the target's column or row, entering from t.flight's side:
    `grid` is (left of the squares, their bottom, the top of the squares' area), `target`
    the target square's centre."""
    u, n = t.square, t.size
    gx, foot, top = grid
    tx, ty = target
    ops: list = []
    starts = {
        "bottom": (tx, 2.0),
        "top": (tx, top),
        "left": (gx, ty),
        "right": (gx + n * u, ty),
    }
    sx, sy = starts[t.flight]
    ang = math.atan2(ty - sy, tx - sx)
    tip = (tx - 0.5 * u * math.cos(ang), ty - 0.5 * u * math.sin(ang))  # the target's edge
    # broken around the cell values it crosses, so they stay legible (on film too)
    size = min(20.0, u * 0.26)
    gaps = []
    for r, row in enumerate(t.cells):
        for c, value in enumerate(row):
            x, y = gx + (c + 0.5) * u, foot + (n - 1 - r + 0.5) * u
            if value is None:  # a write-in line, and room above it to write on
                if t.flight in ("bottom", "top") and abs(x - tx) < u * 0.25 + 2:
                    gaps.append((y - u * 0.12 - 3, y + u * 0.12))
                continue
            fs = pen.fit(value, size, u * 0.8, True)
            half = pen.width(value, fs, True) / 2 + 4
            if t.flight in ("bottom", "top") and abs(x - tx) < half:
                gaps.append((y - fs * 0.45 - 3, y + fs * 0.8 + 3))
            elif t.flight in ("left", "right") and abs(y - ty) < fs:
                gaps.append((x - half, x + half))
    for x, y, words, fs in _caption_places(t, pen, gx, foot):  # captions are kept clear too
        half = pen.width(words, fs, True) / 2 + 4
        if t.flight in ("bottom", "top") and abs(x - tx) < half:
            gaps.append((y - 3, y + fs + 2))
        elif t.flight in ("left", "right") and abs(y - ty) < fs + 3:
            gaps.append((x - half, x + half))
    vertical = t.flight in ("bottom", "top")
    lo, hi = sorted((sy, tip[1]) if vertical else (sx, tip[0]))
    for a, b in _without(lo, hi, gaps):
        ends = (tx, a, tx, b) if vertical else (a, ty, b, ty)
        ops.append(Line(*ends, Stroke(pen.colour, 1.0, (4, 2))))
    ops.append(_arrow_head(tip, ang, 8.0, pen))
    if t.flight == "bottom":
        ops.append(
            pen.text(tx + 5, foot / 2 - 2, t.flight_label, 6.5, align="left", colour=pen.colour)
        )
    else:
        lx, ly = (sx + tip[0]) / 2, (sy + tip[1]) / 2
        ops.append(pen.text(lx + 4, ly + 4, t.flight_label, 6, align="left", colour=pen.colour))
    return ops


WRITE_IN = (
    "Write-in template: every square is blank. Before play, write in each square, in "
    "pencil, the value your rules give it (the target square is marked)."
)


@kind(GridScatterTemplate, "grid-scatter")
def draw_grid_scatter(t: GridScatterTemplate, pen: Pen) -> Drawing:
    u, n = t.square, t.size
    W = max(n * u, CHECK_BAR + 20)
    gx = (W - n * u) / 2
    fonts = pen.env.fonts
    # every cell blank (values the source lost): the face says it is to be filled in
    blank = bool(t.cells) and all(v is None for row in t.cells for v in row)
    said = [WRITE_IN] if blank else []
    head_lines = [
        w
        for x in [*said, *[x for x in (t.roll, t.legend) if x], *t.notes]
        for w in wrap(typeset(x), pen.regular, NOTE, W - 12, fonts)
    ]
    head = 24 + 9 * len(head_lines)
    foot = 26.0
    H = foot + n * u + head
    ops: list = [Rect(0, 0, W, H, fill=pen.fill(PAPER), stroke=pen.cut)]
    tc, tr = t.target
    for r in range(n):
        for c in range(n):
            x, y = gx + c * u, foot + (n - 1 - r) * u
            is_target = (c, r) == (tc, tr)
            ops.append(
                Rect(
                    x,
                    y,
                    u,
                    u,
                    fill=pen.fill(pen.tint2 if is_target else pen.tint),
                    stroke=Stroke(pen.colour, 0.8),
                )
            )
    tx, ty = gx + (tc + 0.5) * u, foot + (n - 1 - tr + 0.5) * u
    if t.flight in ("bottom", "top", "left", "right"):
        ops += _flight_line(t, pen, (gx, foot, H - head), (tx, ty))
    ops.append(Rect(gx + tc * u, foot + (n - 1 - tr) * u, u, u, stroke=Stroke(INK, 2.0)))
    ops.append(pen.text(gx + (tc + 0.5) * u, foot + (n - 1 - tr) * u + u - 10, "TARGET", 6, True))
    size = min(20.0, u * 0.26)
    for r, row in enumerate(t.cells):
        for c, value in enumerate(row):
            x, y = gx + (c + 0.5) * u, foot + (n - 1 - r + 0.5) * u
            if value is None:  # a value the source lost: a blank to write in
                ops.append(
                    Line(x - u * 0.25, y - u * 0.12, x + u * 0.25, y - u * 0.12, Stroke(INK, 0.6))
                )
                continue
            fs = pen.fit(value, size, u * 0.8, True)
            ops += pen.pad(
                x - pen.width(value, fs, True) / 2 - 3,
                y - fs * 0.45,
                pen.width(value, fs, True) + 6,
                fs * 1.15,
            )
            ops.append(pen.text(x, y - fs * 0.3, value, fs, True))
    ops += [pen.text(x, y, w, fs, True) for x, y, w, fs in _caption_places(t, pen, gx, foot)]
    y = H - 16
    ops.append(pen.text(W / 2, y, t.title, pen.fit(t.title, 12, W - 12, True), True))
    for line in head_lines:
        y -= 9
        ops.append(pen.text(W / 2, y, line, NOTE))
    # the bar in the footer, on the side of the line of flight that has room
    bar_x = 8.0 if t.flight != "bottom" or tx - 8 >= CHECK_BAR + 10 else W - 8 - CHECK_BAR
    if t.flight != "bottom":
        bar_x = (W - CHECK_BAR) / 2
    ops += pen.check_bar(bar_x, 8)
    values = [[v for v in row] for row in t.cells]
    extra = {"size": n, "target": list(t.target), "cells": values}
    if t.captions:
        extra["captions"] = [list(row) for row in t.captions]
    return Drawing(ops, W, H, (0, 0, W, H), extra=extra)


def _caption_places(
    t: GridScatterTemplate, pen: Pen, gx: float, foot: float
) -> list[tuple[float, float, str, float]]:
    """(x, baseline, words, size) of each cell's caption, centred at the cell's edge away
    from the target (the foot in rows below it), so an arrow at the target's edge is clear."""
    u, n = t.square, t.size
    places = []
    for r, row in enumerate(t.captions):
        for c, words in enumerate(row):
            if words:
                fs = pen.fit(words, CAPTION + 0.5, u * 0.9, True)
                y = foot + (n - 1 - r) * u + (5 if r > t.target[1] else u - 10)
                places.append((gx + (c + 0.5) * u, y, words, fs))
    return places


def _without(lo: float, hi: float, gaps: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The parts of [lo, hi] outside every gap."""
    parts, start = [], lo
    for a, b in sorted(gaps):
        if b <= start or a >= hi:
            continue
        if a > start:
            parts.append((start, a))
        start = max(start, b)
    if start < hi:
        parts.append((start, hi))
    return parts


def _arrow_head(tip: Point, ang: float, size: float, pen: Pen) -> Path:
    back = (tip[0] - size * math.cos(ang), tip[1] - size * math.sin(ang))
    side = (-math.sin(ang) * size * 0.45, math.cos(ang) * size * 0.45)
    pts = (tip, (back[0] + side[0], back[1] + side[1]), (back[0] - side[0], back[1] - side[1]))
    return Path(pts, fill=pen.fill(pen.colour), stroke=Stroke(pen.colour, 0.8))


# ---- range rulers ---------------------------------------------------------------------


def draw_rulers(
    t: RulerTemplate, rulers: list[Ruler], pen: Pen, longest: float, chart_width: float
) -> list[Drawing]:
    """Each ruler horizontal, zero at the left; a long one cut into equal parts, at most
    the template's `parts`, each but the last with a glue tab past its far end that the
    next part covers. A ruler's parts print as one block, butted side by side (one cut
    between two), so they land together on one sheet. One that would need more parts
    prints in a range chart instead (one chart for all of them), read against a tape."""
    out, charted = [], []
    for ruler in rulers:
        total = ruler.bands[-1].limit
        parts = _cuts(total, t.piece or longest, t.tick)
        if len(parts) > 1 and not t.piece:  # the tab takes room on the sheet too
            parts = _cuts(total, longest - GLUE_TAB, t.tick)
        if len(parts) > t.parts:
            charted.append(ruler)
            continue
        pieces = [
            _ruler_piece(t, ruler, pen, start, end, k, len(parts))
            for k, (start, end) in enumerate(parts, start=1)
        ]
        out.append(_ruler_block(ruler.id, pieces))
    if charted:
        out.append(draw_range_chart(t, charted, pen, chart_width))
    if out:  # a strip has no room for notes: they go beside the first piece
        out[0].caption = list(t.notes)
    return out


def _cuts(total: float, most: float, tick: float) -> list[tuple[float, float]]:
    """A ruler `total` long cut into as few parts of at most `most` as it takes, all of
    one length that ends on a tick (the last one shorter)."""
    count = len(split_length(total, most))
    step = math.ceil(total / count / tick - 1e-9) * tick
    while step > most + 1e-6 and count < 1000:
        count += 1
        step = math.ceil(total / count / tick - 1e-9) * tick
    return split_length(total, step)


def _ruler_block(ruler_id: str, pieces: list[Drawing]) -> Drawing:
    """A ruler's parts as one drawing: part 1 on top, each next one under it, touching,
    so one cut parts two strips and the whole ruler goes onto one sheet."""
    width = max(p.width for p in pieces)
    height = sum(p.height for p in pieces)
    ops: list = []
    parts: list[tuple[BBox, str, dict[str, Any]]] = []
    y = height
    for p in pieces:
        y -= p.height
        ops.append(Group(tuple(p.ops), dy=y))
        x0, y0, x1, y1 = p.shape
        parts.append(((x0, y0 + y, x1, y1 + y), p.piece, p.extra))
    return Drawing(
        ops, width, height, (0, 0, width, height), piece=ruler_id, upright=True, parts=parts
    )


GLUE_TAB = 36.0  # a glue tab's length past a part's far end (half an inch)
TAB_CORNER = 6.0  # the tab narrows by this much each side, so the next part hides it
BUTT = Stroke(INK, 0.6, (3.0, 2.0))  # where the next part's zero end goes: not a cut


def _glue_tab(L: float, H: float, k: int, pen: Pen) -> list:
    """Part k's glue tab past its far end `L`, shaded and lettered, and the dashed line
    the next part's zero end butts against."""
    x1 = L + GLUE_TAB
    tab = Path(((L, 0), (x1, TAB_CORNER), (x1, H - TAB_CORNER), (L, H)), fill=pen.fill(GRID_INK))
    words = ("GLUE", f"part {k + 1}", "on top")
    mid = L + GLUE_TAB / 2
    ops: list = [tab, Line(L, 0, L, H, BUTT)]
    for n, word in enumerate(words):
        y = H / 2 + (len(words) / 2 - n - 0.8) * (CAPTION + 1.5)
        ops.append(pen.text(mid, y, word, CAPTION, bold=n == 0))
    return ops


def _outline(L: float, H: float, tab: bool) -> tuple[tuple[float, float], ...]:
    """A part's cut line: round the strip, and round its glue tab where it has one."""
    if not tab:
        return ((0, 0), (L, 0), (L, H), (0, H))
    x1 = L + GLUE_TAB
    return ((0, 0), (L, 0), (x1, TAB_CORNER), (x1, H - TAB_CORNER), (L, H), (0, H))


def _overlap_mark(H: float, k: int, pen: Pen) -> list:
    """On part k (from 2), along its top edge: how far the part before's tab reaches
    under it, so the glue goes there."""
    thin = Stroke(pen.colour, 0.6, (1.5, 1.5))  # above the band names' capitals (H - 4.3)
    return [Line(0, H - 2, GLUE_TAB, H - 2, thin), Line(GLUE_TAB, H - 3.5, GLUE_TAB, H, thin)]


CHART_BAND = RULES_MIN  # a band's name on its bar: rules text too
CHART_BAR = 11.0  # height of one ruler's bar
NICE_STEPS = (1, 2, 3, 5, 6, 10, 12, 20, 24, 25, 50, 60, 100, 120, 200, 250, 500, 1000)


def short_names(names: list[str]) -> dict[str, str]:
    """Each band name's shortest opening that no other name shares ("SHORT" -> "S",
    "MEDIUM" -> "M"): what a band too narrow for its name prints, with a key."""
    out = {}
    for name in names:
        k = 1
        while k < len(name) and any(o != name and o.startswith(name[:k]) for o in names):
            k += 1
        out[name] = name[:k]
    return out


def _band_label(name: str, short: str, room: float, pen: Pen) -> str | None:
    """What a band `room` wide prints: its name at 7 pt, else its short form, else none."""
    return next((t for t in (name, short) if pen.width(t, CHART_BAND, True) + 3 <= room), None)


def _bands_at(ruler: Ruler, unit: float, x_bar: float, scale: float) -> list[tuple[float, float]]:
    """Where a ruler's bands lie on the chart, left and right (points)."""
    spans = band_spans([b.limit for b in ruler.bands])
    return [(x_bar + b0 / unit * scale, x_bar + b1 / unit * scale) for b0, b1 in spans]


def _chart_bands(
    ruler: Ruler, pen: Pen, unit: str, at: list[tuple[float, float]], bar_y: float, short: dict
) -> list:
    """One ruler's bar: its bands shaded as on the rulers, each named at 7 pt (by its short
    form where the whole name has no room), their limits numbered on white tabs above."""
    shades = (pen.tint, PAPER, pen.tint2, PAPER)
    ops: list = []
    numbers: list = []  # each limit on a white tab over the grid, after every tab
    for i, ((x0, x1), band) in enumerate(zip(at, ruler.bands, strict=True)):
        fill = pen.fill(shades[i % len(shades)])
        ops.append(Rect(x0, bar_y, x1 - x0, CHART_BAR, fill=fill, stroke=Stroke(pen.colour, 0.6)))
        name = band.name.upper()
        label = _band_label(name, short[name], x1 - x0, pen)
        if label is not None:
            ops.append(
                pen.text((x0 + x1) / 2, bar_y + 2.6, label, CHART_BAND, True, colour=pen.colour)
            )
        number = _unit_label(band.limit, unit)
        half = pen.width(number, CHART_SIZE, True) / 2 + 1
        ops.append(Rect(x1 - half, bar_y + CHART_BAR + 0.5, 2 * half, CHART_SIZE, fill=PAPER))
        numbers.append(pen.text(x1, bar_y + CHART_BAR + 2, number, CHART_SIZE, True))
    return ops + numbers


def _chart_key(rulers: list[Ruler], at: list[list], pen: Pen) -> tuple[dict[str, str], str]:
    """The band names' short forms, and the key to those the chart prints short ("" when
    every band has room for its name)."""
    names = list(dict.fromkeys(b.name.upper() for r in rulers for b in r.bands))
    short = short_names(names)
    cut = {
        b.name.upper()
        for r, spans in zip(rulers, at, strict=True)
        for b, (x0, x1) in zip(r.bands, spans, strict=True)
        if _band_label(b.name.upper(), short[b.name.upper()], x1 - x0, pen) == short[b.name.upper()]
        and short[b.name.upper()] != b.name.upper()
    }
    key = " · ".join(f"{short[n]} {n.lower()}" for n in names if n in cut)
    return short, (f"Bands: {key}." if key else "")


def draw_range_chart(t: RulerTemplate, rulers: list[Ruler], pen: Pen, width: float) -> Drawing:
    """Rulers too long to print whole, as a chart: per ruler its names and a bar from 0 to
    its last band on one shared scale, the bands shaded as on the rulers, named, and their
    limits numbered, over a ruled axis in the template's unit. A band too narrow for its
    name prints its short form (S for SHORT), keyed under the chart's title."""
    pad, size = 8.0, CHART_SIZE
    unit = POINTS_PER[t.unit]
    top_limit = max(r.bands[-1].limit for r in rulers) / unit
    step = next((n for n in NICE_STEPS if top_limit / n <= 12), NICE_STEPS[-1])
    axis_end = math.ceil(top_limit / step - 1e-9) * step
    names = [", ".join(r.names) or t.title for r in rulers]
    name_w = min(width * 0.34, max(pen.width(n, size) for n in names) + 10)
    fonts, face = pen.env.fonts, pen.regular
    rows = [wrap(typeset(n), face, size, name_w - 10, fonts) for n in names]
    x_bar, x_end = pad + name_w, width - pad - 6
    scale = (x_end - x_bar) / axis_end  # points per unit on the chart
    at = [_bands_at(r, unit, x_bar, scale) for r in rulers]
    short, key = _chart_key(rulers, at, pen)
    row_h = [max(len(lines) * (size + 1.5), CHART_BAR + size + 4) + 6 for lines in rows]
    said = f"Longer than {t.parts} ruler parts: measure with a tape. Not to scale."
    one = f"{said} {key}".strip()  # the key on the same line when it fits
    notes = [one] if pen.fits(one, size, width - 2 * pad) else [said, key]
    head, foot = 34.0 + (size + 2) * (len(notes) - 1), 16.0
    height = head + sum(row_h) + foot
    ops: list = [Rect(0, 0, width, height, fill=pen.fill(PAPER), stroke=pen.cut)]
    title = f"{t.title}: range bands in {UNIT_WORDS.get(t.unit, t.unit)}"
    ops.append(pen.text(pad, height - pad - 9, title, 10, True, align="left", colour=pen.colour))
    for k, line in enumerate(notes):
        y = height - pad - 21 - k * (size + 2)
        ops.append(pen.text(pad, y, line, size, align="left", colour=MUTED))
    grid = Stroke(GRID_INK, 0.4)
    for k in range(0, int(round(axis_end / step)) + 1):
        x = x_bar + k * step * scale
        ops.append(Line(x, foot, x, height - head + 2, grid))
        ops.append(pen.text(x, foot - size - 1, f"{k * step:g}", size))
    ops.append(Line(x_bar, foot, x_end, foot, Stroke(INK, 0.6)))
    y = height - head
    for ruler, lines, h, spans in zip(rulers, rows, row_h, at, strict=True):
        bar_y = y - h / 2 - CHART_BAR / 2 - size / 2
        for n, line in enumerate(lines):
            line_y = y - h / 2 + (len(lines) - 1) * (size + 1.5) / 2 - n * (size + 1.5) - size / 3
            ops.append(pen.text(pad, line_y, line, size, align="left"))
        ops += _chart_bands(ruler, pen, t.unit, spans, bar_y, short)
        y -= h
    extra = {
        "chart": True,
        "rulers": [
            {"names": list(r.names), "bands": [[b.name, round(b.limit, 4)] for b in r.bands]}
            for r in rulers
        ],
    }
    return Drawing(ops, width, height, (0, 0, width, height), piece=f"{t.id}.chart", extra=extra)


NAME_LINES = 2  # weapon names on a ruler: at most this many lines (the strip is narrow)


def _name_lines(names: list[str], pen: Pen, room: float) -> tuple[list[str], float]:
    """The names as one line at up to 7 pt; when that would not fit at 7 pt, broken after
    commas into up to NAME_LINES lines (the fewest that fit), never below 6 pt."""
    one = ", ".join(names)
    if pen.fits(one, 7, room) or len(names) == 1:
        return [one], pen.fit(one, 7, room)
    for count in range(2, NAME_LINES + 1):
        lines: list[str] = []
        per = math.ceil(len(names) / count)
        for i in range(0, len(names), per):
            last = i + per >= len(names)
            lines.append(", ".join(names[i : i + per]) + ("" if last else ","))
        size = min(pen.fit(line, 6.0, room) for line in lines)
        if all(pen.fits(line, size, room) for line in lines) or count == NAME_LINES:
            return lines, size
    raise AssertionError("unreachable")


BAR_CLEAR = 4.0  # between the check bar's ends and a band limit's line or the names


def _bar_x(length: float, limits: list[float], words_x: float) -> float:
    """Where a ruler piece's check bar starts: toward the piece's far end, inside one band
    (between two band limits' lines, clear of the names), so no limit's line runs across
    it; where no band has the room, as before: 8 pt from the end (or centred on a short
    piece), the limit's line broken round its caption."""
    usual = length - CHECK_BAR - 8 if length > CHECK_BAR + 90 else (length - CHECK_BAR) / 2
    edges = sorted({0.0, *limits, length})
    for lo, hi in reversed(list(zip(edges, edges[1:], strict=False))):
        right = min(hi - BAR_CLEAR, length - 8)
        left = max(lo + BAR_CLEAR, words_x + BAR_CLEAR)
        if right - left >= CHECK_BAR - 1e-6:
            return right - CHECK_BAR
    return usual


def _ruler_piece(
    t: RulerTemplate, ruler: Ruler, pen: Pen, start: float, end: float, k: int, count: int
) -> Drawing:
    L, H = end - start, t.width
    thin = Stroke(INK, 0.5)
    ops: list = []
    shades = (pen.tint, PAPER, pen.tint2, PAPER)
    spans = band_spans([b.limit for b in ruler.bands])
    for i, ((b0, b1), band) in enumerate(zip(spans, ruler.bands, strict=True)):
        a, b = max(b0, start), min(b1, end)
        if b <= a:
            continue
        ops.append(Rect(a - start, 0, b - a, H, fill=pen.fill(shades[i % len(shades)])))
        label = band.name.upper()
        fs = pen.fit(label, 7.5, max(6.0, b - a - 6), True)  # 6 pt at the least
        if pen.fits(label, fs, b - a - 4, True):  # a sliver of a band at a part's end: its
            # colour says which; its name would run over the limit or the butt line
            ops.append(pen.text((a + b) / 2 - start, H - 10, label, fs, True, colour=pen.colour))
    room = L - CHECK_BAR - 30 if L > CHECK_BAR + 90 else L - 10
    lines, fs = _name_lines(list(ruler.names) or [t.title], pen, room)
    # A second line goes below the first, clear above the band limits' numbers (7-12 pt).
    top = H / 2 - 3 + (1 if len(lines) > 1 else 0)
    span = f"{_unit_label(start, t.unit)}–{_unit_label(end, t.unit)} {t.unit}"
    where = f"part {k} of {count} · {span}" if count > 1 else f"{t.title} · {span}"
    # The words' extents: a band limit's line breaks there rather than run through them.
    words_x = 5 + max(max(pen.width(line, fs) for line in lines), pen.width(where, CAPTION)) + 2
    limits = [b.limit - start for b in ruler.bands if start < b.limit <= end]
    bar_x = _bar_x(L, limits, words_x)
    check_w = pen.width("50 mm check", CAPTION) / 2 + 2
    cap_y = H / 2 - 8 + BAR_H + 2.5
    words = [
        (0.0, words_x, top - (len(lines) - 1) * (fs + 1) - fs * 0.3, H / 2 + 6 + CAPTION * 0.8),
        (bar_x + CHECK_BAR / 2 - check_w, bar_x + CHECK_BAR / 2 + check_w, cap_y - 2, cap_y + 5.5),
    ]
    heavy = Stroke(pen.colour, 1.2)
    for band in ruler.bands:  # the band limits: a full-width line and the distance
        if start < band.limit <= end:
            x = band.limit - start
            gaps = [(y0, y1) for x0, x1, y0, y1 in words if x0 - 1 <= x <= x1 + 1]
            ops += [Line(x, a, x, b, heavy) for a, b in _without(0.0, H, gaps)]
            ops.append(
                pen.text(
                    x - 2, 7, _unit_label(band.limit, t.unit), 7, True, "right", colour=pen.colour
                )
            )
    for d in ticks(start, end, t.tick):
        x = d - start
        ops.append(Line(x, 0, x, 6, thin))
        if 0 < x < L and not any(abs(b.limit - d) < 1e-6 for b in ruler.bands):
            ops.append(pen.text(x + 1.5, 1.8, _unit_label(d, t.unit), CAPTION, align="left"))
    for d in ticks(start, end, t.tick / 2):  # half ticks
        ops.append(Line(d - start, 0, d - start, 3, thin))
    for n, line in enumerate(lines):
        ops.append(pen.text(5, top - n * (fs + 1), line, fs, align="left"))
    ops.append(pen.text(5, H / 2 + 6, where, CAPTION, align="left", colour=MID_INK))
    ops += pen.check_bar(bar_x, H / 2 - 8)
    tab = k < count
    if tab:
        ops += _glue_tab(L, H, k, pen)
    if k > 1:
        ops += _overlap_mark(H, k, pen)
    ops.append(Path(_outline(L, H, tab), stroke=pen.cut))
    extra = {
        "bands": [[b.name, round(b.limit, 4)] for b in ruler.bands],
        "names": list(ruler.names),
        "from": round(start, 4),
        "to": round(end, 4),
        "part": k,
        "parts": count,
        "ruler": ruler.id,
        "tab": GLUE_TAB if tab else 0.0,
    }
    width = L + (GLUE_TAB if tab else 0.0)
    return Drawing(ops, width, H, (0, 0, L, H), piece=f"{ruler.id}.{k}", extra=extra, upright=True)
