"""The painter writes PDF operators directly; it must draw what ReportLab's own
canvas methods draw. Both versions are rasterised and compared pixel by pixel."""

import io

import pypdfium2 as pdfium
import pytest
from PIL import ImageChops
from reportlab.pdfgen.canvas import Canvas

from kitgen.layout.plan import Circle, Font, Group, Line, Path, Rect, Stroke, Text
from kitgen.render.fonts import FontBook
from kitgen.render.pdf import Painter

pytestmark = pytest.mark.reportlab  # the painter against the installed ReportLab's own canvas

SIZE = (300, 200)


def raster(draw) -> "object":
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=SIZE, invariant=1)
    draw(c)
    c.showPage()
    c.save()
    page = pdfium.PdfDocument(buf.getvalue())[0]
    return page.render(scale=3).to_pil().convert("RGB")


def assert_same_pixels(ours, theirs):
    diff = ImageChops.difference(ours, theirs)
    bbox = diff.getbbox()
    assert bbox is None, f"images differ in {bbox}"


@pytest.mark.parametrize("family", ["Helvetica", "Vera"])
def test_text_matches_reportlab(family: str):
    face = FontBook().face(family, bold=True)
    words = ["Left (x) & <b>", "Centred é ü", "Right 1/2", "Rotated"]

    def ours(c):
        Painter(c).draw(
            [
                Text(20, 150, words[0], Font(face, 14), "#aa0000"),
                Text(150, 110, words[1], Font(face, 12), align="centre"),
                Text(280, 70, words[2], Font(face, 10), "#0000aa", align="right"),
                Text(150, 30, words[3], Font(face, 11), align="centre", angle=20),
            ]
        )

    def theirs(c):
        c.setFillColorRGB(0xAA / 255, 0, 0)
        c.setFont(face, 14)
        c.drawString(20, 150, words[0])
        c.setFillColorRGB(0, 0, 0)
        c.setFont(face, 12)
        c.drawCentredString(150, 110, words[1])
        c.setFillColorRGB(0, 0, 0xAA / 255)
        c.setFont(face, 10)
        c.drawRightString(280, 70, words[2])
        c.setFillColorRGB(0, 0, 0)
        c.setFont(face, 11)
        c.saveState()
        c.translate(150, 30)
        c.rotate(20)
        c.drawCentredString(0, 0, words[3])
        c.restoreState()

    assert_same_pixels(raster(ours), raster(theirs))


def test_shapes_match_reportlab():
    thin = Stroke("#000000", 0.5)
    dashed = Stroke("#336699", 1.0, (3, 2))

    def ours(c):
        Painter(c).draw(
            [
                Rect(10, 10, 54, 54, fill="#ffcc00", stroke=thin),
                Rect(80, 10, 54, 54, stroke=dashed),
                Circle(180, 40, 25, fill="#00aa44"),
                Line(10, 100, 290, 100, dashed),
                Path(((200, 120), (280, 120), (240, 190)), fill="#cc0000", stroke=thin),
                Group((Rect(0, 0, 20, 20, fill="#0000ff"),), dx=30, dy=130, rotate=30),
            ]
        )

    def theirs(c):
        c.setFillColorRGB(1, 0.8, 0)
        c.setLineWidth(0.5)
        c.rect(10, 10, 54, 54, stroke=1, fill=1)
        c.setStrokeColorRGB(0x33 / 255, 0x66 / 255, 0x99 / 255)
        c.setLineWidth(1)
        c.setDash([3, 2])
        c.rect(80, 10, 54, 54, stroke=1, fill=0)
        c.setFillColorRGB(0, 0xAA / 255, 0x44 / 255)
        c.circle(180, 40, 25, stroke=0, fill=1)
        c.line(10, 100, 290, 100)
        c.setDash([])
        c.setStrokeColorRGB(0, 0, 0)
        c.setLineWidth(0.5)
        c.setFillColorRGB(0.8, 0, 0)
        p = c.beginPath()
        p.moveTo(200, 120)
        p.lineTo(280, 120)
        p.lineTo(240, 190)
        p.close()
        c.drawPath(p, stroke=1, fill=1)
        c.saveState()
        c.translate(30, 130)
        c.rotate(30)
        c.setFillColorRGB(0, 0, 1)
        c.rect(0, 0, 20, 20, stroke=0, fill=1)
        c.restoreState()

    assert_same_pixels(raster(ours), raster(theirs))


def test_repeated_groups_become_one_form():
    face = FontBook().face("Helvetica")
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=SIZE, invariant=1, pageCompression=0)
    art = (Rect(0, 0, 30, 30, fill="#ff0000"), Text(15, 10, "A", Font(face, 9), align="centre"))
    Painter(c).draw([Group(art, dx=10 + 35 * i, dy=50, key="face-a") for i in range(8)])
    c.showPage()
    c.save()
    pdf = buf.getvalue()
    assert pdf.count(b"/Subtype /Form") == 1
    assert pdf.count(b" Do") == 8


def test_a_painter_is_freed_without_the_cycle_collector():
    # A build runs with the collector off: a painter in a reference cycle would keep its
    # canvas and caches (megabytes for a big kit) alive after its document is written.
    import gc
    import weakref

    enabled = gc.isenabled()
    gc.disable()
    try:
        painter = Painter(Canvas(io.BytesIO()))
        painter.draw([Rect(0, 0, 10, 10, fill="#ff0000")])
        gone = weakref.ref(painter)
        canvas = weakref.ref(painter.c)
        del painter
        assert gone() is None and canvas() is None
    finally:
        if enabled:
            gc.enable()
