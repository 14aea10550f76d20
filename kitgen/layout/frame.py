"""The frame every sheet carries: what it is (game, component, sheet n of m, and
front or back in a file printed duplex) and a scale check (a 1 in and a 25 mm bar),
all inside the 0.25 in printer margin. The header and footer bands are the same height so
the content box is symmetric, and duplex backs mirror onto it exactly.
"""

from __future__ import annotations

from ..model.reading import unmarked
from ..style import CHROME, FAINT
from ..style import CHROME_INK as INK
from ..units import PRINTER_MARGIN, Paper, inch, mm
from .plan import BBox, Document, Font, Line, Rect, Stroke, Text

BAND = 16.0  # height of the header and of the footer band, points
GAP = 4.0  # between a band and the content
SCALE_NOTE = "print at 100% (no scaling)"


def content_box(paper: Paper, margin: float = PRINTER_MARGIN) -> BBox:
    """Where components may draw: inside the margin, clear of the two bands."""
    w, h = paper.size
    return (margin, margin + BAND + GAP, w - margin, h - margin - BAND - GAP)


def frame_document(
    doc: Document,
    game_title: str,
    paper: Paper,
    face: str,
    proof: str | None = None,
    margin: float = PRINTER_MARGIN,
) -> None:
    """Add the sheet label and scale bars, in the game's `face`, to every framed page of
    a document. The label's right end carries the page's note (a tile's place, ...) and,
    on proof sheets only (`proof` not None), the build's facts: `proof`, the run's, and
    each page's own."""
    fronts = [p for p in doc.pages if p.side == "front"]
    total = len(fronts)
    duplex = any(p.side == "back" for p in doc.pages)  # else "front" tells a reader nothing
    number = 0
    for page in doc.pages:
        if page.side == "front":
            number += 1
        if not page.framed:
            continue
        parts = [
            game_title,
            unmarked(page.component),  # the mark's note is on the sheet, not in its label
            f"sheet {max(number, 1)} of {max(total, 1)}",
            *([page.side] if duplex else []),
        ]
        facts = (page.proof, proof) if proof is not None else ()
        extra = " · ".join(x for x in (page.note, *facts) if x)
        sheet = paper.sized(page.size)
        page.ops[:0] = sheet_label(sheet, " · ".join(parts), extra, margin, face)
        page.ops.extend(scale_bars(sheet, margin, face))


def sheet_label(paper: Paper, text: str, right: str, margin: float, face: str) -> list:
    w, h = paper.size
    y = h - margin - BAND + 4
    font = Font(face, CHROME)
    ops: list = [Text(margin, y, text, font, INK)]
    if right:
        ops.append(Text(w - margin, y, right, font, INK, align="right"))
    ops.append(Line(margin, y - 3, w - margin, y - 3, Stroke(FAINT, 0.3)))
    return ops


def scale_bars(paper: Paper, margin: float, face: str) -> list:
    """A 1 in and a 25 mm bar, ticked at the ends, for a user to check the printer did not scale."""
    font = Font(face, CHROME)
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
    ops.append(Text(paper.width - margin, y, SCALE_NOTE, font, INK, align="right"))
    return ops
