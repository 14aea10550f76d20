"""One counter face as plan ops, in the piece's own coordinates (trim box from
(0, 0) to (w, h)). Drawn once per design and placed as a PDF form per copy.

Elements sit in places: anchors on a 3 x 3 layout whose unused rows and
columns give their room to the others, or the cells of a face's grid.
Several elements in one place stack top to bottom in the order written.
"""

from __future__ import annotations

import math
from functools import lru_cache
from operator import attrgetter
from typing import Any, cast

from ...colours import contrast, legible, readable_on
from ...model.counters import CounterDef, Element, Face, IconEl, ImageEl, Place, TextEl, UnitEl
from ...patterns import pattern
from ...records import fields, record
from ...style import (
    BLACK,
    PAPER,
    PIECE_CONTRAST,
    PIECE_CONTRAST_SMALL,
    PIECE_MIN,
    RULES_MIN,
    TIGHT_LEADING,
    typeset,
)
from ..env import PlanEnv
from ..plan import BBox, Circle, Font, Group, Icon, Image, Line, Path, Rect, Stroke, Text
from ..sides import MARK_MIN, MARK_SIZE, mark_band, mark_ops
from ..text import BREAKS, fit_text, regular, wrap

MIN_DPI = 150
# The least room between a round or hex piece's text and its edge or printed ring: a line
# nearer than this reads as touching it at arm's length (4 % of the piece where larger).
SAFE = 2.5
NOTCH_WIDTH = 0.24  # a facing notch's base, of the piece's shorter side ...
NOTCH_DEPTH = 0.09  # ... and its depth
_ROW = {"top": 0, "bottom": 2}
_COL = {"left": 0, "right": 2}


def hex_points(w: float, h: float, grow: float = 0.0) -> tuple[tuple[float, float], ...]:
    """A flat-topped hexagon filling a w x h box (w = h * 2/sqrt(3)), grown outward."""
    cx, cy = w / 2, h / 2
    r = w / 2 + grow * 2 / math.sqrt(3)
    return tuple(
        (cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
        for a in range(0, 360, 60)
    )


def outline(shape: str, w: float, h: float, grow: float = 0.0, **style) -> object:
    """The piece's shape (grown by `grow` for bleed) as one op."""
    if shape == "round":
        return Circle(w / 2, h / 2, min(w, h) / 2 + grow, **style)
    if shape == "hex":
        return Path(hex_points(w, h, grow), True, **style)
    return Rect(-grow, -grow, w + 2 * grow, h + 2 * grow, **style)


def face_ops(d: CounterDef, face: Face, bleed: float, env: PlanEnv) -> tuple:
    if face.layout is not None:
        return _layout_face(d, face, bleed, env)
    layout = _layout(d, face, bleed, env)
    ops = list(layout.frame)
    if face.facing is not None:
        ops.append(_notch(d, face, layout.ink))
    width = env.fonts.width
    inks = layout.inks
    for i, (el, slot) in enumerate(zip(face.elements, layout.slots, strict=True)):
        line = slot.line
        if slot.face is None or not isinstance(el, TextEl):  # a text's slot has a face
            ops.extend(_element(d, el, slot.box, layout.ink, env))
        # Most texts are one short line that fits at the size its place starts from: the
        # line is worked out with the layout and only the text is measured.
        elif (
            line is not None
            and (fit := _printed(el.text, slot.face, line.font.size, width)) is not None
            and fit[1] <= line.width + 1e-6
        ):
            text, wide = fit
            if inks and inks[i] is not None:  # the content's ink short of the floor
                ink, plate = inks[i]
                if plate is not None:
                    size = line.font.size
                    ops.append(_plate(line.x, line.baseline, wide, size, el.align, slot.box, plate))
                printed = (slot.colour, plate)
                _legible_fact(el, ink, face.background, printed, line.font.size, env)
            drawn = Text(line.x, line.baseline, text, line.font, slot.colour, el.align)
            ops.extend(write_ins(drawn, env.fonts.width) if WRITE_IN in text else (drawn,))
            if line.font.size < PIECE_MIN - 1e-9:
                _below_min(el.path, line.font.size, env)
        else:
            texts = _text(d, el, slot.box, slot.face, (layout.ink, face.background), env)
            for t in texts:
                blank = type(t) is Text and WRITE_IN in t.text
                ops.extend(write_ins(t, env.fonts.width) if blank else (t,))
    if layout.mark is not None:  # told apart from other sides' pieces in greyscale too
        ops.extend(mark_ops(env.side_shape(d.side or ""), layout.mark, layout.ink))
    return tuple(ops)


def _printed(words: str, face: str, size: float, width) -> tuple[str, float] | None:
    """A text as one line prints it (typeset) and its width, or None when it is not
    regular (spaces to break at, controls): remembered, as a strength line or a name
    repeats on hundreds of copies and each copy's face is made on its own."""
    key = (words, face, size, width)
    got = _PRINTED.get(key, _UNSEEN)
    if got is not _UNSEEN:
        return got
    text = typeset(words, ranges=False)
    got = (text, width(text, face, size)) if regular(text) else None
    if len(_PRINTED) >= 4096:  # bounded: most of ten thousand counters' names are seen once
        _PRINTED.clear()
    _PRINTED[key] = got
    return got


_PRINTED: dict[tuple, tuple[str, float] | None] = {}
_UNSEEN: Any = object()


def side_mark(d: CounterDef, env: PlanEnv) -> str:
    """How the piece's side is marked: its own `side_mark`, else the game's."""
    return d.side_mark or env.game.side_mark


def _layout_face(d: CounterDef, face: Face, bleed: float, env: PlanEnv) -> tuple:
    """A face drawn from its layout's regions (layout/counters/regions.py), over its background
    and border, with its side's mark: in a band at the top that the regions are laid
    under, in the top right corner over them, or none."""
    from .regions import regions_ops

    frame, _, inset, ink = _frame(
        d.shape, d.width, d.height, bleed, face.background, face.border, face.border_width
    )
    w, h = d.width, d.height
    ops = list(frame)
    sizes = env.region_sizes.get(("counter", d.id, "front" if face is d.front else "back"))
    how = side_mark(d, env) if d.side is not None else "none"
    mark = None
    top = h
    if how == "band":
        (_, _, _, top), mark = mark_band((0.0, 0.0, w, h - inset), w, h)
    elif how == "corner":
        mark = corner_mark(w, h, inset)
    drawn = regions_ops(face.regions, w, top, bleed, face.background, env, sizes)
    if top < h:  # laid under the band: the regions' own room, moved nowhere
        drawn = [Group(tuple(drawn), clip=(-bleed, -bleed, w + bleed, top))]
    ops += drawn
    if face.facing is not None:  # over the regions: a layout leaves its own room
        ops.append(_notch(d, face, ink))
    if mark is not None:
        ops.extend(mark_ops(env.side_shape(d.side or ""), mark, ink))
    return tuple(ops)


def _notch(d: CounterDef, face: Face, ink: str) -> Path:
    """The facing notch: a triangle at the middle of the front edge, its point outward just
    inside the frame, in the frame's colour (or the ink that reads on the face)."""
    along, inward = _notch_shape(d.width, d.height, d.shape, face.border_width)
    edge = face.facing or "top"
    w, h = d.width, d.height

    def at(a: float, i: float) -> tuple[float, float]:  # a point along the edge, i inside it
        if edge in ("top", "bottom"):
            return (w / 2 + a, h - i if edge == "top" else i)
        return (w - i if edge == "right" else i, h / 2 + a)

    tip, base = inward
    points = (at(0.0, tip), at(-along, base), at(along, base))
    return Path(points, closed=True, fill=face.border or ink)


def _notch_shape(w: float, h: float, shape: str, border_width: float) -> tuple[float, tuple]:
    """(the notch's half base, (its point's and its base's distance inside the trim))."""
    small = min(w, h)
    tip = max(1.0, small * 0.035) + border_width  # just inside the frame (_frame's gap)
    if shape == "round":  # inside the circle, which the longer side does not reach
        tip += (max(w, h) - small) / 2
    return small * NOTCH_WIDTH / 2, (tip, tip + small * NOTCH_DEPTH)


def _clear_of_notch(inner: BBox, d: CounterDef, face: Face) -> BBox:
    """The elements' box kept clear of the facing notch on its edge."""
    if face.facing is None:
        return inner
    _, (_, base) = _notch_shape(d.width, d.height, d.shape, face.border_width)
    room = base + min(d.width, d.height) * 0.03
    x0, y0, x1, y1 = inner
    return {
        "top": (x0, y0, x1, min(y1, d.height - room)),
        "bottom": (x0, max(y0, room), x1, y1),
        "left": (max(x0, room), y0, x1, y1),
        "right": (x0, y0, min(x1, d.width - room), y1),
    }[face.facing]


def corner_mark(w: float, h: float, inset: float) -> tuple[float, float, float]:
    """A side's mark in a piece's top right corner: (x, y, r)."""
    r = max(MARK_MIN, min(w, h) * MARK_SIZE * 0.9)
    pad = max(inset, min(w, h) * 0.05) + r
    return (w - pad, h - pad, r)


def layout_sizes(defs, env: PlanEnv) -> None:
    """The text sizes of every layout face, region by region: the copies of one
    definition drawn with one layout set alike (regions.deck_sizes), into
    env.region_sizes."""
    from .regions import deck_sizes

    groups: dict[tuple, list] = {}
    for d in defs:
        for side, face in (("front", d.front), ("back", d.back)):
            if face is not None and face.layout is not None:
                groups.setdefault((d.entry, side, face.layout, d.size), []).append((d, face))
    for (_, side, _, _), faces in groups.items():
        named = [(f"counter {d.id!r} ({side})", f.regions, d.width, d.height) for d, f in faces]
        for (d, _), got in zip(faces, deck_sizes(named, env), strict=True):
            env.region_sizes["counter", d.id, side] = got


WRITE_IN = "__"  # a run of two or more underscores in a piece's text: a write-in blank
_BLANKS = pattern(r"(_{2,})")


def write_ins(t: Text, width) -> list:
    """A line of text whose runs of underscores (a label's write-in `blank`, "___") print
    as drawn lines to write on, each as long as its underscores, on the baseline: the
    underscore glyphs sit under it, so close above the next line that they read as its
    overline. The words between print where they would have."""
    if t.angle:
        return [t]  # a turned line keeps its underscores
    face, size = t.font.face, t.font.size
    whole = width(t.text, face, size)
    x = t.x - (whole / 2 if t.align == "centre" else whole if t.align == "right" else 0.0)
    out: list = []
    rule = Stroke(t.colour, max(0.4, size * 0.07))
    for part in _BLANKS.split(t.text):
        wide = width(part, face, size)
        if part.startswith(WRITE_IN):
            out.append(Line(x, t.y - size * 0.06, x + wide, t.y - size * 0.06, rule))
        elif part:
            out.append(Text(x, t.y, part, t.font, t.colour, "left", t.angle))
        x += wide
    return out


@record
class _Line:
    """One line of a text at the size its place starts it at: its font, its x (as the
    text is aligned), the width it has and its baseline."""

    font: Font
    x: float
    width: float
    baseline: float


@record
class _Slot:
    """An element's place in a layout: its box and, for a text, its font face, colour
    and one line at its start size (None: the box is too low, the text is fitted in
    full). An icon or image has no `face` (None) and no `colour` ("")."""

    box: BBox
    face: str | None = None
    colour: str = ""
    line: _Line | None = None


@record
class _Layout:
    """What every face laid out alike shares: the same piece, frame, places and styles of
    element (thousands of designs differ only in their text), so worked out once."""

    frame: tuple  # background and border ops
    ink: str  # readable on the background
    slots: tuple[_Slot, ...]  # one per element
    width: float  # of the box the places share: texts wrap in it
    mark: tuple[float, float, float] | None = None  # a side's mark: x, y, r (layout/sides.py)
    # Per element, where a text's ink falls short of the contrast floor: (the content's
    # ink, the plate behind it or None); () when no text does (most faces).
    inks: tuple = ()


@record
class _TextSized:
    """Faces laid out alike whose top or bottom row takes the height its texts need (see
    _text_needs): that height follows only how many lines each of those texts takes, so
    faces whose texts take as many lines share a layout."""

    texts: tuple[int, ...]  # the elements whose line counts decide the rows
    width: float  # the width they wrap in
    layouts: dict[tuple[int, ...], _Layout]  # by those texts' line counts


# What a text's layout depends on besides its words: every field of TextEl but the
# words and where they were written (a field added to TextEl is part of it), its place
# as the place's fields (a tuple of plain values hashes and compares in C; a record's
# hash is a Python call, made for every text of every face).
_style = attrgetter(
    *[
        name
        for f in fields(TextEl)
        if f.name not in ("text", "span", "path")
        for name in ([f"place.{p.name}" for p in fields(Place)] if f.name == "place" else [f.name])
    ]
)


def _layout(d: CounterDef, face: Face, bleed: float, env: PlanEnv) -> _Layout:
    elements = face.elements
    styles = tuple([_style(el) if type(el) is TextEl else type(el) for el in elements])
    # The fonts and the game's font decide each text's face.
    look = (face.background, face.border, face.border_width, face.grid, face.facing)
    key = (
        d.shape,
        d.width,
        d.height,
        bleed,
        look,
        styles,
        env.fonts,
        env.game.font,
        None if d.side is None else side_mark(d, env),
    )
    got = _LAYOUTS.get(key)
    if isinstance(got, _Layout):
        return got
    if got is not None:
        lines = tuple([_line_count(el, got.width, env) for el in _texts(elements, got.texts)])
        layout = got.layouts.get(lines)
        if layout is None:
            if len(got.layouts) >= 256:  # bounded: texts of ever more lines
                got.layouts.clear()
            layout = got.layouts[lines] = _new_layout(d, face, bleed, env)
        return layout
    layout = _new_layout(d, face, bleed, env)
    texts = tuple([i for row in _sized_rows(elements) for i in row])
    if len(_LAYOUTS) >= 4096:  # bounded: a game has a few layouts, a test run many games
        _LAYOUTS.clear()
    _LAYOUTS[key] = layout
    if texts:
        width = layout.width
        lines = tuple([_line_count(el, width, env) for el in _texts(elements, texts)])
        _LAYOUTS[key] = _TextSized(texts, width, {lines: layout})
    return layout


_LAYOUTS: dict[tuple, _Layout | _TextSized] = {}


def _new_layout(d: CounterDef, face: Face, bleed: float, env: PlanEnv) -> _Layout:
    frame, pad, inset, ink = _frame(
        d.shape, d.width, d.height, bleed, face.background, face.border, face.border_width
    )
    inner, edge = _inner(d.shape, d.width, d.height, pad, inset)
    inner = _clear_of_notch(inner, d, face)
    mark = None
    how = side_mark(d, env) if d.side is not None else "none"
    if how == "band":  # a band at the top for the side's mark, clear of the art
        inner, mark = mark_band(inner, d.width, d.height)
    elif how == "corner":  # in the top right corner, over the art
        mark = corner_mark(d.width, d.height, inset)
    boxes = tuple([_clear_of_notch(box, d, face) for box in _boxes(d, face, inner, edge, env)])
    short_side = min(d.width, d.height)
    slots = []
    inks: list[tuple[str, str | None] | None] = []
    for el, box in zip(face.elements, boxes, strict=True):
        if type(el) is TextEl:
            font_face = env.face(el.bold, el.italic, el.family)
            line = _one_line(font_face, el.size, el.min_size, el.align, box, short_side)
            # the ink as it reads at the size the text starts from (a text fitted in full
            # is checked again at the size it is set at: _text)
            start = line.font.size if line else (el.size or el.min_size)
            colour, plate = ink_on(el.colour or ink, face.background, start)
            slots.append(_Slot(box, font_face, colour, line))
            moved = colour != (el.colour or ink) or plate is not None
            inks.append((el.colour or ink, plate) if moved else None)
        else:
            slots.append(_Slot(box))
            inks.append(None)
    lifted = tuple(inks) if any(inks) else ()
    return _Layout(frame, ink, tuple(slots), inner[2] - inner[0], mark, lifted)


@lru_cache(maxsize=256)
def _frame(
    shape: str, w: float, h: float, bleed: float, background: str, border, border_width: float
) -> tuple[tuple, float, float, str]:
    """(background and border ops, text padding, inset, readable ink): the same for every
    design of one shape and colour, so computed once for thousands of counters."""
    ops: list = [outline(shape, w, h, bleed, fill=background)]
    small = min(w, h)
    inset = 0.0
    if border and border_width > 0:
        # A printed frame a little inside the cut line, so a slightly off cut keeps it even.
        gap = max(1.0, small * 0.035)
        inset = gap + border_width
        ops.append(
            outline(shape, w, h, -(gap + border_width / 2), stroke=_border(border, border_width))
        )
    # With bleed, keep to the safe zone: as far inside the trim as the bleed is outside.
    pad = max(inset + max(1.5, small * 0.06), bleed)
    return tuple(ops), pad, max(inset, bleed), readable_on(background)


@lru_cache(maxsize=64)
def _border(colour: str, width: float) -> Stroke:
    """One Stroke per border style, shared by the frames of every background: the
    renderer finds a frame's rects again comparing them in C, where equal Strokes made
    apart are compared by their Python __eq__."""
    return Stroke(colour, width)


# ---- places -------------------------------------------------------------------


# The helpers below run once per layout (faces laid out alike share it: see _layout),
# so they keep no caches of their own.


def _boxes(d: CounterDef, face: Face, inner: BBox, edge: float, env: PlanEnv) -> tuple[BBox, ...]:
    """One box per element, in element order."""
    elements = face.elements
    places = tuple([el.place for el in elements])
    rows = _rows(places, inner, _text_needs(elements, inner, env))
    weights = tuple(_weight(el) for el in elements)
    return _split_places(places, weights, inner, face.grid, rows, edge, d.width, d.height)


def _inner(shape: str, w: float, h: float, pad: float, inset: float) -> tuple[BBox, float]:
    """The box elements share, and for round and hex pieces the radius they keep inside."""
    if shape not in ("round", "hex"):
        return (pad, pad, w - pad, h - pad), 0.0
    # Rows span most of the circle; each box is then narrowed to the chord it sits on,
    # SAFE inside the edge or ring (the rows keep the circle's height: a line's ends
    # come near the edge first, its middle has room above and below).
    small = min(w, h)
    half = (small / 2 - inset - max(1.2, small * 0.03)) * 0.8
    edge = small / 2 - inset - max(SAFE, small * 0.04)
    return (w / 2 - half, h / 2 - half, w / 2 + half, h / 2 + half), edge


def _split_places(places, weights, inner, grid, rows, edge, w, h) -> tuple[BBox, ...]:
    """The boxes of a face's places."""
    regions = {p: _region(p, places, inner, grid, rows) for p in dict.fromkeys(places)}
    boxes: list[BBox] = [inner] * len(places)
    for place, region in regions.items():
        members = [i for i, p in enumerate(places) if p == place]
        shares = [weights[i] for i in members]
        total = sum(shares)
        top = region[3]
        for i, wt in zip(members, shares, strict=True):
            step = (region[3] - region[1]) * wt / total
            box = (region[0], top - step, region[2], top)
            if edge:  # a place as wide as the rows takes the whole chord it sits on
                whole = region[0] <= inner[0] + 1e-6 and region[2] >= inner[2] - 1e-6
                box = _chord_clamp(box, w / 2, h / 2, edge, whole)
            boxes[i] = box
            top -= step
    return tuple(boxes)


def _weight(el) -> float:
    return 1.0 if isinstance(el, TextEl) else 2.2


ROW_WEIGHTS = (1.0, 1.4, 1.0)  # top, middle, bottom, when their content has no fixed size


def _text_needs(elements, inner: BBox, env: PlanEnv) -> tuple[float | None, ...] | None:
    """Height the lines of a top or bottom row need when it holds only text of a given
    size beside a filled middle row (so a caption under an icon does not shrink the
    icon); None when no row is sized so (most faces: the rows then depend only on places)."""
    sized = _sized_rows(elements)
    if not sized:
        return None
    width = inner[2] - inner[0]
    needs: list[float | None] = [None, None, None]
    for r, texts in zip((0, 2), sized, strict=True):
        if texts:
            needs[r] = sum(_text_height(el, width, env) for el in _texts(elements, texts))
    return tuple(needs)


def _texts(elements: tuple[Element, ...], indices: tuple[int, ...]) -> list[TextEl]:
    """The elements at `indices`, which _sized_rows picks among the texts only."""
    return [cast(TextEl, elements[i]) for i in indices]


def _sized_rows(elements) -> tuple[tuple[int, ...], ...]:
    """The texts (element indices) of the top and bottom rows whose height follows their
    lines (see _text_needs), or () when neither row does."""
    rows = [_row(el.place.anchor) if el.place.cell is None else None for el in elements]
    if 1 not in rows:
        return ()
    sized = []
    for r in (0, 2):
        members = tuple([i for i, row in enumerate(rows) if row == r])
        els = [elements[i] for i in members]
        sized.append(members if els and all(isinstance(e, TextEl) and e.size for e in els) else ())
    return tuple(sized) if any(sized) else ()


def _rows(places: tuple[Place, ...], inner: BBox, needs) -> tuple[tuple[float, float], ...]:
    """(top, bottom) of the three anchor rows: shared by weight among the filled rows,
    a row with `needs` taking just the height its lines need."""
    x0, y0, x1, y1 = inner
    height = y1 - y0
    filled = {_row(p.anchor) for p in places if p.cell is None}
    weights = [ROW_WEIGHTS[r] if r in filled else 0.0 for r in range(3)]
    total = sum(weights) or 1.0
    share = [height * wt / total for wt in weights]
    if needs is not None:
        fixed = [None if n is None else min(n, share[r]) for r, n in enumerate(needs)]
        left = height - sum(f for f in fixed if f is not None)
        flexible = sum(weights[r] for r in range(3) if fixed[r] is None) or 1.0
        share = [
            f if f is not None else left * w / flexible for f, w in zip(fixed, weights, strict=True)
        ]
    spans = []
    top = y1
    for r in range(3):
        spans.append((top, top - share[r]))
        top -= share[r]
    return tuple(spans)


def _text_height(el: TextEl, width: float, env: PlanEnv) -> float:
    assert el.size is not None
    return el.size * (1 + TIGHT_LEADING * (_line_count(el, width, env) - 1)) + el.size * 0.5


def _line_count(el: TextEl, width: float, env: PlanEnv) -> int:
    assert el.size is not None  # a text sized by its lines has a size (_sized_rows)
    if not el.wrap:
        return el.text.count("\n") + 1
    if not BREAKS.search(el.text):  # one word: one line, nothing to measure
        return 1
    return len(wrap(el.text, env.face(el.bold, el.italic, el.family), el.size, width, env.fonts))


def _region(p: Place, places: list[Place], inner: BBox, grid, rows) -> BBox:
    x0, y0, x1, y1 = inner
    if p.cell is not None and grid is not None:
        nrows, ncols = grid
        r, c = p.cell
        cw, ch = (x1 - x0) / ncols, (y1 - y0) / nrows
        return (x0 + (c - 1) * cw, y1 - r * ch, x0 + c * cw, y1 - (r - 1) * ch)
    anchors = [q.anchor for q in places if q.cell is None]
    row, col = _rc(p.anchor)
    top, bottom = rows[row]
    sides = any(r == row and c != 1 for r, c in map(_rc, anchors))
    if not sides:
        return (x0, bottom, x1, top)
    side_w = (x1 - x0) * 0.3
    cols = ((x0, x0 + side_w), (x0 + side_w, x1 - side_w), (x1 - side_w, x1))
    left, right = cols[col]
    return (left, bottom, right, top)


@lru_cache(maxsize=64)
def _row(anchor: str) -> int:
    """The row (0 top, 1 middle, 2 bottom) of an anchor."""
    row, _ = _rc(anchor)
    return row


def _rc(anchor: str) -> tuple[int, int]:
    if anchor == "centre":
        return (1, 1)
    parts = anchor.split("-")
    if len(parts) == 2:
        return (_ROW[parts[0]], _COL[parts[1]])
    if anchor in _ROW:
        return (_ROW[anchor], 1)
    return (1, _COL[anchor])


def _chord_clamp(box: BBox, cx: float, cy: float, r: float, whole: bool = False) -> BBox:
    """Narrow a box to the circle's chord at its edge farthest from the centre; with
    `whole` (a place spanning the rows' width), widen it to that chord too, so a line
    across a round label's middle has the label's width, not the rows' box's."""
    # A line's glyphs fill the middle of its box: measure the chord 30 % in.
    inset = (box[3] - box[1]) * 0.3
    far = max(abs(box[1] + inset - cy), abs(box[3] - inset - cy))
    if box[1] + inset < cy < box[3] - inset:
        far = 0.0
    half = math.sqrt(max(r * r - far * far, 0.0))
    if whole:
        return (cx - half, box[1], cx + half, box[3])
    return (max(box[0], cx - half), box[1], min(box[2], cx + half), box[3])


# ---- elements ---------------------------------------------------------------


def _element(d: CounterDef, el, box: BBox, ink: str, env: PlanEnv) -> list:
    if isinstance(el, IconEl):
        side = min(box[2] - box[0], box[3] - box[1]) * el.scale
        return [Icon(el.name, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, side, el.colour or ink)]
    if isinstance(el, UnitEl):
        from .unitsymbol import unit_ops  # only for a game whose pieces show unit symbols

        w, h = (box[2] - box[0]) * el.scale, (box[3] - box[1]) * el.scale
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        inner = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        return unit_ops(tuple(el.branches.split()), el.size, inner, el.colour or ink, el.fill)
    return _image(d, el, box, env)


def _text(
    d: CounterDef, el: TextEl, box: BBox, face: str, under: tuple[str, str], env: PlanEnv
) -> tuple[Text, ...]:
    """A text fitted in full: shrunk, wrapped, and warned about when it does not fit;
    its ink kept legible on the face (`under`: the face's own ink and background) at the
    size it is set at."""
    ink, background = el.colour or under[0], under[1]
    ops, fits = _text_ops(
        typeset(el.text, ranges=False), face, el.size, el.min_size, el.align, ink, el.wrap, box,
        min(d.width, d.height), env.fonts,
    )  # fmt: skip
    if ops:
        size = ops[0].font.size
        if size < PIECE_MIN - 1e-9:
            _below_min(el.path, size, env)
        colour, plate = ink_on(ink, background, size)
        if colour != ink or plate is not None:
            _legible_fact(el, ink, background, (colour, plate), size, env)
            lines = tuple([op._replace(colour=colour) for op in ops])
            if plate is not None:  # every line's plate first: none covers a line above
                wide = env.fonts.width
                ops = tuple(
                    _plate(t.x, t.y, wide(t.text, face, size), size, t.align, box, plate)
                    for t in lines
                )
            ops = (ops if plate is not None else ()) + lines
    if not fits:
        env.warn(
            el.span,
            el.path,
            f"text {el.text!r} on piece {d.id!r} does not fit even at {el.min_size:g}pt",
            "shorten it, lower min_size or make the piece bigger",
        )
    return ops


def _below_min(where: str, size: float, env: PlanEnv) -> None:
    """Type under the scale's floor for pieces, which the game's min_size allowed: the
    build says where and why (a build fact, not on the sheet)."""
    env.fact(f"{where}: set at {size:g} pt, below {PIECE_MIN:g} pt, to fit its piece")


@lru_cache(maxsize=256)
def ink_on(ink: str, background: str, size: float) -> tuple[str, str | None]:
    """(ink, plate) a text of `size` points is printed in on a piece's background. The
    content's own ink where it reads at the contrast floor for its size (PIECE_CONTRAST,
    PIECE_CONTRAST_SMALL under RULES_MIN); else the same hue made darker (a dark ink) or
    lighter (a light one) until it does; where even black or white that way falls short
    (white on a mid green), the ink is kept and a plate of the background's hue, made
    darker or lighter the other way, goes behind the text."""
    under = PAPER if background == "none" else background
    floor = PIECE_CONTRAST_SMALL if size < RULES_MIN - 1e-9 else PIECE_CONTRAST
    moved = legible(ink, under, floor)
    if moved is not None:
        return moved, None
    plate = legible(under, ink, floor)
    if plate is not None:
        return ink, plate
    return max((BLACK, PAPER), key=lambda c: contrast(c, under)), None


def _plate(x: float, baseline: float, width: float, size: float, align: str, box, colour: str):
    """A plate behind one line of a text, a little wider than the line, inside its box."""
    left = x - width / 2 if align == "centre" else x - width if align == "right" else x
    pad = size * 0.25
    x0, x1 = max(left - pad, box[0]), min(left + width + pad, box[2])
    return Rect(x0, baseline - size * 0.3, x1 - x0, size * 1.15, fill=colour, radius=size * 0.2)


CONTRAST_FACTS = "ink adjusted for contrast"  # the group of the facts below (env.fact)


def _legible_fact(
    el: TextEl, ink: str, background: str, printed: tuple, size: float, env: PlanEnv
) -> None:
    """The build says where a piece's ink fell short of the contrast floor, and what was
    printed instead: the ink moved, or a plate behind it."""
    env.fact(_contrast_text(el.path, ink, background, printed, size), CONTRAST_FACTS)


@lru_cache(maxsize=1024)  # the same text on every copy of a design: worded once
def _contrast_text(path: str, ink: str, background: str, printed: tuple, size: float) -> str:
    under = PAPER if background == "none" else background
    colour, plate = printed
    was = f"{path}: ink {ink} on {under} reads {contrast(ink, under):.1f}:1 at {size:g} pt"
    if plate is None:
        return f"{was}, printed {colour} ({contrast(colour, under):.1f}:1)"
    return f"{was}, printed on a plate of {plate} ({contrast(ink, plate):.1f}:1)"


def _one_line(
    face: str, size, min_size: float, align: str, box: BBox, short_side: float
) -> _Line | None:
    """One line at the size a text starts from in this box, or None when the box is too
    low for it (then the text is fitted in full)."""
    x0, y0, x1, y1 = box
    width, height = x1 - x0, y1 - y0
    start = _start_size(size, min_size, height, short_side)
    if start > height + 1e-6:
        return None
    x = x0 if align == "left" else x1 if align == "right" else (x0 + x1) / 2
    return _Line(Font(face, start), x, width, (y0 + y1) / 2 - start * 0.35)


def _start_size(size, min_size: float, height: float, short_side: float) -> float:
    # Unsized text fills its place, up to about a quarter of the piece's short side.
    return size or max(min(height / TIGHT_LEADING, short_side * 0.26), min_size)


@lru_cache(maxsize=4096)
def _text_ops(
    text: str, face: str, size, min_size: float, align: str, colour: str, wrap_lines: bool,
    box: BBox, short_side: float, fonts,
) -> tuple[tuple[Text, ...], bool]:  # fmt: skip
    """A text's lines in its box: the same for every face that shows the same text in the
    same place and style (a strength line on a thousand counters), so fitted once."""
    x0, y0, x1, y1 = box
    width, height = x1 - x0, y1 - y0
    start = _start_size(size, min_size, height, short_side)
    fitted = fit_text(
        text, face, start, min_size, width, height, fonts, TIGHT_LEADING, wrap_lines=wrap_lines
    )
    size = fitted.size
    lead = size * TIGHT_LEADING
    n = len(fitted.lines)
    cy = (y0 + y1) / 2
    # Cap height is about 0.7 of the size: centre the caps, not the em box.
    first = cy + (n - 1) * lead / 2 - size * 0.35
    x = x0 if align == "left" else x1 if align == "right" else (x0 + x1) / 2
    font = Font(face, size)
    ops = tuple(
        Text(x, first - k * lead, line, font, colour, align) for k, line in enumerate(fitted.lines)
    )
    return ops, fitted.fits


def _image(d: CounterDef, el: ImageEl, box: BBox, env: PlanEnv) -> list:
    bw, bh = (box[2] - box[0]) * el.scale, (box[3] - box[1]) * el.scale
    pw, ph = el.picture.pixels
    if pw and ph:
        k = min(bw / pw, bh / ph)
        w, h = pw * k, ph * k
        dpi = pw / (w / 72)
        if dpi < MIN_DPI - 1e-6:
            env.warn(
                el.span,
                el.path,
                f"image {el.picture.name!r} prints at {dpi:.0f} dpi on piece {d.id!r} "
                f"(below {MIN_DPI} dpi)",
                "use a larger image or print it smaller",
            )
    else:  # SVG: the renderer keeps its aspect inside the box
        w, h = bw, bh
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return [Image(el.picture, cx - w / 2, cy - h / 2, w, h)]
