"""Draws plans into PDF bytes. The only stage that uses ReportLab's canvas.

Output is deterministic (ReportLab's invariant mode), PDF 1.7, with the viewer
preference PrintScaling=None so printers do not 'fit to page'.
"""

from __future__ import annotations

import io
import math

from reportlab import rl_config
from reportlab.pdfbase.pdfdoc import PDFName
from reportlab.pdfgen.canvas import Canvas

from ..colours import rgb
from ..layout.plan import Circle, Document, Group, Icon, Image, Line, Page, Path, Rect, Stroke, Text
from ..units import Paper

# Compressed streams need no ASCII85 wrapping: it costs time and 25 % in size.
rl_config.useA85 = 0

_DUPLEX = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge"}


class Painter:
    """Draws ops on one canvas; keeps the state changes it can avoid."""

    def __init__(self, canvas: Canvas, icon_painter=None, image_cache=None):
        self.c = canvas
        self.icons = icon_painter
        self.images = image_cache if image_cache is not None else {}
        self.forms: set[str] = set()
        self._fill: str | None = None
        self._stroke: Stroke | None = None

    # -- state
    def _set_fill(self, colour: str) -> None:
        if colour != self._fill:
            self.c.setFillColorRGB(*rgb(colour))
            self._fill = colour

    def _set_stroke(self, stroke: Stroke) -> None:
        if stroke != self._stroke:
            c = self.c
            c.setStrokeColorRGB(*rgb(stroke.colour))
            c.setLineWidth(stroke.width)
            c.setDash(list(stroke.dash) if stroke.dash else [])
            c.setLineCap(1 if stroke.dash and min(stroke.dash) < 1 else 0)
            self._stroke = stroke

    def _reset_state(self) -> None:
        self._fill = None
        self._stroke = None

    def _paint(self, fill: str | None, stroke: Stroke | None) -> tuple[int, int]:
        do_fill = fill is not None and fill != "none"
        do_stroke = stroke is not None and stroke.colour != "none" and stroke.width > 0
        if do_fill:
            self._set_fill(fill)  # type: ignore[arg-type]
        if do_stroke:
            self._set_stroke(stroke)  # type: ignore[arg-type]
        return int(do_fill), int(do_stroke)

    # -- ops
    def draw(self, ops) -> None:
        for op in ops:
            getattr(self, "op_" + type(op).__name__)(op)

    def op_Rect(self, r: Rect) -> None:
        f, s = self._paint(r.fill, r.stroke)
        if not (f or s):
            return
        if r.radius:
            self.c.roundRect(r.x, r.y, r.w, r.h, r.radius, stroke=s, fill=f)
        else:
            self.c.rect(r.x, r.y, r.w, r.h, stroke=s, fill=f)

    def op_Circle(self, o: Circle) -> None:
        f, s = self._paint(o.fill, o.stroke)
        if f or s:
            self.c.circle(o.cx, o.cy, o.r, stroke=s, fill=f)

    def op_Line(self, o: Line) -> None:
        if self._paint(None, o.stroke)[1]:
            self.c.line(o.x0, o.y0, o.x1, o.y1)

    def op_Path(self, o: Path) -> None:
        if o.hatch:
            self._hatch(o)
        f, s = self._paint(o.fill, o.stroke)
        if not (f or s) or len(o.points) < 2:
            return
        p = self.c.beginPath()
        p.moveTo(*o.points[0])
        for pt in o.points[1:]:
            p.lineTo(*pt)
        if o.closed:
            p.close()
        self.c.drawPath(p, stroke=s, fill=f if o.closed else 0)

    def _hatch(self, o: Path) -> None:
        """Thin 45° lines clipped to the polygon: 'partly covered' reads without colour."""
        xs = [p[0] for p in o.points]
        ys = [p[1] for p in o.points]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        c = self.c
        c.saveState()
        clip = c.beginPath()
        clip.moveTo(*o.points[0])
        for pt in o.points[1:]:
            clip.lineTo(*pt)
        clip.close()
        c.clipPath(clip, stroke=0, fill=0)
        self._reset_state()
        self._set_stroke(Stroke(o.hatch, 0.5))
        step = 4.0
        span = (x1 - x0) + (y1 - y0)
        k = 0.0
        while k <= span:
            c.line(x0 + k, y0, x0 + k - (y1 - y0), y1)
            k += step
        c.restoreState()
        self._reset_state()

    def op_Text(self, t: Text) -> None:
        c = self.c
        self._set_fill(t.colour)
        c.setFont(t.font.face, t.font.size)
        if t.angle:
            c.saveState()
            c.translate(t.x, t.y)
            c.rotate(t.angle)
            x, y = 0.0, 0.0
        else:
            x, y = t.x, t.y
        if t.align == "centre":
            c.drawCentredString(x, y, t.text)
        elif t.align == "right":
            c.drawRightString(x, y, t.text)
        else:
            c.drawString(x, y, t.text)
        if t.angle:
            c.restoreState()
            self._reset_state()

    def op_Icon(self, o: Icon) -> None:
        if self.icons is None:
            raise RuntimeError("no icon painter configured")
        c = self.c
        c.saveState()
        c.translate(o.cx, o.cy)
        if o.angle:
            c.rotate(o.angle)
        self._reset_state()
        self.icons(c, o.name, o.size, o.colour)
        c.restoreState()
        self._reset_state()

    def op_Image(self, o: Image) -> None:
        if o.path.lower().endswith(".svg"):
            self._svg(o)
            return
        # ReportLab embeds an image once per canvas when drawn through the same name.
        self.c.drawImage(o.path, o.x, o.y, o.w, o.h, mask="auto")

    def _svg(self, o: Image) -> None:
        """An SVG as vectors: drawn once as a form, scaled to fit the box, aspect kept."""
        name = "S" + _form_name(o.path)
        size = self.images.get(name)
        if size is None:
            from reportlab.graphics import renderPDF
            from svglib.svglib import svg2rlg

            drawing = svg2rlg(o.path)
            size = (drawing.width, drawing.height) if drawing is not None else (1.0, 1.0)
            self.c.beginForm(name)
            if drawing is not None:
                renderPDF.draw(drawing, self.c, 0, 0)
            self.c.endForm()
            self._reset_state()
            self.images[name] = size
        k = min(o.w / size[0], o.h / size[1])
        c = self.c
        c.saveState()
        c.translate(o.x + (o.w - size[0] * k) / 2, o.y + (o.h - size[1] * k) / 2)
        c.scale(k, k)
        c.doForm(name)
        c.restoreState()
        self._reset_state()

    def op_Group(self, g: Group) -> None:
        c = self.c
        plain = not (g.dx or g.dy or g.rotate or g.scale != 1 or g.clip)
        if g.key is not None:
            name = "F" + _form_name(g.key)
            if name not in self.forms:
                self.forms.add(name)
                c.beginForm(name)
                self._reset_state()
                self._draw_clipped(g)
                c.endForm()
                self._reset_state()
            c.saveState()
            c.transform(*_matrix(g))
            c.doForm(name)
            c.restoreState()
            self._reset_state()
            return
        if plain:
            self.draw(g.ops)
            return
        c.saveState()
        c.transform(*_matrix(g))
        self._reset_state()
        self._draw_clipped(g)
        c.restoreState()
        self._reset_state()

    def _draw_clipped(self, g: Group) -> None:
        if g.clip:
            x0, y0, x1, y1 = g.clip
            p = self.c.beginPath()
            p.rect(x0, y0, x1 - x0, y1 - y0)
            self.c.clipPath(p, stroke=0, fill=0)
        self.draw(g.ops)


def _matrix(g: Group) -> tuple[float, float, float, float, float, float]:
    a = math.radians(g.rotate)
    cos, sin = math.cos(a) * g.scale, math.sin(a) * g.scale
    return (cos, sin, -sin, cos, g.dx, g.dy)


def _form_name(key: str) -> str:
    return "".join(ch if ch.isalnum() else "_" for ch in key)[:60] + f"_{abs(hash(key)) % 10**8}"


def render_document(doc: Document, paper: Paper, title: str, icon_painter=None) -> bytes:
    """One Document -> PDF bytes."""
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=paper.size, invariant=1, pdfVersion=(1, 7),
                    pageCompression=1, initialFontName="Helvetica")
    canvas.setTitle(f"{title} — {doc.title}")
    canvas.setAuthor("kitgen")
    canvas.setCreator("kitgen")
    canvas.setSubject(doc.title)
    canvas.setViewerPreference("PrintScaling", PDFName("None"))
    if doc.duplex in _DUPLEX:
        canvas.setViewerPreference("Duplex", PDFName(_DUPLEX[doc.duplex]))
    painter = Painter(canvas, icon_painter)
    for page in doc.pages or [Page(doc.title)]:
        _page_boxes(canvas, page, paper)
        painter.draw(page.ops)
        canvas.showPage()
        painter._reset_state()
    canvas.save()
    return buf.getvalue()


def _page_boxes(canvas: Canvas, page: Page, paper: Paper) -> None:
    canvas.setPageSize(paper.size)
    # ReportLab keeps a box for all later pages once set: set or clear it per page.
    canvas.setTrimBox(page.trim_box)
    canvas.setBleedBox(page.bleed_box)
