"""The seed kits' counter sheets, maps and tracks, drawn and read back: nothing printed in
the 0.25 in the printer cannot reach, every manifest box inside it, no pieces overlapping."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from kitgen.layout.frame import content_box
from kitgen.units import PAPERS, PRINTER_MARGIN

from .conftest import CONTENT, build_pdfs

DPI = 36  # 0.25 in = 9 pixels
SHEETS = ("counters.pdf", "tracks.pdf")


def _ours(name: str) -> bool:
    return name in SHEETS or name.startswith("map-")


def _ink_in_margin(pdf: bytes) -> list[tuple[int, int]]:
    """(page, pixels) of every page with non-white pixels in the outer margin band."""
    doc = pdfium.PdfDocument(pdf)
    bad = []
    band = int(PRINTER_MARGIN / 72 * DPI) - 1  # one pixel of slack for anti-aliasing
    for n in range(len(doc)):
        img = doc[n].render(scale=DPI / 72).to_pil().convert("L")
        w, h = img.size
        px = img.load()
        dark = sum(
            1 for y in range(h) for x in (*range(band), *range(w - band, w)) if px[x, y] < 250
        ) + sum(1 for x in range(w) for y in (*range(band), *range(h - band, h)) if px[x, y] < 250)
        if dark:
            bad.append((n + 1, dark))
    doc.close()
    return bad


@pytest.mark.parametrize(
    "game,duplex",
    [("reshuffled", "none"), ("reshuffled", "long"), ("duck", "none"), ("ryamon", "none"),
     ("rencounter", "short")],
)  # fmt: skip
def test_seed_sheets_keep_the_printer_margin(game, duplex):
    _, pdfs, manifest = build_pdfs(CONTENT / game, duplex=duplex)
    names = [n for n in pdfs if _ours(n)]
    assert "counters.pdf" in names
    for name in names:
        assert _ink_in_margin(pdfs[name]) == [], name
    x0, y0, x1, y1 = content_box(PAPERS["letter"])
    for item in manifest["items"]:
        if _ours(item["file"]):
            b = item["bbox"]
            assert x0 - 1e-6 <= b[0] and b[2] <= x1 + 1e-6, item
            assert y0 - 1e-6 <= b[1] and b[3] <= y1 + 1e-6, item
    # no two pieces of a counter sheet overlap (halves of a fold pair touch along the fold)
    pages: dict = {}
    for item in manifest["items"]:
        if item["file"] == "counters.pdf":
            pages.setdefault(item["page"], []).append(item["bbox"])
    for boxes in pages.values():
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


def test_the_margin_check_sees_ink_at_the_edge():
    import io

    from reportlab.pdfgen.canvas import Canvas

    out = io.BytesIO()
    c = Canvas(out, pagesize=(612, 792))
    c.rect(300, 792 - 14, 20, 6, fill=1)  # 8 pt from the top edge: inside the 18 pt margin
    c.showPage()
    c.rect(300, 300, 20, 20, fill=1)
    c.save()
    assert [page for page, _ in _ink_in_margin(out.getvalue())] == [1]
