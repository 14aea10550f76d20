"""Draws plans into PDF bytes. The only stage that uses ReportLab's canvas.

Output is deterministic (ReportLab's invariant mode), PDF 1.7, with the viewer
preference PrintScaling=None so printers do not 'fit to page'.
"""

from __future__ import annotations

import hashlib
import io
import math
from collections import Counter
from collections.abc import Callable, Collection
from functools import lru_cache
from typing import Any, TypeVar

from reportlab.lib.rl_accel import escapePDF, fp_str, unicode2T1
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase.pdfdoc import PDFName
from reportlab.pdfgen.canvas import Canvas

from ..colours import rgb
from ..layout.plan import (
    Circle,
    Document,
    Group,
    Icon,
    Image,
    Line,
    Page,
    Path,
    Pieces,
    Rect,
    Stroke,
    Text,
)  # fmt: skip
from ..units import Paper
from .fonts import FontBook, font_of, mark_runs, plain_ascii
from .rl_private import (
    is_truetype,
    last_form,
    page_code,
    pdf_document,
    place_form_again,
    seal_page,
    without_ascii85,
)

_DUPLEX = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge"}


# Each plan op's method, registered by @paints as the Painter class is made. Held here,
# not as bound methods on the painter: those would make each painter a reference cycle,
# and with the collector off during a build its canvas and caches (megabytes for ten
# thousand counters) would outlive the document.
_HANDLERS: dict[type, Callable[[Painter, Any], None]] = {}
_M = TypeVar("_M", bound=Callable[..., None])


def paints(op: type) -> Callable[[_M], _M]:
    """Register the painter method that draws plan ops of type `op`."""

    def register(method: _M) -> _M:
        _HANDLERS[op] = method
        return method

    return register


class Painter:
    """Draws ops on one canvas.

    Paths, colours and text are written as PDF operators straight into the
    page stream (the canvas's own helpers build a text object per string,
    which dominated the time of a counter sheet); fonts, subsetting, images
    and forms still go through ReportLab. The painter tracks the graphics
    state it set, so repeated colours and line styles are written once.
    """

    def __init__(
        self, canvas: Canvas, icon_painter=None, once: set[str] | None = None, face: str = ""
    ):
        self.c = canvas
        self.face = face  # the document's first face: an SVG's text state starts in it
        # Keys placed only once: drawn inline, a form would only add bytes. Each is let go
        # as it is drawn (ten thousand counters' keys need not last the whole document).
        self.once = set() if once is None else once
        self.code = page_code(canvas)
        self.doc = pdf_document(canvas)
        self.icons = icon_painter
        self.forms: set[str] = set()
        self._fill: str | None = None
        self._stroke: str | None = None  # the stroke operators in force
        self._stroke_ops: dict[int, tuple[Stroke, str]] = {}
        self._fonts: dict[str, tuple] = {}
        # (face, size) -> its font-selection operator when printable ASCII may be shown in
        # it as it is (a standard font in WinAnsi), else "".
        self._ascii_tf: dict[tuple[str, float], str] = {}
        # Operator text already written once: a face's rectangles and lines sit at the same
        # place on every counter, and a strength line repeats on hundreds of them.
        self._rects: dict[tuple, tuple[str | None, str | None, str]] = {}
        self._texts: dict[tuple, str] = {}
        self._nums: dict[float, str] = {}
        self._paths: dict[tuple, str] = {}
        self._hatches: dict[tuple, tuple[str, str, str]] = {}
        self._moves: dict[tuple[float, float], str] = {}
        self._images: dict[str, tuple[str, str]] = {}  # digest -> (image name, XObject name)

    def _num(self, v: float) -> str:
        """fp_str of one number, remembered: a map's hex corners share their x and y."""
        text = self._nums.get(v)
        if text is None:
            text = self._nums[v] = fp_str(v)
        return text

    # -- state
    def _set_fill(self, colour: str) -> None:
        if colour != self._fill:
            self.code.append(_colour_op(colour, "rg"))
            self._fill = colour

    def _set_stroke(self, stroke: Stroke) -> None:
        # The state is kept as the operators written: strings compare in C, and the
        # operators of each Stroke object are looked up by its id (the object is kept
        # with them, so a freed page's Stroke cannot lend its id to another).
        got = self._stroke_ops.get(id(stroke))
        if got is None or got[0] is not stroke:
            got = self._stroke_ops[id(stroke)] = (stroke, _stroke_ops(stroke))
        self._set_stroke_ops(got[1])

    def _set_stroke_ops(self, ops: str) -> None:
        if ops != self._stroke:
            self.code.append(ops)
            self._stroke = ops

    def _reset_state(self) -> None:
        self._fill = None
        self._stroke = None
        self.code = page_code(self.c)  # showPage and forms swap the list

    def _paint(self, fill: str | None, stroke: Stroke | None) -> str:
        """Set colours; return the path-painting operator ('' = nothing to paint)."""
        do_fill = fill is not None and fill != "none"
        do_stroke = stroke is not None and stroke.colour != "none" and stroke.width > 0
        if do_fill:
            self._set_fill(fill)  # type: ignore[arg-type]
        if do_stroke:
            self._set_stroke(stroke)  # type: ignore[arg-type]
        return _PAINT[(do_fill, do_stroke)]

    # -- ops
    def draw(self, ops) -> None:
        handlers = _HANDLERS
        for op in ops:
            handlers[type(op)](self, op)

    @paints(Rect)
    def op_Rect(self, r: Rect) -> None:
        # Keyed by the rect's values as a plain tuple: compared in C, where equal Rects
        # made apart (a cut line per piece) would each call the ops' Python __eq__.
        key = tuple(r)
        drawn = self._rects.get(key)
        if drawn is None:
            if len(self._rects) >= 4096:  # bounded: a face's rects repeat, a map's may not
                self._rects.clear()
            drawn = self._rects[key] = _rect_ops(r)
        fill, stroke, path = drawn
        if not path:
            return
        # What _paint sets, fill then stroke, from the colours worked out with the path.
        if fill is not None:
            self._set_fill(fill)
        if stroke is not None:
            self._set_stroke_ops(stroke)
        self.code.append(path)

    @paints(Circle)
    def op_Circle(self, o: Circle) -> None:
        paint = self._paint(o.fill, o.stroke)
        if paint:
            self.c.circle(
                o.cx, o.cy, o.r, stroke=int(paint in ("S", "B")), fill=int(paint in ("f", "B"))
            )

    @paints(Line)
    def op_Line(self, o: Line) -> None:
        if self._paint(None, o.stroke):
            self.code.append(f"n {fp_str(o.x0, o.y0)} m {fp_str(o.x1, o.y1)} l S")

    @paints(Path)
    def op_Path(self, o: Path) -> None:
        if o.hatch:
            self._hatch(o.points, o.hatch, o.hatch_step)
        paint = self._paint(o.fill if o.closed else None, o.stroke)
        if not paint or len(o.points) < 2:
            return
        key = (o.points, o.closed)
        path = self._paths.get(key)
        if path is None:  # a map's cell is filled and then outlined along the same path
            num = self._num
            first, *rest = o.points
            parts = [f"n {num(first[0])} {num(first[1])} m"]
            parts.extend([f"{num(x)} {num(y)} l" for x, y in rest])
            if o.closed:
                parts.append("h")
            path = self._paths[key] = " ".join(parts)
        self.code.append(f"{path} {paint}")

    def _hatch(self, points: tuple, hatch: str, step: float) -> None:
        """Thin 45° lines clipped to the polygon: 'partly covered' reads without colour."""
        key = (points, hatch, step)
        drawn = self._hatches.get(key)
        if drawn is None:  # a fold pair's glue bands sit at the same places on every sheet
            if len(self._hatches) >= 1024:  # bounded: hatched template cells are drawn once each
                self._hatches.clear()
            drawn = self._hatches[key] = _hatch_ops(points, hatch, step)
        self.code.extend(drawn)
        self._fill = self._stroke = None

    @paints(Text)
    def op_Text(self, t: Text) -> None:
        self._set_fill(t.colour)
        key = tuple(t)  # a plain tuple, compared in C (see op_Rect); the colour is set apart
        shown = self._texts.get(key)
        if shown is None:
            if len(self._texts) >= 4096:  # bounded: most texts of a big kit are seen once
                self._texts.clear()
            shown = self._texts[key] = self._text(t)
        self.code.append(shown)

    def _text(self, t: Text) -> str:
        face, size = t.font.face, t.font.size
        runs = mark_runs(t.text, face, size)
        width = sum(w for _, _, _, w in runs)
        x = t.x - (0.0 if t.align == "left" else width / 2 if t.align == "centre" else width)
        shown = []
        for text, at, rise, _ in runs:
            if t.angle:
                a = math.radians(t.angle)
                cos, sin = math.cos(a), math.sin(a)
                # rotate about the anchor (t.x, t.y), then offset along the rotated baseline
                dx = x + at[0] - t.x
                ox, oy = t.x + dx * cos - rise * sin, t.y + dx * sin + rise * cos
                matrix = fp_str(cos, sin, -sin, cos, ox, oy)
            else:
                matrix = f"1 0 0 1 {fp_str(x + at[0], t.y + rise)}"
            shown.append(f"BT {matrix} Tm {self._show(text, face, at[1])} ET")
        return " ".join(shown)

    def _show(self, text: str, face: str, size: float) -> str:
        """Font selection and show-text operators, encoded the way ReportLab does."""
        tf = self._ascii_tf.get((face, size))
        if tf is None:
            font, names, winansi = self._font(face)
            tf = self._ascii_tf[(face, size)] = (
                f"{names[font.fontName]} {fp_str(size)} Tf" if winansi else ""
            )
        if tf and text and plain_ascii(text):  # what unicode2T1 gives, without its lists
            return f"{tf} ({escapePDF(text.encode('ascii'))}) Tj"
        font, names, _ = self._font(face)
        fs = fp_str(size)
        escape = escapePDF  # what the canvas's _escape calls
        if is_truetype(font):  # one run per subset
            return " ".join(
                f"{font.getSubsetInternalName(subset, self.doc)} {fs} Tf ({escape(chunk)}) Tj"
                for subset, chunk in font.splitString(text, self.doc)
            )
        return " ".join(
            f"{names[f.fontName]} {fs} Tf ({escape(chunk)}) Tj"
            for f, chunk in unicode2T1(text, [font, *font.substitutionFonts])
        )

    def _font(self, face: str) -> tuple:
        cached = self._fonts.get(face)
        if cached is None:
            font, ascii_widths = font_of(face)
            names = {
                f.fontName: self.doc.getInternalFontName(f.fontName)
                for f in [font, *getattr(font, "substitutionFonts", [])]
                if not is_truetype(font)
            }
            cached = self._fonts[face] = (font, names, ascii_widths is not None)
        return cached

    @paints(Icon)
    def op_Icon(self, o: Icon) -> None:
        if self.icons is None:
            raise RuntimeError("no icon painter configured")
        c = self.c
        c.saveState()
        # Icons stroke with whatever dash and cap are current; inside a form that is the
        # caller's state (a dotted fold line, say), so start them from solid lines.
        c.setDash([])
        c.setLineCap(0)
        c.translate(o.cx, o.cy)
        if o.angle:
            c.rotate(o.angle)
        self.icons(c, o.name, o.size, o.colour)
        c.restoreState()
        self._reset_state()

    @paints(Image)
    def op_Image(self, o: Image) -> None:
        picture = o.picture
        if picture.kind == "svg":
            self._svg(o)
            return
        # ReportLab embeds an image once per document, however often it is drawn.
        placed = self._images.get(picture.digest)
        if placed is None:
            self.c.drawImage(ImageReader(io.BytesIO(picture.data)), o.x, o.y, o.w, o.h, mask="auto")
            name = last_form(self.c)
            self._images[picture.digest] = (name, self.doc.getXObjectName(name))
            return
        # Drawn again: the operators drawImage writes (its translate and scale merge into
        # one matrix), without its digest and look-ups per call.
        name, xobject = placed
        place_form_again(self.c, name)
        self.code.extend(("q", f"{fp_str(o.w, 0.0, 0.0, o.h, o.x, o.y)} cm", f"/{xobject} Do", "Q"))

    def _svg(self, o: Image) -> None:
        """An SVG as vectors: drawn once as a form, scaled to fit the box, aspect kept.
        Named by its content, so the PDF does not depend on where the game lies."""
        picture = o.picture
        name = "S" + picture.digest[:20]
        if name not in self.forms:
            from reportlab.graphics import renderPDF
            from svglib.svglib import svg2rlg

            self.forms.add(name)
            drawing = svg2rlg(io.BytesIO(picture.data))  # checked when read: it draws
            self.c.beginForm(name)
            if drawing is not None:
                # ReportLab's drawings start their state in base-14 Helvetica, which no PDF
                # of ours may name unembedded; a face the document embeds takes its place
                # (an attribute of ReportLab's Drawing its stubs leave out)
                font = self.face or drawing.initialFontName  # type: ignore[attr-defined]
                drawing.initialFontName = font  # type: ignore[attr-defined]
                renderPDF.draw(drawing, self.c, 0, 0)
            self.c.endForm()
            self._reset_state()
        width, height = picture.size
        k = min(o.w / width, o.h / height)
        c = self.c
        c.saveState()
        c.translate(o.x + (o.w - width * k) / 2, o.y + (o.h - height * k) / 2)
        c.scale(k, k)
        c.doForm(name)
        c.restoreState()
        self._reset_state()

    @paints(Pieces)
    def op_Pieces(self, o: Pieces) -> None:
        self.draw(o.maker.ops(o.pieces, o.side))

    @paints(Group)
    def op_Group(self, g: Group) -> None:
        ops, dx, dy, rotate, scale, clip, key, _ = g  # one unpacking, not an attribute each
        if key is not None:
            if key not in self.once:
                self._place_form(g, key)
                return
            self.once.discard(key)  # placed once: drawn inline
        turned = rotate or scale != 1
        if not (dx or dy or turned or clip):
            self.draw(ops)
            return
        if turned:
            self.code.append(f"q {fp_str(*_matrix(g))} cm")
        else:  # pieces sit in the same slots on every sheet: their moves repeat
            move = self._moves.get((dx, dy))
            if move is None:
                move = self._moves[(dx, dy)] = f"q {_UNTURNED} {fp_str(dx, dy)} cm"
            self.code.append(move)
        fill, stroke = self._fill, self._stroke
        self._draw_clipped(g)
        self.code.append("Q")  # self.code: a form first drawn inside swaps the list
        self._fill, self._stroke = fill, stroke  # Q restores what was set before the group

    def _place_form(self, g: Group, key: str) -> None:
        """A keyed group as a PDF form: drawn the first time, then only placed."""
        c = self.c
        name = "F" + _form_name(key)
        if name not in self.forms:
            self.forms.add(name)
            if g.box is not None:  # the stubs type the box as int: ReportLab takes any number
                c.beginForm(name, *g.box)  # type: ignore[arg-type]
            else:
                c.beginForm(name)
            self._reset_state()
            self._draw_clipped(g)
            c.endForm()
            self._reset_state()
        c.saveState()
        c.transform(*_matrix(g))
        c.doForm(name)
        c.restoreState()

    def _draw_clipped(self, g: Group) -> None:
        if g.clip:
            x0, y0, x1, y1 = g.clip
            self.code.append(f"n {fp_str(x0, y0, x1 - x0, y1 - y0)} re W n")
        self.draw(g.ops)


def _rect_ops(r: Rect) -> tuple[str | None, str | None, str]:
    """(fill colour, stroke operators, path and painting operator) of a rect: None for
    a colour it does not paint, "" for the path of a rect that paints nothing."""
    fill = r.fill if r.fill is not None and r.fill != "none" else None
    stroke = r.stroke
    if stroke is None or stroke.colour == "none" or not stroke.width > 0:
        stroke = None
    paint = _PAINT[(fill is not None, stroke is not None)]
    if not paint:
        return None, None, ""
    if r.radius:
        path = _round_rect(r.x, r.y, r.w, r.h, r.radius)
    else:
        path = f"n {fp_str(r.x, r.y, r.w, r.h)} re"
    return fill, None if stroke is None else _stroke_ops(stroke), f"{path} {paint}"


def _round_rect(x: float, y: float, w: float, h: float, radius: float) -> str:
    """The path ReportLab's roundRect draws (quadrants as Béziers), written directly."""
    t = 0.4472 * radius  # ReportLab's control-point factor
    x0, x1 = min(x, x + w), max(x, x + w)
    y0, y1 = min(y, y + h), max(y, y + h)
    return (
        f"n {fp_str(x0 + radius, y0)} m {fp_str(x1 - radius, y0)} l "
        f"{fp_str(x1 - t, y0, x1, y0 + t, x1, y0 + radius)} c {fp_str(x1, y1 - radius)} l "
        f"{fp_str(x1, y1 - t, x1 - t, y1, x1 - radius, y1)} c {fp_str(x0 + radius, y1)} l "
        f"{fp_str(x0 + t, y1, x0, y1 - t, x0, y1 - radius)} c {fp_str(x0, y0 + radius)} l "
        f"{fp_str(x0, y0 + t, x0 + t, y0, x0 + radius, y0)} c h"
    )


_UNTURNED = fp_str(1.0, 0.0, -0.0, 1.0)  # what _matrix gives without rotation or scale
_PAINT = {(False, False): "", (True, False): "f", (False, True): "S", (True, True): "B"}


@lru_cache(maxsize=1024)
def _colour_op(colour: str, op: str) -> str:
    return f"{fp_str(*rgb(colour))} {op}"


def _hatch_ops(points: tuple, colour: str, step: float = 4.0) -> tuple[str, str, str]:
    """(clip to the polygon, stroke style, hatch lines and restore): the graphics state
    is saved round them, so the stroke style is set afresh each time."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    first, *rest = points
    clip = " ".join([f"q n {fp_str(*first)} m", *(f"{fp_str(*pt)} l" for pt in rest), "h W n"])
    k = 0.0
    lines = []
    while k <= (x1 - x0) + (y1 - y0):
        lines.append(f"{fp_str(x0 + k, y0)} m {fp_str(x0 + k - (y1 - y0), y1)} l")
        k += step
    return clip, _stroke_ops(Stroke(colour, step / 8)), " ".join(lines) + " S Q"


@lru_cache(maxsize=256)
def _stroke_ops(stroke: Stroke) -> str:
    dash = f"[{fp_str(*stroke.dash)}] 0 d" if stroke.dash else "[] 0 d"
    cap = 1 if stroke.dash and min(stroke.dash) < 1 else 0  # round caps make dots
    return f"{_colour_op(stroke.colour, 'RG')} {fp_str(stroke.width)} w {dash} {cap} J"


def _matrix(g: Group) -> tuple[float, float, float, float, float, float]:
    a = math.radians(g.rotate)
    cos, sin = math.cos(a) * g.scale, math.sin(a) * g.scale
    return (cos, sin, -sin, cos, g.dx, g.dy)


def _form_name(key: str) -> str:
    # A stable digest, not hash(): str hashes change per process, and so would the PDF bytes.
    digest = hashlib.sha1(key.encode("utf-8")).hexdigest()[:10]
    return "".join(ch if ch.isalnum() else "_" for ch in key)[:60] + f"_{digest}"


def render_document(
    doc: Document,
    paper: Paper,
    title: str,
    icon_painter=None,
    release: bool = False,
    only: Collection[int] | None = None,
) -> bytes:
    """One Document -> PDF bytes. With `release`, each page's ops are dropped once drawn
    (its items stay): a build of thousands of pieces need not hold its whole plan while
    the PDF is put together. `only`: the pages at these indices alone, each drawn as in
    the whole document (the same groups drawn as forms), for a served edit."""
    with without_ascii85():
        return _render(doc, paper, title, icon_painter, release, only)


def _render(doc: Document, paper: Paper, title: str, icon_painter, release: bool, only) -> bytes:
    buf = io.BytesIO()
    canvas = Canvas(
        buf,
        pagesize=paper.size,
        invariant=1,
        pdfVersion=(1, 7),
        pageCompression=1,
        # the page preamble's font: one the document embeds anyway, never a base-14 font
        # a print shop's preflight refuses as not embedded (the stubs type it as a number)
        initialFontName=(face := _first_face(doc)),  # type: ignore[arg-type]
    )
    canvas.setTitle(f"{title} — {doc.title}")
    canvas.setAuthor("kitgen")
    canvas.setCreator("kitgen")
    canvas.setSubject(doc.title)
    canvas.setViewerPreference("PrintScaling", PDFName("None"))
    if doc.duplex in _DUPLEX:
        canvas.setViewerPreference("Duplex", PDFName(_DUPLEX[doc.duplex]))
    painter = Painter(canvas, icon_painter, _used_once(doc), face)
    for n, page in enumerate(doc.pages or [Page(doc.title)]):
        if only is not None and n not in only:
            continue
        _page_boxes(canvas, page, paper)
        painter.draw(page.ops)
        if release:
            page.ops = []
        canvas.showPage()
        seal_page(canvas)
        painter._reset_state()
    canvas.save()
    return buf.getvalue()


def _first_face(doc: Document) -> str:
    """The face of the document's first text (the sheet label's), else Vera's."""
    stack = [op for page in doc.pages for op in page.ops]
    stack.reverse()
    while stack:
        op = stack.pop()
        if type(op) is Text:
            return op.font.face
        if type(op) is Group:
            stack.extend(reversed(op.ops))
    return FontBook().face("Vera")


def _used_once(doc: Document) -> set[str]:
    """Keys of groups placed once in the whole document (counting nested placements)."""
    counts: Counter[str] = Counter()
    inside: dict[int, Counter[str]] = {}  # a group's keys, nested ones too, by the group
    for page in doc.pages:
        for op in page.ops:
            if type(op) is Pieces:
                counts.update(op.maker.keys(op.pieces, op.side))
            elif type(op) is Group:
                counts.update(_keys_inside(op, inside))
    return {k for k, n in counts.items() if n == 1}


def _keys_inside(g: Group, inside: dict[int, Counter[str]]) -> Counter[str]:
    """How often each key is placed by one placing of ``g``: its ops read once however
    often it is placed (a tiled map's art is placed on every tile)."""
    got = inside.get(id(g))
    if got is None:
        got = Counter([g.key] if g.key is not None else [])
        for op in g.ops:
            if type(op) is Group:
                got.update(_keys_inside(op, inside))
        inside[id(g)] = got
    return got


def _page_boxes(canvas: Canvas, page: Page, paper: Paper) -> None:
    canvas.setPageSize(page.size or paper.size)
    # ReportLab keeps a box for all later pages once set: set or clear it per page.
    canvas.setTrimBox(page.trim_box)
    canvas.setBleedBox(page.bleed_box)
