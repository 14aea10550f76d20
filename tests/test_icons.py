"""The built-in icon set: every icon draws, stays inside its square and fills it."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen.canvas import Canvas

from kitgen.render.icons import icon_names, paint_icon

REQUIRED = (
    "sword pistol shotgun rifle submarine turret waves skull duck eye flame blood splash "
    "blast door lock chip wheat person star arrow shield grenade heart crosshair hourglass "
    "dice flag house tree grass fish hammer book gavel brush medkit crown bulb soldier-helmet"
).split()

BOX = 100.0  # pt, the icon's square
PAGE = 160.0  # pt, square page with the box centred
SCALE = 2.0  # pixels per pt


def _pdf(name: str, size: float, page: float) -> bytes:
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(page, page))
    c.translate(page / 2, page / 2)
    paint_icon(c, name, size, "#000000")
    c.showPage()
    c.save()
    return buf.getvalue()


def _ink_bbox(name: str) -> tuple[int, int, int, int] | None:
    """Pixel bbox (left, top, right, bottom exclusive) of everything not white."""
    doc = pdfium.PdfDocument(_pdf(name, BOX, PAGE))
    try:
        img = doc[0].render(scale=SCALE).to_pil().convert("L")
    finally:
        doc.close()
    mask = img.point(lambda v: 255 if v < 250 else 0)
    return mask.getbbox()


def test_required_icons_are_present():
    missing = [n for n in REQUIRED if n not in icon_names()]
    assert missing == []


def test_icon_names_sorted():
    names = icon_names()
    assert names == sorted(names)
    assert len(names) == len(set(names)) >= 40


def test_unknown_icon_raises_key_error():
    c = Canvas(io.BytesIO(), pagesize=(100, 100))
    with pytest.raises(KeyError) as info:
        paint_icon(c, "no-such-icon", 20, "#000000")
    assert info.value.args == ("no-such-icon",)


@pytest.mark.parametrize("size", [10.0, 144.0])
@pytest.mark.parametrize("name", icon_names())
def test_icon_draws_at_size(name, size):
    data = _pdf(name, size, 200.0)
    assert data.startswith(b"%PDF")


@pytest.mark.parametrize("name", icon_names())
def test_icon_stays_inside_and_fills_its_box(name):
    bbox = _ink_bbox(name)
    assert bbox is not None, f"{name} drew nothing"
    left, top, right, bottom = bbox
    # The box spans 30..130 pt on the page, i.e. pixels 60..260 at 2x.
    lo, hi = (PAGE - BOX) / 2 * SCALE, (PAGE + BOX) / 2 * SCALE
    tol = 1
    assert left >= lo - tol and top >= lo - tol, (name, bbox)
    assert right <= hi + tol and bottom <= hi + tol, (name, bbox)
    larger = max(right - left, bottom - top)
    assert larger >= 0.5 * BOX * SCALE, (name, bbox)


def test_icon_is_centred_on_the_origin():
    # A hand-checked case: the dice face spans -45..45 units, so at 100 pt it covers
    # 90 pt centred on the page: pixels 70..250 at 2x.
    left, top, right, bottom = _ink_bbox("dice")
    assert abs(left - 70) <= 1 and abs(right - 250) <= 1
    assert abs(top - 70) <= 1 and abs(bottom - 250) <= 1


def test_colour_is_used():
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(PAGE, PAGE))
    c.translate(PAGE / 2, PAGE / 2)
    paint_icon(c, "dice", BOX, "#ff0000")
    c.showPage()
    c.save()
    doc = pdfium.PdfDocument(buf.getvalue())
    try:
        img = doc[0].render(scale=1).to_pil().convert("RGB")
    finally:
        doc.close()
    # The face spans 35..125 px at 1x: (42, 42) lies on it between pips, (10, 10) outside.
    assert img.getpixel((42, 42)) == (255, 0, 0)
    assert img.getpixel((10, 10)) == (255, 255, 255)


def test_icon_op_through_the_pdf_renderer():
    # An Icon op in a plan lands where the plan puts it: a 72 pt dice face (90% ink)
    # centred at (200, 300) on letter paper covers x 167.6..232.4, y from the top
    # 792 - 300 = 492 -> 459.6..524.4.
    from kitgen.layout.plan import Document, Icon, Page
    from kitgen.render.pdf import render_document
    from kitgen.units import PAPERS

    page = Page("Icons", ops=[Icon("dice", 200, 300, 72, "#000000")], framed=False)
    data = render_document(Document("t", "T", [page]), PAPERS["letter"], "T", paint_icon)
    doc = pdfium.PdfDocument(data)
    try:
        img = doc[0].render(scale=1).to_pil().convert("L")
    finally:
        doc.close()
    left, top, right, bottom = img.point(lambda v: 255 if v < 250 else 0).getbbox()
    assert (left, top, right, bottom) == (167, 459, 233, 525)
