"""A face drawn from its layout's regions (model/layout.py), in the piece's own points
(origin bottom-left, trim from (0, 0) to (w, h)), in declared order.

Each region is a box: an anchor's or an exact place, its size in points or a share of
the face. A region that touches the trim runs on into the bleed, so art meets the cut.
Text is rich: **bold**, *italic*, {icon:NAME} drawn at the type's size on its
baseline, new lines, and `---` alone on a line for a rule. Its size comes from the
kit's type scale: the largest that fits, or the size its deck sets it at (`sizes`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from ...colours import contrast
from ...model.layout import TYPE_SCALE, Filled, Region
from ...style import BLACK, INLINE_ICON, PAPER, PIECE_MIN, REGION_LEAD
from ..env import PlanEnv
from ..plan import BBox, Circle, Font, Group, Icon, Line, Path, Rect, Stroke, Text
from ..rich import Run, icon_ops, parse_markup, picture_ops, words_of
from .unitsymbol import unit_ops

EDGE = 0.01  # points: a region this near the trim touches it
# The room inside a shape that text keeps to, as (width, height) shares of its box.
INNER = {
    "circle": (0.74, 0.74),
    "ellipse": (0.74, 0.74),
    "hex": (0.8, 1.0),
    "diamond": (0.55, 0.55),
    "shield": (0.84, 0.8),
    "banner": (0.78, 1.0),
}


def region_box(region: Region, w: float, h: float) -> BBox:
    """The region's box on a w x h face (x0, y0, x1, y1), origin bottom-left."""
    rw, rh = region.width.of(w), region.height.of(h)
    if region.anchor is None:
        assert region.x is not None and region.y is not None
        x0 = region.x.of(w)
        top = h - region.y.of(h)
        return (x0, top - rh, x0 + rw, top)
    i = region.inset
    a = region.anchor
    x0 = i if "left" in a else w - i - rw if "right" in a else (w - rw) / 2
    y0 = i if "bottom" in a else h - i - rh if "top" in a else (h - rh) / 2
    return (x0, y0, x0 + rw, y0 + rh)


def regions_ops(
    filled: tuple[Filled, ...],
    w: float,
    h: float,
    bleed: float,
    ground: str,
    env: PlanEnv,
    sizes: Mapping[str, float] | None = None,
) -> list:
    """Every region's ops, in order; `sizes`: each text region's size (its deck's)."""
    ops: list = []
    for f in filled:
        box = region_box(f.region, w, h)
        ops.extend(_shape(f, box, w, h, bleed))
        under = f.fill or ground
        size = (sizes or {}).get(f.region.id)
        ops.extend(_content(f, _inner(f.region, box), under, env, size))
    return ops


def _grown(box: BBox, w: float, h: float, bleed: float) -> BBox:
    """The box carried into the bleed on each side where it touches the trim."""
    x0, y0, x1, y1 = box
    return (
        x0 - bleed if x0 <= EDGE else x0,
        y0 - bleed if y0 <= EDGE else y0,
        x1 + bleed if x1 >= w - EDGE else x1,
        y1 + bleed if y1 >= h - EDGE else y1,
    )


def _shape(f: Filled, box: BBox, w: float, h: float, bleed: float) -> list:
    r = f.region
    if f.fill is None and f.stroke is None:
        return []
    stroke = Stroke(f.stroke, r.stroke_width) if f.stroke else None
    x0, y0, x1, y1 = box
    if r.shape in ("rect", "rounded"):
        gx0, gy0, gx1, gy1 = _grown(box, w, h, bleed) if bleed and f.fill else box
        radius = 0.0
        if r.shape == "rounded":
            radius = r.radius if r.radius is not None else min(x1 - x0, y1 - y0) * 0.12
        ops: list = [Rect(gx0, gy0, gx1 - gx0, gy1 - gy0, fill=f.fill, radius=radius)]
        if stroke:  # the outline on the box itself, not out in the bleed
            ops.append(Rect(x0, y0, x1 - x0, y1 - y0, stroke=stroke, radius=radius))
        return ops
    if r.shape == "circle":
        return [Circle((x0 + x1) / 2, (y0 + y1) / 2, min(x1 - x0, y1 - y0) / 2, f.fill, stroke)]
    return [Path(outline_points(r.shape, box), True, f.fill, stroke)]


def outline_points(shape: str, box: BBox) -> tuple[tuple[float, float], ...]:
    """The outline of a shape filling `box`, as points."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if shape == "ellipse":
        return tuple(
            (cx + w / 2 * math.cos(a), cy + h / 2 * math.sin(a))
            for a in (2 * math.pi * k / 72 for k in range(72))
        )
    if shape == "hex":
        q = min(w / 4, h / (2 * math.sqrt(3)))
        return ((x0 + q, y0), (x1 - q, y0), (x1, cy), (x1 - q, y1), (x0 + q, y1), (x0, cy))
    if shape == "diamond":
        return ((cx, y0), (x1, cy), (cx, y1), (x0, cy))
    if shape == "banner":
        n = min(h * 0.35, w * 0.15)
        return ((x0, y1), (x1, y1), (x1 - n, cy), (x1, y0), (x0, y0), (x0 + n, cy))
    # a shield: a flat top, straight sides down to 45 %, curving to a point at the foot
    side = y0 + h * 0.45
    ts = [math.pi / 2 * k / 16 for k in range(17)]
    right = [(x1 - w / 2 * (1 - math.cos(t)), side - (side - y0) * math.sin(t)) for t in ts]
    left = [(x0 + w / 2 * (1 - math.cos(t)), side - (side - y0) * math.sin(t)) for t in ts]
    return ((x0, y1), (x1, y1), *right, *reversed(left[:-1]))


def _inner(region: Region, box: BBox) -> BBox:
    """The room inside a region's shape and padding that its content keeps to."""
    x0, y0, x1, y1 = box
    kw, kh = INNER.get(region.shape, (1.0, 1.0))
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    hw, hh = (x1 - x0) * kw / 2 - region.padding, (y1 - y0) * kh / 2 - region.padding
    if region.shape == "shield":  # the point takes the foot
        cy += (y1 - y0) * 0.08
    return (cx - max(hw, 0.0), cy - max(hh, 0.0), cx + max(hw, 0.0), cy + max(hh, 0.0))


def _content(f: Filled, box: BBox, under: str, env: PlanEnv, size: float | None) -> list:
    show = f.region.show
    if show is None:
        return []
    ink = f.colour or auto_ink(under)
    x0, y0, x1, y1 = box
    if show.kind == "image" and f.picture is not None:
        return picture_ops(f.picture, box, show.fit)
    if show.kind == "icon":
        side = min(x1 - x0, y1 - y0)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        if f.picture is not None:
            return picture_ops(
                f.picture, (cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2), "fit"
            )
        return [Icon(f.text.strip(), cx, cy, side, ink)]
    if show.kind == "unit":
        return unit_ops(tuple(f.text.split()), f.echelon or None, box, ink, f.frame)
    if show.angle:
        turned = (0.0, 0.0, y1 - y0, x1 - x0)
        ops = _text_ops(f, turned, ink, env, size)
        dx, dy = (x1, y0) if show.angle == 90 else (x0, y1)
        return [Group(tuple(ops), dx=dx, dy=dy, rotate=show.angle)]
    return _text_ops(f, box, ink, env, size)


def auto_ink(ground: str) -> str:
    """Black or white, whichever reads at the higher WCAG contrast on `ground` (one of
    them always reaches 4.5:1)."""
    if ground == "none":
        return BLACK
    return max((BLACK, PAPER), key=lambda ink: contrast(ink, ground))


# ---- rich text ------------------------------------------------------------------------

Word = list[Run]  # a word's pieces: text in a style, or an inline icon
RULE = "---"


def _paragraphs(text: str, bold: bool, italic: bool, ranges: bool) -> list[list[Word] | str]:
    """The text's lines as lists of words, or RULE; a new line in the text starts one.
    `ranges`: figures joined by a hyphen are a range (an en dash), not factors (4-2)."""
    out: list[list[Word] | str] = []
    for line in text.split("\n"):
        if line.strip() == RULE:
            out.append(RULE)
            continue
        words = words_of(parse_markup(line, bold, italic, ranges, icons=True))
        out.append([w for w in words if w is not None])
    return out


class _Setter:
    """Measures and sets one region's rich text at a size."""

    def __init__(self, f: Filled, env: PlanEnv):
        show = f.region.show
        assert show is not None
        self.f = f
        self.env = env
        self.family = show.font
        self.paras = _paragraphs(f.text, show.bold, show.italic, show.kind != "number")

    def face(self, bit: Run) -> str:
        return self.env.face(bit.bold, bit.italic, self.family)

    def width(self, word: Word, size: float) -> float:
        fonts = self.env.fonts
        return sum(
            size * INLINE_ICON if b.icon else fonts.width(b.text, self.face(b), size) for b in word
        )

    def lines(self, size: float, width: float) -> list[list[Word] | str] | None:
        """The wrapped lines at `size`, or None when a word is wider than `width`."""
        space = self.env.fonts.width(" ", self.env.face(), size)
        out: list[list[Word] | str] = []
        for para in self.paras:
            if isinstance(para, str):  # a rule
                out.append(para)
                continue
            line: list[Word] = []
            used = 0.0
            for word in para:
                ww = self.width(word, size)
                if ww > width + 1e-6:
                    return None
                if line and used + space + ww > width + 1e-6:
                    out.append(line)
                    line, used = [], 0.0
                used += ww + (space if line else 0.0)
                line.append(word)
            out.append(line)
        return out

    def fits(self, size: float, box: BBox) -> bool:
        x0, y0, x1, y1 = box
        lines = self.lines(size, x1 - x0)
        return lines is not None and self.height(lines, size) <= y1 - y0 + 1e-6

    @staticmethod
    def height(lines: list, size: float) -> float:
        if not lines:
            return 0.0
        return size * (REGION_LEAD * (len(lines) - 1) + 1.0)

    def best(self, box: BBox, scale: tuple[float, ...]) -> float | None:
        """The largest size of the scale at which the text fits `box` (None: none)."""
        for size in sorted(scale, reverse=True):
            if self.fits(size, box):
                return size
        return None


def best_size(f: Filled, box: BBox, env: PlanEnv) -> float | None:
    """A text region's size: its own, or the largest of the kit's scale that fits (None
    when even the smallest does not)."""
    show = f.region.show
    assert show is not None
    if show.size is not None:
        return show.size
    return _Setter(f, env).best(text_box(f, box), type_scale(env, show.max_size))


def text_box(f: Filled, box: BBox) -> BBox:
    """The room a region's text is set in: inside its shape and padding, turned for
    text that reads upwards (origin at its corner)."""
    x0, y0, x1, y1 = _inner(f.region, box)
    if f.region.show is not None and f.region.show.angle:
        return (0.0, 0.0, y1 - y0, x1 - x0)
    return (x0, y0, x1, y1)


def type_scale(env: PlanEnv, most: float | None = None) -> tuple[float, ...]:
    """The kit's type scale (up to `most`, keeping at least its smallest size)."""
    scale = env.game.type_scale or TYPE_SCALE
    if most is None:
        return scale
    return tuple(s for s in scale if s <= most + 1e-9) or (min(scale),)


def smallest_fit(f: Filled, box: BBox, env: PlanEnv, below: float) -> float:
    """The largest size of the scale under `below` at which the text fits; under the
    scale, in quarter points down to the 6 pt floor; the floor when none does."""
    setter = _Setter(f, env)
    inner = text_box(f, box)
    for size in sorted((s for s in type_scale(env) if s < below), reverse=True):
        if setter.fits(size, inner):
            return size
    size = min(below, *type_scale(env))
    while size > PIECE_MIN + 1e-9:
        size = max(PIECE_MIN, round(size - 0.25, 2))
        if setter.fits(size, inner):
            return size
    return PIECE_MIN


def _text_ops(f: Filled, box: BBox, ink: str, env: PlanEnv, size: float | None) -> list:
    setter = _Setter(f, env)
    show = f.region.show
    assert show is not None
    if size is None:
        size = best_size_in(setter, f, box, env)
    x0, y0, x1, y1 = box
    lines = setter.lines(size, x1 - x0) or [
        [w] for para in setter.paras if not isinstance(para, str) for w in para
    ]
    height = setter.height(lines, size)
    if show.valign == "top":
        top = y1
    elif show.valign == "bottom":
        top = y0 + height
    else:
        top = (y0 + y1) / 2 + height / 2
    # the first baseline: a number's caps stand centred; text sits its ascent under the top
    baseline = top - size * (0.86 if show.kind != "number" else 0.93)
    ops: list = []
    for line in lines:
        if line == RULE:
            y = baseline + size * 0.3
            ops.append(Line(x0, y, x1, y, Stroke(ink, max(0.4, size * 0.06))))
        else:
            ops += _line_ops(setter, line, x0, x1, baseline, size, ink, show.align)  # type: ignore[arg-type]
        baseline -= size * REGION_LEAD
    return ops


def best_size_in(setter: _Setter, f: Filled, box: BBox, env: PlanEnv) -> float:
    show = f.region.show
    assert show is not None
    if show.size is not None:
        return show.size
    got = setter.best(box, type_scale(env, show.max_size))
    if got is not None:
        return got
    size = min(type_scale(env))
    while size > PIECE_MIN + 1e-9 and not setter.fits(size, box):
        size = max(PIECE_MIN, round(size - 0.25, 2))
    return size


def _line_ops(
    setter: _Setter,
    line: list[Word],
    x0: float,
    x1: float,
    baseline: float,
    size: float,
    ink: str,
    align: str,
) -> list:
    space = setter.env.fonts.width(" ", setter.env.face(), size)
    total = sum(setter.width(w, size) for w in line) + space * (len(line) - 1)
    x = x0 if align == "left" else x1 - total if align == "right" else (x0 + x1 - total) / 2
    ops: list = []
    for n, word in enumerate(line):
        if n:
            x += space
        for bit in word:
            if bit.icon:
                ops += icon_ops(bit.icon, x, baseline, size, ink, setter.f.icons)
                x += size * INLINE_ICON
                continue
            face = setter.face(bit)
            ops.append(Text(x, baseline, bit.text, Font(face, size), ink))
            x += setter.env.fonts.width(bit.text, face, size)
    return ops


# ---- one size per region across a deck -------------------------------------------------

DECK_SHARE = 0.9  # a region's deck size is the largest that this share of its cards fit


def _check_own_size(f: Filled, face: tuple, env: PlanEnv) -> None:
    """A warning when a region's text does not fit at the size the layout gives it."""
    who, _, w, h = face
    size = f.region.show.size if f.region.show is not None else None
    if size is not None and not _Setter(f, env).fits(size, text_box(f, region_box(f.region, w, h))):
        env.warn(f.span, f.path, f"{who}: region {f.region.id!r} does not fit at its {size:g} pt",
                 "shorten its text, give the region more room, or leave size: out")  # fmt: skip


def deck_sizes(
    faces: list[tuple[str, tuple[Filled, ...], float, float]], env: PlanEnv
) -> list[dict[str, float]]:
    """Each face's text sizes by region id, for faces set alike (a deck's fronts): each
    region at one size, the largest of the type scale that nine in ten of them fit. A
    face whose text fits only smaller keeps the others at that size and is set smaller
    itself (never under 6 pt), with a warning naming it (and the cell its text came
    from): one long card does not drag a deck down."""
    out: list[dict[str, float]] = [{} for _ in faces]
    bests: dict[str, list[tuple[int, Filled, float | None]]] = {}
    for n, (_, filled, w, h) in enumerate(faces):
        for f in filled:
            show = f.region.show
            if show is None or show.kind not in ("text", "number") or not f.text.strip():
                continue
            best = best_size(f, region_box(f.region, w, h), env)
            bests.setdefault(f.region.id, []).append((n, f, best))
    for rid, found in bests.items():
        ranked = sorted((b or 0.0 for _, _, b in found), reverse=True)
        deck = ranked[max(0, math.ceil(len(ranked) * DECK_SHARE) - 1)] or min(type_scale(env))
        for n, f, best in found:
            if f.region.show is not None and f.region.show.size is not None:
                _check_own_size(f, faces[n], env)
                out[n][rid] = f.region.show.size
                continue
            size = deck if best is not None and best >= deck else None
            if size is None:
                who, _, w, h = faces[n]
                size = smallest_fit(f, region_box(f.region, w, h), env, deck)
                fits = _Setter(f, env).fits(size, text_box(f, region_box(f.region, w, h)))
                what = f"set at {size:g} pt, under the {deck:g} pt of the rest of its deck, to fit"
                if not fits:
                    what = f"does not fit even at {size:g} pt"
                env.warn(
                    f.span,
                    f.path,
                    f"{who}: region {rid!r} {what}",
                    "shorten its text, or give the region more room",
                )
            out[n][rid] = size
    return out
