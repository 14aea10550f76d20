"""Every private ReportLab attribute kitgen uses, and nothing else.

ReportLab has no public way to do these things fast enough (or at all); each use says
why. Each is absent from ReportLab's stubs, so each carries a `type: ignore` for that
attribute alone. tests/test_rl_private.py checks each against the installed ReportLab, so a
release that changes one fails there, by name, rather than somewhere in a drawing.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from contextlib import contextmanager

from reportlab import rl_config
from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFDocument, PDFName, PDFStream
from reportlab.pdfgen.canvas import Canvas


def page_code(canvas: Canvas) -> list[str]:
    """The current page's operator list. The painter appends operators to it directly:
    the canvas's own helpers build a text object per string, which dominated the time
    of a counter sheet. showPage and forms replace the list: ask again after them."""
    return canvas._code  # type: ignore[attr-defined]


def pdf_document(canvas: Canvas) -> PDFDocument:
    """The canvas's document, for the names it gives fonts, font subsets and XObjects
    (the canvas asks it the same when it draws text or an image itself)."""
    return canvas._doc  # type: ignore[attr-defined]


def is_truetype(font: object) -> bool:
    """Whether a registered font is an embedded TrueType font (written in subsets) rather
    than a standard Type 1 font: ReportLab tells them apart by this flag alone."""
    return bool(font._dynamicFont)  # type: ignore[attr-defined]


def last_form(canvas: Canvas) -> str:
    """The name of the form (image) drawImage has just placed on the page."""
    return canvas._formsinuse[-1]  # type: ignore[attr-defined]


def place_form_again(canvas: Canvas, name: str) -> None:
    """Note on the page an image placed again by operators written directly (drawImage
    would digest the image and look it up per call): the page then lists the image
    procedures and the form among its resources, as after drawImage."""
    canvas._currentPageHasImages = 1  # type: ignore[attr-defined]
    canvas._formsinuse.append(name)  # type: ignore[attr-defined]


def seal_page(canvas: Canvas) -> None:
    """Compress the page just finished now, as ReportLab would when the document is
    written: it keeps every page's operators as text until then (2.4 MiB for a hundred
    counter sheets). The same bytes come out: one FlateDecode filter, as without A85."""
    page = canvas._doc.Pages.pages[-1]  # type: ignore[attr-defined]
    if not page.stream or not page.compression or page.Contents:
        return
    stream = PDFStream(PDFDictionary({"Filter": PDFArray([PDFName("FlateDecode")])}))
    stream.content = zlib.compress(page.stream.encode("utf8"))
    stream.__Comment__ = "page stream"  # type: ignore[attr-defined]
    page.Contents = stream
    page.stream = None


@contextmanager
def without_ascii85() -> Iterator[None]:
    """While a document is made: compressed streams without ASCII85 wrapping (it costs
    time and 25 % in size). ReportLab reads this from its global settings only, so it
    is set for the drawing and put back after it, never at import."""
    before = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = before


def font_file_at_fault(exc: BaseException) -> str | None:
    """The TTF file ReportLab was reading when exc was raised, if it was reading one:
    the `filename` of the font object (`self`) in its ttfonts.py frames. A damaged glyph
    table passes registration and fails only when glyphs are copied into the PDF."""
    tb = exc.__traceback__
    found = None
    while tb is not None:
        frame = tb.tb_frame
        if frame.f_code.co_filename.endswith("ttfonts.py"):
            name = getattr(frame.f_locals.get("self"), "filename", None)
            if isinstance(name, str):
                found = name
        tb = tb.tb_next
    return found
