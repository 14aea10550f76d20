"""The frame every sheet carries: what it is (game, component, sheet n of m,
front or back) and a scale check (a 1 in and a 25 mm bar), all inside the
0.25 in printer margin. The header and footer bands are the same height so
the content box is symmetric, and duplex backs mirror onto it exactly.
"""

from __future__ import annotations

from ..units import PRINTER_MARGIN, Paper, inch, mm
from .plan import BBox, Document, Font, Line, Rect, Stroke, Text

BAND = 16.0  # height of the header and of the footer band, points
GAP = 4.0  # between a band and the content
LABEL_SIZE = 7.0
INK = "#333333"
FRAME_FACE = "Helvetica"


def content_box(paper: Paper, margin: float = PRINTER_MARGIN) -> BBox:
    """Where components may draw: inside the margin, clear of the two bands."""
    w, h = paper.size
    return (margin, margin + BAND + GAP, w - margin, h - margin - BAND - GAP)


def frame_document(
    doc: Document, game_title: str, paper: Paper, note: str = "", margin: float = PRINTER_MARGIN
) -> None:
    """Add the sheet label and scale bars to every framed page of a document."""
    fronts = [p for p in doc.pages if p.side == "front"]
    total = len(fronts)
    number = 0
    for page in doc.pages:
        if page.side == "front":
            number += 1
        if not page.framed:
            continue
        parts = [
            game_title,
            page.component,
            f"sheet {max(number, 1)} of {max(total, 1)}",
            page.side,
        ]
        extra = " · ".join(x for x in (page.note, note) if x)
        sheet = paper.sized(page.size)
        page.ops[:0] = sheet_label(sheet, " · ".join(parts), extra, margin)
        page.ops.extend(scale_bars(sheet, margin))


def sheet_label(paper: Paper, text: str, right: str, margin: float) -> list:
    w, h = paper.size
    y = h - margin - BAND + 4
    font = Font(FRAME_FACE, LABEL_SIZE)
    ops: list = [Text(margin, y, text, font, INK)]
    if right:
        ops.append(Text(w - margin, y, right, font, INK, align="right"))
    ops.append(Line(margin, y - 3, w - margin, y - 3, Stroke("#999999", 0.3)))
    return ops


def scale_bars(paper: Paper, margin: float) -> list:
    """A 1 in and a 25 mm bar, ticked at the ends, for a user to check the printer did not scale."""
    font = Font(FRAME_FACE, 6.0)
    thin = Stroke(INK, 0.5)
    ops: list = []
    x = margin
    y = margin + 4
    for length, label in ((inch(1), "1 in"), (mm(25), "25 mm")):
        ops.append(Rect(x, y, length, 3, fill=INK))
        ops.append(Line(x, y - 2, x, y + 6, thin))
        ops.append(Line(x + length, y - 2, x + length, y + 6, thin))
        ops.append(Text(x + length + 3, y, label, font, INK))
        x += length + 30
    ops.append(
        Text(paper.width - margin, y, "print at 100% (no scaling)", font, INK, align="right")
    )
    return ops
