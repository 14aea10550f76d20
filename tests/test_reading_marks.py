"""A kit's reading mark (†2) prints as a small superscript a thin space after its word:
sizes and places read back from the PDF."""

from __future__ import annotations

import pytest

from kitgen.layout.plan import Document, Font, Page, Text
from kitgen.render import pdf
from kitgen.render.fonts import FontBook
from kitgen.units import PAPERS

from .test_tables import pdf_font_sizes


def _chars(data: bytes) -> list[tuple[str, tuple[float, float, float, float]]]:
    import pypdfium2 as pdfium

    page = pdfium.PdfDocument(data)[0]
    text = page.get_textpage()
    return [
        (text.get_text_range(i, 1), text.get_charbox(i))
        for i in range(text.count_chars())
        if text.get_text_range(i, 1).strip()
    ]


@pytest.mark.parametrize("align", ["left", "centre", "right"])
def test_a_reading_mark_is_a_small_superscript_apart_from_its_word(align):
    face = FontBook().face("Vera")
    page = Page(
        "T",
        ops=[Text(300, 400, "cargo deck\u20202 and 1\u20209", Font(face, 10.0), "#000000", align)],
    )
    data = pdf.render_document(Document("d", "D", [page]), PAPERS["letter"], "T")
    sizes = {text: size for size, _, text in pdf_font_sizes(data)}
    assert sizes["cargo deck"] == pytest.approx(10.0)
    assert sizes["\u20202"] == sizes["\u20209"] == pytest.approx(6.0)
    chars = _chars(data)
    k = next(box for c, box in chars if c == "k")
    dagger, one = [box for c, box in chars if c == "\u2020"], next(b for c, b in chars if c == "1")
    assert dagger[0][0] - k[2] >= 1.2  # a thin space: "deck †2", not "deck†2"
    assert dagger[1][0] - one[2] >= 1.2  # "1 †9" never reads as 19
    nine = next(box for c, box in chars if c == "9")
    assert nine[1] > one[1] + 2.5  # raised: a superscript
    # the text as a whole keeps its anchor: centred on x, or ending at it
    left, right = min(b[0] for _, b in chars), max(b[2] for _, b in chars)
    want = {"left": left, "centre": (left + right) / 2, "right": right}[align]
    assert want == pytest.approx(300, abs=1.5)


def test_words_after_a_mark_follow_it_without_a_gap():
    """A mark is measured as printed (small), so a run after it, a bold word laid out by
    the rich-text line, starts a plain space after the mark's end, not at the width the
    mark would take at full size."""
    from kitgen.layout.rich import Faces, draw_line, parse_markup, wrap_runs

    fonts = FontBook()
    faces = Faces(lambda b, i: fonts.face("Vera", bold=b, italic=i))
    runs = parse_markup("**Placing.**\u202017 **Then** go")
    line = wrap_runs(runs, 500.0, faces, 10.0, fonts)[0]
    ops = draw_line(line, 72.0, 400.0, 500.0, "left", faces, 10.0, fonts, "#000000")
    data = pdf.render_document(Document("d", "D", [Page("T", ops=ops)]), PAPERS["letter"], "T")
    chars = _chars(data)
    seven = next(box for c, box in chars if c == "7")
    then = next(box for c, box in chars if c == "T")
    space = fonts.width(" ", fonts.face("Vera", bold=True), 10.0)
    assert then[0] - seven[2] == pytest.approx(space, abs=1.0)
